import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, ok, type FakeCall } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import type { AccessLog, LoginLog } from './api';
import LoginLogPage from './LoginLogPage';

const LOGIN_PAGE = '/rest/log/getSysLoginLogPage';
const ACCESS_PAGE = '/rest/log/getAccesssLogPage';
const login: LoginLog = { logId: '1', loginName: 'clerk', userId: null, loginType: 'ACCOUNT', ip: '10.0.0.9', userAgent: 'Chrome', success: false, message: '用户名或密码错误', createTime: '2026-03-01T02:30:07.000Z' };
const visit: AccessLog = { logId: '2', client: 'PORTAL', path: '/', title: '首页', referrer: 'https://www.example.cn/', userId: null, username: null, ip: '1.2.3.4', userAgent: 'Safari', createTime: '2026-03-01T03:00:00.000Z' };
const page = (list: unknown[]) => (call: FakeCall) => ok({ list, total: list.length, ...(call.body as { pageParameter: object }).pageParameter });

function serve() {
  const server = fakeServer({ [LOGIN_PAGE]: page([login]), [ACCESS_PAGE]: page([visit]) });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => useConsoleStore.setState({ authList: ['base:log:login'] }));
afterEach(() => vi.unstubAllGlobals());

describe('/base/log/loginLogList', () => {
  it('lists sign-in attempts and sends the 登录结果 filter as a boolean', async () => {
    const server = serve();
    renderAtRoute(<LoginLogPage />, '/base/log/loginLogList', '/base/log/loginLogList');
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    expect(screen.getByText('失败', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.getByText('账号密码')).toBeTruthy();
    expect(buttonNamed('导出')).toBeNull();

    fireEvent.mouseDown(screen.getAllByRole('combobox')[0]!);
    fireEvent.click(await screen.findByTitle('失败'));
    fireEvent.click(buttonNamed('查询')!);
    await waitFor(() => expect(server.callsTo(LOGIN_PAGE).at(-1)!.body).toEqual({ success: false, pageParameter: { pageNum: 1, pageSize: 10 } }));
    expect(server.callsTo(ACCESS_PAGE)).toHaveLength(0);
  });

  it('shows page views on the 访问日志 tab, kept in the address', async () => {
    useConsoleStore.setState({ authList: ['base:log:login', 'base:log:export'] });
    const server = serve();
    const { router } = renderAtRoute(<LoginLogPage />, '/base/log/loginLogList', '/base/log/loginLogList');
    await screen.findByText('用户名或密码错误');
    expect(buttonNamed('导出')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '访问日志' }));
    expect(await screen.findByText('https://www.example.cn/')).toBeTruthy();
    expect(screen.getByText('门户')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=access');
    expect(server.callsTo(ACCESS_PAGE)[0]!.body).toEqual({ pageParameter: { pageNum: 1, pageSize: 10 } });
  });
});
