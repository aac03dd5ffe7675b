import { useMemo, useState, type Key } from 'react';
import { useSearchParams } from 'react-router';
import { App, Card, Typography } from 'antd';
import { FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { SCHEDULER_PERMISSIONS as P, TASK_STATUS_LABELS } from '@dandelion/shared/base/scheduler';
import { ActionBar, useRecordActions } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { formatDateTime } from '../../../lib/date';
import { useHasPermission } from '../../../api/consoleStore';
import { fetchHandlers, HANDLERS_QUERY_KEY, runTask, TASK_TABLE_KEY, taskApi, updateTaskStatus, type TaskRow, type TaskSearch } from './api';
import { formatDuration, formatSeconds, RunStatusTag, secondLine, TaskStatusTag, TwoLines } from './display';
import { TaskRunsDrawer, type RunsScope } from './TaskRunsDrawer';
import { optionsOf } from '../../../lib/options';

/**
 * /base/scheduler/schedulerMain: scheduled tasks with their next fire time and last run; 启用/停用,
 * 立即执行 and 执行日志 per task. The open run log is kept in the address (?runs=<taskId>|all), so
 * coming back from a run's detail page opens it again.
 */
export default function SchedulerListPage() {
  const { message } = App.useApp();
  const { table, searchForm, search, refresh, onSearch, clearSearch, open } = useListPage<TaskSearch>();
  const actions = useRecordActions();
  const [query, setQuery] = useSearchParams();
  const [selected, setSelected] = useState<Key[]>([]);
  const canDelete = useHasPermission(P.del);
  const canSeeRuns = useHasPermission(P.log);
  const handlers = useQuery({ queryKey: HANDLERS_QUERY_KEY, queryFn: ({ signal }) => fetchHandlers(signal), staleTime: 300_000 });
  const handlerTitle = useMemo(() => new Map((handlers.data ?? []).map((h) => [h.handler, h.title])), [handlers.data]);

  const runsParam = query.get('runs');
  const runsScope: RunsScope | null = !runsParam ? null : runsParam === 'all' ? 'all' : { taskId: runsParam, taskName: query.get('name') ?? `#${runsParam}` };
  const openRuns = (row: TaskRow | 'all') => setQuery(row === 'all' ? { runs: 'all' } : { runs: row.taskId, name: row.taskName });

  const searchFields: SearchField[] = [
    { name: 'taskName', label: '任务名称' },
    { name: 'taskCode', label: '任务编码' },
    { name: 'status', label: '状态', type: 'select', options: optionsOf(TASK_STATUS_LABELS) },
    { name: 'taskGroup', label: '任务分组' },
    { name: 'handler', label: '处理器', type: 'select', options: (handlers.data ?? []).map((h) => ({ value: h.handler, label: h.title })) },
  ];

  const toggle = async (row: TaskRow) => {
    const enabling = row.status !== 'ENABLE';
    await updateTaskStatus(row.taskId, row.lockVersion, enabling ? 'ENABLE' : 'DISABLE');
    message.success(enabling ? '已启用' : '已停用');
    await refresh();
  };

  const runNow = async (row: TaskRow) => {
    await runTask(row.taskId);
    message.success(`已开始执行「${row.taskName}」${canSeeRuns ? '，结果见执行日志' : ''}`);
    if (canSeeRuns) openRuns(row);
    await refresh();
  };

  // Two lines per cell keep the list readable on a laptop: what and when, then the details under them.
  const columns: PagedColumn<TaskRow>[] = [
    { key: 'taskName', title: '任务', dataIndex: 'taskName', width: 170, render: (name: string, row: TaskRow) => <TwoLines first={name} second={row.taskCode} /> },
    {
      key: 'cron',
      title: '执行计划',
      dataIndex: 'cron',
      width: 170,
      render: (cron: string, row: TaskRow) => <TwoLines first={<Typography.Text code>{cron}</Typography.Text>} second={handlerTitle.get(row.handler) ?? row.handler} />,
    },
    { key: 'status', title: '状态', dataIndex: 'status', width: 70, render: (status: string) => <TaskStatusTag status={status} /> },
    { key: 'nextFireTime', title: '下次触发', dataIndex: 'nextFireTime', width: 160, render: (time: string | null) => formatSeconds(time) || '-' },
    {
      key: 'lastRun',
      title: '最近执行',
      dataIndex: 'lastRun',
      width: 170,
      render: (run: TaskRow['lastRun']) =>
        run ? (
          <TwoLines
            first={
              <span>
                <RunStatusTag status={run.status} />
                {run.durationMs !== null && secondLine(formatDuration(run.durationMs))}
              </span>
            }
            second={formatSeconds(run.startTime)}
          />
        ) : (
          <Typography.Text type="secondary">尚未执行</Typography.Text>
        ),
    },
    { key: 'taskGroup', title: '分组', dataIndex: 'taskGroup', width: 100, defaultHidden: true },
    { key: 'remark', title: '备注', dataIndex: 'remark', defaultHidden: true, render: (text: string | null) => <EllipsisText text={text} length={20} empty="-" /> },
    { key: 'updateTime', title: '更新时间', dataIndex: 'updateTime', width: 160, defaultHidden: true, render: (time: string) => formatDateTime(time) },
    {
      key: 'action',
      title: '操作',
      alwaysShown: true,
      fixed: 'right',
      width: 160,
      render: (_: unknown, row: TaskRow) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'upd', label: '修改', permission: P.upd, onClick: () => open('schedulerUpd', { id: row.taskId }) },
            { key: 'detail', label: '详情', permission: P.detail, onClick: () => open('schedulerDetail', { id: row.taskId }) },
            {
              key: 'enable',
              label: row.status === 'ENABLE' ? '停用' : '启用',
              permission: P.enable,
              overflow: true,
              confirm:
                row.status === 'ENABLE'
                  ? { title: `确定停用任务「${row.taskName}」吗？`, description: '停用后所有服务实例立即停止触发，正在进行的执行会继续完成。' }
                  : undefined,
              onClick: () => toggle(row),
            },
            {
              key: 'run',
              label: '立即执行',
              permission: P.run,
              overflow: true,
              confirm: { title: `确定立即执行任务「${row.taskName}」吗？`, description: '将在当前服务实例上执行一次，不影响定时计划。' },
              onClick: () => runNow(row),
            },
            { key: 'log', label: '执行日志', permission: P.log, overflow: true, onClick: () => openRuns(row) },
            actions.remove({
              entity: '任务',
              name: row.taskName,
              permission: P.del,
              description: '删除后立即取消调度，执行日志仍保留。',
              remove: () => taskApi.remove(row.taskId, row.lockVersion),
              after: () => {
                setSelected((keys) => keys.filter((key) => key !== row.taskId));
                return refresh();
              },
            }),
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <SearchForm<TaskSearch>
        ref={searchForm}
        fields={searchFields}
        onSearch={(values) => {
          setSelected([]);
          onSearch(values);
        }}
      />
      <PagedTable<TaskRow, TaskSearch>
        ref={table}
        tableKey={TASK_TABLE_KEY}
        fetcher={taskApi.page}
        params={search}
        columns={columns}
        rowKey="taskId"
        onClearSearch={clearSearch}
        empty={{ what: '定时任务', hint: '定时任务按 Cron 表达式运行平台提供的处理程序，新增并启用后按计划执行。', add: { permission: P.add, onClick: () => open('schedulerAdd') } }}
        rowSelection={canDelete ? { selectedRowKeys: selected, onChange: setSelected } : undefined}
        toolbar={
          <ActionBar
            actions={[
              { key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => open('schedulerAdd') },
              actions.removeSelected({ selected, unit: '个任务', permission: P.del, description: '删除后立即取消调度，执行日志仍保留。', remove: taskApi.removeMany, after: () => { setSelected([]); return refresh(); } }),
              { key: 'runs', label: '执行日志', icon: <FileTextOutlined />, permission: P.log, onClick: () => openRuns('all') },
            ]}
          />
        }
      />
      <TaskRunsDrawer scope={runsScope} onClose={() => setQuery({})} />
    </Card>
  );
}
