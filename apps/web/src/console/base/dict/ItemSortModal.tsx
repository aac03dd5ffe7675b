import { useRef, useState, type DragEvent } from 'react';
import { Alert, App, Button, Modal, Space, Table, Tag, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../api/http';
import { BusyButton } from '../../../components/BusyButton';
import { reorder } from '../../../lib/tree';
import { dictApi, type CategoryNode, type DictRecord } from './api';
import './dict.css';

/** Locked values keep their order among themselves (the server refuses otherwise): unlocked ones move around them. */
export function keepsLockedOrder(before: readonly DictRecord[], after: readonly DictRecord[]): boolean {
  const locked = (list: readonly DictRecord[]) => list.filter((i) => i.lockFlag).map((i) => i.dictId);
  return locked(before).join(',') === locked(after).join(',');
}

/**
 * 排序: every value of the category in one list (a paged table is not a whole level), reordered by
 * dragging a row or with 上移/下移, saved together.
 */
export function ItemSortModal({ category, onClose, onSaved }: { category: CategoryNode | null; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const load = useQuery({
    queryKey: ['base-dict-sort', category?.dictId],
    queryFn: ({ signal }) => dictApi.itemPage({ parentId: category!.dictId, pageParameter: { pageNum: 1, pageSize: 500 } }, signal),
    enabled: !!category,
    gcTime: 0,
  });
  const original = load.data?.list ?? [];
  // The user's order of the list as loaded; a new load (another category) starts from its own order.
  const [order, setOrder] = useState<{ of: typeof load.data; items: DictRecord[] } | null>(null);
  const items = order && order.of === load.data ? order.items : original;
  const setItems = (next: DictRecord[]) => setOrder({ of: load.data, items: next });
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [dropMark, setDropMark] = useState<{ id: string; place: 'before' | 'after' } | null>(null);
  const dragged = useRef<string | null>(null);
  // Opened for another category (or closed): no refusal from before.
  const [shownFor, setShownFor] = useState(category);
  if (shownFor !== category) {
    setShownFor(category);
    setSaveError(null);
  }
  const error = saveError ?? (load.error ? errorMessage(load.error) : null);

  const apply = (next: DictRecord[]) => {
    if (!keepsLockedOrder(items, next)) {
      message.warning('已锁定的字典项之间不能调换顺序，请先解锁');
      return;
    }
    setItems(next);
  };
  const move = (index: number, step: -1 | 1) => {
    const next = [...items];
    [next[index], next[index + step]] = [next[index + step]!, next[index]!];
    apply(next);
  };
  const placeOf = (event: DragEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return event.clientY < box.top + box.height / 2 ? 'before' : 'after';
  };

  const save = async () => {
    if (!category) return;
    setSaving(true);
    setSaveError(null);
    try {
      await dictApi.sort(category.dictId, items.map((i) => i.dictId));
      message.success('排序已保存');
      onSaved();
    } catch (e) {
      setSaveError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const changed = items.some((item, i) => item.dictId !== original[i]?.dictId);

  return (
    <Modal
      open={!!category}
      title={`字典项排序 · ${category?.dictName ?? ''}`}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <BusyButton type="primary" busy={saving} disabled={!changed} onClick={() => void save()}>
            保存排序
          </BusyButton>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">拖动行或使用上移、下移调整顺序；已锁定的字典项之间不能调换顺序。</Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Table<DictRecord>
        className="dict-sort-table"
        rowKey="dictId"
        size="small"
        loading={load.isFetching}
        dataSource={items}
        pagination={false}
        scroll={{ y: 420 }}
        onRow={(row) =>
          ({
            draggable: true,
            'data-drop': dropMark?.id === row.dictId ? dropMark.place : undefined,
            onDragStart: (event: DragEvent<HTMLElement>) => {
              dragged.current = row.dictId;
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', row.dictId);
            },
            onDragOver: (event: DragEvent<HTMLElement>) => {
              if (!dragged.current || dragged.current === row.dictId) return;
              event.preventDefault();
              const place = placeOf(event);
              if (dropMark?.id !== row.dictId || dropMark.place !== place) setDropMark({ id: row.dictId, place });
            },
            onDragEnd: () => {
              dragged.current = null;
              setDropMark(null);
            },
            onDrop: (event: DragEvent<HTMLElement>) => {
              event.preventDefault();
              const from = dragged.current;
              dragged.current = null;
              setDropMark(null);
              if (!from) return;
              const ids = reorder(items.map((i) => i.dictId), from, row.dictId, placeOf(event));
              if (!ids) return;
              const byId = new Map(items.map((i) => [i.dictId, i]));
              apply(ids.map((id) => byId.get(id)!));
            },
          }) as React.HTMLAttributes<HTMLElement>
        }
        columns={[
          { key: 'index', title: '序号', width: 64, render: (_: unknown, __: DictRecord, index: number) => index + 1 },
          { key: 'dictName', title: '字典项名称', dataIndex: 'dictName' },
          { key: 'dictCode', title: '字典项编码', dataIndex: 'dictCode' },
          { key: 'lockFlag', title: '状态', dataIndex: 'lockFlag', width: 90, render: (locked: boolean) => (locked ? <Tag icon={<LockOutlined />} color="warning">已锁定</Tag> : <Tag>未锁定</Tag>) },
          {
            key: 'action', title: '操作', width: 130,
            render: (_: unknown, __: DictRecord, index: number) => (
              <Space size={4}>
                <Button size="small" type="link" disabled={index === 0} onClick={() => move(index, -1)}>
                  上移
                </Button>
                <Button size="small" type="link" disabled={index === items.length - 1} onClick={() => move(index, 1)}>
                  下移
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}
