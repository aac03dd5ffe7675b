/**
 * Lookups (DOMAIN.md "Lookups, collections, achievements"): funds (/rest/lookfunds), plan projects
 * (/rest/lookProject) and task origins (/rest/origin), reference lists the prize office keeps and
 * declarations pick their task sources from; each user's favourites (/rest/collection/update) come
 * first in the pickers.
 */
import { z } from 'zod';
import { defineCall, permissionsOf, PUBLIC, SIGNED_IN, type PermissionCode } from '../contract';
import { zLockVersion, zRemark, zSort } from '../records';
import { pageOf, zId, zPageParameter } from '../schemas';
import { recordFields } from '../system/recordFields';

export const FUND_PERMISSIONS = permissionsOf('award:fund', ['list', 'add', 'upd', 'detail', 'del']);
export const PROJECT_PERMISSIONS = permissionsOf('award:project', ['list', 'add', 'upd', 'detail', 'del']);
export const ORIGIN_PERMISSIONS = permissionsOf('award:origin', ['list', 'add', 'upd', 'detail', 'del']);

export const LOOKUP_KINDS = ['FUND', 'PROJECT', 'ORIGIN'] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];
export const LOOKUP_KIND_LABELS: Readonly<Record<LookupKind, string>> = { FUND: '基金', PROJECT: '计划项目', ORIGIN: '任务来源' };

export const lookupBody = z.object({
  name: z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(200, '名称不能超过200个字符'),
  /** The programme's or project's number (e.g. 国家自然科学基金 批准号), unique within its list when given. */
  code: z.string().trim().max(64, '编号不能超过64个字符').nullish().transform((v) => v || null),
  /** 主管部门 / 资助机构. */
  agency: z.string().trim().max(128, '主管部门不能超过128个字符').nullish().transform((v) => v || null),
  /** 级别: 国家级 / 省部级 / 市级 / 其他. */
  level: z.enum(['NATIONAL', 'PROVINCIAL', 'CITY', 'OTHER'], { error: '级别不正确' }).default('OTHER'),
  remark: zRemark,
  sort: zSort,
});
export type LookupValues = z.input<typeof lookupBody>;
export const LOOKUP_LEVEL_LABELS: Readonly<Record<'NATIONAL' | 'PROVINCIAL' | 'CITY' | 'OTHER', string>> = { NATIONAL: '国家级', PROVINCIAL: '省部级', CITY: '市级', OTHER: '其他' };

export const lookupRow = z.object({
  id: zId,
  name: z.string(),
  code: z.string().nullable(),
  agency: z.string().nullable(),
  level: z.enum(['NATIONAL', 'PROVINCIAL', 'CITY', 'OTHER']),
  remark: z.string().nullable(),
  sort: z.number(),
  /** Whether the caller keeps it as a favourite (favourites come first in every list). */
  collected: z.boolean(),
  ...recordFields,
});

/**
 * The spec's five calls of one lookup (insert, getpage, updata, delete, getdetail). Reading is open to
 * everyone signed in (applicants pick from the lists); changing needs the office's permissions.
 */
function lookupCalls(paths: { page: string; detail: string; add: string; update: string; remove: string }, permissions: { list: PermissionCode; add: PermissionCode; upd: PermissionCode; del: PermissionCode }, entity: string) {
  const ref = z.object({ id: zId });
  return {
    page: defineCall({
      method: 'POST',
      path: paths.page,
      access: SIGNED_IN,
      tag: entity,
      summary: `${entity}分页：本人收藏的排在前面，再按排序号、编号；可按名称或编号、级别搜索`,
      body: z.object({
        pageParameter: zPageParameter,
        keyword: z.string().trim().max(64, '关键词不能超过64个字符').optional(),
        level: z.enum(['NATIONAL', 'PROVINCIAL', 'CITY', 'OTHER'], { error: '级别不正确' }).optional(),
        collectedOnly: z.boolean().optional(),
      }),
      response: pageOf(lookupRow),
    }),
    detail: defineCall({ method: 'POST', path: paths.detail, access: SIGNED_IN, tag: entity, summary: `${entity}详情`, body: ref, response: lookupRow }),
    add: defineCall({ method: 'POST', path: paths.add, access: permissions.add, tag: entity, summary: `新增${entity}：编号（填写时）唯一`, body: lookupBody, response: lookupRow }),
    update: defineCall({
      method: 'POST',
      path: paths.update,
      access: permissions.upd,
      tag: entity,
      summary: `修改${entity}（乐观锁）`,
      body: lookupBody.extend({ id: zId, lockVersion: zLockVersion }),
      response: lookupRow,
    }),
    remove: defineCall({
      method: 'POST',
      path: paths.remove,
      access: permissions.del,
      tag: entity,
      summary: `删除${entity}（逻辑删除）；已被申报书引用的仍可删除，申报书保留其名称`,
      body: ref.extend({ lockVersion: zLockVersion.optional() }),
      response: z.null(),
    }),
  };
}

export const fundCalls = lookupCalls(
  { page: '/rest/lookfunds/getpage', detail: '/rest/lookfunds/getdetail', add: '/rest/lookfunds/insert', update: '/rest/lookfunds/updata', remove: '/rest/lookfunds/delete' },
  FUND_PERMISSIONS,
  '基金',
);
export const projectCalls = lookupCalls(
  { page: '/rest/lookProject/getpage', detail: '/rest/lookProject/getdetail', add: '/rest/lookProject/insert', update: '/rest/lookProject/updata', remove: '/rest/lookProject/delete' },
  PROJECT_PERMISSIONS,
  '计划项目',
);
export const originCalls = lookupCalls(
  { page: '/rest/origin/getpage', detail: '/rest/origin/getdetail', add: '/rest/origin/insert', update: '/rest/origin/updata', remove: '/rest/origin/delete' },
  ORIGIN_PERMISSIONS,
  '任务来源',
);
export const LOOKUP_CALLS = { FUND: fundCalls, PROJECT: projectCalls, ORIGIN: originCalls } as const;

export const collectionCalls = {
  update: defineCall({
    method: 'POST',
    path: '/rest/collection/update',
    access: SIGNED_IN,
    tag: '收藏',
    summary: '收藏或取消收藏一条基金/计划项目/任务来源；收藏的在选择列表中排在前面',
    body: z.object({
      kind: z.enum(LOOKUP_KINDS, { error: '收藏类别不正确' }),
      id: zId,
      collected: z.boolean({ error: '请指明收藏或取消收藏' }),
    }),
    response: z.object({ collected: z.boolean() }),
  }),
};

/** A lookup row as the portal shows it (/fund, /national): no favourites, no audit fields. */
export const publicLookupRow = z.object({
  id: zId,
  name: z.string(),
  code: z.string().nullable(),
  agency: z.string().nullable(),
  level: z.enum(['NATIONAL', 'PROVINCIAL', 'CITY', 'OTHER']),
  remark: z.string().nullable(),
});

/** The portal's read of one lookup: live rows only, searchable by name or number and level, answered from the cache. */
function publicLookupCalls(paths: { page: string; detail: string }, entity: string, page: string) {
  return {
    page: defineCall({
      method: 'POST',
      path: paths.page,
      access: PUBLIC,
      answer: 'portal',
      tag: '门户评奖',
      summary: `门户${entity}列表（${page}）：按排序号、编号；可按名称或编号、主管部门、级别搜索`,
      body: z.object({
        pageParameter: zPageParameter,
        keyword: z.string().trim().max(64, '关键词不能超过64个字符').optional(),
        level: z.enum(['NATIONAL', 'PROVINCIAL', 'CITY', 'OTHER'], { error: '级别不正确' }).optional(),
      }),
      response: pageOf(publicLookupRow),
    }),
    detail: defineCall({
      method: 'POST',
      path: paths.detail,
      access: PUBLIC,
      answer: 'portal',
      tag: '门户评奖',
      summary: `门户${entity}详情（${page}Detail/{id}）`,
      body: z.object({ id: zId }),
      response: publicLookupRow,
    }),
  };
}

/** /fund shows the funding programmes (基金), /national the national and provincial plan projects (计划项目). */
export const publicFundCalls = publicLookupCalls({ page: '/rest/lookfunds/getPublicPage', detail: '/rest/lookfunds/getPublicDetail' }, '基金项目', '/fund');
export const publicProjectCalls = publicLookupCalls({ page: '/rest/lookProject/getPublicPage', detail: '/rest/lookProject/getPublicDetail' }, '计划项目', '/national');
export const PUBLIC_LOOKUP_CALLS = { FUND: publicFundCalls, PROJECT: publicProjectCalls } as const;
