import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../api/consoleTypes';
import {
  filterByPermission,
  flattenRoutes,
  isPermittedPath,
  joinPath,
  keepImplemented,
  landingPath,
  menuKeyFor,
  routeChain,
  toConsoleRoutes,
  visibleMenu,
  withHome,
} from './buildRoutes';
import type { ConsoleRoute } from '../../api/consoleStore';

let seq = 0;
const node = (path: string | null, url: string | null, extra: Partial<MenuNode> = {}): MenuNode => ({
  id: String(++seq),
  pid: null,
  path,
  url,
  name: extra.name ?? `code${seq}`,
  redirect: null,
  hidden: false,
  alwaysShow: false,
  meta: { title: extra.meta?.title ?? `页面${seq}`, icon: null, activeMenu: null, ...extra.meta },
  children: [],
  ...extra,
});

/** The seed's shape: group → page with redirect → hidden list/add pages. */
const systemMenu = (): MenuNode[] => [
  node('/system', 'Layout', {
    name: 'system',
    alwaysShow: true,
    children: [
      node('/system/user', 'Layout', {
        name: 'system:user:main',
        redirect: '/system/user/userList',
        children: [
          node('/system/user/userList', 'system/user/userList', { name: 'system:user:list', hidden: true, meta: { title: '用户列表', icon: null, activeMenu: '/system/user' } }),
          node('userAdd', 'system/user/userForm', { name: 'system:user:add', hidden: true, meta: { title: '新增用户', icon: null, activeMenu: '/system/user' } }),
        ],
      }),
    ],
  }),
];

const known = (...components: string[]) => (c: string) => components.includes(c);

describe('joinPath', () => {
  it('keeps absolute paths and joins relative ones onto the parent', () => {
    expect(joinPath('/system', '/base/dict')).toBe('/base/dict');
    expect(joinPath('/system/user', 'userAdd')).toBe('/system/user/userAdd');
    expect(joinPath('/system/', 'user/')).toBe('/system/user/');
    expect(joinPath('/', '/home/')).toBe('/home');
  });
});

describe('toConsoleRoutes', () => {
  it('gives absolute paths, treats Layout as no page, resolves redirects and keeps the flags', () => {
    const [system] = toConsoleRoutes(systemMenu());
    expect(system).toMatchObject({ path: '/system', component: null, alwaysShow: true });
    const user = system!.children[0]!;
    expect(user).toMatchObject({ path: '/system/user', component: null, redirect: '/system/user/userList' });
    expect(user.children.map((c) => [c.path, c.component, c.hidden])).toEqual([
      ['/system/user/userList', 'system/user/userList', true],
      ['/system/user/userAdd', 'system/user/userForm', true],
    ]);
    expect(user.children[0]!.meta.activeMenu).toBe('/system/user');
  });

  it("skips items whose route value is '0' (spec §2) and items without a path", () => {
    const routes = toConsoleRoutes([node('0', 'x/y'), node('/a', '0'), node(null, 'b/c'), node('/ok', 'ok/index')]);
    expect(routes.map((r) => r.path)).toEqual(['/ok']);
  });
});

describe('withHome', () => {
  it('always puts /home with component home/index first (spec §2)', () => {
    const routes = withHome(toConsoleRoutes(systemMenu()));
    expect(routes[0]).toMatchObject({ path: '/home', component: 'home/index', meta: { title: '首页' } });
    expect(withHome(routes)).toHaveLength(routes.length);
  });
});

describe('filterByPermission', () => {
  const route = (path: string, permission?: string[], children: ConsoleRoute[] = []): ConsoleRoute => ({
    id: null,
    path, name: path, component: 'x', redirect: null, hidden: false, alwaysShow: false, meta: { title: path, icon: null, activeMenu: null, permission }, children,
  });

  it('keeps routes without a permission list and those whose list the user holds one of', () => {
    const routes = [route('/open'), route('/mine', ['a:b:list', 'a:b:add']), route('/theirs', ['x:y:list']), route('/parent', undefined, [route('/parent/child', ['x:y:list'])])];
    const visible = filterByPermission(routes, ['a:b:add']);
    expect(visible.map((r) => r.path)).toEqual(['/open', '/mine', '/parent']);
    expect(visible[2]!.children).toEqual([]);
    expect(filterByPermission([route('/empty', [])], [])).toHaveLength(1);
  });
});

describe('keepImplemented', () => {
  it('drops pages this build lacks, groups left empty, and redirects to dropped pages', () => {
    const routes = keepImplemented(withHome(toConsoleRoutes(systemMenu())), known('home/index'));
    expect(routes.map((r) => r.path)).toEqual(['/home']);
  });

  it('keeps a redirect whose target survived', () => {
    const routes = keepImplemented(toConsoleRoutes(systemMenu()), known('system/user/userList'));
    const user = routes[0]!.children[0]!;
    expect(user.redirect).toBe('/system/user/userList');
    expect(user.children.map((c) => c.path)).toEqual(['/system/user/userList']);
  });
});

describe('visibleMenu', () => {
  it('removes hidden items, keeps a page whose sub-pages are all hidden as a leaf', () => {
    const menu = visibleMenu(toConsoleRoutes(systemMenu()));
    expect(menu).toHaveLength(1);
    expect(menu[0]!.children.map((c) => c.path)).toEqual(['/system/user']);
    expect(menu[0]!.children[0]!.children).toEqual([]);
  });

  it('hides a group whose children are all hidden (spec §2)', () => {
    const group = node('/base', 'Layout', { children: [node('/base/a', 'base/a', { hidden: true }), node('/base/b', 'base/b', { hidden: true })] });
    expect(visibleMenu(toConsoleRoutes([group]))).toEqual([]);
  });
});

describe('permission list rules', () => {
  const list = flattenRoutes(withHome(toConsoleRoutes(systemMenu())));

  it('flattens parents first', () => {
    expect(list.map((r) => r.path)).toEqual(['/home', '/system', '/system/user', '/system/user/userList', '/system/user/userAdd']);
  });

  it('permits pages and redirects, not bare groups', () => {
    expect(isPermittedPath('/system/user/userList', list)).toBe(true);
    expect(isPermittedPath('/system/user/', list)).toBe(true);
    expect(isPermittedPath('/system', list)).toBe(false);
    expect(isPermittedPath('/system/role/roleList', list)).toBe(false);
  });

  it('lands on the requested path when permitted, otherwise on / (spec §2 guard); portal paths pass', () => {
    const isConsole = (p: string) => p.startsWith('/system') || p === '/home';
    expect(landingPath('/system/user/userList?id=3', list, isConsole)).toBe('/system/user/userList?id=3');
    expect(landingPath('/system/role/roleList', list, isConsole)).toBe('/');
    expect(landingPath('/declare', list, isConsole)).toBe('/declare');
  });

  it('highlights the parent of a hidden page (activeMenu) and builds its chain', () => {
    expect(menuKeyFor('/system/user/userAdd', list)).toBe('/system/user');
    expect(menuKeyFor('/home', list)).toBe('/home');
    const chain = routeChain('/system/user/userAdd', toConsoleRoutes(systemMenu()));
    expect(chain.map((r) => r.path)).toEqual(['/system', '/system/user', '/system/user/userAdd']);
  });
});
