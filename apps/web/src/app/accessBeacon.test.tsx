import '../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Link, Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { fakeServer, refuse } from '../test/renderApp';
import { ACCESS_BEACON_PATH, setAccessBeaconEnabled, useAccessBeacon } from './accessBeacon';
import { useSessionStore } from '../api/session';
import { useConsoleStore } from '../api/consoleStore';
import type { SessionUser } from '../api/session';

function Root() {
  useAccessBeacon();
  return <Outlet />;
}

function renderRoutes(entry: string) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        Component: Root,
        children: [
          { path: '/', handle: { title: '首页' }, element: <Link to="/news">新闻</Link> },
          { path: '/news', handle: { title: '新闻' }, element: <Link to="/">回首页</Link> },
          { id: 'console', children: [{ path: '/system/post/postList', handle: { title: '岗位管理' }, element: <p>岗位</p> }] },
        ],
      },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** The router before the console mounts: console addresses fall through to an untitled gate. */
function renderGate(entry: string) {
  const router = createMemoryRouter([{ id: 'root', Component: Root, children: [{ path: '*', element: <p>正在加载</p> }] }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
}

const settle = () => act(() => vi.advanceTimersByTimeAsync(1_000));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  setAccessBeaconEnabled(true);
});
afterEach(() => {
  setAccessBeaconEnabled(false);
  useConsoleStore.setState({ loaded: false });
  useSessionStore.getState().signOut();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('page-view beacon', () => {
  it('reports each settled page once, with its title, client and the in-app referrer; never the query string', async () => {
    const server = fakeServer({ [ACCESS_BEACON_PATH]: { body: { code: '0000', success: true, msg: '已记录', data: null } } });
    vi.stubGlobal('fetch', server.fetch);
    useConsoleStore.setState({ loaded: true });
    const router = renderRoutes('/?token=secret');
    await settle();
    await act(() => router.navigate('/news?q=奖励'));
    // A page left before it settles is not counted.
    await act(() => router.navigate('/'));
    await settle();
    await act(() => router.navigate('/system/post/postList'));
    await settle();
    const bodies = server.callsTo(ACCESS_BEACON_PATH).map((c) => c.body);
    expect(bodies).toEqual([
      { client: 'PORTAL', path: '/', title: '首页' },
      { client: 'CONSOLE', path: '/system/post/postList', title: '岗位管理', referrer: `${window.location.origin}/` },
    ]);
    expect(JSON.stringify(server.calls)).not.toContain('secret');
  });

  it('waits for the console to mount before reporting a console address opened directly', async () => {
    useConsoleStore.setState({ loaded: false });
    const server = fakeServer({ [ACCESS_BEACON_PATH]: { body: { code: '0000', success: true, msg: '已记录', data: null } } });
    vi.stubGlobal('fetch', server.fetch);
    renderGate('/system/post/postList');
    await settle();
    expect(server.callsTo(ACCESS_BEACON_PATH)).toHaveLength(0);
    // Loaded, but the gate (no title) is still showing until the new router mounts.
    useConsoleStore.setState({ loaded: true });
    renderGate('/system/post/postList');
    await settle();
    expect(server.callsTo(ACCESS_BEACON_PATH)).toHaveLength(0);
    // The app mounts the console's router on the same address: that one reports it.
    renderRoutes('/system/post/postList');
    await settle();
    expect(server.callsTo(ACCESS_BEACON_PATH).map((c) => c.body)).toEqual([{ client: 'CONSOLE', path: '/system/post/postList', title: '岗位管理' }]);
  });

  it('sends the session token when signed in, and stays silent when the call fails or is refused', async () => {
    useSessionStore.getState().signIn('tok-123', { username: 'admin' } as SessionUser);
    const server = fakeServer({ [ACCESS_BEACON_PATH]: refuse(429, '操作过于频繁，请稍后再试') });
    vi.stubGlobal('fetch', server.fetch);
    renderRoutes('/news');
    await settle();
    expect(server.callsTo(ACCESS_BEACON_PATH)[0]!.headers.authorization).toBe('tok-123');
    expect(screen.queryByText('操作过于频繁，请稍后再试')).toBeNull();

    const failing = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', failing);
    const router = renderRoutes('/');
    await settle();
    await act(() => router.navigate('/news'));
    await settle();
    expect(failing).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(/网络异常/)).toBeNull();
  });
});
