/**
 * Review groups (评审组, /rest/reviewGroup/*): one edition × prize × discipline group, the accepted
 * declarations it reviews, the experts it draws on, k experts per declaration, the maximum load and
 * the deadline (DOMAIN.md "Assignment"). The assignment itself: expertPush.ts.
 */
import { z } from 'zod';
import { defineCall, permissionsOf } from '../contract';
import { zLockVersion } from '../records';
import { pageOf, zId, zPageParameter } from '../schemas';
import { recordFields } from '../system/recordFields';
import { DECLARATION_STATUSES } from './declaration';
import { EXPERT_STATUSES } from './expert';

/** 奖励办: the groups, their declarations and experts. */
export const REVIEW_GROUP_PERMISSIONS = permissionsOf('award:reviewGroup', ['list', 'add', 'upd', 'detail', 'del', 'members']);

/** DRAFT: being set up. PROPOSED: a proposal exists. PUSHED: experts were invited. */
export const REVIEW_GROUP_STATUSES = ['DRAFT', 'PROPOSED', 'PUSHED'] as const;
export type ReviewGroupStatus = (typeof REVIEW_GROUP_STATUSES)[number];
export const REVIEW_GROUP_STATUS_LABELS: Readonly<Record<ReviewGroupStatus, string>> = { DRAFT: '待分配', PROPOSED: '已生成方案', PUSHED: '已推送' };

export const DEFAULT_EXPERTS_PER_DECLARATION = 5;
export const DEFAULT_MAX_LOAD = 20;
export const DEFAULT_ALTERNATES = 2;

const DATE_MESSAGE = '日期格式不正确，应为 YYYY-MM-DD';
const disciplineCode = z.string().trim().min(1, '学科代码不能为空').max(16, '学科代码不能超过16个字符');

export const reviewGroupSettings = z.object({
  /** Only experts from outside the declaration's region. */
  outOfRegionOnly: z.boolean({ error: '是否只聘请外地专家格式不正确' }).default(false),
  /** Experts older than this do not review; null = no limit. */
  maxAge: z.number({ error: '年龄上限必须是整数' }).int('年龄上限必须是整数').min(30, '年龄上限不能小于30岁').max(100, '年龄上限不能大于100岁').nullable().default(null),
  alternates: z.number({ error: '候补专家人数必须是整数' }).int('候补专家人数必须是整数').min(2, '候补专家至少2人').max(3, '候补专家最多3人').default(DEFAULT_ALTERNATES),
});

export const reviewGroupBody = z.object({
  editionId: zId,
  prizeId: zId,
  groupName: z.string({ error: '请填写评审组名称' }).trim().min(1, '请填写评审组名称').max(64, '评审组名称不能超过64个字符'),
  disciplineCodes: z.array(disciplineCode, { error: '学科代码格式不正确' }).max(20, '学科代码最多20个').default([]),
  expertsPerDeclaration: z
    .number({ error: '每项评审专家人数必须是整数' })
    .int('每项评审专家人数必须是整数')
    .min(1, '每项评审专家至少1人')
    .max(15, '每项评审专家最多15人')
    .default(DEFAULT_EXPERTS_PER_DECLARATION),
  maxLoad: z.number({ error: '每位专家最多评审项数必须是整数' }).int('每位专家最多评审项数必须是整数').min(1, '每位专家最多评审项数至少为1').max(200, '每位专家最多评审项数不能超过200').default(DEFAULT_MAX_LOAD),
  deadline: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE).nullish().transform((v) => v ?? null),
  settings: reviewGroupSettings.default({ outOfRegionOnly: false, maxAge: null, alternates: DEFAULT_ALTERNATES }),
});
export type ReviewGroupValues = z.input<typeof reviewGroupBody>;

export const reviewGroupRow = z.object({
  groupId: zId,
  editionId: zId,
  editionName: z.string().nullable(),
  prizeId: zId,
  prizeName: z.string().nullable(),
  groupName: z.string(),
  disciplineCodes: z.array(z.string()),
  leaderExpertId: zId.nullable(),
  leaderName: z.string().nullable(),
  expertsPerDeclaration: z.number(),
  maxLoad: z.number(),
  deadline: z.string().nullable(),
  seed: z.number().nullable(),
  status: z.enum(REVIEW_GROUP_STATUSES),
  settings: z.object({ outOfRegionOnly: z.boolean(), maxAge: z.number().nullable(), alternates: z.number() }),
  declarationCount: z.number(),
  expertCount: z.number(),
  ...recordFields,
});

/** A declaration of the group, or one that may join it. */
export const groupDeclaration = z.object({
  declarationId: zId,
  title: z.string().nullable(),
  registrationNo: z.string().nullable(),
  disciplineCode: z.string().nullable(),
  firstCompleter: z.string().nullable(),
  status: z.enum(DECLARATION_STATUSES),
});
/** An expert of the group, or one that may join it. */
export const groupExpert = z.object({
  expertId: zId,
  name: z.string(),
  title: z.string().nullable(),
  unitName: z.string().nullable(),
  status: z.enum(EXPERT_STATUSES),
  /** This expert's own maximum in the group; null = the group's. */
  maxLoad: z.number().nullable(),
});

export const reviewGroupMembers = z.object({
  groupId: zId,
  declarations: z.array(groupDeclaration),
  experts: z.array(groupExpert),
  leaderExpertId: zId.nullable(),
});

const TAG = '评审组';
const groupRef = z.object({ groupId: zId });
const prefixList = z.array(disciplineCode, { error: '学科代码格式不正确' }).max(20, '学科代码最多20个').optional();

export const reviewGroupCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/reviewGroup/getReviewGroupList',
    access: REVIEW_GROUP_PERMISSIONS.list,
    tag: TAG,
    summary: '评审组分页：可按届次、奖种、名称筛选',
    body: z.object({
      pageParameter: zPageParameter,
      editionId: zId.optional(),
      prizeId: zId.optional(),
      groupName: z.string().trim().max(64).optional(),
    }),
    response: pageOf(reviewGroupRow),
  }),
  detail: defineCall({ method: 'POST', path: '/rest/reviewGroup/detail', access: REVIEW_GROUP_PERMISSIONS.detail, tag: TAG, summary: '评审组详情', body: groupRef, response: reviewGroupRow }),
  add: defineCall({
    method: 'POST',
    path: '/rest/reviewGroup/add',
    access: REVIEW_GROUP_PERMISSIONS.add,
    tag: TAG,
    summary: '新增评审组：届次须开放该奖种',
    body: reviewGroupBody,
    response: reviewGroupRow,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/reviewGroup/update',
    access: REVIEW_GROUP_PERMISSIONS.upd,
    tag: TAG,
    summary: '修改评审组（乐观锁）；已推送的评审组不能改届次和奖种',
    body: reviewGroupBody.extend({ groupId: zId, lockVersion: zLockVersion }),
    response: reviewGroupRow,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/rest/reviewGroup/delete',
    access: REVIEW_GROUP_PERMISSIONS.del,
    tag: TAG,
    summary: '删除评审组（逻辑删除）；已推送的评审组不能删除',
    body: groupRef.extend({ lockVersion: zLockVersion.optional() }),
    response: z.null(),
  }),
  members: defineCall({
    method: 'POST',
    path: '/rest/reviewGroup/getMembers',
    access: REVIEW_GROUP_PERMISSIONS.detail,
    tag: TAG,
    summary: '评审组的申报书与专家',
    body: groupRef,
    response: reviewGroupMembers,
  }),
  candidateDeclarations: defineCall({
    method: 'POST',
    path: '/rest/reviewGroup/getCandidateDeclarations',
    access: REVIEW_GROUP_PERMISSIONS.members,
    tag: TAG,
    summary: '可加入评审组的申报书：本届次本奖种已受理、尚未分入任何评审组的；可按学科代码前缀筛选',
    body: groupRef.extend({ disciplinePrefixes: prefixList }),
    response: z.array(groupDeclaration),
  }),
  setDeclarations: defineCall({
    method: 'POST',
    path: '/rest/reviewGroup/setDeclarations',
    access: REVIEW_GROUP_PERMISSIONS.members,
    tag: TAG,
    summary: '设置评审组的申报书：按所选，或本组学科代码前缀下全部可加入的（byDisciplines）；已有分配的申报书不能移出',
    body: groupRef.extend({
      declarationIds: z.array(zId, { error: '申报书格式不正确' }).max(2000, '申报书最多2000项').optional(),
      byDisciplines: z.boolean().optional(),
    }),
    response: reviewGroupMembers,
  }),
  candidateExperts: defineCall({
    method: 'POST',
    path: '/rest/reviewGroup/getCandidateExperts',
    access: REVIEW_GROUP_PERMISSIONS.members,
    tag: TAG,
    summary: '可加入评审组的专家：专家库中状态正常（ACTIVE）的专家，可按学科代码前缀和姓名筛选（最多200人）',
    body: groupRef.extend({ disciplinePrefixes: prefixList, keyword: z.string().trim().max(64).optional() }),
    response: z.array(groupExpert),
  }),
  setExperts: defineCall({
    method: 'POST',
    path: '/rest/reviewGroup/setExperts',
    access: REVIEW_GROUP_PERMISSIONS.members,
    tag: TAG,
    summary: '设置评审组的专家及各自的最多评审项数和组长；已有分配的专家不能移出',
    body: groupRef.extend({
      experts: z
        .array(
          z.object({
            expertId: zId,
            maxLoad: z.number({ error: '最多评审项数必须是整数' }).int('最多评审项数必须是整数').min(0, '最多评审项数不能小于0').max(200, '最多评审项数不能超过200').nullish(),
          }),
          { error: '专家格式不正确' },
        )
        .max(1000, '专家最多1000人'),
      leaderExpertId: zId.nullish(),
    }),
    response: reviewGroupMembers,
  }),
};
