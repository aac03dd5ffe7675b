/**
 * 授奖 (issue 18 "Awards"): the prize office closes an edition. Every declaration of the edition that
 * reached the review ends AWARDED or NOT_AWARDED, the award list (授奖名单) is written per prize and
 * grade, exported to Excel and published to the portal, and each awarded declaration gets a PDF
 * certificate (证书) the office and the declaration's own applicant may download.
 *
 * What closing does with each status (CLOSING_OUTCOMES, shown by the preview):
 * - IN_RESULT_PUBLICITY → AWARDED with the committee's grade (awardGrade);
 * - REVIEWED (never sent to the committee), ELIMINATED, DEFERRED → NOT_AWARDED;
 * - NOT_AWARDED (the committee did not propose it, or an upheld objection removed it) and AWARDED stay;
 * - ACCEPTED and IN_REVIEW (review unfinished), IN_COMMITTEE (committee undecided), PROPOSED (proposed
 *   but never publicised: an award is made only after its result publicity) and OBJECTION_HOLD (an
 *   objection is open) block closing, as does an IN_RESULT_PUBLICITY declaration without a grade.
 * Declarations before acceptance (drafts, returned, NOT_ACCEPTED, WITHDRAWN) never entered the
 * competition and are not on the list. Closing also waits for the edition's result publicity
 * (stage RESULT_PUBLICITY) to have ended.
 */
import { z } from 'zod';
import { defineCall, permissionsOf, SIGNED_IN } from '../contract';
import { zDateTime, zId, pageOf, zPageParameter } from '../schemas';
import { DECLARATION_STATUSES, type DeclarationStatus } from './declaration';
import { PRIZE_GRADES } from './prize';

/** The office's: the preview, closing, the award list, its export and every certificate. */
export const AWARDING_PERMISSIONS = permissionsOf('award:awarding', ['list', 'close', 'export', 'certificate']);

export const HONOUR_STATUSES = ['AWARDED', 'NOT_AWARDED'] as const;
export type HonourStatus = (typeof HONOUR_STATUSES)[number];
export const HONOUR_STATUS_LABELS: Readonly<Record<HonourStatus, string>> = { AWARDED: '授奖', NOT_AWARDED: '不授奖' };

/** What closing does with a declaration: award it, not award it, or refuse to close while it stands. */
export const CLOSING_OUTCOMES = ['AWARD', 'NOT_AWARD', 'BLOCK'] as const;
export type ClosingOutcome = (typeof CLOSING_OUTCOMES)[number];
export const CLOSING_OUTCOME_LABELS: Readonly<Record<ClosingOutcome, string>> = { AWARD: '授奖', NOT_AWARD: '不授奖', BLOCK: '阻止结束评奖' };

/** The statuses the award list considers: from acceptance on. */
export const CLOSING_STATUSES = [
  'ACCEPTED', 'IN_REVIEW', 'REVIEWED', 'ELIMINATED', 'DEFERRED', 'IN_COMMITTEE', 'PROPOSED', 'IN_RESULT_PUBLICITY', 'OBJECTION_HOLD', 'AWARDED', 'NOT_AWARDED',
] as const satisfies readonly DeclarationStatus[];

/** Why a status blocks closing, as the preview and the 409 say it. */
export const BLOCKING_REASONS: Partial<Record<DeclarationStatus, string>> = {
  ACCEPTED: '尚未进入专家评审',
  IN_REVIEW: '专家评审尚未完成',
  IN_COMMITTEE: '评审委员会尚未决定',
  PROPOSED: '拟授奖但尚未经过结果公示',
  OBJECTION_HOLD: '有异议正在处理',
};
export const NO_GRADE_REASON = '缺少授奖等级';

export const EDITION_CLOSED_MESSAGE = '本届已结束评奖';
export const FONT_MISSING_MESSAGE = '证书字体未安装，暂时无法生成证书，请联系系统管理员（设置 CERTIFICATE_FONT 指向中文字体文件）';

const tag = '授奖管理';

const editionRef = z.object({ editionId: zId });
const prizeId = zId.optional();

export const previewRow = z.object({
  declarationId: zId,
  prizeId: zId,
  prizeName: z.string(),
  registrationNo: z.string().nullable(),
  title: z.string().nullable(),
  firstCompleter: z.string().nullable(),
  status: z.enum(DECLARATION_STATUSES),
  awardGrade: z.enum(PRIZE_GRADES).nullable(),
  outcome: z.enum(CLOSING_OUTCOMES),
  /** Why it blocks closing (BLOCK only). */
  reason: z.string().nullable(),
});

export const closingPreview = z.object({
  editionId: zId,
  editionName: z.string(),
  /** The last day of the result publicity (null: not dated). */
  resultPublicityEnd: z.string().nullable(),
  /** Why the edition cannot be closed now, each in Chinese (empty: it can). */
  refusals: z.array(z.string()),
  closed: z.boolean(),
  closedAt: zDateTime.nullable(),
  closedBy: z.string().nullable(),
  counts: z.object({ award: z.number().int(), notAward: z.number().int(), block: z.number().int() }),
  rows: z.array(previewRow),
});

export const honourRow = z.object({
  id: zId,
  editionId: zId,
  prizeId: zId,
  prizeName: z.string(),
  declarationId: zId,
  registrationNo: z.string().nullable(),
  title: z.string().nullable(),
  grade: z.enum(PRIZE_GRADES).nullable(),
  status: z.enum(HONOUR_STATUSES),
  certificateNo: z.string().nullable(),
  /** Completers' names and units' names, in rank order. */
  completers: z.array(z.string()),
  units: z.array(z.string()),
});

export const awardPageBody = z.object({
  pageParameter: zPageParameter,
  editionId: zId,
  prizeId,
  grade: z.enum(PRIZE_GRADES, { error: '授奖等级不正确' }).optional(),
  status: z.enum(HONOUR_STATUSES, { error: '授奖结果不正确' }).optional(),
  keyword: z.string({ error: '关键词格式不正确' }).trim().max(100, '关键词不能超过100个字符').optional(),
});

export const myHonour = z.object({
  id: zId,
  declarationId: zId,
  editionName: z.string(),
  prizeName: z.string(),
  title: z.string().nullable(),
  grade: z.enum(PRIZE_GRADES).nullable(),
  certificateNo: z.string().nullable(),
});

export const awardingCalls = {
  getPreview: defineCall({
    method: 'POST',
    path: '/rest/awarding/getPreview',
    access: AWARDING_PERMISSIONS.list,
    tag,
    summary: '结束评奖预览：本届（可按奖种）自受理起每份申报书结束评奖后的结果（授奖/不授奖/阻止），以及当前不能结束评奖的原因',
    body: editionRef.extend({ prizeId }),
    response: closingPreview,
  }),
  closeEdition: defineCall({
    method: 'POST',
    path: '/rest/awarding/closeEdition',
    access: AWARDING_PERMISSIONS.close,
    tag,
    summary: '结束评奖：在一个事务中授奖或不授奖、写入授奖名单并编证书号、发布到门户；有异议处理中、评审或评委会未完成、结果公示未结束时 409；已结束时 409',
    body: editionRef,
    response: z.object({ awarded: z.number().int(), notAwarded: z.number().int() }),
  }),
  getAwardPage: defineCall({
    method: 'POST',
    path: '/rest/awarding/getAwardPage',
    access: AWARDING_PERMISSIONS.list,
    tag,
    summary: '授奖名单：按奖种、等级、结果、关键词（项目名称或登记号）筛选，按奖种、等级、登记号排序',
    body: awardPageBody,
    response: pageOf(honourRow),
  }),
  export: defineCall({
    method: 'POST',
    path: '/rest/awarding/export',
    access: AWARDING_PERMISSIONS.export,
    tag,
    summary: '导出授奖名单（Excel：奖种、等级、登记号、证书编号、项目名称、完成人、完成单位，均按排序）',
    body: awardPageBody.omit({ pageParameter: true }),
    answer: 'raw',
  }),
  certificate: defineCall({
    method: 'GET',
    path: '/rest/awarding/certificate',
    access: SIGNED_IN,
    tag,
    summary: '下载授奖证书（PDF）：奖励办（award:awarding:certificate）或该申报书的申报人本人；字体未安装时 503',
    query: z.object({ honourId: zId }),
    answer: 'raw',
  }),
  getMyHonours: defineCall({
    method: 'POST',
    path: '/rest/awarding/getMyHonours',
    access: SIGNED_IN,
    tag,
    summary: '本人申报书的授奖记录（已授奖、有证书的），供「我的申报」下载证书',
    response: z.array(myHonour),
  }),
};
