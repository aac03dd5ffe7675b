import { Button, Input, InputNumber, Select, Space, Table, Tooltip, type TableColumnType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_LIMIT_DAYS, STAGE_KIND_LABELS, STAGE_KINDS, type ProcessStage } from '@dandelion/shared/base/progress';

const KIND_OPTIONS = STAGE_KINDS.map((value) => ({ value, label: STAGE_KIND_LABELS[value] }));

/** A code not used yet: S1, S2, … */
export function freshStageCode(stages: readonly ProcessStage[]): string {
  const used = new Set(stages.map((s) => s.code));
  let n = stages.length + 1;
  while (used.has(`S${n}`)) n++;
  return `S${n}`;
}

export interface StageTableProps {
  stages: ProcessStage[];
  onChange: (index: number, patch: Partial<ProcessStage>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  onMove: (index: number, by: -1 | 1) => void;
  readOnly?: boolean;
}

/** The stages of a definition as an editable table: code, name, kind and time limit in working days. */
export function StageTable({ stages, onChange, onAdd, onRemove, onMove, readOnly = false }: StageTableProps) {
  const row = (index: number) => `第 ${index + 1} 个阶段`;
  const columns: TableColumnType<ProcessStage & { index: number }>[] = [
    { key: 'no', title: '序号', width: 60, render: (_, s) => s.index + 1 },
    {
      key: 'code', title: '阶段编码', width: 170,
      render: (_, s) => (readOnly ? s.code : <Input aria-label={`${row(s.index)}的编码`} value={s.code} maxLength={64} placeholder="如 AUDIT" onChange={(e) => onChange(s.index, { code: e.target.value.trim() })} />),
    },
    {
      key: 'name', title: '阶段名称', width: 180,
      render: (_, s) => (readOnly ? s.name : <Input aria-label={`${row(s.index)}的名称`} value={s.name} maxLength={32} placeholder="如 形式审查" onChange={(e) => onChange(s.index, { name: e.target.value })} />),
    },
    {
      key: 'kind', title: '类型', width: 110,
      render: (_, s) =>
        readOnly ? (
          STAGE_KIND_LABELS[s.kind]
        ) : (
          <Select aria-label={`${row(s.index)}的类型`} value={s.kind} options={KIND_OPTIONS} style={{ width: '100%' }} onChange={(kind) => onChange(s.index, kind === 'end' ? { kind, limitDays: null } : { kind })} />
        ),
    },
    {
      key: 'limitDays', title: '时限（工作日）', width: 150,
      render: (_, s) =>
        readOnly ? (
          (s.limitDays ?? (s.kind === 'end' ? '-' : '不限'))
        ) : (
          <InputNumber
            aria-label={`${row(s.index)}的时限`}
            value={s.limitDays}
            min={1}
            max={MAX_LIMIT_DAYS}
            precision={0}
            disabled={s.kind === 'end'}
            placeholder={s.kind === 'end' ? '结束不计时' : '不限'}
            style={{ width: '100%' }}
            onChange={(value) => onChange(s.index, { limitDays: typeof value === 'number' ? value : null })}
          />
        ),
    },
  ];
  if (!readOnly) {
    columns.push({
      key: 'action', title: '操作', width: 120,
      render: (_, s) => (
        <Space size={0}>
          <Tooltip title="上移"><Button type="text" size="small" aria-label={`上移${row(s.index)}`} icon={<ArrowUpOutlined />} disabled={s.index === 0} onClick={() => onMove(s.index, -1)} /></Tooltip>
          <Tooltip title="下移"><Button type="text" size="small" aria-label={`下移${row(s.index)}`} icon={<ArrowDownOutlined />} disabled={s.index === stages.length - 1} onClick={() => onMove(s.index, 1)} /></Tooltip>
          <Tooltip title="删除（连同它的动作）"><Button type="text" size="small" danger aria-label={`删除${row(s.index)}`} icon={<DeleteOutlined />} onClick={() => onRemove(s.index)} /></Tooltip>
        </Space>
      ),
    });
  }
  return (
    <div>
      <Table
        size="small"
        rowKey="index"
        pagination={false}
        columns={columns}
        dataSource={stages.map((s, index) => ({ ...s, index }))}
        locale={{ emptyText: '还没有阶段' }}
        scroll={{ x: 'max-content' }}
      />
      {!readOnly && (
        <Button type="dashed" block icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={onAdd}>
          添加阶段
        </Button>
      )}
    </div>
  );
}
