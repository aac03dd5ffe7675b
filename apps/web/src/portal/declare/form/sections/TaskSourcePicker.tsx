import { useState } from 'react';
import { Button, Input, Modal, Table, Tabs, Tag, Tooltip } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOOKUP_KIND_LABELS, LOOKUP_KINDS, LOOKUP_LEVEL_LABELS, type LookupKind } from '@dandelion/shared/award/lookup';
import { declareApi, declareKeys, type LookupRow } from '../../api';

export interface TaskSource {
  kind: LookupKind;
  refId: string;
  name: string;
}

function LookupList({ kind, chosen, onPick }: { kind: LookupKind; chosen: readonly TaskSource[]; onPick(row: LookupRow): void }) {
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const queryClient = useQueryClient();
  const page = useQuery({
    queryKey: declareKeys.lookups(kind, keyword, pageNum),
    queryFn: ({ signal }) => declareApi.lookups(kind, keyword, pageNum, signal),
    placeholderData: keepPreviousData,
  });
  const [starring, setStarring] = useState<string | null>(null);

  const toggleStar = async (row: LookupRow) => {
    setStarring(row.id);
    try {
      await declareApi.collect(kind, row.id, !row.collected);
      // Favourites come first: the order may change, so every page of this list is fetched again.
      await queryClient.invalidateQueries({ queryKey: [...declareKeys.all, 'lookups', kind] });
    } finally {
      setStarring(null);
    }
  };

  return (
    <div className="dl-lookup-list">
      <Input.Search
        allowClear
        placeholder={`按名称或编号搜索${LOOKUP_KIND_LABELS[kind]}`}
        aria-label={`搜索${LOOKUP_KIND_LABELS[kind]}`}
        onSearch={(value) => {
          setKeyword(value.trim());
          setPageNum(1);
        }}
      />
      <Table<LookupRow>
        size="small"
        rowKey="id"
        loading={page.isFetching}
        dataSource={page.data?.list ?? []}
        locale={{ emptyText: keyword ? '没有符合条件的记录' : `还没有${LOOKUP_KIND_LABELS[kind]}` }}
        pagination={{ current: pageNum, pageSize: 10, total: page.data?.total ?? 0, onChange: setPageNum, showSizeChanger: false, size: 'small' }}
        columns={[
          {
            key: 'star',
            width: 44,
            render: (_, row) => (
              <Tooltip title={row.collected ? '取消收藏' : '收藏（收藏的排在前面）'}>
                <Button
                  type="text"
                  size="small"
                  loading={starring === row.id}
                  aria-label={`${row.collected ? '取消收藏' : '收藏'} ${row.name}`}
                  aria-pressed={row.collected}
                  icon={row.collected ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
                  onClick={() => void toggleStar(row)}
                />
              </Tooltip>
            ),
          },
          { title: '名称', dataIndex: 'name' },
          { title: '编号', dataIndex: 'code', render: (v: string | null) => v ?? '—' },
          { title: '主管部门', dataIndex: 'agency', render: (v: string | null) => v ?? '—' },
          { title: '级别', dataIndex: 'level', width: 80, render: (v: LookupRow['level']) => LOOKUP_LEVEL_LABELS[v] },
          {
            key: 'pick',
            width: 80,
            render: (_, row) => {
              const picked = chosen.some((c) => c.kind === kind && c.refId === row.id);
              return picked ? (
                <Tag color="green">已选</Tag>
              ) : (
                <Button size="small" type="link" aria-label={`选择 ${row.name}`} onClick={() => onPick(row)}>
                  选择
                </Button>
              );
            },
          },
        ]}
      />
    </div>
  );
}

/** The task sources of the basic section: chips of what is chosen, and a picker over the office's three lookups. */
export function TaskSourceField({ id, value, onChange, disabled }: { id?: string; value?: TaskSource[] | null; onChange?(value: TaskSource[]): void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<LookupKind>('FUND');
  const chosen = value ?? [];
  return (
    <div id={id} className="dl-task-sources">
      {chosen.map((source) => (
        <Tag
          key={`${source.kind}-${source.refId}`}
          closable={!disabled}
          onClose={() => onChange?.(chosen.filter((c) => !(c.kind === source.kind && c.refId === source.refId)))}
        >
          {LOOKUP_KIND_LABELS[source.kind]}：{source.name}
        </Tag>
      ))}
      {disabled ? (chosen.length === 0 ? '—' : null) : (
        <Button size="small" onClick={() => setOpen(true)}>
          选择任务来源
        </Button>
      )}
      <Modal title="选择任务来源" open={open} width={820} onCancel={() => setOpen(false)} footer={<Button type="primary" onClick={() => setOpen(false)}>完成</Button>} destroyOnHidden>
        <Tabs
          activeKey={kind}
          onChange={(key) => setKind(key as LookupKind)}
          items={LOOKUP_KINDS.map((k) => ({
            key: k,
            label: LOOKUP_KIND_LABELS[k],
            children: <LookupList kind={k} chosen={chosen} onPick={(row) => onChange?.([...chosen, { kind: k, refId: row.id, name: row.name }])} />,
          }))}
        />
      </Modal>
    </div>
  );
}
