import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TASK_MESSAGES } from '@dandelion/shared/base/scheduler';
import { fakeServer, ok, refuse, type FakeCall, type FakeReply } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import type { TaskHandler, TaskRow, TaskRun } from './api';
import SchedulerFormPage from './SchedulerFormPage';
import SchedulerListPage from './SchedulerListPage';
import SchedulerLogDetailPage from './SchedulerLogDetailPage';

const HANDLERS: TaskHandler[] = [
  { handler: 'base.purgeLogs', title: '清理过期日志', description: '删除早于保留天数的日志。', example: { retentionDays: 180 } },
  { handler: 'base.httpCall', title: '调用 HTTP 接口', description: '向指定地址发送 HTTP 请求，仅限 http/https。', example: { url: 'https://example.com/api/ping', method: 'GET', timeoutSeconds: 30 } },
];

const TASK: TaskRow = {
  taskId: '7', taskCode: 'PURGE', taskName: '清理日志', taskGroup: 'SYSTEM', cron: '0 0 2 * * *', handler: 'base.purgeLogs',
  params: { retentionDays: 180 }, status: 'ENABLE', skipIfRunning: true, timeoutSeconds: 60, maxRetries: 2, retryBackoffSeconds: 5,
  remark: null, nextFireTime: '2026-03-01T18:00:00.000Z', createTime: '2026-03-01T02:30:00.000Z', createBy: 'admin',
  updateTime: '2026-03-01T02:30:00.000Z', updateBy: 'admin', createById: null, updateById: null, delFlag: 0, lockVersion: 4,
  lastRun: { status: 'FAILED', startTime: '2026-03-01T02:00:00.000Z', durationMs: 1250 },
};

const RUN: TaskRun = {
  logId: '41', taskId: '7', taskCode: 'PURGE', taskName: '清理日志', triggerType: 'SCHEDULE', fireTime: '2026-03-01T18:00:00.000Z',
  instanceId: 'web-1:4242:a1b2c3', status: 'SUCCESS', attempts: 2, startTime: '2026-03-01T18:00:00.012Z', endTime: '2026-03-01T18:00:02.412Z',
  durationMs: 2400, message: '第 1 次执行失败：连接被拒绝\n5 秒后重试\n\n第 2 次执行成功：\n已清理 180 天前的日志：接口调用日志 3 条', createTime: '2026-03-01T18:00:00.012Z',
};

const FIVE = ['2026-03-01T18:00:00.000Z', '2026-03-02T18:00:00.000Z', '2026-03-03T18:00:00.000Z', '2026-03-04T18:00:00.000Z', '2026-03-05T18:00:00.000Z'];

function serve(extra: Record<string, FakeReply | ((call: FakeCall) => FakeReply)> = {}) {
  const server = fakeServer({
    '/rest/task/getHandlers': ok(HANDLERS),
    '/rest/task/getTaskPage': (call) => ok({ list: [TASK], total: 1, ...(call.body as { pageParameter: object }).pageParameter }),
    '/rest/task/getTaskLogPage': (call) => ok({ list: [RUN], total: 1, ...(call.body as { pageParameter: object }).pageParameter }),
    '/rest/task/nextFireTimes': (call) => {
      const { cron } = call.body as { cron: string };
      return cron.trim().split(/\s+/).length === 6 ? ok({ cron, times: FIVE }) : refuse(400, TASK_MESSAGES.cronFields, { field: 'cron' });
    },
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const ALL_CODES = ['list', 'add', 'upd', 'detail', 'del', 'enable', 'run', 'log', 'logdetail'].map((a) => `base:scheduler:${a}`);
const fieldErrors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);

beforeEach(() => useConsoleStore.setState({ authList: ['base:scheduler:list'] }));
afterEach(() => vi.unstubAllGlobals());

describe('SchedulerListPage', () => {
  it('shows the task with its status, next fire time and last run, and hides every action without its code', async () => {
    serve();
    renderAtRoute(<SchedulerListPage />, '/base/scheduler/schedulerMain', '/base/scheduler/schedulerMain');
    expect(await screen.findByText('清理日志')).toBeTruthy();
    expect(screen.getByText('启用')).toBeTruthy();
    expect(screen.getByText('失败')).toBeTruthy();
    // China time: 02:00 UTC is 10:00 in Shanghai; 18:00 UTC is 02:00 the next day.
    expect(screen.getByText('2026-03-01 10:00:00')).toBeTruthy();
    expect(screen.getByText('1.3 秒')).toBeTruthy();
    expect(screen.getByText('2026-03-02 02:00:00')).toBeTruthy();
    expect(await screen.findByText('清理过期日志')).toBeTruthy();
    for (const label of ['新增', '修改', '详情', '更多', '批量删除', '执行日志', '立即执行']) expect(buttonNamed(label), label).toBeNull();
  });

  it('立即执行 asks first, starts the run and opens the task’s run log', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve({ '/rest/task/runTask': ok({ runId: '42' }, '已开始执行') });
    const view = renderAtRoute(<SchedulerListPage />, '/base/scheduler/schedulerMain', '/base/scheduler/schedulerMain');
    await screen.findByText('清理日志');
    fireEvent.click(buttonNamed('更多')!);
    fireEvent.click(await screen.findByText('立即执行'));
    expect((await screen.findAllByText('确定立即执行任务「清理日志」吗？')).length).toBeGreaterThan(0);
    expect(server.callsTo('/rest/task/runTask')).toHaveLength(0);
    fireEvent.click(buttonNamed('确定')!);
    await waitFor(() => expect(server.callsTo('/rest/task/runTask')).toHaveLength(1));
    expect(server.callsTo('/rest/task/runTask')[0]!.body).toEqual({ taskId: '7' });
    expect(await screen.findByText('执行日志：清理日志')).toBeTruthy();
    expect(view.router.state.location.search).toBe('?runs=7&name=%E6%B8%85%E7%90%86%E6%97%A5%E5%BF%97');
    await waitFor(() => expect(server.callsTo('/rest/task/getTaskLogPage').at(-1)!.body).toMatchObject({ taskId: '7' }));
    const drawer = screen.getByText('执行日志：清理日志').closest('.ant-drawer-section') as HTMLElement;
    expect(await within(drawer).findByText('成功')).toBeTruthy();
    fireEvent.click(within(drawer).getByText('详情'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/base/scheduler/schedulerLogDetail'));
    expect(view.router.state.location.search).toBe('?id=41');
  });

  it('停用 confirms, then sends the status with the lock version', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve({ '/rest/task/updateStatus': (call) => ok({ ...TASK, ...(call.body as object) }, '已停用') });
    renderAtRoute(<SchedulerListPage />, '/base/scheduler/schedulerMain', '/base/scheduler/schedulerMain');
    await screen.findByText('清理日志');
    fireEvent.click(buttonNamed('更多')!);
    fireEvent.click(await screen.findByText('停用'));
    fireEvent.click(await waitFor(() => buttonNamed('确定')!));
    await waitFor(() => expect(server.callsTo('/rest/task/updateStatus')).toHaveLength(1));
    expect(server.callsTo('/rest/task/updateStatus')[0]!.body).toEqual({ taskId: '7', lockVersion: 4, status: 'DISABLE' });
    expect(await screen.findByText('已停用')).toBeTruthy();
  });
});

describe('SchedulerFormPage', () => {
  it('previews the next five fire times as the cron is typed, fills the job’s example parameters and saves them as an object', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve({ '/rest/task/addTask': (call) => ok({ ...TASK, ...(call.body as object) }, '新增成功') });
    renderAtRoute(<SchedulerFormPage />, '/base/scheduler/schedulerAdd', '/base/scheduler/schedulerAdd');
    expect(await screen.findByText('新增定时任务')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('任务编码'), { target: { value: 'PING' } });
    fireEvent.change(screen.getByLabelText('任务名称'), { target: { value: '自检' } });
    fireEvent.change(screen.getByLabelText('Cron 表达式'), { target: { value: '0 0 2 * * *' } });
    const preview = await screen.findByLabelText('接下来的触发时间');
    expect(Array.from(preview.querySelectorAll('li')).map((li) => li.textContent)).toEqual([
      '2026-03-02 02:00:00', '2026-03-03 02:00:00', '2026-03-04 02:00:00', '2026-03-05 02:00:00', '2026-03-06 02:00:00',
    ]);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '任务处理器' }));
    fireEvent.click(await screen.findByText('调用 HTTP 接口（base.httpCall）'));
    expect(await screen.findByText('向指定地址发送 HTTP 请求，仅限 http/https。')).toBeTruthy();
    const params = screen.getByLabelText('任务参数') as HTMLTextAreaElement;
    expect(JSON.parse(params.value)).toEqual(HANDLERS[1]!.example);
    fireEvent.change(params, { target: { value: '{ "url": "http://127.0.0.1:3000/healthz" }' } });

    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/task/addTask')).toHaveLength(1));
    expect(server.callsTo('/rest/task/addTask')[0]!.body).toEqual({
      taskCode: 'PING', taskName: '自检', taskGroup: 'DEFAULT', status: 'DISABLE', cron: '0 0 2 * * *', handler: 'base.httpCall',
      params: { url: 'http://127.0.0.1:3000/healthz' }, skipIfRunning: true, timeoutSeconds: 60, maxRetries: 0, retryBackoffSeconds: 5, remark: null,
    });
  });

  it('shows the server’s refusal of a cron beside the field, and refuses parameters that are not a JSON object before sending', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve();
    renderAtRoute(<SchedulerFormPage />, '/base/scheduler/schedulerAdd', '/base/scheduler/schedulerAdd');
    await screen.findByText('新增定时任务');
    fireEvent.change(screen.getByLabelText('Cron 表达式'), { target: { value: '*/5 * * * *' } });
    await waitFor(() => expect(fieldErrors()).toContain(TASK_MESSAGES.cronFields));
    fireEvent.change(screen.getByLabelText('任务参数'), { target: { value: '[1, 2]' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(fieldErrors()).toContain(TASK_MESSAGES.paramsObject));
    fireEvent.change(screen.getByLabelText('任务参数'), { target: { value: '{ url: ' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(fieldErrors().some((e) => e?.startsWith('JSON 格式不正确'))).toBe(true));
    expect(server.callsTo('/rest/task/addTask')).toHaveLength(0);
  });

  it('marks the parameters with the server’s field errors and lists every problem', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const paramErrors = [
      { path: 'url', message: 'URL 只能是 http 或 https 地址' },
      { path: 'timeoutSeconds', message: 'HTTP 超时时间必须是 1 到 300 之间的整数（秒）' },
    ];
    const server = serve({
      '/rest/task/getTaskById': ok({ ...TASK, handler: 'base.httpCall', params: { url: 'https://example.com' } }),
      '/rest/task/updateTask': refuse(400, '任务参数 url：URL 只能是 http 或 https 地址', { field: 'params', paramErrors }),
    });
    renderAtRoute(<SchedulerFormPage />, '/base/scheduler/schedulerUpd', '/base/scheduler/schedulerUpd?id=7');
    expect(await screen.findByText('修改定时任务')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('任务参数') as HTMLTextAreaElement).value).toContain('https://example.com'));
    // The retry summary is rendered from the watched form values, a render after the fields are filled.
    expect(await screen.findByText('失败后最多重试 2 次，依次等待 5、10 秒')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('任务参数'), { target: { value: '{ "url": "ftp://example.com", "timeoutSeconds": 0 }' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/task/updateTask')).toHaveLength(1));
    expect(server.callsTo('/rest/task/updateTask')[0]!.body).toMatchObject({ taskId: '7', lockVersion: 4, params: { url: 'ftp://example.com', timeoutSeconds: 0 } });
    await waitFor(() => expect(fieldErrors()).toContain('任务参数 url：URL 只能是 http 或 https 地址'));
    expect(screen.getByText('timeoutSeconds：HTTP 超时时间必须是 1 到 300 之间的整数（秒）')).toBeTruthy();
  });

  it('describes the task in detail mode, with 编辑 and its 执行记录 tab', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    serve({ '/rest/task/getTaskById': ok(TASK) });
    renderAtRoute(<SchedulerFormPage />, '/base/scheduler/schedulerDetail', '/base/scheduler/schedulerDetail?id=7');
    expect(await screen.findByText('定时任务详情')).toBeTruthy();
    expect(await screen.findByText('PURGE')).toBeTruthy();
    expect(document.querySelector('input')).toBeNull();
    expect(screen.getByRole('tab', { name: '执行记录' })).toBeTruthy();
    expect(buttonNamed('编辑')).not.toBeNull();
    expect(buttonNamed('保存')).toBeNull();
    expect(buttonNamed('返回')).not.toBeNull();
  });
});

describe('SchedulerLogDetailPage', () => {
  it('shows the run’s timings in China time and its whole message body', async () => {
    serve({ '/rest/task/getTaskLogById': ok(RUN) });
    renderAtRoute(<SchedulerLogDetailPage />, '/base/scheduler/schedulerLogDetail', '/base/scheduler/schedulerLogDetail?id=41');
    const body = await screen.findByLabelText('消息内容');
    expect(body.textContent).toBe(RUN.message);
    expect(screen.getByText('定时触发')).toBeTruthy();
    expect(screen.getByText('2026-03-02 02:00:02')).toBeTruthy();
    expect(screen.getByText('2.4 秒')).toBeTruthy();
    expect(screen.getByText('web-1:4242:a1b2c3')).toBeTruthy();
  });

  it('says what is wrong when the run cannot be loaded', async () => {
    serve({ '/rest/task/getTaskLogById': refuse(404, '执行日志不存在或已被删除') });
    renderAtRoute(<SchedulerLogDetailPage />, '/base/scheduler/schedulerLogDetail', '/base/scheduler/schedulerLogDetail?id=99');
    expect(await screen.findByText('执行日志不存在或已被删除')).toBeTruthy();
  });
});
