/** Data-permission rules (数据权限): how far holders (roles, organisations) see organisation-owned data (spec §6, §7 /rest/datapermission/*). */
import { z } from 'zod';
import { defineCall, permissionsOf } from '../contract';
import { pageOf, zId, zPageParameter } from '../schemas';
import { recordFields } from './recordFields';

export const DATA_PERMISSION_PERMISSIONS = permissionsOf('system:datapermission', ['list', 'add', 'upd', 'detail', 'del', 'enable']);

export const SCOPE_TYPES = ['ALL', 'ORG_AND_CHILDREN', 'ORG', 'SELF', 'CUSTOM'] as const;
export type ScopeType = (typeof SCOPE_TYPES)[number];
export const SCOPE_TYPE_LABELS: Readonly<Record<ScopeType, string>> = {
  ALL: '全部数据',
  ORG_AND_CHILDREN: '本机构及下级',
  ORG: '本机构',
  SELF: '仅本人',
  CUSTOM: '自定义',
};
export const RULE_STATUSES = ['NORMAL', 'DISABLED'] as const;
export const RULE_STATUS_LABELS: Readonly<Record<string, string>> = { NORMAL: '正常', DISABLED: '停用' };

const TAG = '数据权限';

const zScopeType = z.enum(SCOPE_TYPES, { error: '数据范围只能是 全部、本机构及下级、本机构、仅本人 或 自定义' });
const zRuleStatus = z.enum(RULE_STATUSES, { error: '状态只能是正常（NORMAL）或停用（DISABLED）' });
const lockVersion = z.number({ error: '缺少数据版本（lockVersion）' }).int().min(0);

export const ruleRow = z.object({
  id: zId,
  ruleCode: z.string(),
  ruleName: z.string(),
  scopeType: zScopeType,
  status: z.string(),
  sort: z.number(),
  remark: z.string().nullable(),
  ...recordFields,
});
/** A rule with the organisations of its CUSTOM scope. */
export const ruleDetail = ruleRow.extend({ orgIds: z.array(zId), orgs: z.array(z.object({ orgId: zId, orgName: z.string() })) });

export const ruleBody = z.object({
  ruleCode: z
    .string({ error: '请输入规则编码' })
    .trim()
    .min(1, '请输入规则编码')
    .max(64, '规则编码不能超过64个字符')
    .regex(/^[A-Za-z0-9_:-]+$/, '规则编码只能包含字母、数字、下划线、冒号和横杠'),
  ruleName: z.string({ error: '请输入规则名称' }).trim().min(1, '请输入规则名称').max(64, '规则名称不能超过64个字符'),
  scopeType: zScopeType,
  orgIds: z.array(zId).max(500, '自定义机构最多500个').default([]),
  status: zRuleStatus.default('NORMAL'),
  sort: z.number({ error: '排序必须是整数' }).int('排序必须是整数').min(0, '排序不能小于0').max(999_999, '排序不能大于999999').default(0),
  remark: z.string().trim().max(512, '备注不能超过512个字符').nullish().transform((v) => v || null),
});

/**
 * A record family served like the others (page, detail, add, update, status, delete), but with its
 * own id field, messages and an optional lock version on the status switch: declared call by call.
 */
export const dataPermissionCalls = {
  idField: 'id',
  entity: '数据权限规则',
  page: defineCall({
    method: 'POST',
    path: '/rest/datapermission/page',
    access: DATA_PERMISSION_PERMISSIONS.list,
    tag: TAG,
    summary: '数据权限规则分页；keyword 匹配名称或编码（不区分大小写）',
    body: z.object({ pageParameter: zPageParameter, keyword: z.string().trim().max(64).optional(), scopeType: zScopeType.optional(), status: zRuleStatus.optional() }),
    response: pageOf(ruleRow),
  }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/datapermission/detail',
    access: DATA_PERMISSION_PERMISSIONS.detail,
    tag: TAG,
    summary: '数据权限规则详情（含自定义范围的机构）',
    body: z.object({ id: zId }),
    response: ruleDetail,
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/datapermission/add',
    access: DATA_PERMISSION_PERMISSIONS.add,
    tag: TAG,
    summary: '新增数据权限规则；规则编码唯一；orgIds 仅且必须用于自定义范围（CUSTOM）',
    body: ruleBody,
    response: ruleDetail,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/datapermission/update',
    access: DATA_PERMISSION_PERMISSIONS.upd,
    tag: TAG,
    summary: '修改数据权限规则（带 lockVersion，过期返回 409）',
    body: z.object({ id: zId, lockVersion, ...ruleBody.shape }),
    response: ruleDetail,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/rest/datapermission/delete',
    access: DATA_PERMISSION_PERMISSIONS.del,
    tag: TAG,
    summary: '删除数据权限规则（逻辑删除）；仍绑定在角色或机构上时拒绝（409）',
    body: z.object({ id: zId, lockVersion: lockVersion.optional() }),
    response: z.null(),
  }),
  updateStatus: defineCall({
    method: 'POST',
    path: '/rest/datapermission/updateStatus',
    access: DATA_PERMISSION_PERMISSIONS.enable,
    tag: TAG,
    summary: '启用（NORMAL）或停用（DISABLED）数据权限规则',
    body: z.object({ id: zId, status: zRuleStatus, lockVersion: lockVersion.optional() }),
    response: ruleDetail,
  }),
} as const;
