import '../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, ok, type FakeCall } from '../../test/renderApp';
import { renderAtRoute } from '../../test/widgetKit';
import { useConsoleStore } from '../../api/consoleStore';
import type { LoginInfo, VisitInfo } from './dashboard/api';
import HomePage from './HomePage';

const days = (n: number) => Array.from({ length: n }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`);
const loginInfo = (n: number): LoginInfo => ({
  today: { total: 12, success: 9, failure: 3, users: 5 },
  users: 17,
  days: days(n).map((date, i) => ({ date, success: i, failure: 1, users: i })),
});
const visitInfo = (n: number): VisitInfo => ({
  today: { views: 240, portal: 200, console: 40, visitors: 61 },
  views: 1500,
  visitors: 320,
  days: days(n).map((date, i) => ({ date, portal: 10 * i, console: i, visitors: 3 * i })),
  topPages: [
    { client: 'PORTAL', path: '/', title: '首页', views: 900 },
    { client: 'CONSOLE', path: '/system/post/postList', title: '岗位管理', views: 42 },
  ],
});

function serve() {
  const server = fakeServer({
    '/rest/menu/UserNearMenuList': ok([]),
    '/rest/index/loginfo': (call: FakeCall) => ok(loginInfo((call.body as { days: number }).days)),
    '/rest/index/visitInfo': (call: FakeCall) => ok(visitInfo((call.body as { days: number }).days)),
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => useConsoleStore.setState({ authList: [], menuList: [], rolesList: [] }));
afterEach(() => vi.unstubAllGlobals());

describe('/home', () => {
  it('keeps its greeting and shortcuts, and asks for no statistics without the right to read the sign-in log', async () => {
    const server = serve();
    renderAtRoute(<HomePage />, '/home', '/home');
    expect(await screen.findByText('最近访问')).toBeTruthy();
    expect(screen.getByText('常用功能')).toBeTruthy();
    await waitFor(() => expect(server.callsTo('/rest/menu/UserNearMenuList')).toHaveLength(1));
    expect(screen.queryByText('访问趋势')).toBeNull();
    expect(server.callsTo('/rest/index/loginfo')).toHaveLength(0);
    expect(server.callsTo('/rest/index/visitInfo')).toHaveLength(0);
  });

  it('shows today’s figures, the trend charts and the most viewed pages to those who may read the logs', async () => {
    useConsoleStore.setState({ authList: ['base:log:login'] });
    const server = serve();
    renderAtRoute(<HomePage />, '/home', '/home');
    expect(await screen.findByText('240')).toBeTruthy();
    expect(screen.getByText('门户 200 · 控制台 40')).toBeTruthy();
    expect(screen.getByText('失败 3 次')).toBeTruthy();
    expect(screen.getByText('所选期间 17 位')).toBeTruthy();
    expect(screen.getByText('岗位管理')).toBeTruthy();
    expect(server.callsTo('/rest/index/loginfo')[0]!.body).toEqual({ days: 7 });

    // The charts come once ECharts has loaded, drawn as SVG.
    const visitChart = screen.getByRole('img', { name: '近 7 天每天的门户、控制台访问量和访客数' });
    await waitFor(() => expect(visitChart.querySelector('svg')).toBeTruthy(), { timeout: 10_000 });
    await waitFor(() => expect(screen.getByRole('img', { name: '近 7 天每天的登录成功、失败次数和登录用户数' }).querySelector('svg')).toBeTruthy());
    expect(visitChart.textContent).toContain('03-07');
    expect(visitChart.textContent).not.toContain('300');

    fireEvent.click(screen.getByText('近 30 天'));
    await waitFor(() => expect(server.callsTo('/rest/index/visitInfo').at(-1)!.body).toEqual({ days: 30, top: 8 }));
    // A month of views reaches 319 on the last day: the value axis grows to match.
    await waitFor(() => expect(screen.getByRole('img', { name: '近 30 天每天的门户、控制台访问量和访客数' }).textContent).toContain('300'));
  });
});
