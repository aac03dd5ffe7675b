import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Table, Tag } from 'antd';
import { OBJECTION_ACTION_LABELS, OBJECTION_CATEGORY_LABELS, OBJECTION_STATUS_LABELS, type ObjectionStatus } from '@dandelion/shared/award/objection';
import { formatDateTime } from '../../lib/date';
import { objectionApi, objectionKeys, type MyObjection } from './api';

const COLORS: Readonly<Record<ObjectionStatus, string>> = { RECEIVED: 'processing', ACCEPTED: 'blue', NOT_ACCEPTED: 'default', INVESTIGATING: 'gold', UPHELD: 'error', DISMISSED: 'success' };

/** 我的异议 (for /center): the signed-in person's objections with the outcome once decided. */
export function MyObjections() {
  const [pageNum, setPageNum] = useState(1);
  const page = useQuery({ queryKey: objectionKeys.mine(pageNum), queryFn: ({ signal }) => objectionApi.mine(pageNum, signal) });
  return (
    <Card title="我的异议">
      <Table<MyObjection>
        rowKey="objectionId"
        size="small"
        loading={page.isLoading}
        dataSource={page.data?.list ?? []}
        locale={{ emptyText: <Empty description="您还没有提出过异议" /> }}
        pagination={{ current: pageNum, pageSize: 10, total: page.data?.total ?? 0, onChange: setPageNum, hideOnSinglePage: true }}
        columns={[
          { key: 'entryTitle', title: '异议项目', dataIndex: 'entryTitle', render: (t: string | null, r) => <>{t ?? '—'}<div style={{ color: '#999', fontSize: 12 }}>{r.publicityTitle}</div></> },
          { key: 'subject', title: '异议事项', dataIndex: 'subject', render: (s: string, r) => <>{s}<div style={{ color: '#999', fontSize: 12 }}>{OBJECTION_CATEGORY_LABELS[r.category]}</div></> },
          { key: 'receivedAt', title: '提出时间', dataIndex: 'receivedAt', width: 170, render: (t: string) => formatDateTime(t) },
          { key: 'status', title: '状态', dataIndex: 'status', width: 110, render: (s: ObjectionStatus) => <Tag color={COLORS[s]}>{OBJECTION_STATUS_LABELS[s]}</Tag> },
          {
            key: 'outcome',
            title: '处理结果',
            render: (_: unknown, r) => (r.outcomeOpinion ? `${r.outcomeAction && r.status === 'UPHELD' ? `${OBJECTION_ACTION_LABELS[r.outcomeAction]}；` : ''}${r.outcomeOpinion}` : '—'),
          },
        ]}
      />
    </Card>
  );
}
