import { useMemo, useRef, useState } from 'react';
import { Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PROCESS_INSTANCE_STATUS_LABELS, PROCESS_INSTANCE_STATUSES, type ProcessInstanceStatus } from '@dandelion/shared/base/progress';
import { ActionBar } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import { PagedTable, type PagedColumn, type PagedTableHandle } from '../../../components/PagedTable';
import { SearchForm, type SearchField, type SearchFormHandle } from '../../../components/SearchForm';
import { formatDateTime } from '../../../lib/date';
import { fetchDefPage, fetchInstancePage, INSTANCE_TABLE_KEY, type InstanceSearch, type ProcessInstance } from './api';
import { DueDate, INSTANCE_STATUS_COLORS, InstanceDrawer } from './InstanceDrawer';

type SearchValues = Omit<InstanceSearch, 'overdue'> & { overdue?: 'true' };

/** 流程实例 tab: every instance, newest first, with the detail drawer where the user acts. */
export function InstanceList() {
  const table = useRef<PagedTableHandle>(null);
  const searchForm = useRef<SearchFormHandle>(null);
  const [search, setSearch] = useState<InstanceSearch>({});
  const [openId, setOpenId] = useState<string | null>(null);
  const processes = useQuery({
    queryKey: ['progress-process-options'],
    queryFn: ({ signal }) => fetchDefPage({ pageParameter: { pageNum: 1, pageSize: 500 } }, signal),
    staleTime: 60_000,
  });
  const fields = useMemo<SearchField[]>(
    () => [
      { name: 'processCode', label: '流程', type: 'select', options: (processes.data?.list ?? []).map((p) => ({ value: p.processCode, label: `${p.processName}（${p.processCode}）` })) },
      { name: 'status', label: '状态', type: 'select', options: PROCESS_INSTANCE_STATUSES.map((value) => ({ value, label: PROCESS_INSTANCE_STATUS_LABELS[value] })) },
      { name: 'businessKey', label: '业务标识' },
      { name: 'title', label: '标题' },
      { name: 'overdue', label: '期限', type: 'select', options: [{ value: 'true', label: '已超期' }] },
    ],
    [processes.data],
  );

  const columns: PagedColumn<ProcessInstance>[] = [
    { key: 'businessKey', title: '业务标识', dataIndex: 'businessKey', width: 170 },
    { key: 'title', title: '标题', dataIndex: 'title', render: (v: string | null) => <EllipsisText text={v} length={20} empty="-" /> },
    { key: 'process', title: '流程', width: 170, render: (_, row) => `${row.processName}（v${row.version}）` },
    { key: 'currentStageName', title: '当前阶段', dataIndex: 'currentStageName', width: 120, render: (v: string, row) => <Tag color={row.status === 'RUNNING' ? 'blue' : undefined}>{v}</Tag> },
    {
      key: 'status', title: '状态', dataIndex: 'status', width: 90,
      render: (v: ProcessInstanceStatus) => <Tag color={INSTANCE_STATUS_COLORS[v]}>{PROCESS_INSTANCE_STATUS_LABELS[v]}</Tag>,
    },
    { key: 'dueAt', title: '期限', dataIndex: 'dueAt', width: 190, render: (_, row) => (row.status === 'RUNNING' ? <DueDate dueAt={row.dueAt} overdue={row.overdue} /> : '-') },
    { key: 'stageEnteredAt', title: '进入阶段', dataIndex: 'stageEnteredAt', width: 150, defaultHidden: true, render: (v: string) => formatDateTime(v) },
    { key: 'createBy', title: '发起人', dataIndex: 'createBy', width: 100 },
    { key: 'createTime', title: '发起时间', dataIndex: 'createTime', width: 150, render: (v: string) => formatDateTime(v) },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 90,
      render: (_: unknown, row: ProcessInstance) => (
        <ActionBar variant="row" actions={[{ key: 'open', label: row.status === 'RUNNING' ? '办理' : '查看', onClick: () => setOpenId(row.instanceId) }]} />
      ),
    },
  ];

  return (
    <>
      <SearchForm<SearchValues>
        ref={searchForm}
        fields={fields}
        onSearch={({ overdue, ...values }) => {
          const next: InstanceSearch = overdue === 'true' ? { ...values, overdue: true } : values;
          if (JSON.stringify(next) === JSON.stringify(search)) void table.current?.refresh();
          else setSearch(next);
        }}
      />
      <PagedTable<ProcessInstance, InstanceSearch>
        ref={table}
        tableKey={INSTANCE_TABLE_KEY}
        fetcher={fetchInstancePage}
        params={search}
        columns={columns}
        rowKey="instanceId"
        onClearSearch={() => searchForm.current?.clear()}
        empty={{ what: '流程实例', hint: '业务按已发布的流程定义发起办理后，每件事项的流程实例会显示在这里。' }}
      />
      <InstanceDrawer instanceId={openId} onClose={() => setOpenId(null)} onChanged={() => void table.current?.refresh()} />
    </>
  );
}
