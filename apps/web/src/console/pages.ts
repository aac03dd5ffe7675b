import { CALENDAR_PAGES } from './base/calendar/pages';
import { DICT_PAGES } from './base/dict/pages';
import { LOG_PAGES } from './base/log/pages';
import { MONITOR_PAGES } from './base/monitor/pages';
import { PROGRESS_PAGES } from './base/progress/pages';
import { REGION_PAGES } from './base/region/pages';
import { SCHEDULER_PAGES } from './base/scheduler/pages';
import { SERIAL_PAGES } from './base/serial/pages';
import { COMPLAINT_PAGES } from './cms/complaint/pages';
import { CONTENT_PAGES } from './cms/content/pages';
import { RESOURCE_PAGES } from './cms/resource/pages';
import { SETTING_PAGES } from './cms/setting/pages';
import { formPaths, type ConsolePage } from './pageTypes';
import { POST_PAGES } from './system/post/pages';

/**
 * The console pages this build contains, by menu component key (spec §2: the menu node's url).
 * Menu entries whose page is not here are left out of the routes and the menu; a known page the
 * user lacks the permission for answers 403.
 */
export const CONSOLE_PAGES: Record<string, ConsolePage> = {
  ...DICT_PAGES,
  ...REGION_PAGES,
  ...SCHEDULER_PAGES,
  ...PROGRESS_PAGES,
  ...CALENDAR_PAGES,
  ...SERIAL_PAGES,
  ...LOG_PAGES,
  ...MONITOR_PAGES,
  'home/index': { paths: ['/home'], load: () => import('./home/HomePage') },
  'center/index': { paths: ['/center'], load: () => import('./center/AccountCenterPage') },
  ...COMPLAINT_PAGES,
  'message/sms/smsList': { paths: ['/message/sms/smsList'], load: () => import('./message/sms/SmsListPage') },
  'message/notice/noticeList': { paths: ['/message/notice/noticeList'], load: () => import('./message/notice/NoticeListPage') },
  'message/notice/noticeForm': { paths: formPaths('/message/notice', 'notice'), load: () => import('./message/notice/NoticeFormPage') },
  'message/notice/noticeReceipt': { paths: ['/message/notice/noticeReceipt'], load: () => import('./message/notice/NoticeReceiptPage') },
  'message/my/myMsgList': { paths: ['/message/my/myMsgList'], load: () => import('./message/my/MyMessagePage') },
  'message/template/templateList': { paths: ['/message/template/templateList'], load: () => import('./message/template/TemplateListPage') },
  'message/template/templateForm': { paths: formPaths('/message/template', 'template'), load: () => import('./message/template/TemplateFormPage') },
  'message/template/templateLog': { paths: ['/message/template/templateLog'], load: () => import('./message/template/TemplateLogPage') },
  ...CONTENT_PAGES,
  ...RESOURCE_PAGES,
  ...SETTING_PAGES,
  'system/org/orgList': { paths: ['/system/org/orgList'], load: () => import('./system/org/OrgListPage') },
  'system/org/orgForm': { paths: formPaths('/system/org', 'org'), load: () => import('./system/org/OrgFormPage') },
  'system/user/userList': { paths: ['/system/user/userList'], load: () => import('./system/user/UserListPage') },
  'system/user/userForm': { paths: formPaths('/system/user', 'user'), load: () => import('./system/user/UserFormPage') },
  'system/user/userPerm': { paths: ['/system/user/userPerm'], load: () => import('./system/user/UserPermPage') },
  'system/role/roleList': { paths: ['/system/role/roleList'], load: () => import('./system/role/RoleListPage') },
  'system/role/roleForm': { paths: formPaths('/system/role', 'role'), load: () => import('./system/role/RoleFormPage') },
  ...POST_PAGES,
  'system/app/appList': { paths: ['/system/app/appList'], load: () => import('./system/app/AppListPage') },
  'system/app/appForm': { paths: formPaths('/system/app', 'app'), load: () => import('./system/app/AppFormPage') },
  'system/func/funcList': { paths: ['/system/func/funcList'], load: () => import('./system/func/FuncListPage') },
  'system/func/funcForm': { paths: formPaths('/system/func', 'func'), load: () => import('./system/func/FuncFormPage') },
  'system/theme/themeList': { paths: ['/system/theme/themeList'], load: () => import('./system/theme/ThemeListPage') },
  'system/theme/themeForm': { paths: formPaths('/system/theme', 'theme'), load: () => import('./system/theme/ThemeFormPage') },
  'system/layout/layoutList': { paths: ['/system/layout/layoutList'], load: () => import('./system/layout/LayoutListPage') },
  'system/layout/layoutForm': { paths: formPaths('/system/layout', 'layout'), load: () => import('./system/layout/LayoutFormPage') },
  'system/datapermission/datapermissionList': {
    paths: ['/system/datapermission/datapermissionList'],
    load: () => import('./system/datapermission/DatapermissionListPage'),
  },
  'system/datapermission/datapermissionForm': {
    paths: formPaths('/system/datapermission', 'datapermission'),
    load: () => import('./system/datapermission/DatapermissionFormPage'),
  },
};

export function isConsolePage(component: string): boolean {
  return Object.hasOwn(CONSOLE_PAGES, component);
}

/** Path prefixes of the console (spec §2 admin groups plus home and the blank page). */
const CONSOLE_PREFIXES = ['/home', '/blank', '/base', '/cms', '/system', '/message'];

export function isConsolePath(pathname: string): boolean {
  return CONSOLE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** A page this build has (or its menu entry), at its seeded path: opening it without permission shows 403, not 404. */
export function isKnownConsolePagePath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  if (!isConsolePath(path)) return false;
  return Object.values(CONSOLE_PAGES).some((page) => page.paths.some((p) => p === path || p.slice(0, p.lastIndexOf('/')) === path));
}
