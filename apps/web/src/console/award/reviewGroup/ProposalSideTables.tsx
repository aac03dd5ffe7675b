import { useState } from 'react';
import { Progress, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ASSIGNMENT_LOG_LABELS, type AssignmentLogAction } from '@dandelion/shared/award/expertPush';
import { CONFLICT_KIND_LABELS } from '@dandelion/shared/award/assignmentConflicts';
import { formatDateTime } from '../../../lib/date';
import { expertPushApi, type AssignmentChange, type ExcludedPair, type Proposal } from './api';

/** Each expert's load against their maximum: who has room for a manual addition. */
export function LoadTable({ loads }: { loads: Proposal['loads'] }) {
  return (
    <Table<Proposal['loads'][number]>
      size="small"
      rowKey="expertId"
      dataSource={loads}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: '本组还没有专家' }}
      columns={[
        { key: 'expertName', title: '专家', dataIndex: 'expertName', width: 120 },
        { key: 'unitName', title: '单位', dataIndex: 'unitName', render: (v: string | null) => v ?? '—' },
        { key: 'load', title: '评审项数', width: 110, render: (_: unknown, l) => `${l.load} / ${l.maxLoad}` },
        { key: 'bar', title: '负载', width: 220, render: (_: unknown, l) => <Progress percent={l.maxLoad ? Math.round((100 * l.load) / l.maxLoad) : 100} size="small" status={l.load >= l.maxLoad ? 'exception' : 'normal'} /> },
      ]}
    />
  );
}

/** The pairs the conflict rules keep apart, a page at a time, each with its reasons. */
export function ExcludedTable({ groupId }: { groupId: string }) {
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const excluded = useQuery({ queryKey: ['expertPush', 'excluded', groupId, page], queryFn: ({ signal }) => expertPushApi.excluded(groupId, page.pageNum, page.pageSize, signal) });
  return (
    <Table<ExcludedPair>
      size="small"
      rowKey={(p) => `${p.declarationId}:${p.expertId}`}
      loading={excluded.isPending}
      dataSource={excluded.data?.list ?? []}
      pagination={{ current: page.pageNum, pageSize: page.pageSize, total: excluded.data?.total ?? 0, onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }}
      locale={{ emptyText: '没有因回避规则排除的专家' }}
      columns={[
        { key: 'title', title: '申报书', dataIndex: 'title', width: 220, render: (v: string | null) => v ?? '（未填写项目名称）' },
        { key: 'expertName', title: '专家', dataIndex: 'expertName', width: 110 },
        {
          key: 'conflicts', title: '回避理由',
          render: (_: unknown, p) => (
            <>
              {p.conflicts.map((c) => (
                <div key={c.kind + c.message}>
                  <Tag color="warning">{CONFLICT_KIND_LABELS[c.kind]}</Tag>
                  {c.message}
                </div>
              ))}
            </>
          ),
        },
      ]}
    />
  );
}

/** Every change to the group's assignments: proposals, manual changes with their reasons, pushes, responses. */
export function ChangeLogTable({ groupId, version }: { groupId: string; version: number }) {
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const changes = useQuery({ queryKey: ['expertPush', 'changes', groupId, page, version], queryFn: ({ signal }) => expertPushApi.changes(groupId, page.pageNum, page.pageSize, signal) });
  return (
    <Table<AssignmentChange>
      size="small"
      rowKey="changeId"
      loading={changes.isPending}
      dataSource={changes.data?.list ?? []}
      pagination={{ current: page.pageNum, pageSize: page.pageSize, total: changes.data?.total ?? 0, onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }}
      locale={{ emptyText: '还没有调整记录' }}
      columns={[
        { key: 'createTime', title: '时间', dataIndex: 'createTime', width: 170, render: (v: string) => formatDateTime(v) },
        { key: 'action', title: '操作', dataIndex: 'action', width: 120, render: (v: AssignmentLogAction) => ASSIGNMENT_LOG_LABELS[v] },
        { key: 'declarationTitle', title: '申报书', dataIndex: 'declarationTitle', width: 200, render: (v: string | null) => v ?? '—' },
        { key: 'expertName', title: '专家', dataIndex: 'expertName', width: 100, render: (v: string | null) => v ?? '—' },
        { key: 'reason', title: '理由', dataIndex: 'reason', render: (v: string | null) => v ?? '—' },
        { key: 'actorName', title: '操作人', dataIndex: 'actorName', width: 100 },
      ]}
    />
  );
}
