/**
 * Editions (届次, e.g. 2026年度): which prizes open, the dates of every stage, which review levels
 * apply and the eligibility rules (DOMAIN.md "Prizes and editions", "The declaration"). An edition
 * is prepared unpublished, published when its dates are set, and then moves through its phases by
 * its dates (a scheduled job, so the phase a list filters on is stored).
 */
import { z } from 'zod';
import { defineCall, permissionsOf, PUBLIC } from '../contract';
import { zLockVersion } from '../records';
import { pageOf, zId, zPageParameter } from '../schemas';
import { recordFields } from '../system/recordFields';
import { PRIZE_KINDS } from './prize';

export const EDITION_PERMISSIONS = permissionsOf('award:edition', ['list', 'add', 'upd', 'detail', 'del', 'publish', 'clone']);

/** The stages in the order an edition runs them. */
export const EDITION_STAGES = [
  'DECLARATION',
  'UNIT_REVIEW',
  'NOMINATION',
  'FORMAL_REVIEW',
  'ACCEPTANCE_PUBLICITY',
  'INITIAL_REVIEW',
  'COMMITTEE',
  'RESULT_PUBLICITY',
] as const;
export type EditionStage = (typeof EDITION_STAGES)[number];
export const EDITION_STAGE_LABELS: Readonly<Record<EditionStage, string>> = {
  DECLARATION: '申报',
  UNIT_REVIEW: '单位审核',
  NOMINATION: '提名单位审核',
  FORMAL_REVIEW: '形式审查',
  ACCEPTANCE_PUBLICITY: '受理公示',
  INITIAL_REVIEW: '专家初评',
  COMMITTEE: '评审委员会',
  RESULT_PUBLICITY: '结果公示',
};

/**
 * PREPARING: not published, or published before its declaration opens. DECLARING: inside the
 * declaration window. REVIEWING: after it, until the result publicity ends. FINISHED: after that.
 */
export const EDITION_PHASES = ['PREPARING', 'DECLARING', 'REVIEWING', 'FINISHED'] as const;
export type EditionPhase = (typeof EDITION_PHASES)[number];
export const EDITION_PHASE_LABELS: Readonly<Record<EditionPhase, string>> = {
  PREPARING: '筹备中',
  DECLARING: '申报中',
  REVIEWING: '评审中',
  FINISHED: '已结束',
};

const DATE_MESSAGE = '日期格式不正确，应为 YYYY-MM-DD';
export const zIsoDate = z.string({ error: '请选择日期' }).regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE);

export const editionStageDates = z
  .object({
    stage: z.enum(EDITION_STAGES, { error: '阶段不正确' }),
    /** Beijing dates, both inclusive; null until the office sets them (a cloned edition has none). */
    startDate: zIsoDate.nullable(),
    endDate: zIsoDate.nullable(),
  })
  .refine((s) => !s.startDate || !s.endDate || s.startDate <= s.endDate, { message: '阶段的结束日期不能早于开始日期', path: ['endDate'] });
export type EditionStageDates = z.infer<typeof editionStageDates>;

export const editionEligibility = z.object({
  /** A person may be a 主要完成人 on one declaration per edition (national 2019 notice). */
  onePersonOneDeclaration: z.boolean({ error: '请选择是否限制一人一项' }),
  /** Winners of the last N editions may not declare again (0 = no rule; national notice: 2). */
  excludeWinnersOfLastEditions: z
    .number({ error: '近几届获奖不得申报必须是整数' })
    .int('近几届获奖不得申报必须是整数')
    .min(0, '近几届获奖不得申报不能小于0')
    .max(10, '近几届获奖不得申报不能大于10'),
  /** A declaration reviewed but not awarded last edition may not come back this one. */
  excludeNotAwardedLastEdition: z.boolean({ error: '请选择是否限制上届未获奖项目' }),
});
export type EditionEligibility = z.infer<typeof editionEligibility>;

export const DEFAULT_ELIGIBILITY: EditionEligibility = { onePersonOneDeclaration: true, excludeWinnersOfLastEditions: 2, excludeNotAwardedLastEdition: true };

export const editionBody = z.object({
  year: z.number({ error: '请输入年度' }).int('年度必须是整数').min(2000, '年度不能早于2000').max(2100, '年度不能晚于2100'),
  editionName: z.string({ error: '请输入届次名称' }).trim().min(1, '请输入届次名称').max(64, '届次名称不能超过64个字符'),
  prizeIds: z
    .array(zId, { error: '请选择开放的奖种' })
    .max(50, '一个届次最多开放50个奖种')
    .refine((ids) => new Set(ids).size === ids.length, '开放的奖种不能重复'),
  stages: z
    .array(editionStageDates, { error: '请设置各阶段日期' })
    .refine((stages) => new Set(stages.map((s) => s.stage)).size === stages.length, '阶段不能重复'),
  unitReview: z.boolean({ error: '请选择是否需要单位审核' }),
  nominatorReview: z.boolean({ error: '请选择是否需要提名单位审核' }),
  /** Working days an applicant has to fix a declaration returned by formal review (限期修改). */
  fixDeadlineWorkingDays: z
    .number({ error: '限期修改天数必须是整数' })
    .int('限期修改天数必须是整数')
    .min(1, '限期修改天数不能小于1')
    .max(60, '限期修改天数不能大于60'),
  eligibility: editionEligibility,
  guide: z.string().trim().max(5000, '申报通知不能超过5000个字符').nullish().transform((v) => v || null),
});
export type EditionValues = z.input<typeof editionBody>;

export const editionRow = z.object({
  editionId: zId,
  year: z.number(),
  editionName: z.string(),
  prizeIds: z.array(zId),
  /** Names of the opened prizes, in the order of prizeIds (for lists and details). */
  prizeNames: z.array(z.string()),
  stages: z.array(editionStageDates),
  unitReview: z.boolean(),
  nominatorReview: z.boolean(),
  fixDeadlineWorkingDays: z.number(),
  eligibility: editionEligibility,
  guide: z.string().nullable(),
  published: z.boolean(),
  phase: z.enum(EDITION_PHASES),
  ...recordFields,
});

const TAG = '届次';
const editionId = z.object({ editionId: zId });

export const editionCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/edition/getEditionPage',
    access: EDITION_PERMISSIONS.list,
    tag: TAG,
    summary: '届次分页（年度倒序）；可按名称、年度、阶段筛选',
    body: z.object({
      pageParameter: zPageParameter,
      editionName: z.string().trim().max(64).optional(),
      year: z.number().int().min(2000).max(2100).optional(),
      phase: z.enum(EDITION_PHASES, { error: '阶段不正确' }).optional(),
    }),
    response: pageOf(editionRow),
  }),
  detail: defineCall({ method: 'POST', path: '/rest/edition/detail', access: EDITION_PERMISSIONS.detail, tag: TAG, summary: '届次详情', body: editionId, response: editionRow }),
  add: defineCall({
    method: 'POST',
    path: '/rest/edition/add',
    access: EDITION_PERMISSIONS.add,
    tag: TAG,
    summary: '新增届次（未发布）：年度唯一；开放的奖种须为启用的奖种',
    body: editionBody,
    response: editionRow,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/edition/update',
    access: EDITION_PERMISSIONS.upd,
    tag: TAG,
    summary: '修改届次（乐观锁）；已结束的届次不能修改',
    body: editionBody.extend({ editionId: zId, lockVersion: zLockVersion }),
    response: editionRow,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/rest/edition/delete',
    access: EDITION_PERMISSIONS.del,
    tag: TAG,
    summary: '删除届次（逻辑删除）；只能删除未发布的届次',
    body: editionId.extend({ lockVersion: zLockVersion.optional() }),
    response: z.null(),
  }),
  publish: defineCall({
    method: 'POST',
    path: '/rest/edition/publish',
    access: EDITION_PERMISSIONS.publish,
    tag: TAG,
    summary: '发布届次：须已开放奖种并设置申报起止日期；发布后按日期自动开始和截止申报',
    body: editionId.extend({ lockVersion: zLockVersion }),
    response: editionRow,
  }),
  cloneFromLast: defineCall({
    method: 'POST',
    path: '/rest/edition/cloneFromLast',
    access: EDITION_PERMISSIONS.clone,
    tag: TAG,
    summary: '复制上一届：复制最近一届的奖种、审核层级、资格规则与申报通知，年度加一，各阶段日期留空，不发布',
    body: z.object({}),
    response: editionRow,
  }),
};

/** A prize open for declaration now, as the portal lists it. */
export const openPrize = z.object({
  editionId: zId,
  editionName: z.string(),
  year: z.number(),
  prizeId: zId,
  prizeCode: z.string(),
  prizeName: z.string(),
  kind: z.enum(PRIZE_KINDS),
  guide: z.string().nullable(),
  declarationStart: z.string(),
  declarationEnd: z.string(),
});

export const openPrizeCalls = {
  list: defineCall({
    method: 'POST',
    path: '/rest/prize/getPrizeList',
    access: PUBLIC,
    tag: '奖种',
    summary: '正在申报的奖种（门户）：已发布且处于申报期的届次所开放的启用奖种',
    body: z.object({}).default({}),
    response: z.array(openPrize),
  }),
};
