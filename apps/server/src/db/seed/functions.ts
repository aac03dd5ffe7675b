/**
 * The console's function tree: every page of spec §2 with its permission code
 * (module:feature:action, spec §6). Sub-pages are hidden and highlight their
 * parent (activeMenu). Buttons are the actions a page offers.
 */
export interface FuncSeed {
  code: string;
  name: string;
  type: 'DIR' | 'MENU' | 'BUTTON';
  path?: string;
  url?: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  icon?: string;
  activeMenu?: string;
  children?: FuncSeed[];
}

const page = (code: string, name: string, path: string, url: string, extra: Partial<FuncSeed> = {}): FuncSeed => ({ code, name, type: 'MENU', path, url, ...extra });
const sub = (code: string, name: string, path: string, url: string, parentPath: string): FuncSeed =>
  page(code, name, path, url, { hidden: true, activeMenu: parentPath });
const buttons = (prefix: string, actions: Array<[string, string]>): FuncSeed[] =>
  actions.map(([action, name]) => ({ code: `${prefix}:${action}`, name, type: 'BUTTON' }));

/** A page with list, add, upd and detail sub-pages (one shared form) and the usual buttons. */
function crudPage(prefix: string, title: string, entity: string, base: string, icon: string): FuncSeed {
  const name = base.split('/').at(-1)!;
  return page(`${prefix}:main`, title, base, 'Layout', {
    redirect: `${base}/${name}List`, icon,
    children: [
      sub(`${prefix}:list`, `${entity}列表`, `${base}/${name}List`, `${base.slice(1)}/${name}List`, base),
      sub(`${prefix}:add`, `新增${entity}`, `${base}/${name}Add`, `${base.slice(1)}/${name}Form`, base),
      sub(`${prefix}:upd`, `修改${entity}`, `${base}/${name}Upd`, `${base.slice(1)}/${name}Form`, base),
      sub(`${prefix}:detail`, `${entity}详情`, `${base}/${name}Detail`, `${base.slice(1)}/${name}Form`, base),
      ...buttons(prefix, [['del', '删除'], ['enable', '启用/停用']]),
    ],
  });
}

export const FUNCTION_TREE: FuncSeed[] = [
  {
    code: 'base', name: '基础模块', type: 'DIR', path: '/base', url: 'Layout', icon: 'AppstoreOutlined', alwaysShow: true,
    children: [
      page('base:dict:main', '数据字典', '/base/dict', 'Layout', {
        redirect: '/base/dict/dictList', icon: 'BookOutlined',
        children: [
          sub('base:dict:list', '字典列表', '/base/dict/dictList', 'base/dict/dictList', '/base/dict'),
          ...buttons('base:dict', [['add', '新增'], ['upd', '修改'], ['del', '删除'], ['detail', '详情'], ['sort', '排序'], ['lock', '锁定'], ['refresh', '刷新缓存']]),
        ],
      }),
      page('base:scheduler:main', '定时任务', '/base/scheduler', 'Layout', {
        redirect: '/base/scheduler/schedulerMain', icon: 'ClockCircleOutlined',
        children: [
          sub('base:scheduler:list', '任务列表', '/base/scheduler/schedulerMain', 'base/scheduler/schedulerMain', '/base/scheduler'),
          sub('base:scheduler:add', '新增任务', '/base/scheduler/schedulerAdd', 'base/scheduler/schedulerForm', '/base/scheduler'),
          sub('base:scheduler:upd', '修改任务', '/base/scheduler/schedulerUpd', 'base/scheduler/schedulerForm', '/base/scheduler'),
          sub('base:scheduler:detail', '任务详情', '/base/scheduler/schedulerDetail', 'base/scheduler/schedulerForm', '/base/scheduler'),
          sub('base:scheduler:logdetail', '执行日志', '/base/scheduler/schedulerLogDetail', 'base/scheduler/schedulerLogDetail', '/base/scheduler'),
          ...buttons('base:scheduler', [['del', '删除'], ['enable', '启用/停用'], ['run', '立即执行'], ['log', '执行日志']]),
        ],
      }),
      page('base:progress:main', '流程管理', '/base/progress', 'Layout', {
        redirect: '/base/progress/progressMain', icon: 'PartitionOutlined',
        children: [sub('base:progress:list', '流程列表', '/base/progress/progressMain', 'base/progress/progressMain', '/base/progress'), ...buttons('base:progress', [['add', '新增'], ['upd', '修改'], ['del', '删除'], ['publish', '发布版本'], ['instance', '流程实例']])],
      }),
      page('base:calendar:main', '节假日管理', '/base/calendar', 'Layout', {
        redirect: '/base/calendar/calendarList', icon: 'CalendarOutlined',
        children: [sub('base:calendar:list', '节假日列表', '/base/calendar/calendarList', 'base/calendar/calendarList', '/base/calendar'), ...buttons('base:calendar', [['add', '新增'], ['upd', '修改'], ['del', '删除']])],
      }),
      page('base:serial:main', '流水号', '/base/serial', 'Layout', {
        redirect: '/base/serial/serialList', icon: 'NumberOutlined',
        children: [sub('base:serial:list', '流水号规则', '/base/serial/serialList', 'base/serial/serialList', '/base/serial'), ...buttons('base:serial', [['add', '新增'], ['upd', '修改'], ['del', '删除'], ['next', '取号']])],
      }),
      page('base:rest:main', '接口日志', '/base/rest', 'Layout', {
        redirect: '/base/rest/restList', icon: 'ApiOutlined',
        children: [
          sub('base:rest:list', '接口调用日志', '/base/rest/restList', 'base/rest/restList', '/base/rest'),
          sub('base:rest:detail', '接口日志详情', '/base/rest/restDetail', 'base/rest/restDetail', '/base/rest'),
          ...buttons('base:rest', [['export', '导出']]),
        ],
      }),
      page('base:log:main', '操作日志', '/base/log', 'Layout', {
        redirect: '/base/log/logList', icon: 'FileSearchOutlined',
        children: [
          sub('base:log:list', '操作日志列表', '/base/log/logList', 'base/log/logList', '/base/log'),
          sub('base:log:detail', '操作日志详情', '/base/log/logDetail', 'base/log/logDetail', '/base/log'),
          sub('base:log:login', '登录日志', '/base/log/loginLogList', 'base/log/loginLogList', '/base/log'),
          ...buttons('base:log', [['export', '导出']]),
        ],
      }),
      page('base:region:main', '行政区划', '/base/region', 'Layout', {
        redirect: '/base/region/regionList', icon: 'EnvironmentOutlined',
        children: [sub('base:region:list', '行政区划', '/base/region/regionList', 'base/region/regionList', '/base/region'), ...buttons('base:region', [['add', '新增'], ['upd', '修改'], ['del', '删除']])],
      }),
      page('base:monitor:main', '服务监控', '/base/monitor', 'Layout', {
        redirect: '/base/monitor/monitorMain', icon: 'DashboardOutlined',
        children: [sub('base:monitor:list', '服务监控', '/base/monitor/monitorMain', 'base/monitor/monitorMain', '/base/monitor')],
      }),
    ],
  },
  {
    code: 'cms', name: '内容管理', type: 'DIR', path: '/cms', url: 'Layout', icon: 'ReadOutlined', alwaysShow: true,
    children: [
      page('cms:setting:main', '站点设置', '/cms/setting', 'Layout', {
        redirect: '/cms/setting/settingMain', icon: 'SettingOutlined',
        // One page with tabs for sites, catalogues, banners and templates; the buttons guard all four.
        children: [
          sub('cms:setting:list', '站点设置', '/cms/setting/settingMain', 'cms/setting/settingMain', '/cms/setting'),
          ...buttons('cms:setting', [['add', '新增'], ['upd', '修改'], ['del', '删除'], ['sort', '排序']]),
        ],
      }),
      page('cms:content:main', '文章管理', '/cms/content', 'Layout', {
        redirect: '/cms/content/contentList', icon: 'FileTextOutlined',
        children: [
          sub('cms:content:list', '文章列表', '/cms/content/contentList', 'cms/content/contentList', '/cms/content'),
          sub('cms:content:add', '新增文章', '/cms/content/contentAdd', 'cms/content/contentForm', '/cms/content'),
          sub('cms:content:upd', '修改文章', '/cms/content/contentUpd', 'cms/content/contentForm', '/cms/content'),
          sub('cms:content:detail', '文章详情', '/cms/content/contentDetail', 'cms/content/contentForm', '/cms/content'),
          ...buttons('cms:content', [['del', '删除'], ['publish', '发布'], ['offline', '下线'], ['top', '置顶']]),
        ],
      }),
      page('cms:resource:main', '资源管理', '/cms/resource', 'Layout', {
        redirect: '/cms/resource/resourceList', icon: 'FolderOpenOutlined',
        children: [
          sub('cms:resource:list', '资源列表', '/cms/resource/resourceList', 'cms/resource/resourceList', '/cms/resource'),
          sub('cms:resource:add', '新增资源', '/cms/resource/resourceAdd', 'cms/resource/resourceForm', '/cms/resource'),
          sub('cms:resource:upd', '修改资源', '/cms/resource/resourceUpd', 'cms/resource/resourceForm', '/cms/resource'),
          sub('cms:resource:detail', '资源详情', '/cms/resource/resourceDetail', 'cms/resource/resourceForm', '/cms/resource'),
          ...buttons('cms:resource', [['del', '删除'], ['addAtricle', '发布文章']]),
        ],
      }),
      page('cms:complaint:main', '投诉建议', '/cms/complaint', 'Layout', {
        redirect: '/cms/complaint/complaintList', icon: 'CommentOutlined',
        children: [
          sub('cms:complaint:list', '投诉列表', '/cms/complaint/complaintList', 'cms/complaint/complaintList', '/cms/complaint'),
          sub('cms:complaint:detail', '投诉详情', '/cms/complaint/complaintDetail', 'cms/complaint/complaintDetail', '/cms/complaint'),
          ...buttons('cms:complaint', [['reply', '回复'], ['close', '关闭'], ['del', '删除']]),
        ],
      }),
    ],
  },
  {
    code: 'system', name: '系统管理', type: 'DIR', path: '/system', url: 'Layout', icon: 'ControlOutlined', alwaysShow: true,
    children: [
      page('system:org:main', '机构管理', '/system/org', 'Layout', {
        redirect: '/system/org/orgList', icon: 'ApartmentOutlined',
        children: [
          sub('system:org:list', '机构列表', '/system/org/orgList', 'system/org/orgList', '/system/org'),
          sub('system:org:add', '新增机构', '/system/org/orgAdd', 'system/org/orgForm', '/system/org'),
          sub('system:org:upd', '修改机构', '/system/org/orgUpd', 'system/org/orgForm', '/system/org'),
          sub('system:org:detail', '机构详情', '/system/org/orgDetail', 'system/org/orgForm', '/system/org'),
          ...buttons('system:org', [['del', '删除'], ['sort', '排序'], ['bind', '绑定权限'], ['export', '导出']]),
        ],
      }),
      page('system:user:main', '用户管理', '/system/user', 'Layout', {
        redirect: '/system/user/userList', icon: 'UserOutlined',
        children: [
          sub('system:user:list', '用户列表', '/system/user/userList', 'system/user/userList', '/system/user'),
          sub('system:user:add', '新增用户', '/system/user/userAdd', 'system/user/userForm', '/system/user'),
          sub('system:user:upd', '修改用户', '/system/user/userUpd', 'system/user/userForm', '/system/user'),
          sub('system:user:detail', '用户详情', '/system/user/userDetail', 'system/user/userForm', '/system/user'),
          sub('system:user:perm', '分配角色', '/system/user/userPerm', 'system/user/userPerm', '/system/user'),
          ...buttons('system:user', [['del', '删除'], ['lock', '冻结/解冻'], ['reset', '重置密码'], ['enable', '启用/停用'], ['export', '导出'], ['import', '导入'], ['recycle', '回收站']]),
        ],
      }),
      page('system:role:main', '角色管理', '/system/role', 'Layout', {
        redirect: '/system/role/roleList', icon: 'TeamOutlined',
        children: [
          sub('system:role:list', '角色列表', '/system/role/roleList', 'system/role/roleList', '/system/role'),
          sub('system:role:add', '新增角色', '/system/role/roleAdd', 'system/role/roleForm', '/system/role'),
          sub('system:role:upd', '修改角色', '/system/role/roleUpd', 'system/role/roleForm', '/system/role'),
          sub('system:role:detail', '角色详情', '/system/role/roleDetail', 'system/role/roleForm', '/system/role'),
          ...buttons('system:role', [['del', '删除'], ['perm', '分配权限'], ['bind', '绑定用户'], ['export', '导出']]),
        ],
      }),
      ...[
        ['post', '岗位管理', '岗位', 'SolutionOutlined'],
        ['app', '应用管理', '应用', 'AppstoreAddOutlined'],
        ['datapermission', '数据权限', '数据权限规则', 'SafetyOutlined'],
        ['theme', '主题管理', '主题', 'BgColorsOutlined'],
        ['layout', '布局管理', '布局', 'LayoutOutlined'],
      ].map(([feature, title, entity, icon]) => crudPage(`system:${feature}`, title, entity!, `/system/${feature}`, icon!)),
      page('system:func:main', '功能菜单', '/system/func', 'Layout', {
        redirect: '/system/func/funcList', icon: 'MenuOutlined',
        children: [
          sub('system:func:list', '菜单列表', '/system/func/funcList', 'system/func/funcList', '/system/func'),
          sub('system:func:add', '新增菜单', '/system/func/funcAdd', 'system/func/funcForm', '/system/func'),
          sub('system:func:upd', '修改菜单', '/system/func/funcUpd', 'system/func/funcForm', '/system/func'),
          sub('system:func:detail', '菜单详情', '/system/func/funcDetail', 'system/func/funcForm', '/system/func'),
          ...buttons('system:func', [['del', '删除'], ['sort', '排序']]),
        ],
      }),
    ],
  },
  {
    code: 'message', name: '消息管理', type: 'DIR', path: '/message', url: 'Layout', icon: 'MessageOutlined', alwaysShow: true,
    children: [
      page('message:notice:main', '通知公告', '/message/notice', 'Layout', {
        redirect: '/message/notice/noticeList', icon: 'BellOutlined',
        children: [
          sub('message:notice:list', '通知列表', '/message/notice/noticeList', 'message/notice/noticeList', '/message/notice'),
          sub('message:notice:add', '新增通知', '/message/notice/noticeAdd', 'message/notice/noticeForm', '/message/notice'),
          sub('message:notice:upd', '修改通知', '/message/notice/noticeUpd', 'message/notice/noticeForm', '/message/notice'),
          sub('message:notice:detail', '通知详情', '/message/notice/noticeDetail', 'message/notice/noticeForm', '/message/notice'),
          sub('message:notice:receipt', '阅读情况', '/message/notice/noticeReceipt', 'message/notice/noticeReceipt', '/message/notice'),
          ...buttons('message:notice', [['del', '删除'], ['release', '发布/撤回'], ['sync', '同步投递']]),
        ],
      }),
      page('message:my:main', '我的消息', '/message/my', 'Layout', {
        redirect: '/message/my/myMsgList', icon: 'MessageOutlined',
        children: [sub('message:my:list', '我的消息', '/message/my/myMsgList', 'message/my/myMsgList', '/message/my')],
      }),
      page('message:template:main', '消息模板', '/message/template', 'Layout', {
        redirect: '/message/template/templateList', icon: 'SolutionOutlined',
        children: [
          sub('message:template:list', '模板列表', '/message/template/templateList', 'message/template/templateList', '/message/template'),
          sub('message:template:add', '新增模板', '/message/template/templateAdd', 'message/template/templateForm', '/message/template'),
          sub('message:template:upd', '修改模板', '/message/template/templateUpd', 'message/template/templateForm', '/message/template'),
          sub('message:template:detail', '模板详情', '/message/template/templateDetail', 'message/template/templateForm', '/message/template'),
          sub('message:template:log', '发送记录', '/message/template/templateLog', 'message/template/templateLog', '/message/template'),
          ...buttons('message:template', [['del', '删除'], ['send', '发送']]),
        ],
      }),
      page('message:sms:main', '短信日志', '/message/sms', 'Layout', {
        redirect: '/message/sms/smsList', icon: 'MailOutlined',
        children: [sub('message:sms:list', '短信日志列表', '/message/sms/smsList', 'message/sms/smsList', '/message/sms'), ...buttons('message:sms', [['del', '删除'], ['export', '导出']])],
      }),
    ],
  },
  page('center:main', '个人中心', '/center', 'center/index', { icon: 'IdcardOutlined' }),
];

/** Flattens the tree, parents first. */
export function flattenFunctions(tree: FuncSeed[], parentCode: string | null = null): Array<FuncSeed & { parentCode: string | null; sort: number }> {
  return tree.flatMap((node, index) => [
    { ...node, parentCode, sort: (index + 1) * 10 },
    ...flattenFunctions(node.children ?? [], node.code),
  ]);
}
