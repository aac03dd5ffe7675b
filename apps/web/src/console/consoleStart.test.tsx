import '../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { createRoutes } from '../app/routes';
import { useConsoleStore } from '../api/consoleStore';
import { useSessionStore } from '../api/session';
import { json } from '../api/testing/fakeFetch';
import type { MenuNode } from '../api/consoleTypes';
import { fakeServer, ok, refuse, type FakeReply } from '../test/renderApp';
import { renderRouter } from '../test/widgetKit';
import { ENROLMENT_PATH } from '../auth/center/enrolmentDue';

const ROLES = '/rest/user/getUserRoles';
const PERMISSION = '/rest/index/permission';
const INIT = '/rest/index/init';
const THEME = '/rest/theme/get';
const STATUS = '/rest/twoFactor/getStatus';
const START_CALLS = [ROLES, PERMISSION, INIT, THEME, STATUS];

const node = (path: string, url: string, name: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id: name, pid: null, path, url, name, redirect: null, hidden: false, alwaysShow: false, meta: { title: name, icon: null, activeMenu: null }, children: [], ...extra,
});
const userList = node('/system/user/userList', 'system/user/userList', 'system:user:list', { meta: { title: '用户列表', icon: null, activeMenu: null } });

const answers = (status = { enabled: false, required: false, due: false, recoveryCodesLeft: 0, trustedDevices: 0 }): Record<string, FakeReply> => ({
  [ROLES]: ok([{ roleId: '1', roleCode: 'ADMIN', roleName: '管理员', roleType: '1' }]),
  [PERMISSION]: ok({ site: { displayName: '蒲公英测试站' }, templateList: [userList], theme: { layoutUiName: 'cms-layout' }, indexTemplateEntity: { componentPath: 'home/index', componentName: 'home' } }),
  [INIT]: ok({ icons: [], menu: [], apps: [], indexMenu: { path: '/home', component: 'home/index', meta: { title: '首页' } }, appDicts: {}, permissions: ['system:user:list'] }),
  [THEME]: ok(null),
  [STATUS]: ok(status),
});

/** A server that answers nothing until every start-up call has arrived: calls made one after another never finish. */
function serverAnsweringAllAtOnce(replies: Record<string, FakeReply>) {
  const arrived: string[] = [];
  /** How many start-up calls had arrived when the first answer left. */
  let arrivedAtFirstAnswer: number | null = null;
  let release!: () => void;
  const allArrived = new Promise<void>((resolve) => (release = resolve));
  const { fetch, callsTo } = fakeServer({});
  const held = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = String(input).split('?')[0]!;
    const reply = replies[path];
    if (!reply) return fetch(input, init);
    arrived.push(path);
    if (START_CALLS.every((p) => arrived.includes(p))) release();
    // Long enough for a series to show itself, short enough not to hang the test.
    await Promise.race([allArrived, new Promise((resolve) => setTimeout(resolve, 1_000))]);
    arrivedAtFirstAnswer ??= arrived.length;
    void fetch(input, init);
    return json(reply.body, reply.status ?? 200);
  };
  return { fetch: held, arrived, callsTo, arrivedAtFirstAnswer: () => arrivedAtFirstAnswer };
}

// The gate and the antd scope are lazy routes: load them once up front, so no test waits on a first import.
beforeAll(async () => {
  await Promise.all([import('./ConsoleGate'), import('../app/AntdScope')]);
}, 60_000);

afterEach(() => {
  useConsoleStore.getState().reset();
  useSessionStore.getState().signOut();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function openConsoleAddress(path: string) {
  useSessionStore.getState().signIn('tok-start', { userId: '1', username: 'admin', realname: '系统管理员' });
  return renderRouter(createMemoryRouter(createRoutes(), { initialEntries: [path] }));
}

describe('the console start (a console address opened before the menu is loaded)', () => {
  it('asks for the roles, the permission and init data, the theme and the two-factor status at once, then mounts the console', async () => {
    const server = serverAnsweringAllAtOnce(answers());
    vi.stubGlobal('fetch', server.fetch);
    openConsoleAddress('/system/user/userList');
    await waitFor(() => expect(useConsoleStore.getState().loaded).toBe(true), { timeout: 5_000 });
    // Every call was sent before the first answer came back.
    expect(server.arrivedAtFirstAnswer()).toBe(START_CALLS.length);
    for (const path of START_CALLS) expect(server.callsTo(path)).toHaveLength(1);
    expect(useConsoleStore.getState().siteName).toBe('蒲公英测试站');
    expect(useConsoleStore.getState().rolesList).toEqual(['ADMIN']);
    expect(window.location.pathname).toBe('/system/user/userList');
  });

  it('sends a user who must enrol in two-factor sign-in to the account centre first', async () => {
    const server = serverAnsweringAllAtOnce(answers({ enabled: false, required: true, due: true, recoveryCodesLeft: 0, trustedDevices: 0 }));
    vi.stubGlobal('fetch', server.fetch);
    openConsoleAddress('/system/user/userList');
    await waitFor(() => expect(useConsoleStore.getState().loaded).toBe(true), { timeout: 5_000 });
    expect(window.location.pathname + window.location.search).toBe(ENROLMENT_PATH);
  });

  it('reports the failures in the spec’s order: the roles’ message before the permission’s', async () => {
    const replies = { ...answers(), [ROLES]: refuse(500, '角色查询失败'), [PERMISSION]: refuse(500, '权限数据失败') };
    const server = serverAnsweringAllAtOnce(replies);
    vi.stubGlobal('fetch', server.fetch);
    openConsoleAddress('/system/user/userList');
    expect(await screen.findByText('角色查询失败', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText('系统提示')).toBeTruthy();
    expect(screen.queryByText('权限数据失败')).toBeNull();
    expect(useConsoleStore.getState().loaded).toBe(false);
  });
});
