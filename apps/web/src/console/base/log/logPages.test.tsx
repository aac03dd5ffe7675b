import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, ok, refuse, type FakeCall } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import type { OperLog, OperLogDetail, RestLog, RestLogDetail } from './api';
import OperLogDetailPage from './OperLogDetailPage';
import OperLogListPage from './OperLogListPage';
import RestLogDetailPage from './RestLogDetailPage';
import RestLogListPage from './RestLogListPage';

const REST_PAGE = '/rest/restLog/getRestLogPage';
const OPER_PAGE = '/rest/log/getOperLogPage';

const restLog = (id: string, extra: Partial<RestLog> = {}): RestLog => ({
  logId: id,
  method: 'POST',
  path: '/rest/postService/updatePost',
  route: '/rest/postService/updatePost',
  status: 200,
  code: '0000',
  durationMs: 35,
  userId: '1',
  username: 'admin',
  ip: '10.0.0.1',
  requestId: `req-${id}`,
  createTime: '2026-03-01T02:30:07.000Z',
  ...extra,
});
const operLog = (id: string, extra: Partial<OperLog> = {}): OperLog => ({
  logId: id,
  module: 'system:post',
  action: 'UPDATE',
  entityId: '7',
  summary: '修改岗位「档案管理员」',
  userId: '1',
  username: 'admin',
  ip: '10.0.0.1',
  requestId: 'req-9',
  createTime: '2026-03-01T02:30:07.000Z',
  ...extra,
});

const page = (list: unknown[]) => (call: FakeCall) => ok({ list, total: list.length, ...(call.body as { pageParameter: object }).pageParameter });

function serve(routes: Record<string, (call: FakeCall) => ReturnType<typeof ok>>) {
  const server = fakeServer(routes);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('/base/rest/restList', () => {
  beforeEach(() => useConsoleStore.setState({ authList: ['base:rest:list'] }));

  it('lists calls with their status, code, duration and time to the second; 详情 and 导出 need their codes', async () => {
    serve({ [REST_PAGE]: page([restLog('1'), restLog('2', { status: 500, code: '500', durationMs: 1520, username: null, path: '/rest/role/update' })]) });
    renderAtRoute(<RestLogListPage />, '/base/rest/restList', '/base/rest/restList');
    expect(await screen.findByText('/rest/role/update')).toBeTruthy();
    expect(screen.getAllByText('2026-03-01 10:30:07')).toHaveLength(2);
    expect(screen.getByText('1520 ms')).toBeTruthy();
    expect(screen.getByText('匿名')).toBeTruthy();
    expect(screen.getByText('500', { selector: '.ant-tag' })).toBeTruthy();
    expect(buttonNamed('详情')).toBeNull();
    expect(buttonNamed('导出')).toBeNull();
  });

  it('searches by path, user and the smallest duration from page 1, and opens a call’s detail', async () => {
    useConsoleStore.setState({ authList: ['base:rest:list', 'base:rest:detail', 'base:rest:export'] });
    const server = serve({ [REST_PAGE]: page([restLog('1')]) });
    const { router } = renderAtRoute(<RestLogListPage />, '/base/rest/restList', '/base/rest/restList');
    await screen.findByText('/rest/postService/updatePost');
    fireEvent.change(screen.getByLabelText('接口路径'), { target: { value: ' /rest/post ' } });
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'admin' } });
    fireEvent.click(buttonNamed('展开')!);
    fireEvent.change(screen.getByLabelText('最短耗时'), { target: { value: '1000' } });
    fireEvent.click(buttonNamed('查询')!);
    await waitFor(() =>
      expect(server.callsTo(REST_PAGE).at(-1)!.body).toEqual({ path: '/rest/post', username: 'admin', minDuration: 1000, pageParameter: { pageNum: 1, pageSize: 10 } }),
    );
    expect(buttonNamed('导出')).toBeTruthy();
    fireEvent.click(buttonNamed('详情')!);
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/base/rest/restDetail?id=1'));
  });

  it('says when more calls match than can be paged through', async () => {
    serve({ [REST_PAGE]: (call) => ok({ list: [restLog('1')], total: 10_000, totalCapped: true, ...(call.body as { pageParameter: object }).pageParameter }) });
    renderAtRoute(<RestLogListPage />, '/base/rest/restList', '/base/rest/restList');
    expect(await screen.findByText(/匹配的记录超过 10,000 条，仅可翻阅最新的 10,000 条/)).toBeTruthy();
  });

  it('starts filtered by the request id an operation log links with', async () => {
    const server = serve({ [REST_PAGE]: page([restLog('1')]) });
    renderAtRoute(<RestLogListPage />, '/base/rest/restList', '/base/rest/restList?requestId=req-9');
    await waitFor(() => expect(server.callsTo(REST_PAGE)[0]!.body).toEqual({ requestId: 'req-9', pageParameter: { pageNum: 1, pageSize: 10 } }));
  });
});

describe('/base/rest/restDetail', () => {
  const detail: RestLogDetail = {
    ...restLog('5'),
    query: 'client_name=myform_client',
    userAgent: 'Mozilla/5.0 测试',
    requestBody: '{"username":"clerk","password":"******"}',
    responseBody: '{"code":"0000","data":{"token":"******"}',
  };

  it('shows the call and pretty-prints a JSON body; a cut body is shown as it is', async () => {
    const server = serve({ '/rest/restLog/getRestLogById': () => ok(detail) });
    renderAtRoute(<RestLogDetailPage />, '/base/rest/restDetail', '/base/rest/restDetail?id=5');
    expect(await screen.findByText('client_name=myform_client')).toBeTruthy();
    expect(server.callsTo('/rest/restLog/getRestLogById')[0]!.body).toEqual({ logId: '5' });
    const bodies = Array.from(document.querySelectorAll('pre.dl-log-body')).map((pre) => pre.textContent);
    expect(bodies[0]).toBe('{\n  "username": "clerk",\n  "password": "******"\n}');
    // Not valid JSON (cut off): shown untouched.
    expect(bodies[1]).toBe(detail.responseBody);
    expect(screen.getByText('Mozilla/5.0 测试')).toBeTruthy();
  });

  it('explains a missing row and offers to try again', async () => {
    serve({ '/rest/restLog/getRestLogById': () => refuse(404, '接口日志不存在或已被删除') });
    renderAtRoute(<RestLogDetailPage />, '/base/rest/restDetail', '/base/rest/restDetail?id=99');
    expect(await screen.findByText('接口日志不存在或已被删除')).toBeTruthy();
    expect(buttonNamed('重试')).toBeTruthy();
  });
});

describe('/base/log/logList', () => {
  beforeEach(() => useConsoleStore.setState({ authList: ['base:log:list', 'base:log:detail'] }));

  it('lists changes with module and action in Chinese, and filters by module from the modules that logged', async () => {
    const server = serve({
      [OPER_PAGE]: page([operLog('1'), operLog('2', { module: 'system:role', action: 'DELETE', summary: '删除角色「访客」' })]),
      '/rest/log/getOperLogModules': () => ok([{ module: 'system:post', total: 3 }, { module: 'system:role', total: 1 }]),
    });
    renderAtRoute(<OperLogListPage />, '/base/log/logList', '/base/log/logList');
    expect(await screen.findByText('删除角色「访客」')).toBeTruthy();
    expect(screen.getByText('岗位管理')).toBeTruthy();
    expect(screen.getByText('删除', { selector: '.ant-tag' })).toBeTruthy();
    expect(buttonNamed('导出')).toBeNull();
    expect(buttonNamed('登录与访问日志')).toBeNull();

    fireEvent.mouseDown(screen.getAllByRole('combobox')[0]!);
    fireEvent.click(await screen.findByText('岗位管理（3）'));
    fireEvent.click(buttonNamed('查询')!);
    await waitFor(() => expect(server.callsTo(OPER_PAGE).at(-1)!.body).toEqual({ module: 'system:post', pageParameter: { pageNum: 1, pageSize: 10 } }));
  });
});

it('checks the sealed log for holders of base:log:verify and names the first changed row', async () => {
  useConsoleStore.setState({ authList: ['base:log:list'] });
  const routes = { [OPER_PAGE]: page([operLog('1')]), '/rest/log/getOperLogModules': () => ok([]) };
  serve(routes);
  const first = renderAtRoute(<OperLogListPage />, '/base/log/logList', '/base/log/logList');
  await screen.findByText('修改岗位「档案管理员」');
  expect(buttonNamed('校验完整性')).toBeNull();
  first.unmount();

  useConsoleStore.setState({ authList: ['base:log:list', 'base:log:verify'] });
  const broken = { checked: 41, unsealed: 2, intact: false, firstBroken: { logId: '41', sealSeq: 41, reason: '记录内容与封存不符（被改动）' }, checkedAt: '2026-03-01T02:30:07.000Z' };
  const server = serve({ ...routes, '/rest/log/verifyOperLogChain': () => ok(broken) });
  renderAtRoute(<OperLogListPage />, '/base/log/logList', '/base/log/logList');
  await screen.findByText('修改岗位「档案管理员」');
  fireEvent.click(buttonNamed('校验完整性')!);
  expect(await screen.findByText('发现被改动的记录：日志编号 41')).toBeTruthy();
  expect(screen.getByText('记录内容与封存不符（被改动）。封存序号 41；此前的 40 条记录完好。')).toBeTruthy();
  expect(server.callsTo('/rest/log/verifyOperLogChain')).toHaveLength(1);
});

it('opens the sign-in and access logs for holders of base:log:login', async () => {
  useConsoleStore.setState({ authList: ['base:log:list', 'base:log:login'] });
  serve({ [OPER_PAGE]: page([operLog('1')]), '/rest/log/getOperLogModules': () => ok([]) });
  const { router } = renderAtRoute(<OperLogListPage />, '/base/log/logList', '/base/log/logList');
  await screen.findByText('修改岗位「档案管理员」');
  fireEvent.click(buttonNamed('登录与访问日志')!);
  await waitFor(() => expect(router.state.location.pathname).toBe('/base/log/loginLogList'));
});

describe('/base/log/logDetail', () => {
  const detail: OperLogDetail = {
    ...operLog('4'),
    before: { postName: '档案员', sort: 0, lockVersion: 0 },
    after: { postName: '档案管理员', sort: 0, lockVersion: 1 },
  };

  it('shows who changed what and the fields before and after; links to the call when the interface log may be read', async () => {
    useConsoleStore.setState({ authList: ['base:log:detail', 'base:rest:list'] });
    serve({ '/rest/log/getOperLogById': () => ok(detail) });
    const { router } = renderAtRoute(<OperLogDetailPage />, '/base/log/logDetail', '/base/log/logDetail?id=4');
    expect(await screen.findByText('修改岗位「档案管理员」')).toBeTruthy();
    expect(screen.getByText('修改 2 项')).toBeTruthy();
    const row = screen.getByText('岗位名称').closest('tr')!;
    expect(row.querySelector('.dl-log-diff__old')!.textContent).toBe('档案员');
    expect(row.querySelector('.dl-log-diff__new')!.textContent).toBe('档案管理员');
    fireEvent.click(buttonNamed('查看接口调用')!);
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/base/rest/restList?requestId=req-9'));
  });

  it('offers no link to the interface log without base:rest:list', async () => {
    useConsoleStore.setState({ authList: ['base:log:detail'] });
    serve({ '/rest/log/getOperLogById': () => ok(detail) });
    renderAtRoute(<OperLogDetailPage />, '/base/log/logDetail', '/base/log/logDetail?id=4');
    await screen.findByText('修改岗位「档案管理员」');
    expect(buttonNamed('查看接口调用')).toBeNull();
  });
});
