/** Test set-up shared by the console layout and theme tests: a menu, a session and a router around ConsoleLayout. */
import { useState } from 'react';
import { vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { useSessionStore } from '../api/session';
import { useConsoleStore, type ConsoleRoute } from '../api/consoleStore';
import type { ConsoleTheme } from '../api/consoleTypes';
import ConsoleLayout from '../console/layout/ConsoleLayout';
import { route } from './consoleRoute';
import { renderRouter } from './widgetKit';

const sub = (path: string, title: string, parent: string) =>
  route(path, title, { component: path.slice(1), hidden: true, meta: { title, icon: null, activeMenu: parent } });

export const pages = {
  home: route('/home', '首页', { component: 'home/index', meta: { title: '首页', icon: 'HomeOutlined', activeMenu: null } }),
  userList: sub('/system/user/userList', '用户列表', '/system/user'),
  userAdd: sub('/system/user/userAdd', '新增用户', '/system/user'),
  roleList: sub('/system/role/roleList', '角色列表', '/system/role'),
  smsList: sub('/message/sms/smsList', '短信日志列表', '/message/sms'),
};

const userMenu = route('/system/user', '用户管理', {
  redirect: '/system/user/userList',
  meta: { title: '用户管理', icon: 'UserOutlined', activeMenu: null },
});
const roleMenu = route('/system/role', '角色管理', {
  redirect: '/system/role/roleList',
  meta: { title: '角色管理', icon: 'TeamOutlined', activeMenu: null },
});
const system = route('/system', '系统管理', {
  alwaysShow: true,
  meta: { title: '系统管理', icon: 'ControlOutlined', activeMenu: null },
  children: [userMenu, roleMenu],
});
const smsMenu = route('/message/sms', '短信日志', {
  redirect: '/message/sms/smsList',
  meta: { title: '短信日志', icon: 'custom-sms', activeMenu: null },
});
// One child and no alwaysShow: the child stands in for the group.
const message = route('/message', '消息管理', { meta: { title: '消息管理', icon: null, activeMenu: null }, children: [smsMenu] });

/** The visible menu as the guard builds it: sub-pages are hidden, so absent here. */
export const menuList = [pages.home, system, message];
export const permissionList = [pages.home, system, userMenu, pages.userList, pages.userAdd, roleMenu, pages.roleList, message, smsMenu, pages.smsList];

/** A page with something to type into, to see whether its state survives. */
function TypingPage({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <div>
      <h2>{label}</h2>
      <input aria-label={`${label}输入`} />
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        {label}计数 {count}
      </button>
    </div>
  );
}

/** The environment's own fetch: a test that has not put a fake in its place would reach the network. */
const unstubbedFetch = globalThis.fetch;
const EMPTY_HEADER = { notices: [], noticeUnread: 0, msgs: [], msgUnread: 0, unreadCount: 0 };

export function signInAsAdmin() {
  useSessionStore.getState().signIn('tok-admin', { userId: '1', username: 'admin', realname: '系统管理员' });
  // A signed-in console's bell asks for the unread count: answer it when the test has no fake server of its own.
  if (globalThis.fetch === unstubbedFetch) {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: '0000', success: true, msg: '操作成功', data: EMPTY_HEADER }), { headers: { 'content-type': 'application/json' } }));
  }
}

export function loadConsole(options: { theme?: ConsoleTheme | null; layoutUiName?: string } = {}) {
  useConsoleStore.setState({
    loaded: true,
    siteName: '蒲公英测试站',
    menuList,
    permissionList,
    customIcons: [{ iconId: 'i1', name: 'custom-sms', pathContent: 'M0 0h1024v1024H0z', viewBox: '0 0 1024 1024' }],
    theme: options.theme ?? null,
    layoutUiName: options.theme?.layoutUiName ?? options.layoutUiName ?? 'cms-layout',
    unreadCount: 0,
  });
}

/** ConsoleLayout as the pathless root of a few trivial pages, like the app's console route. */
export function renderConsole(path: string) {
  const page = (r: ConsoleRoute) => ({ path: r.path, handle: { title: r.meta.title }, element: <TypingPage label={r.meta.title} /> });
  const router = createMemoryRouter(
    [
      {
        Component: ConsoleLayout,
        children: [pages.home, pages.userList, pages.userAdd, pages.roleList, pages.smsList].map(page),
      },
      { path: '/login', element: <p>登录页</p> },
      { path: '/center', element: <p>个人中心页</p> },
      { path: '/', element: <p>门户首页页</p> },
    ],
    { initialEntries: [path] },
  );
  return renderRouter(router);
}
