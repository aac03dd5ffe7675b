/** Functions (功能菜单): the console's menu tree and its buttons (spec §7 /rest/menu/*, /rest/button/*). */
import { z } from 'zod';
import { defineCall, permissionsOf, SIGNED_IN, type Access } from '../contract';
import { zLockVersion } from '../records';
import { pageOf, zDateTime, zId, zPageParameter } from '../schemas';
import { recordFields } from './recordFields';

export const FUNC_PERMISSIONS = permissionsOf('system:func', ['list', 'add', 'upd', 'detail', 'del', 'sort']);

/** The console's top-level menu groups (DIR nodes of the function tree); holding one shows the group. */
export const MENU_GROUP_CODES = { award: 'award', base: 'base', cms: 'cms', system: 'system', message: 'message' } as const;
/** 个人中心: the menu entry every signed-in role is granted (spec §2 account centre). */
export const CENTER_PERMISSIONS = permissionsOf('center', []);

/** DIR (menu group), MENU (a page) or BUTTON (an action on a page). */
export const FUNC_TYPES = ['DIR', 'MENU', 'BUTTON'] as const;
export type FuncType = (typeof FUNC_TYPES)[number];
export const FUNC_TYPE_LABELS: Readonly<Record<FuncType, string>> = { DIR: '目录', MENU: '菜单', BUTTON: '按钮' };
export const FUNC_STATUSES = ['NORMAL', 'DISABLED'] as const;
/** Spec §9: at most 16 recent records are kept. */
export const RECENT_MENU_LIMIT = 16;

/**
 * A node of the menu tree the console builds its routes from (spec §2 menu node): `name` is the
 * permission code, `url` the page component. The sign-in and init calls answer it.
 */
export const menuNode = z.object({
  id: z.string(),
  pid: z.string().nullable(),
  path: z.string().nullable(),
  url: z.string().nullable(),
  name: z.string(),
  redirect: z.string().nullable(),
  hidden: z.boolean(),
  alwaysShow: z.boolean(),
  meta: z.object({ title: z.string(), icon: z.string().nullable(), activeMenu: z.string().nullable() }),
  get children(): z.ZodArray<typeof menuNode> {
    return z.array(menuNode);
  },
});
export type MenuNode = z.output<typeof menuNode>;

const TAG = '功能菜单';

export const funcRow = z.object({
  id: zId,
  pid: zId.nullable(),
  funcCode: z.string(),
  funcName: z.string(),
  funcType: z.enum(FUNC_TYPES),
  path: z.string().nullable(),
  url: z.string().nullable(),
  redirect: z.string().nullable(),
  hidden: z.boolean(),
  alwaysShow: z.boolean(),
  icon: z.string().nullable(),
  activeMenu: z.string().nullable(),
  sort: z.number(),
  status: z.string(),
  ...recordFields,
});

/** A function with its children (the administration tree and the parent picker). */
export const funcNode = funcRow.extend({
  get children(): z.ZodArray<typeof funcNode> {
    return z.array(funcNode);
  },
});

const optText = (max: number, label: string) =>
  z.string().trim().max(max, `${label}不能超过${max}个字符`).nullish().transform((v) => v || null);
/** Permission codes: module:feature[:action[:end]] (spec §6). */
const CODE = /^[a-z][a-zA-Z0-9]*(:[a-zA-Z0-9]+){0,3}$/;
const BUTTON_CODE = /^[a-z][a-zA-Z0-9]*(:[a-zA-Z0-9]+){2,3}$/;

const funcCode = z
  .string({ error: '请输入权限标识' })
  .trim()
  .min(1, '请输入权限标识')
  .max(128, '权限标识不能超过128个字符')
  .regex(CODE, '权限标识只能由字母数字组成，用冒号分隔，如 system:user:list');
const zFuncSort = z.number({ error: '排序必须是整数' }).int('排序必须是整数').min(0, '排序不能小于0').max(99999, '排序不能大于99999').optional();
const zFuncStatus = z.enum(FUNC_STATUSES, { error: '状态只能是 NORMAL 或 DISABLED' }).optional();

export const menuBody = z.object({
  pid: zId.nullish().transform((v) => v ?? null),
  funcCode,
  funcName: z.string({ error: '请输入菜单名称' }).trim().min(1, '请输入菜单名称').max(64, '菜单名称不能超过64个字符'),
  path: optText(256, '路由地址'),
  url: optText(256, '组件路径'),
  redirect: optText(256, '重定向地址'),
  hidden: z.boolean().optional(),
  alwaysShow: z.boolean().optional(),
  icon: optText(128, '图标'),
  activeMenu: optText(256, '高亮菜单'),
  sort: zFuncSort,
  status: zFuncStatus,
  funcType: z.enum(FUNC_TYPES, { error: '菜单类型只能是 DIR、MENU 或 BUTTON' }),
});

export const buttonBody = z.object({
  pid: zId,
  funcCode: funcCode.regex(BUTTON_CODE, '按钮权限标识必须形如 模块:功能:操作'),
  funcName: z.string({ error: '请输入按钮名称' }).trim().min(1, '请输入按钮名称').max(64, '按钮名称不能超过64个字符'),
  sort: zFuncSort,
  status: zFuncStatus,
});

const relBody = z.object({ appId: zId, funcIds: z.array(zId).min(1, '请选择菜单').max(1000) });
/** Every call here is a POST with a body and a console answer. */
const post = <const P extends string, B extends z.ZodType, R extends z.ZodType>(path: P, access: Access, summary: string, body: B, response: R) =>
  defineCall({ method: 'POST', path, access, tag: TAG, summary, body, response });

export const funcCalls = {
  tree: post('/rest/menu/getMenuTree', FUNC_PERMISSIONS.list, '全部功能树（目录、菜单、按钮，含停用）', z.object({}), z.array(funcNode)),
  menuTree: post('/rest/menu/getAllMenuTree', FUNC_PERMISSIONS.list, '目录与菜单树（不含按钮，供选择上级菜单）', z.object({}), z.array(funcNode)),
  page: post(
    '/rest/menu/getAllMenuListByPage',
    FUNC_PERMISSIONS.list,
    '功能分页（按名称、标识、类型筛选）',
    z.object({
      pageParameter: zPageParameter,
      funcName: z.string().trim().max(64).optional(),
      funcCode: z.string().trim().max(128).optional(),
      funcType: z.enum(FUNC_TYPES).optional(),
    }),
    pageOf(funcRow),
  ),
  detail: post('/rest/menu/detail', FUNC_PERMISSIONS.detail, '功能详情', z.object({ id: zId }), funcRow),
  addMenu: post('/rest/menu/addMenu', FUNC_PERMISSIONS.add, '新增目录、菜单或按钮', menuBody, funcRow),
  editMenu: post('/rest/menu/editMenu', FUNC_PERMISSIONS.upd, '修改功能（可改上级，不可形成环）', menuBody.extend({ id: zId, lockVersion: zLockVersion }), funcRow),
  remove: post('/rest/menu/delete', FUNC_PERMISSIONS.del, '删除功能（有下级时拒绝；同时解除角色、机构、应用的绑定）', z.object({ id: zId }), z.null()),
  removeMany: post(
    '/rest/menu/deleteBatch',
    FUNC_PERMISSIONS.del,
    '批量删除功能（所选之外还有下级时拒绝）',
    z.object({ ids: z.array(zId).min(1, '请选择要删除的菜单').max(500) }),
    z.null(),
  ),
  sort: post(
    '/rest/menu/menuSort',
    FUNC_PERMISSIONS.sort,
    '同一上级下的排序（orderedIds 为全部下级的新顺序）',
    z.object({ pid: zId.nullish().transform((v) => v ?? null), orderedIds: z.array(zId).min(1).max(1000) }),
    z.null(),
  ),
  relateApp: post('/rest/menu/addMenuRel', FUNC_PERMISSIONS.upd, '把菜单关联到应用', relBody, z.null()),
  unrelateApp: post('/rest/menu/delMenuRel', FUNC_PERMISSIONS.upd, '解除菜单与应用的关联', relBody, z.null()),
  addView: post('/rest/menu/addMenuView', SIGNED_IN, '记录本人打开了某菜单（每人保留最近 16 条）', z.object({ funcId: zId }), z.null()),
  recent: post(
    '/rest/menu/UserNearMenuList',
    SIGNED_IN,
    '本人最近打开的菜单（最新在前，至多 16 条，仅限仍有权限的）',
    z.object({}),
    z.array(z.object({ funcId: zId, funcCode: z.string(), funcName: z.string(), path: z.string().nullable(), icon: z.string().nullable(), viewTime: zDateTime })),
  ),
  addButton: post('/rest/button/add', FUNC_PERMISSIONS.add, '新增按钮（上级必须是菜单）', buttonBody, funcRow),
  editButton: post('/rest/button/edit', FUNC_PERMISSIONS.upd, '修改按钮', buttonBody.extend({ id: zId, lockVersion: zLockVersion }), funcRow),
};
