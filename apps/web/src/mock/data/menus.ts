/**
 * The sample console menu (spec §2 Admin console groups, menu node shape) and the permission codes
 * it implies (spec §6: module:feature:action). Development sample data only.
 */
import type { MenuNode } from '../../api/consoleTypes';

interface PageSpec {
  /** Action part of the permission code (list, add, upd…). */
  action: string;
  /** Last path segment, as spec §2 names the page (dictList, schedulerAdd…). */
  page: string;
  title: string;
}

interface FeatureSpec {
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

const p = (action: string, page: string, title: string): PageSpec => ({ action, page, title });

const GROUPS: GroupSpec[] = [
  {
    module: 'base',
    title: '基础模块',
    icon: 'AppstoreOutlined',
    features: [
      { feature: 'dict', title: '数据字典', icon: 'BookOutlined', pages: [p('list', 'dictList', '字典列表')], buttons: ['add', 'upd', 'del', 'detail', 'sort', 'lock'] },
      {
        feature: 'scheduler',
        title: '定时任务',
        icon: 'ClockCircleOutlined',
        pages: [
          p('list', 'schedulerMain', '任务列表'),
          p('add', 'schedulerAdd', '新增任务'),
          p('upd', 'schedulerUpd', '修改任务'),
          p('detail', 'schedulerDetail', '任务详情'),
          p('logdetail', 'schedulerLogDetail', '执行日志'),
        ],
        buttons: ['del', 'enable'],
      },
      { feature: 'progress', title: '流程管理', icon: 'PartitionOutlined', pages: [p('list', 'progressMain', '流程列表')], buttons: ['add', 'upd', 'del'] },
      { feature: 'calendar', title: '节假日管理', icon: 'CalendarOutlined', pages: [p('list', 'calendarList', '节假日列表')], buttons: ['add', 'upd', 'del'] },
      { feature: 'serial', title: '流水号', icon: 'NumberOutlined', pages: [p('list', 'serialList', '流水号规则')], buttons: ['add', 'upd', 'del', 'reset'] },
      { feature: 'rest', title: '接口日志', icon: 'ApiOutlined', pages: [p('list', 'restList', '接口调用日志'), p('detail', 'restDetail', '调用详情')], buttons: [] },
      { feature: 'log', title: '操作日志', icon: 'FileSearchOutlined', pages: [p('list', 'logList', '操作日志'), p('detail', 'logDetail', '日志详情')], buttons: [] },
    ],
  },
  {
    module: 'cms',
    title: '内容管理',
    icon: 'ReadOutlined',
    features: [
      { feature: 'setting', title: '站点设置', icon: 'SettingOutlined', pages: [p('main', 'settingMain', '站点设置')], buttons: ['upd'] },
      {
        feature: 'resource',
        title: '资源管理',
        icon: 'FolderOpenOutlined',
        pages: [p('list', 'resourceList', '资源列表'), p('add', 'resourceAdd', '新增资源'), p('upd', 'resourceUpd', '修改资源'), p('detail', 'resourceDetail', '资源详情')],
        buttons: ['del'],
      },
    ],
  },
  {
    module: 'system',
    title: '系统管理',
    icon: 'ControlOutlined',
    features: [
      {
        feature: 'org',
        title: '组织机构',
        icon: 'ApartmentOutlined',
        pages: [p('list', 'orgList', '机构列表'), p('add', 'orgAdd', '新增机构'), p('upd', 'orgUpd', '修改机构'), p('detail', 'orgDetail', '机构详情')],
        buttons: ['del', 'sort', 'bind'],
      },
      {
        feature: 'user',
        title: '用户管理',
        icon: 'UserOutlined',
        pages: [
          p('list', 'userList', '用户列表'),
          p('add', 'userAdd', '新增用户'),
          p('upd', 'userUpd', '修改用户'),
          p('detail', 'userDetail', '用户详情'),
          p('perm', 'userPerm', '分配角色'),
        ],
        buttons: ['del', 'lock', 'reset', 'enable'],
      },
      {
        feature: 'role',
        title: '角色管理',
        icon: 'TeamOutlined',
        pages: [p('list', 'roleList', '角色列表'), p('add', 'roleAdd', '新增角色'), p('upd', 'roleUpd', '修改角色'), p('detail', 'roleDetail', '角色详情')],
        buttons: ['del', 'bind'],
      },
      {
        feature: 'func',
        title: '功能菜单',
        icon: 'MenuOutlined',
        pages: [p('list', 'funcList', '菜单列表'), p('add', 'funcAdd', '新增菜单'), p('upd', 'funcUpd', '修改菜单'), p('detail', 'funcDetail', '菜单详情')],
        buttons: ['del', 'sort'],
      },
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
          node({ path: base, url: 'Layout', name: `${group.module}:${f.feature}:main`, title: f.title, icon: f.icon, redirect: `${base}/${f.pages[0]!.page}` }),
          // Sub-pages are hidden and highlight their feature (spec §2).
          f.pages.map((page) =>
            node({
              path: `${base}/${page.page}`,
              url: `${group.module}/${f.feature}/${page.page}`,
              name: `${group.module}:${f.feature}:${page.action}`,
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
      node({ path: '/center/index', url: 'center/index', name: 'center:main', title: '个人中心', icon: 'IdcardOutlined' }),
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
  ...GROUPS.flatMap((g) => g.features.flatMap((f) => f.buttons.map((action) => `${g.module}:${f.feature}:${action}`))),
].filter((code, index, all) => all.indexOf(code) === index);

/** The code the mock ADMIN holds beyond the catalogue (spec §6: "all codes plus one extra"). */
export const EXTRA_ADMIN_CODE = 'cms:resource:addAtricle';

/** The menu an account sees: the whole tree, or only the given top-level groups. */
export function menuFor(groups: readonly string[] | 'all'): MenuNode[] {
  return groups === 'all' ? MENU_TREE : MENU_TREE.filter((n) => groups.includes(n.name));
}

/** The codes inside the given top-level groups. */
export function codesOf(groups: readonly string[]): string[] {
  return ALL_CODES.filter((code) => groups.includes(code.split(':')[0]!));
}
