import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { OBJECTION_ACTION_LABELS, OBJECTION_CATEGORY_LABELS, OBJECTION_STATUS_LABELS, type ObjectionStatus } from '@dandelion/shared/award/objection';
import { formatDateTime } from '../../lib/date';
import { PortalCard, PortalEmpty, PortalTag, type TagColor } from '../shared/light';
import { PortalTable } from '../shared/light/Table';
import { objectionApi, objectionKeys, type MyObjection } from './api';

const COLORS: Readonly<Record<ObjectionStatus, TagColor>> = { RECEIVED: 'processing', ACCEPTED: 'blue', NOT_ACCEPTED: 'default', INVESTIGATING: 'gold', UPHELD: 'error', DISMISSED: 'success' };
const SUB = { color: '#999', fontSize: 12 } as const;

/** 我的异议 (for /center): the signed-in person's objections with the outcome once decided. */
export function MyObjections() {
  const [pageNum, setPageNum] = useState(1);
  const page = useQuery({ queryKey: objectionKeys.mine(pageNum), queryFn: ({ signal }) => objectionApi.mine(pageNum, signal) });
  return (
    <PortalCard title="我的异议">
      <PortalTable<MyObjection>
        rowKey={(r) => r.objectionId}
        size="small"
        loading={page.isLoading}
        rows={page.data?.list ?? []}
        empty={<PortalEmpty description="您还没有提出过异议" />}
        pagination={{ current: pageNum, pageSize: 10, total: page.data?.total ?? 0, onChange: setPageNum, hideOnSinglePage: true }}
        columns={[
          { key: 'entryTitle', title: '异议项目', render: (r) => <>{r.entryTitle ?? '—'}<div style={SUB}>{r.publicityTitle}</div></> },
          { key: 'subject', title: '异议事项', render: (r) => <>{r.subject}<div style={SUB}>{OBJECTION_CATEGORY_LABELS[r.category]}</div></> },
          { key: 'receivedAt', title: '提出时间', width: 170, render: (r) => formatDateTime(r.receivedAt) },
          { key: 'status', title: '状态', width: 110, render: (r) => <PortalTag color={COLORS[r.status]}>{OBJECTION_STATUS_LABELS[r.status]}</PortalTag> },
          {
            key: 'outcome',
            title: '处理结果',
            render: (r) => (r.outcomeOpinion ? `${r.outcomeAction && r.status === 'UPHELD' ? `${OBJECTION_ACTION_LABELS[r.outcomeAction]}；` : ''}${r.outcomeOpinion}` : '—'),
          },
        ]}
      />
    </PortalCard>
  );
}
