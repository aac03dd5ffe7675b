/**
 * The sample console menu (spec §2 Admin console groups, menu node shape) and the permission codes
 * it implies (spec §6: module:feature:action). Development sample data only.
 *
 * Codes come from the features' permission maps in packages/shared (`<FEATURE>_PERMISSIONS`), the
 * same maps the routes, buttons and seed read. The sample holds a subset of the seeded menu.
 */
import { CALENDAR_PERMISSIONS } from '@dandelion/shared/base/calendar';
import { DICT_PERMISSIONS } from '@dandelion/shared/base/dict';
import { LOG_PERMISSIONS, REST_LOG_PERMISSIONS } from '@dandelion/shared/base/log';
import { PROGRESS_PERMISSIONS } from '@dandelion/shared/base/progress';
import { SCHEDULER_PERMISSIONS } from '@dandelion/shared/base/scheduler';
import { SERIAL_PERMISSIONS } from '@dandelion/shared/base/serial';
import { RESOURCE_PERMISSIONS } from '@dandelion/shared/cms/resource';
import { CMS_SETTING_PERMISSIONS } from '@dandelion/shared/cms/setting';
import { CENTER_PERMISSIONS, FUNC_PERMISSIONS } from '@dandelion/shared/system/func';
import { ORG_PERMISSIONS } from '@dandelion/shared/system/org';
import { POST_PERMISSIONS } from '@dandelion/shared/system/post';
import { ROLE_PERMISSIONS } from '@dandelion/shared/system/role';
import { USER_PERMISSIONS } from '@dandelion/shared/system/user';
import type { MenuNode } from '../../api/consoleTypes';

interface PageSpec {
  /** The page's permission code (its menu node's name). */
  code: string;
  /** Last path segment, as spec §2 names the page (dictList, schedulerAdd…). */
  page: string;
  title: string;
}

interface FeatureSpec {
  /** Path segment of the feature (/base/dict). */
  feature: string;
  title: string;
  icon: string;
  pages: PageSpec[];
  /** Button permissions of the feature's pages (del, sort, enable…). */
  buttons: string[];
}

interface GroupSpec {
  module: string;
  title: string;
  icon: string;
  features: FeatureSpec[];
}

const p = (code: string, page: string, title: string): PageSpec => ({ code, page, title });

/** The list page and the shared form's three pages (spec §2) of a feature, with their codes. */
const listAndForm = (map: { list: string; add: string; upd: string; detail: string }, name: string, entity: string, listPage = `${name}List`): PageSpec[] => [
  p(map.list, listPage, `${entity}列表`),
  p(map.add, `${name}Add`, `新增${entity}`),
  p(map.upd, `${name}Upd`, `修改${entity}`),
  p(map.detail, `${name}Detail`, `${entity}详情`),
];

/** The codes of `actions` in a feature's permission map (an action the map lacks does not compile). */
const codes = <M extends Readonly<Record<string, string>>>(map: M, ...actions: Array<keyof M & string>): string[] => actions.map((action) => map[action]!);

/** The feature's own menu entry (a group over its pages): `<module>:<feature>:main`, as the seed names it. */
const mainCodeOf = (feature: FeatureSpec) => feature.pages[0]!.code.replace(/:[^:]+$/, ':main');

const GROUPS: GroupSpec[] = [
  {
    module: 'base',
    title: '基础模块',
    icon: 'AppstoreOutlined',
    features: [
      {
        feature: 'dict',
        title: '数据字典',
        icon: 'BookOutlined',
        pages: [p(DICT_PERMISSIONS.list, 'dictList', '字典列表')],
        buttons: codes(DICT_PERMISSIONS, 'add', 'upd', 'del', 'detail', 'sort', 'lock'),
      },
      {
        feature: 'scheduler',
        title: '定时任务',
        icon: 'ClockCircleOutlined',
        pages: [...listAndForm(SCHEDULER_PERMISSIONS, 'scheduler', '任务', 'schedulerMain'), p(SCHEDULER_PERMISSIONS.logdetail, 'schedulerLogDetail', '执行日志详情')],
        buttons: codes(SCHEDULER_PERMISSIONS, 'del', 'enable'),
      },
      {
        feature: 'progress',
        title: '流程管理',
        icon: 'PartitionOutlined',
        pages: [p(PROGRESS_PERMISSIONS.list, 'progressMain', '流程列表')],
        buttons: codes(PROGRESS_PERMISSIONS, 'add', 'upd', 'del'),
      },
      {
        feature: 'calendar',
        title: '节假日管理',
        icon: 'CalendarOutlined',
        pages: [p(CALENDAR_PERMISSIONS.list, 'calendarList', '节假日列表')],
        buttons: codes(CALENDAR_PERMISSIONS, 'add', 'upd', 'del'),
      },
      {
        feature: 'serial',
        title: '流水号',
        icon: 'NumberOutlined',
        pages: [p(SERIAL_PERMISSIONS.list, 'serialList', '流水号规则')],
        buttons: codes(SERIAL_PERMISSIONS, 'add', 'upd', 'del', 'next'),
      },
      {
        feature: 'rest',
        title: '接口日志',
        icon: 'ApiOutlined',
        pages: [p(REST_LOG_PERMISSIONS.list, 'restList', '接口调用日志'), p(REST_LOG_PERMISSIONS.detail, 'restDetail', '调用详情')],
        buttons: [],
      },
      {
        feature: 'log',
        title: '操作日志',
        icon: 'FileSearchOutlined',
        pages: [p(LOG_PERMISSIONS.list, 'logList', '操作日志'), p(LOG_PERMISSIONS.detail, 'logDetail', '日志详情')],
        buttons: [],
      },
    ],
  },
  {
    module: 'cms',
    title: '内容管理',
    icon: 'ReadOutlined',
    features: [
      {
        feature: 'setting',
        title: '站点设置',
        icon: 'SettingOutlined',
        pages: [p(CMS_SETTING_PERMISSIONS.list, 'settingMain', '站点设置')],
        buttons: codes(CMS_SETTING_PERMISSIONS, 'upd'),
      },
      { feature: 'resource', title: '资源管理', icon: 'FolderOpenOutlined', pages: listAndForm(RESOURCE_PERMISSIONS, 'resource', '资源'), buttons: codes(RESOURCE_PERMISSIONS, 'del') },
    ],
  },
  {
    module: 'system',
    title: '系统管理',
    icon: 'ControlOutlined',
    features: [
      { feature: 'org', title: '组织机构', icon: 'ApartmentOutlined', pages: listAndForm(ORG_PERMISSIONS, 'org', '机构'), buttons: codes(ORG_PERMISSIONS, 'del', 'sort', 'bind') },
      {
        feature: 'user',
        title: '用户管理',
        icon: 'UserOutlined',
        pages: [...listAndForm(USER_PERMISSIONS, 'user', '用户'), p(USER_PERMISSIONS.perm, 'userPerm', '分配角色')],
        buttons: codes(USER_PERMISSIONS, 'del', 'lock', 'reset', 'enable'),
      },
      { feature: 'role', title: '角色管理', icon: 'TeamOutlined', pages: listAndForm(ROLE_PERMISSIONS, 'role', '角色'), buttons: codes(ROLE_PERMISSIONS, 'del', 'bind') },
      { feature: 'post', title: '岗位管理', icon: 'SolutionOutlined', pages: listAndForm(POST_PERMISSIONS, 'post', '岗位'), buttons: codes(POST_PERMISSIONS, 'del', 'enable') },
      { feature: 'func', title: '功能菜单', icon: 'MenuOutlined', pages: listAndForm(FUNC_PERMISSIONS, 'func', '菜单'), buttons: codes(FUNC_PERMISSIONS, 'del', 'sort') },
    ],
  },
];

let nextId = 0;
const id = () => String((nextId += 1));

interface NodeFields extends Partial<Pick<MenuNode, 'redirect' | 'hidden' | 'alwaysShow'>> {
  path: string;
  url: string;
  name: string;
  title: string;
  icon?: string;
  activeMenu?: string;
}

function node({ path, url, name, title, icon, activeMenu, ...flags }: NodeFields): MenuNode {
  return {
    id: id(),
    pid: null,
    path,
    url,
    name,
    redirect: flags.redirect ?? null,
    hidden: flags.hidden ?? false,
    alwaysShow: flags.alwaysShow ?? false,
    meta: { title, icon: icon ?? null, activeMenu: activeMenu ?? null },
    children: [],
  };
}

function withParent(parent: MenuNode, children: MenuNode[]): MenuNode {
  parent.children = children.map((child) => ({ ...child, pid: parent.id }));
  return parent;
}

function buildTree(): MenuNode[] {
  const tree = GROUPS.map((group) =>
    withParent(
      node({ path: `/${group.module}`, url: 'Layout', name: group.module, title: group.title, icon: group.icon, alwaysShow: true }),
      group.features.map((f) => {
        const base = `/${group.module}/${f.feature}`;
        return withParent(
          node({ path: base, url: 'Layout', name: mainCodeOf(f), title: f.title, icon: f.icon, redirect: `${base}/${f.pages[0]!.page}` }),
          // Sub-pages are hidden and highlight their feature (spec §2).
          f.pages.map((page) =>
            node({
              path: `${base}/${page.page}`,
              url: `${group.module}/${f.feature}/${page.page}`,
              name: page.code,
              title: page.title,
              hidden: true,
              activeMenu: base,
            }),
          ),
        );
      }),
    ),
  );
  tree.push(
    withParent(node({ path: '/center', url: 'Layout', name: 'center', title: '个人中心', icon: 'IdcardOutlined', redirect: '/center/index' }), [
      node({ path: '/center/index', url: 'center/index', name: CENTER_PERMISSIONS.main, title: '个人中心', icon: 'IdcardOutlined' }),
    ]),
  );
  return tree;
}

/** The whole sample menu tree. */
export const MENU_TREE: MenuNode[] = buildTree();

function collectNames(nodes: MenuNode[]): string[] {
  return nodes.flatMap((n) => [n.name, ...collectNames(n.children)]);
}

/** Every permission code of the sample: menu and page codes plus the button codes. */
export const ALL_CODES: string[] = [
  ...collectNames(MENU_TREE),
  ...GROUPS.flatMap((g) => g.features.flatMap((f) => f.buttons)),
].filter((code, index, all) => all.indexOf(code) === index);

/** The code the mock ADMIN holds beyond the catalogue (spec §6: "all codes plus one extra"). */
export const EXTRA_ADMIN_CODE = RESOURCE_PERMISSIONS.addArticle;

/** The menu an account sees: the whole tree, or only the given top-level groups. */
export function menuFor(groups: readonly string[] | 'all'): MenuNode[] {
  return groups === 'all' ? MENU_TREE : MENU_TREE.filter((n) => groups.includes(n.name));
}

/** The codes inside the given top-level groups. */
export function codesOf(groups: readonly string[]): string[] {
  return ALL_CODES.filter((code) => groups.includes(code.split(':')[0]!));
}
