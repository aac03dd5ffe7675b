/**
 * Publicity (公示, DOMAIN.md "Publicity and objections"): the acceptance publicity after formal review
 * and the result publicity after the committee. Each is one edition × prize × kind with a window in
 * natural or working days, opened and closed by the scheduler. Its entries are a snapshot of what the
 * prize kind's field setting allows; classified declarations are never shown. The office manages them
 * under /rest/publicity/*; the portal reads the open and closed ones (/query, /queryDetail/{id}).
 */
import { z } from 'zod';
import { defineCall, permissionsOf, PUBLIC, SIGNED_IN } from '../contract';
import { zLockVersion } from '../records';
import { pageOf, zDateTime, zId, zPageParameter } from '../schemas';
import { recordFields } from '../system/recordFields';
import { DECLARATION_STATUSES } from './declaration';
import { DECLARATION_CATEGORIES } from './declarationContent';
import { zIsoDate } from './edition';
import { PRIZE_GRADES, PRIZE_KINDS } from './prize';

/** 奖励办: 公示管理 and 公示字段设置. */
export const PUBLICITY_PERMISSIONS = permissionsOf('award:publicity', ['list', 'detail', 'add', 'upd', 'schedule', 'withdraw', 'close', 'setting']);

export const PUBLICITY_KINDS = ['ACCEPTANCE', 'RESULT'] as const;
export type PublicityKind = (typeof PUBLICITY_KINDS)[number];
export const PUBLICITY_KIND_LABELS: Readonly<Record<PublicityKind, string>> = { ACCEPTANCE: '受理公示', RESULT: '结果公示' };

/** DRAFT → SCHEDULED → OPEN → CLOSED; a DRAFT or SCHEDULED one may be withdrawn. */
export const PUBLICITY_STATUSES = ['DRAFT', 'SCHEDULED', 'OPEN', 'CLOSED', 'WITHDRAWN'] as const;
export type PublicityStatus = (typeof PUBLICITY_STATUSES)[number];
export const PUBLICITY_STATUS_LABELS: Readonly<Record<PublicityStatus, string>> = {
  DRAFT: '草稿',
  SCHEDULED: '待开始',
  OPEN: '公示中',
  CLOSED: '已结束',
  WITHDRAWN: '已撤回',
};

export const PUBLICITY_DAY_KINDS = ['NATURAL', 'WORKING'] as const;
export type PublicityDayKind = (typeof PUBLICITY_DAY_KINDS)[number];
export const PUBLICITY_DAY_KIND_LABELS: Readonly<Record<PublicityDayKind, string>> = { NATURAL: '自然日', WORKING: '工作日' };

/** The declaration states each kind takes its entries from. */
export const PUBLICITY_SOURCE_STATUSES: Readonly<Record<PublicityKind, readonly (typeof DECLARATION_STATUSES)[number][]>> = {
  ACCEPTANCE: ['ACCEPTED', 'IN_REVIEW'],
  RESULT: ['PROPOSED'],
};

/** Default window lengths (DOMAIN.md): acceptance 15 natural days, result 15 working days. */
export const PUBLICITY_DEFAULT_WINDOW: Readonly<Record<PublicityKind, { days: number; dayKind: PublicityDayKind }>> = {
  ACCEPTANCE: { days: 15, dayKind: 'NATURAL' },
  RESULT: { days: 15, dayKind: 'WORKING' },
};

/**
 * The fields a prize kind's setting may show beside the title and the registration number, which
 * every entry shows. `grade` is the committee's grade and only ever shown in a result publicity.
 */
export const PUBLICITY_FIELDS = ['completers', 'units', 'grade', 'disciplines', 'category', 'keywords', 'summary', 'application'] as const;
export type PublicityField = (typeof PUBLICITY_FIELDS)[number];
export const PUBLICITY_FIELD_LABELS: Readonly<Record<PublicityField, string>> = {
  completers: '完成人（按排序）',
  units: '完成单位（按排序）',
  grade: '拟授奖等级',
  disciplines: '学科',
  category: '成果类别',
  keywords: '关键词',
  summary: '项目简介',
  application: '推广应用情况',
};
/** What a prize kind shows until the office saves its own setting. */
export const DEFAULT_PUBLICITY_FIELDS: readonly PublicityField[] = ['completers', 'units', 'grade', 'disciplines'];

const TAG = '公示';
const PORTAL_TAG = '门户公示';

export const PUBLICITY_DAYS_MAX = 90;

/** What the office fills in for a publicity; the end date is computed from start, days and the day kind. */
export const publicityBody = z.object({
  editionId: zId,
  prizeId: zId,
  kind: z.enum(PUBLICITY_KINDS, { error: '请选择公示类型' }),
  title: z.string({ error: '请输入公示标题' }).trim().min(1, '请输入公示标题').max(100, '公示标题不能超过100个字符'),
  note: z.string().trim().max(2000, '公示说明不能超过2000个字符').nullish().transform((v) => v || null),
  startDate: zIsoDate,
  days: z
    .number({ error: '请输入公示天数' })
    .int('公示天数必须是整数')
    .min(1, '公示天数不能少于1天')
    .max(PUBLICITY_DAYS_MAX, `公示天数不能超过${PUBLICITY_DAYS_MAX}天`),
  dayKind: z.enum(PUBLICITY_DAY_KINDS, { error: '请选择天数计算方式' }),
});
export type PublicityValues = z.input<typeof publicityBody>;

/** What one entry may show the public: title and registration number always, the rest as the setting allows. */
export const publicityEntry = z.object({
  entryId: zId,
  declarationId: zId,
  sort: z.number().int(),
  title: z.string().nullable(),
  registrationNo: z.string().nullable(),
  completers: z.array(z.string()).nullable(),
  units: z.array(z.string()).nullable(),
  grade: z.enum(PRIZE_GRADES).nullable(),
  disciplineCodes: z.array(z.string()).nullable(),
  category: z.enum(DECLARATION_CATEGORIES).nullable(),
  keywords: z.array(z.string()).nullable(),
  summaryHtml: z.string().nullable(),
  applicationHtml: z.string().nullable(),
});

/** A declaration the publicity leaves out, and why (the office's eyes only). */
export const leftOutRow = z.object({ declarationId: zId, registrationNo: z.string().nullable(), reason: z.string() });

export const publicityRow = z.object({
  publicityId: zId,
  editionId: zId,
  editionName: z.string(),
  prizeId: zId,
  prizeName: z.string(),
  kind: z.enum(PUBLICITY_KINDS),
  title: z.string(),
  note: z.string().nullable(),
  startDate: z.string(),
  days: z.number().int(),
  dayKind: z.enum(PUBLICITY_DAY_KINDS),
  endDate: z.string(),
  status: z.enum(PUBLICITY_STATUSES),
  entryCount: z.number().int(),
  leftOutCount: z.number().int(),
  openedAt: zDateTime.nullable(),
  closedAt: zDateTime.nullable(),
  ...recordFields,
});

export const publicityDetail = publicityRow.extend({ entries: z.array(publicityEntry), leftOut: z.array(leftOutRow) });

const publicityRef = z.object({ publicityId: zId });
const versioned = publicityRef.extend({ lockVersion: zLockVersion });

export const fieldSettingRow = z.object({
  prizeKind: z.enum(PRIZE_KINDS),
  fields: z.array(z.enum(PUBLICITY_FIELDS)),
  /** 0: the defaults, nothing saved yet. */
  lockVersion: z.number().int(),
});

export const fieldSettingBody = z.object({
  prizeKind: z.enum(PRIZE_KINDS, { error: '请选择奖种类别' }),
  fields: z.array(z.enum(PUBLICITY_FIELDS, { error: '公示字段不正确' }), { error: '请选择公示字段' }).max(PUBLICITY_FIELDS.length),
  lockVersion: zLockVersion,
});

export const publicityCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/publicity/getPublicityByPage',
    access: PUBLICITY_PERMISSIONS.list,
    tag: TAG,
    summary: '公示分页：可按届次、奖种、类型、状态筛选，最新在前',
    body: z.object({
      pageParameter: zPageParameter,
      editionId: zId.optional(),
      prizeId: zId.optional(),
      kind: z.enum(PUBLICITY_KINDS, { error: '公示类型不正确' }).optional(),
      status: z.enum(PUBLICITY_STATUSES, { error: '公示状态不正确' }).optional(),
    }),
    response: pageOf(publicityRow),
  }),
  detail: defineCall({ method: 'POST', path: '/rest/publicity/detail', access: PUBLICITY_PERMISSIONS.detail, tag: TAG, summary: '公示详情：条目与未公示的申报书（涉密等原因）', body: publicityRef, response: publicityDetail }),
  preview: defineCall({
    method: 'POST',
    path: '/rest/publicity/preview',
    access: PUBLICITY_PERMISSIONS.add,
    tag: TAG,
    summary: '预览公示条目：按届次、奖种与类型取当前可公示的申报书（受理公示取已受理、评审中；结果公示取拟授奖），涉密的不公示',
    body: z.object({ editionId: zId, prizeId: zId, kind: z.enum(PUBLICITY_KINDS, { error: '请选择公示类型' }) }),
    response: z.object({ entries: z.array(publicityEntry.omit({ entryId: true })), leftOut: z.array(leftOutRow) }),
  }),
  add: defineCall({ method: 'POST', path: '/rest/publicity/add', access: PUBLICITY_PERMISSIONS.add, tag: TAG, summary: '新增公示（草稿），同时生成条目快照', body: publicityBody, response: publicityDetail }),
  update: defineCall({
    method: 'POST',
    path: '/rest/publicity/update',
    access: PUBLICITY_PERMISSIONS.upd,
    tag: TAG,
    summary: '修改公示（仅草稿，乐观锁），条目重新生成',
    body: publicityBody.extend({ publicityId: zId, lockVersion: zLockVersion }),
    response: publicityDetail,
  }),
  schedule: defineCall({ method: 'POST', path: '/rest/publicity/schedule', access: PUBLICITY_PERMISSIONS.schedule, tag: TAG, summary: '发布公示（草稿→待开始）：到开始日期由定时任务开启', body: versioned, response: publicityRow }),
  withdraw: defineCall({ method: 'POST', path: '/rest/publicity/withdraw', access: PUBLICITY_PERMISSIONS.withdraw, tag: TAG, summary: '撤回公示（草稿或待开始）', body: versioned, response: publicityRow }),
  close: defineCall({ method: 'POST', path: '/rest/publicity/close', access: PUBLICITY_PERMISSIONS.close, tag: TAG, summary: '提前结束公示（公示中→已结束）', body: versioned, response: publicityRow }),
  fieldSettings: defineCall({ method: 'POST', path: '/rest/publicity/getFieldSettings', access: PUBLICITY_PERMISSIONS.setting, tag: TAG, summary: '公示字段设置：每个奖种类别公示哪些字段（未保存的为默认）', body: z.object({}).default({}), response: z.array(fieldSettingRow) }),
  saveFieldSetting: defineCall({ method: 'POST', path: '/rest/publicity/saveFieldSetting', access: PUBLICITY_PERMISSIONS.setting, tag: TAG, summary: '保存一个奖种类别的公示字段（乐观锁，首次保存 lockVersion 为 0）', body: fieldSettingBody, response: fieldSettingRow }),
};

/** A publicity as the portal shows it: the window and its entries; never who left out what. */
export const portalPublicity = z.object({
  publicityId: zId,
  editionId: zId,
  editionName: z.string(),
  prizeId: zId,
  prizeName: z.string(),
  kind: z.enum(PUBLICITY_KINDS),
  title: z.string(),
  note: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  dayKind: z.enum(PUBLICITY_DAY_KINDS),
  days: z.number().int(),
  status: z.enum(['OPEN', 'CLOSED']),
  entryCount: z.number().int(),
});
export const portalPublicityDetail = portalPublicity.extend({ entries: z.array(publicityEntry) });

export const awardResultRow = z.object({
  declarationId: zId,
  editionId: zId,
  editionName: z.string(),
  prizeId: zId,
  prizeName: z.string(),
  title: z.string().nullable(),
  registrationNo: z.string().nullable(),
  firstCompleter: z.string().nullable(),
  grade: z.enum(PRIZE_GRADES).nullable(),
});

const portalFilter = {
  editionId: zId.optional(),
  prizeId: zId.optional(),
  keyword: z.string().trim().max(64, '关键词不能超过64个字符').optional(),
};

export const portalPublicityCalls = {
  byEditionPrize: defineCall({
    method: 'POST',
    path: '/rest/publicity/getByJieciPrize',
    access: PUBLIC,
    answer: 'portal',
    tag: PORTAL_TAG,
    summary: '某届次某奖种的公示（公示中与已结束，最新在前）及其条目',
    body: z.object({ jieciId: zId, prizeId: zId }),
    response: z.array(portalPublicityDetail),
  }),
  page: defineCall({
    method: 'POST',
    path: '/rest/publicity/getPublicityPage',
    access: PUBLIC,
    answer: 'portal',
    tag: PORTAL_TAG,
    summary: '门户公示列表（/query）：公示中与已结束的公示，可按届次、奖种、类型与标题关键词筛选',
    body: z.object({ pageParameter: zPageParameter, ...portalFilter, kind: z.enum(PUBLICITY_KINDS, { error: '公示类型不正确' }).optional() }),
    response: pageOf(portalPublicity),
  }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/publicity/getPublicityDetail',
    access: PUBLIC,
    answer: 'portal',
    tag: PORTAL_TAG,
    summary: '门户公示详情（/queryDetail/{id}）：公示期与条目；未开始或已撤回的返回 404',
    body: z.object({ publicityId: zId }),
    response: portalPublicityDetail,
  }),
  awardResults: defineCall({
    method: 'POST',
    path: '/rest/publicity/getAwardResults',
    access: PUBLIC,
    answer: 'portal',
    tag: PORTAL_TAG,
    summary: '获奖名单（/query）：已授奖且公开的申报书，按届次、等级排列，可按届次、奖种与标题关键词筛选',
    body: z.object({ pageParameter: zPageParameter, ...portalFilter }),
    response: pageOf(awardResultRow),
  }),
  filters: defineCall({
    method: 'POST',
    path: '/rest/publicity/getQueryFilters',
    access: PUBLIC,
    answer: 'portal',
    tag: PORTAL_TAG,
    summary: '查询页的筛选项：有公示的届次与奖种',
    body: z.object({}).default({}),
    response: z.object({
      editions: z.array(z.object({ editionId: zId, editionName: z.string() })),
      prizes: z.array(z.object({ prizeId: zId, prizeName: z.string() })),
    }),
  }),
  myResults: defineCall({
    method: 'POST',
    path: '/rest/publicity/getMyResults',
    access: SIGNED_IN,
    answer: 'portal',
    tag: PORTAL_TAG,
    summary: '我的结果：本人申报书中进入过公示的，当前状态与授奖等级',
    body: z.object({}).default({}),
    response: z.array(
      z.object({
        declarationId: zId,
        editionName: z.string(),
        prizeName: z.string(),
        title: z.string().nullable(),
        registrationNo: z.string().nullable(),
        status: z.enum(DECLARATION_STATUSES),
        grade: z.enum(PRIZE_GRADES).nullable(),
      }),
    ),
  }),
};
