import { useMemo, useState } from 'react';
import { Empty, Space, Switch, Table, Tag, Typography } from 'antd';
import { formatLogTime } from './format';
import { countKinds, diffRecords, fieldLabel, type DiffKind, type DiffRow } from './recordDiff';
import './log.css';

const KIND_TAGS: Record<Exclude<DiffKind, 'same'>, { label: string; color: string }> = {
  changed: { label: '修改', color: 'warning' },
  added: { label: '新增', color: 'success' },
  removed: { label: '删除', color: 'error' },
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** One side's value: empty shown as such, times in China time, structures as compact JSON. */
function Value({ value, present }: { value: unknown; present: boolean }) {
  if (!present) return <Typography.Text type="secondary">—</Typography.Text>;
  if (value === null || value === undefined || value === '') return <Typography.Text type="secondary">（空）</Typography.Text>;
  if (typeof value === 'string') return <span className="dl-log-diff__value">{ISO_INSTANT.test(value) ? formatLogTime(value) : value}</span>;
  if (typeof value === 'boolean') return <span>{value ? '是' : '否'}</span>;
  if (typeof value === 'number') return <span>{value}</span>;
  return <code className="dl-log-diff__json">{JSON.stringify(value)}</code>;
}

export interface RecordDiffProps {
  before: unknown;
  after: unknown;
}

/**
 * The before/after view of an operation-log row: one line per field; changed, added and removed
 * fields are highlighted and counted; unchanged fields are folded away unless asked for.
 */
export function RecordDiff({ before, after }: RecordDiffProps) {
  const rows = useMemo(() => diffRecords(before, after), [before, after]);
  const counts = countKinds(rows);
  const differences = rows.length - counts.same;
  const [showSame, setShowSame] = useState(false);
  const shown = showSame || differences === 0 ? rows : rows.filter((r) => r.kind !== 'same');

  if (rows.length === 0) return <Empty description="这条记录没有保存变更前后的内容" />;

  return (
    <div className="dl-log-diff">
      <Space wrap className="dl-log-diff__summary">
        {differences === 0 ? (
          <Tag>没有字段发生变化</Tag>
        ) : (
          (['changed', 'added', 'removed'] as const)
            .filter((kind) => counts[kind] > 0)
            .map((kind) => (
              <Tag key={kind} color={KIND_TAGS[kind].color}>
                {KIND_TAGS[kind].label} {counts[kind]} 项
              </Tag>
            ))
        )}
        {counts.same > 0 && differences > 0 && (
          <Space size={6}>
            <Switch size="small" checked={showSame} onChange={setShowSame} aria-label="显示未变化的字段" />
            <span>显示未变化的字段（{counts.same}）</span>
          </Space>
        )}
      </Space>
      <Table<DiffRow>
        size="small"
        pagination={false}
        rowKey="field"
        dataSource={shown}
        rowClassName={(row) => `dl-log-diff__row dl-log-diff__row--${row.kind}`}
        columns={[
          {
            key: 'field',
            title: '字段',
            width: 220,
            render: (_: unknown, row) => (
              <Space size={6} wrap>
                {row.kind !== 'same' && <Tag color={KIND_TAGS[row.kind].color}>{KIND_TAGS[row.kind].label}</Tag>}
                <span>{fieldLabel(row.field) ?? row.field}</span>
                {fieldLabel(row.field) && <Typography.Text type="secondary" className="dl-log-diff__key">{row.field}</Typography.Text>}
              </Space>
            ),
          },
          {
            key: 'before',
            title: '变更前',
            render: (_: unknown, row) => (
              <div className={row.kind === 'changed' || row.kind === 'removed' ? 'dl-log-diff__old' : undefined}>
                <Value value={row.before} present={row.kind !== 'added'} />
              </div>
            ),
          },
          {
            key: 'after',
            title: '变更后',
            render: (_: unknown, row) => (
              <div className={row.kind === 'changed' || row.kind === 'added' ? 'dl-log-diff__new' : undefined}>
                <Value value={row.after} present={row.kind !== 'removed'} />
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}
