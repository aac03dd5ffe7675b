import { useLocation, useNavigate } from 'react-router';
import { Alert } from 'antd';
import { SCHEDULER_PERMISSIONS as P } from '@dandelion/shared/base/scheduler';
import { useHasPermission } from '../../../api/consoleStore';
import { ActionBar } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import { siblingPath } from '../../../components/form';
import { PagedTable, type PagedColumn } from '../../../components/PagedTable';
import { fetchTaskRunPage, type TaskRun } from './api';
import { formatDuration, formatSeconds, RunStatusTag, triggerLabel } from './display';

/** 执行记录 on a task's detail page: its runs, newest first, each opening schedulerLogDetail. */
export function TaskRunsTab({ taskId }: { taskId: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const allowed = useHasPermission(P.log);
  if (!allowed) return <Alert type="info" showIcon title="查看执行记录需要“执行日志”的权限。" />;
  const columns: PagedColumn<TaskRun>[] = [
    { key: 'status', title: '状态', dataIndex: 'status', width: 90, render: (status: string) => <RunStatusTag status={status} /> },
    { key: 'triggerType', title: '触发方式', dataIndex: 'triggerType', width: 90, render: triggerLabel },
    { key: 'startTime', title: '开始时间', dataIndex: 'startTime', width: 170, render: formatSeconds },
    { key: 'durationMs', title: '耗时', dataIndex: 'durationMs', width: 100, render: (ms: number | null) => formatDuration(ms) || '—' },
    { key: 'message', title: '消息', dataIndex: 'message', render: (text: string | null) => <EllipsisText text={text} length={40} empty="—" /> },
    {
      key: 'action',
      title: '操作',
      alwaysShown: true,
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
    <PagedTable<TaskRun, { taskId: string }>
      tableKey="base:scheduler:task-runs"
      fetcher={fetchTaskRunPage}
      params={{ taskId }}
      columns={columns}
      rowKey="logId"
      empty={{ what: '执行记录', title: '这个任务还没有执行过', hint: '启用后按 Cron 表达式触发，或在列表中点“立即执行”。' }}
    />
  );
}
