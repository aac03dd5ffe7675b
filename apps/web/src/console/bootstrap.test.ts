import { describe, expect, it } from 'vitest';
import { assembleConsoleData } from './bootstrap';
import { hasConsole } from '../api/consoleStore';
import type { InitResponse, MenuNode, PermissionResponse } from '../api/consoleTypes';

const menu = (path: string, url: string, name: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id: name, pid: null, path, url, name, redirect: null, hidden: false, alwaysShow: false, meta: { title: name, icon: null, activeMenu: null }, children: [], ...extra,
});

const templateList: MenuNode[] = [
  menu('/message', 'Layout', 'message', {
    alwaysShow: true,
    children: [
      menu('/message/sms', 'Layout', 'message:sms:main', {
        redirect: '/message/sms/smsList',
        children: [menu('/message/sms/smsList', 'message/sms/smsList', 'message:sms:list', { hidden: true, meta: { title: '短信日志列表', icon: null, activeMenu: '/message/sms' } })],
      }),
    ],
  }),
  // A page no build has: its entry, and the group it alone fills, must drop out of the menu.
  menu('/base', 'Layout', 'base', { children: [menu('/base/report', 'Layout', 'base:report:main', { redirect: '/base/report/reportList', children: [menu('/base/report/reportList', 'base/report/reportList', 'base:report:list', { hidden: true })] })] }),
  menu('/center', 'center/index', 'center:main'),
];

const permission = (list: MenuNode[]): PermissionResponse => ({
  site: { displayName: '蒲公英奖励平台' },
  templateList: list,
  theme: { layoutUiName: 'top-layout' },
  indexTemplateEntity: { componentPath: 'home/index', componentName: 'home' },
});
const init = (permissions: string[]): InitResponse => ({
  icons: [], menu: [], apps: [{ appCode: 'dandelion', visitUrl: '/', path: '/', menus: [] }], indexMenu: { path: '/home', component: 'home/index', meta: { title: '首页' } }, appDicts: {}, permissions,
});

describe('assembleConsoleData', () => {
  it('builds the permission list and visible menu from the server menu, home first, pages this build lacks left out', () => {
    const data = assembleConsoleData({ permission: permission(templateList), init: init(['message:sms:list', 'center:main']), roles: [{ roleCode: 'ADMIN' }], theme: null });
    expect(data.siteName).toBe('蒲公英奖励平台');
    expect(data.rolesList).toEqual(['ADMIN']);
    expect(data.authList).toEqual(['message:sms:list', 'center:main']);
    expect(data.layoutUiName).toBe('top-layout');
    expect(data.appCode).toBe('dandelion');
    // base/report/reportList is not part of this build: the whole /base group drops out.
    expect(data.permissionList.map((r) => r.path)).toEqual(['/home', '/message', '/message/sms', '/message/sms/smsList', '/center']);
    expect(data.menuList.map((r) => r.path)).toEqual(['/home', '/message', '/center']);
    expect(data.menuList[1]!.children.map((r) => r.path)).toEqual(['/message/sms']);
  });

  it('prefers the theme’s layout over the permission response’s', () => {
    const theme = { themeId: '1', themeName: '个人主题', layoutUiName: 'cms-layout', basicProperties: [], components: [], personal: true };
    expect(assembleConsoleData({ permission: permission(templateList), init: init([]), roles: [], theme }).layoutUiName).toBe('cms-layout');
  });
});

describe('hasConsole', () => {
  it('is false for a user whose menu holds only home and the personal centre (portal users keep the portal /center)', () => {
    const applicant = assembleConsoleData({ permission: permission([menu('/center', 'center/index', 'center:main')]), init: init(['center:main']), roles: [], theme: null });
    expect(hasConsole(applicant.permissionList)).toBe(false);
    const staff = assembleConsoleData({ permission: permission(templateList), init: init([]), roles: [], theme: null });
    expect(hasConsole(staff.permissionList)).toBe(true);
  });
});
