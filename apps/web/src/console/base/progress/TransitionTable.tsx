import { AutoComplete, Button, Input, Select, Space, Switch, Table, Tag, Tooltip, type TableColumnType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ProcessStage, ProcessTransition } from '@dandelion/shared/base/progress';

/** Common actions: choosing one of these names fills an empty action code. */
export const ACTION_PRESETS: ReadonlyArray<{ label: string; action: string }> = [
  { label: '提交', action: 'SUBMIT' },
  { label: '通过', action: 'PASS' },
  { label: '推荐', action: 'RECOMMEND' },
  { label: '退回', action: 'RETURN' },
  { label: '驳回', action: 'REJECT' },
  { label: '同意', action: 'AGREE' },
];

export interface TransitionTableProps {
  transitions: ProcessTransition[];
  stages: ProcessStage[];
  /** Roles to pick from; codes may still be typed in when the list is not available. */
  roleOptions: ReadonlyArray<{ value: string; label: string }>;
  onChange: (index: number, patch: Partial<ProcessTransition>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  readOnly?: boolean;
}

const codes = (values: string[]) => values.map((v) => v.trim()).filter(Boolean);

/** The transitions (actions) of a definition: from which stage, what the button says, where it leads, who may take it. */
export function TransitionTable({ transitions, stages, roleOptions, onChange, onAdd, onRemove, readOnly = false }: TransitionTableProps) {
  const stageOptions = stages.filter((s) => s.code).map((s) => ({ value: s.code, label: s.name ? `${s.name}（${s.code}）` : s.code }));
  const stageName = (code: string) => stages.find((s) => s.code === code)?.name || code;
  const roleName = (code: string) => roleOptions.find((r) => r.value === code)?.label ?? code;
  const row = (index: number) => `第 ${index + 1} 个动作`;
  type Row = ProcessTransition & { index: number };

  const columns: TableColumnType<Row>[] = [
    {
      key: 'from', title: '起始阶段', width: 150,
      render: (_, t) => (readOnly ? stageName(t.from) : <Select aria-label={`${row(t.index)}的起始阶段`} value={t.from || undefined} options={stageOptions} placeholder="请选择" style={{ width: '100%' }} onChange={(from) => onChange(t.index, { from })} />),
    },
    {
      key: 'label', title: '动作名称', width: 120,
      render: (_, t) =>
        readOnly ? (
          t.label
        ) : (
          <AutoComplete
            aria-label={`${row(t.index)}的名称`}
            value={t.label}
            options={ACTION_PRESETS.map((p) => ({ value: p.label }))}
            placeholder="如 通过"
            style={{ width: '100%' }}
            onChange={(label: string) => {
              const preset = ACTION_PRESETS.find((p) => p.label === label);
              onChange(t.index, preset && !t.action ? { label, action: preset.action } : { label });
            }}
          />
        ),
    },
    {
      key: 'action', title: '动作编码', width: 130,
      render: (_, t) => (readOnly ? t.action : <Input aria-label={`${row(t.index)}的编码`} value={t.action} maxLength={64} placeholder="如 PASS" onChange={(e) => onChange(t.index, { action: e.target.value.trim() })} />),
    },
    {
      key: 'to', title: '目标阶段', width: 150,
      render: (_, t) => (readOnly ? stageName(t.to) : <Select aria-label={`${row(t.index)}的目标阶段`} value={t.to || undefined} options={stageOptions} placeholder="请选择" style={{ width: '100%' }} onChange={(to) => onChange(t.index, { to })} />),
    },
    {
      key: 'roles', title: '可办理角色', width: 200,
      render: (_, t) =>
        readOnly ? (
          t.roles.map((r) => <Tag key={r}>{roleName(r)}</Tag>)
        ) : (
          <Select
            aria-label={`${row(t.index)}的可办理角色`}
            mode="tags"
            value={t.roles}
            options={[...roleOptions]}
            placeholder="选择或输入角色编码"
            style={{ width: '100%' }}
            tokenSeparators={[',', ' ']}
            onChange={(roles: string[]) => onChange(t.index, { roles: codes(roles) })}
          />
        ),
    },
    {
      key: 'permissions', title: '可办理权限码', width: 200,
      render: (_, t) =>
        readOnly ? (
          t.permissions.map((p) => <Tag key={p}>{p}</Tag>)
        ) : (
          <Select
            aria-label={`${row(t.index)}的可办理权限码`}
            mode="tags"
            value={t.permissions}
            open={false}
            suffixIcon={null}
            placeholder="如 declare:audit:pass"
            style={{ width: '100%' }}
            tokenSeparators={[',', ' ']}
            onChange={(permissions: string[]) => onChange(t.index, { permissions: codes(permissions) })}
          />
        ),
    },
    {
      key: 'commentRequired', title: '必填意见', width: 90,
      render: (_, t) => <Switch aria-label={`${row(t.index)}必填意见`} size="small" checked={t.commentRequired} disabled={readOnly} onChange={(commentRequired) => onChange(t.index, { commentRequired })} />,
    },
  ];
  if (!readOnly) {
    columns.push({
      key: 'op', title: '操作', width: 60,
      render: (_, t) => (
        <Space size={0}>
          <Tooltip title="删除"><Button type="text" size="small" danger aria-label={`删除${row(t.index)}`} icon={<DeleteOutlined />} onClick={() => onRemove(t.index)} /></Tooltip>
        </Space>
      ),
    });
  }
  return (
    <div>
      <Table<Row>
        size="small"
        rowKey="index"
        pagination={false}
        columns={columns}
        dataSource={transitions.map((t, index) => ({ ...t, index }))}
        locale={{ emptyText: '还没有动作' }}
        scroll={{ x: 'max-content' }}
      />
      {!readOnly && (
        <Button type="dashed" block icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={onAdd} disabled={stages.length < 2}>
          添加动作
        </Button>
      )}
    </div>
  );
}
