/** Roles (角色): what a role grants (menus, buttons, data rules) and how far it sees (spec §7 /rest/role/*). */
import { z } from 'zod';
import { defineCall, permissionsOf } from '../contract';
import { recordCalls } from '../recordCalls';
import { pageParameterSchema } from '../pagination';
import { zRecordStatus, zRemark, zSort } from '../records';
import { pageOf, zId, zPageParameter } from '../schemas';
import { recordFields } from './recordFields';

export const ROLE_PERMISSIONS = permissionsOf('system:role', ['list', 'add', 'upd', 'detail', 'del', 'perm', 'bind', 'export']);

/** The super-administrator role: holds every code, keeps its code and cannot be disabled or deleted. */
export const SUPER_ROLE_CODE = 'ADMIN';

export const DATA_SCOPES = ['ALL', 'ORG_AND_CHILDREN', 'ORG', 'SELF', 'CUSTOM'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];
export const DATA_SCOPE_LABELS: Readonly<Record<DataScope, string>> = {
  ALL: '全部数据',
  ORG_AND_CHILDREN: '本机构及下级',
  ORG: '本机构',
  SELF: '仅本人',
  CUSTOM: '自定义机构',
};

const TAG = '角色';

export const roleRow = z.object({
  roleId: zId,
  roleCode: z.string(),
  roleName: z.string(),
  roleType: z.string(),
  dataScope: z.string(),
  status: z.string(),
  sort: z.number(),
  remark: z.string().nullable(),
  ...recordFields,
});
/** A role with the organisations a CUSTOM scope sees. */
export const roleDetail = roleRow.extend({ dataOrgIds: z.array(zId) });

export const roleBody = z.object({
  roleCode: z
    .string({ error: '请输入角色编码' })
    .trim()
    .min(1, '请输入角色编码')
    .max(64, '角色编码不能超过64个字符')
    .regex(/^[A-Za-z0-9_]+$/, '角色编码只能包含字母、数字和下划线'),
  roleName: z.string({ error: '请输入角色名称' }).trim().min(1, '请输入角色名称').max(64, '角色名称不能超过64个字符'),
  roleType: z.string({ error: '请选择角色类型' }).trim().min(1, '请选择角色类型'),
  dataScope: z.enum(DATA_SCOPES, { error: '数据范围只能是 ALL、ORG_AND_CHILDREN、ORG、SELF 或 CUSTOM' }).default('SELF'),
  status: zRecordStatus.default('NORMAL'),
  sort: zSort,
  remark: zRemark,
  /** Organisations a CUSTOM role sees; ignored (and cleared) for every other scope. */
  dataOrgIds: z.array(zId).max(1000, '自定义机构最多 1000 个').optional(),
});

const roleFilter = {
  roleName: z.string().trim().max(64).optional(),
  roleCode: z.string().trim().max(64).optional(),
  roleType: z.string().trim().max(16).optional(),
  status: zRecordStatus.optional(),
};

/** A holder of a role; the phone is masked. */
export const roleUser = z.object({ id: zId, username: z.string(), realname: z.string().nullable(), phone: z.string().nullable(), status: z.string() });

/** A node of the function tree the permission drawer offers (directories, menus, buttons). */
export const permissionNode = z.object({
  funcId: zId,
  pid: zId.nullable(),
  funcCode: z.string(),
  funcName: z.string(),
  funcType: z.string(),
  get children(): z.ZodArray<typeof permissionNode> {
    return z.array(permissionNode);
  },
});

export const ruleOption = z.object({ ruleId: zId, ruleCode: z.string(), ruleName: z.string(), scopeType: z.string(), status: z.string() });
const rolePermission = z.object({ funcIds: z.array(zId), ruleIds: z.array(zId) });

/** Detail, add, update and delete are a plain record family; the list (below) is not. */
const family = recordCalls({
  tag: TAG,
  entity: '角色',
  idField: 'roleId',
  row: roleDetail,
  body: roleBody,
  filter: roleFilter,
  permissions: ROLE_PERMISSIONS,
  paths: {
    page: '/rest/role/getAllRole',
    detail: '/rest/role/detail',
    add: '/rest/role/add',
    update: '/rest/role/update',
    remove: '/rest/role/delete',
  },
  summaries: {
    detail: '角色详情（含自定义数据范围的机构）',
    add: '新增角色：角色编码唯一（字母、数字、下划线），角色类型取字典 ROLE_TYPE',
    update: '修改角色（乐观锁：lockVersion 过期返回 409）；超级管理员角色 ADMIN 的编码不可改、不可停用',
    remove: '删除角色（逻辑删除）；仍有用户持有时拒绝（409），超级管理员角色不可删除',
  },
});

export const roleCalls = {
  ...family,
  /** With pageParameter a page (disabled roles included); without, every role in force (pickers). */
  page: defineCall({
    method: 'POST',
    path: '/rest/role/getAllRole',
    access: ROLE_PERMISSIONS.list,
    tag: TAG,
    summary: '角色列表：带 pageParameter 时分页（含停用），否则返回全部在用角色（选择器用）',
    body: z.object({ pageParameter: pageParameterSchema.optional(), ...roleFilter }),
    response: z.union([pageOf(roleRow), z.array(roleRow)]),
  }),
  export: defineCall({
    method: 'POST',
    path: '/rest/role/export',
    access: ROLE_PERMISSIONS.export,
    tag: TAG,
    summary: '导出角色列表（与列表相同的筛选条件，含停用角色，.xlsx）',
    body: z.object(roleFilter),
    answer: 'raw',
  }),
  users: defineCall({
    method: 'POST',
    path: '/rest/role/users',
    access: ROLE_PERMISSIONS.detail,
    tag: TAG,
    summary: '持有该角色的用户（分页，手机号脱敏）',
    body: z.object({ roleId: zId, pageParameter: zPageParameter }),
    response: pageOf(roleUser),
  }),
  permissionTree: defineCall({
    method: 'POST',
    path: '/rest/role/permissionTree',
    access: ROLE_PERMISSIONS.perm,
    tag: TAG,
    summary: '分配权限用：完整的功能树（DIR 目录、MENU 菜单、BUTTON 按钮）与全部数据权限规则',
    body: z.object({}),
    response: z.object({ funcs: z.array(permissionNode), rules: z.array(ruleOption) }),
  }),
  permissions: defineCall({
    method: 'POST',
    path: '/rest/role/getRolePermission',
    access: ROLE_PERMISSIONS.perm,
    tag: TAG,
    summary: '角色已绑定的菜单/按钮 funcIds 与数据权限规则 ruleIds',
    body: z.object({ roleId: zId }),
    response: rolePermission,
  }),
  bindPermission: defineCall({
    method: 'POST',
    path: '/rest/role/bindPermission',
    access: ROLE_PERMISSIONS.perm,
    tag: TAG,
    summary: '替换角色的菜单/按钮与（传入时）数据权限规则；持有该角色的用户立即生效',
    description: 'funcIds 为勾选的全部节点（含半选的上级目录/菜单）；ruleIds 不传时保持原绑定不变。未知编号返回 400，整体在一个事务中完成。',
    body: z.object({
      roleId: zId,
      funcIds: z.array(zId, { error: '请提供 funcIds 列表' }).max(5000, '一次最多绑定 5000 个菜单或按钮'),
      ruleIds: z.array(zId).max(500, '一次最多绑定 500 条数据权限规则').optional(),
    }),
    response: rolePermission,
  }),
};
