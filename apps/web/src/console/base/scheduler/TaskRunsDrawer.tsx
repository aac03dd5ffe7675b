import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Drawer, Space, Switch, Typography } from 'antd';
import { SCHEDULER_PERMISSIONS as P, TASK_RUN_STATUS_LABELS, TASK_TRIGGER_LABELS } from '@dandelion/shared/base/scheduler';
import { ActionBar } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import { siblingPath } from '../../../components/form';
import { applySearch, hasSearchValues, PagedTable, type PagedColumn, type PagedTableHandle } from '../../../components/PagedTable';
import { SearchForm, type SearchField, type SearchFormHandle } from '../../../components/SearchForm';
import { fetchTaskRunPage, TASK_RUN_TABLE_KEY, type TaskRun, type TaskRunSearch } from './api';
import { formatDuration, formatSeconds, RunStatusTag, triggerLabel } from './display';
import './runsDrawer.css';
import { optionsOf } from '../../../lib/options';

const SEARCH_FIELDS: SearchField[] = [
  // Field names differ from the task list's own search fields on the page beneath (status), so their ids do too.
  { name: 'runStatus', label: '执行状态', type: 'select', options: optionsOf(TASK_RUN_STATUS_LABELS) },
  { name: 'runTrigger', label: '触发方式', type: 'select', options: optionsOf(TASK_TRIGGER_LABELS) },
  { name: 'runStartTime', label: '开始时间', type: 'dateRange', names: ['beginTime', 'endTime'] },
];

/** How often the run log reloads while 自动刷新 is on: runs of an every-few-seconds task appear as they end. */
const AUTO_REFRESH_MS = 3000;

type RunSearchValues = Pick<TaskRunSearch, 'beginTime' | 'endTime'> & { runStatus?: TaskRunSearch['status']; runTrigger?: TaskRunSearch['triggerType'] };

/** Which runs the drawer shows: one task's, or every task's. */
export type RunsScope = { taskId: string; taskName: string } | 'all';

/**
 * 执行日志: the runs of one task (or of all tasks), newest first, filtered by status, trigger and
 * start time; 详情 opens schedulerLogDetail with the whole message body.
 */
export function TaskRunsDrawer({ scope, onClose }: { scope: RunsScope | null; onClose: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const table = useRef<PagedTableHandle>(null);
  const searchForm = useRef<SearchFormHandle>(null);
  const [search, setSearch] = useState<RunSearchValues>({});
  const [autoRefresh, setAutoRefresh] = useState(true);
  const all = scope === 'all';
  const { runStatus, runTrigger, ...range } = search;
  const params: TaskRunSearch = { ...range, status: runStatus, triggerType: runTrigger, ...(scope && scope !== 'all' ? { taskId: scope.taskId } : {}) };

  useEffect(() => {
    if (!scope || !autoRefresh) return;
    const timer = setInterval(() => void table.current?.refresh(), AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [scope, autoRefresh]);

  const columns: PagedColumn<TaskRun>[] = [
    ...(all
      ? [{ key: 'taskName', title: '任务', dataIndex: 'taskName', width: 140, render: (name: string | null, row: TaskRun) => name ?? `#${row.taskId}` } as PagedColumn<TaskRun>]
      : []),
    { key: 'status', title: '状态', dataIndex: 'status', width: 90, render: (status: string) => <RunStatusTag status={status} /> },
    { key: 'triggerType', title: '触发方式', dataIndex: 'triggerType', width: 90, render: triggerLabel },
    { key: 'startTime', title: '开始时间', dataIndex: 'startTime', width: 170, render: formatSeconds },
    { key: 'durationMs', title: '耗时', dataIndex: 'durationMs', width: 90, render: (ms: number | null) => formatDuration(ms) || '-' },
    { key: 'attempts', title: '尝试次数', dataIndex: 'attempts', width: 90 },
    { key: 'message', title: '消息', dataIndex: 'message', render: (text: string | null) => <EllipsisText text={text} length={40} empty="-" /> },
    { key: 'fireTime', title: '计划时间', dataIndex: 'fireTime', width: 170, defaultHidden: true, render: formatSeconds },
    { key: 'instanceId', title: '执行实例', dataIndex: 'instanceId', width: 180, defaultHidden: true },
    {
      key: 'action',
      title: '操作',
      alwaysShown: true,
      fixed: 'right',
      width: 70,
      render: (_: unknown, row: TaskRun) => (
        <ActionBar
          variant="row"
          actions={[{ key: 'detail', label: '详情', permission: P.logdetail, onClick: () => navigate(siblingPath(pathname, 'schedulerLogDetail', { id: row.logId })) }]}
        />
      ),
    },
  ];

  return (
    <Drawer
      open={!!scope}
      onClose={onClose}
      destroyOnHidden
      size={1120}
      title={all ? '执行日志：全部任务' : `执行日志：${scope?.taskName ?? ''}`}
      extra={
        <Space>
          <Typography.Text type="secondary">自动刷新</Typography.Text>
          <Switch size="small" checked={autoRefresh} onChange={setAutoRefresh} aria-label="自动刷新" />
        </Space>
      }
    >
      <SearchForm<RunSearchValues>
        ref={searchForm}
        className="task-runs-search"
        fields={SEARCH_FIELDS}
        onSearch={(values) => applySearch(values, search, setSearch, () => table.current?.refresh())}
      />
      <PagedTable<TaskRun, TaskRunSearch>
        ref={table}
        tableKey={TASK_RUN_TABLE_KEY}
        fetcher={fetchTaskRunPage}
        params={params}
        columns={columns}
        rowKey="logId"
        searched={hasSearchValues(search)}
        onClearSearch={() => searchForm.current?.clear()}
        empty={{ what: '执行记录', hint: all ? '任务每运行一次（按计划或手动），都会在这里记录一条结果。' : '该任务每运行一次（按计划或手动），都会在这里记录一条结果。' }}
      />
    </Drawer>
  );
}
