import { describe, expect, it } from 'vitest';
import { route } from '../../test/consoleRoute';
import { breadcrumbTrail, openKeysFor, routeTitle, selectedMenuKey } from './menuModel';


const userList = route('/system/user/userList', '用户列表', { component: 'system/user/userList', hidden: true, meta: { title: '用户列表', icon: null, activeMenu: '/system/user' } });
const userAdd = route('/system/user/userAdd', '新增用户', { component: 'system/user/userForm', hidden: true, meta: { title: '新增用户', icon: null, activeMenu: '/system/user' } });
const settingMain = route('/cms/setting/settingMain', '站点设置', { component: 'x', hidden: true, meta: { title: '站点设置', icon: null, activeMenu: '/cms/setting' } });
const home = route('/home', '首页', { component: 'home/index' });
const userMenu = route('/system/user', '用户管理', { redirect: '/system/user/userList' });
const system = route('/system', '系统管理', { alwaysShow: true, children: [userMenu] });
const setting = route('/cms/setting', '站点设置', { redirect: '/cms/setting/settingMain' });
const cms = route('/cms', '内容管理', { children: [setting] });
const menu = [home, system, cms];
const permissionList = [home, system, userMenu, userList, userAdd, cms, setting, settingMain];

describe('selectedMenuKey', () => {
  it('highlights the parent of a hidden sub-page', () => {
    expect(selectedMenuKey('/system/user/userAdd', permissionList, menu)).toBe('/system/user');
  });
  it('selects a menu page itself and ignores a trailing slash', () => {
    expect(selectedMenuKey('/home/', permissionList, menu)).toBe('/home');
  });
  it('falls back to the deepest entry containing an unknown page', () => {
    expect(selectedMenuKey('/system/user/other', permissionList, menu)).toBe('/system/user');
    expect(selectedMenuKey('/elsewhere', permissionList, menu)).toBeNull();
  });
  it('opens the groups above the selection', () => {
    expect(openKeysFor(menu, '/system/user')).toEqual(['/system']);
    expect(openKeysFor(menu, null)).toEqual([]);
  });
});

describe('breadcrumbTrail', () => {
  it('runs group → menu entry → sub-page; only the entry links', () => {
    expect(breadcrumbTrail('/system/user/userAdd', menu, permissionList, '/home')).toEqual([
      { title: '系统管理', to: null },
      { title: '用户管理', to: '/system/user/userList' },
      { title: '新增用户', to: null },
    ]);
  });
  it('adds nothing for the home page and does not repeat a sub-page named like its entry', () => {
    expect(breadcrumbTrail('/home', menu, permissionList, '/home')).toEqual([]);
    expect(breadcrumbTrail('/cms/setting/settingMain', menu, permissionList, '/home')).toEqual([
      { title: '内容管理', to: null },
      { title: '站点设置', to: null },
    ]);
  });
  it("ends an entry's own page at the entry, without a level naming the page again", () => {
    expect(breadcrumbTrail('/system/user/userList', menu, permissionList, '/home')).toEqual([
      { title: '系统管理', to: null },
      { title: '用户管理', to: null },
    ]);
  });
});

describe('routeTitle (tab and page heading)', () => {
  const homeEntry = { path: '/home', title: '工作台' };
  it("names an entry's own page after the menu entry, not after the page", () => {
    expect(routeTitle('/system/user/userList', permissionList, menu, homeEntry)).toBe('用户管理');
    expect(routeTitle('/system/user', permissionList, menu, homeEntry)).toBe('用户管理');
  });
  it('names a sub-page that is no menu entry by its own title', () => {
    expect(routeTitle('/system/user/userAdd', permissionList, menu, homeEntry)).toBe('新增用户');
  });
  it('names home by its entry and knows nothing of other pages', () => {
    expect(routeTitle('/home', [], [], homeEntry)).toBe('工作台');
    expect(routeTitle('/nowhere', permissionList, menu, homeEntry)).toBeNull();
  });
});
