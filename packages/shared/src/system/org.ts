/** Organisations (机构): the lazily loaded tree, its administration and bindings (spec §7 /rest/organ/*). */
import { z } from 'zod';
import { defineCall, permissionsOf } from '../contract';
import { pageOf, zId, zPageParameter } from '../schemas';
import { recordFields } from './recordFields';
import { rules, type ValidationRule } from '../validators';

export const ORG_PERMISSIONS = permissionsOf('system:org', ['list', 'add', 'upd', 'detail', 'del', 'sort', 'bind', 'export']);

export const ORG_STATUSES = ['NORMAL', 'DISABLED'] as const;
export const ORG_STATUS_LABELS: Readonly<Record<string, string>> = { NORMAL: '正常', DISABLED: '停用' };

const TAG = '机构';

/** A node of the tree; isLeaf says it has no children the caller may see. */
export const orgNode = z.object({
  orgId: zId,
  orgCode: z.string(),
  orgName: z.string(),
  parentOrgId: zId.nullable(),
  orgType: z.string().nullable(),
  orgLevel: z.string().nullable(),
  orgStatus: z.string(),
  orgSort: z.number(),
  isLeaf: z.boolean(),
});

export const orgDetail = z.object({
  orgId: zId,
  orgCode: z.string(),
  orgName: z.string(),
  orgType: z.string().nullable(),
  orgLevel: z.string().nullable(),
  parentOrgId: zId.nullable(),
  parentOrgName: z.string().nullable(),
  parentOrgIds: z.string(),
  orgAddr: z.string().nullable(),
  orgLinkman: z.string().nullable(),
  orgLinktel: z.string().nullable(),
  orgLinkemail: z.string().nullable(),
  orgStatus: z.string(),
  orgSort: z.number(),
  remark: z.string().nullable(),
  ...recordFields,
});

/** A member or administrator of an organisation; the phone is masked (138****0001). */
export const orgUser = z.object({ id: zId, username: z.string(), realname: z.string().nullable(), phone: z.string().nullable(), status: z.string(), orgId: zId.nullable() });

/** Optional text: blank becomes null. */
const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label}不能超过${max}个字符`).nullish().transform((v) => v || null);
/** Optional text checked by a spec §5 rule when filled in. */
const optionalRule = (r: ValidationRule, max: number) =>
  z.string({ error: r.message }).trim().max(max, r.message).nullish().transform((v) => v || null).refine((v) => v === null || r.test(v), r.message);

export const orgBody = z.object({
  orgCode: z
    .string({ error: '请输入机构编码' })
    .trim()
    .min(1, '请输入机构编码')
    .max(64, '机构编码不能超过64个字符')
    .regex(/^[A-Za-z0-9_-]+$/, '机构编码只能包含字母、数字、下划线和横杠'),
  orgName: z.string({ error: '请输入机构名称' }).trim().min(1, '请输入机构名称').max(128, '机构名称不能超过128个字符'),
  orgType: optionalText(32, '机构类型'),
  orgLevel: optionalText(32, '机构级别'),
  parentOrgId: zId.nullish().transform((v) => v ?? null),
  orgAddr: optionalText(256, '机构地址'),
  orgLinkman: optionalText(64, '联系人'),
  orgLinktel: optionalRule(rules.contact, 32),
  orgLinkemail: optionalRule(rules.email, 128),
  orgStatus: z.enum(ORG_STATUSES, { error: '机构状态只能是正常（NORMAL）或停用（DISABLED）' }).default('NORMAL'),
  orgSort: z.number({ error: '排序必须是整数' }).int('排序必须是整数').min(0, '排序不能小于0').max(999_999, '排序不能大于999999').default(0),
  remark: optionalText(512, '备注'),
});

const lockVersion = z.number({ error: '缺少数据版本（lockVersion）' }).int().min(0);
const keyword = z.string().trim().max(64, '关键字不能超过64个字符').optional();
const bindings = z.object({ funcIds: z.array(zId), ruleIds: z.array(zId) });

export const orgCalls = {
  tree: defineCall({
    method: 'POST',
    path: '/rest/organ/tree',
    access: ORG_PERMISSIONS.list,
    tag: TAG,
    summary: '机构树：parentId 的直接下级（不传为根机构），isLeaf 表示没有下级；传 keyword 时返回名称或编码匹配的机构及其全部上级（平铺列表）',
    description: '只返回调用者数据权限范围内的机构；范围受限时，“根机构”是其可见的最上层机构。',
    body: z.object({ parentId: zId.optional(), keyword }),
    response: z.array(orgNode),
  }),
  export: defineCall({
    method: 'POST',
    path: '/rest/organ/export',
    access: ORG_PERMISSIONS.export,
    tag: TAG,
    summary: '导出机构列表（调用者数据权限范围内；传 keyword 时只导出名称或编码匹配的机构，.xlsx）',
    body: z.object({ keyword }),
    answer: 'raw',
  }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/organ/detail',
    access: ORG_PERMISSIONS.detail,
    tag: TAG,
    summary: '机构详情（新增/修改/详情共用表单的读取）',
    body: z.object({ orgId: zId }),
    response: orgDetail,
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/organ/add',
    access: ORG_PERMISSIONS.add,
    tag: TAG,
    summary: '新增机构；机构类型、级别须为 ORG_TYPE / ORG_LEVEL 字典项编码，机构编码唯一',
    body: orgBody,
    response: orgDetail,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/organ/update',
    access: ORG_PERMISSIONS.upd,
    tag: TAG,
    summary:
      '修改机构（带 lockVersion，过期返回 409）；改变上级机构即移动整棵子树，不能移到自身或其下级之下。同级顺序可直接改 orgSort，或用 /rest/organ/sort 整体排序',
    body: z.object({ orgId: zId, lockVersion, ...orgBody.shape }),
    response: orgDetail,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/rest/organ/delete',
    access: ORG_PERMISSIONS.del,
    tag: TAG,
    summary: '删除机构（逻辑删除）；还有下级机构或用户时拒绝（409）；其管理员、菜单与数据权限绑定一并解除',
    body: z.object({ orgId: zId, lockVersion: lockVersion.optional() }),
    response: z.null(),
  }),
  sort: defineCall({
    method: 'POST',
    path: '/rest/organ/sort',
    access: ORG_PERMISSIONS.sort,
    tag: TAG,
    summary: '同级机构排序：orderedIds 为 parentOrgId（不传为顶级）的全部直接下级的新顺序，依次写入 orgSort 1、2、3…',
    body: z.object({
      parentOrgId: zId.nullish().transform((v) => v ?? null),
      orderedIds: z.array(zId, { error: '请提供排序后的机构列表' }).min(1, '请提供排序后的机构列表').max(500, '一次最多排序500个机构'),
    }),
    response: z.null(),
  }),
  users: defineCall({
    method: 'POST',
    path: '/rest/organ/users',
    access: ORG_PERMISSIONS.list,
    tag: TAG,
    summary: '机构下的用户分页（includeChildren 为 true 时包含全部下级机构的用户）；手机号脱敏',
    body: z.object({ orgId: zId, includeChildren: z.boolean().default(false), pageParameter: zPageParameter }),
    response: pageOf(orgUser),
  }),
  /** One call reads and replaces, so it declares the stronger code (spec §6: organisations bind admins). */
  admins: defineCall({
    method: 'POST',
    path: '/rest/organ/admins',
    access: ORG_PERMISSIONS.bind,
    tag: TAG,
    summary: '机构管理员：不传 userIds 时返回当前管理员；传 userIds 时整体替换为这些用户（空数组即清空）',
    body: z.object({ orgId: zId, userIds: z.array(zId).max(500, '管理员最多500人').optional() }),
    response: z.array(orgUser),
  }),
  permissions: defineCall({
    method: 'POST',
    path: '/rest/organ/permissions',
    access: ORG_PERMISSIONS.bind,
    tag: TAG,
    summary: '机构绑定的菜单（funcIds）与数据权限规则（ruleIds）：都不传时返回当前绑定；传入的列表整体替换对应绑定，未传的保持不变',
    body: z.object({
      orgId: zId,
      funcIds: z.array(zId).max(2000, '菜单过多').optional(),
      ruleIds: z.array(zId).max(500, '数据权限规则过多').optional(),
    }),
    response: bindings,
  }),
};
