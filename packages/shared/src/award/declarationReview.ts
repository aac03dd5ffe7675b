/**
 * The declaration's way past the applicant: withdrawal (/rest/result/*), the unit's and the
 * nominator's reviews (/rest/declare/*), the prize office's formal review (/rest/auditPrize/*) and
 * its list of every declaration. The declaration itself and the applicant's calls: declaration.ts.
 */
import { z } from 'zod';
import { defineCall, SIGNED_IN } from '../contract';
import { pageOf, zDateTime, zId } from '../schemas';
import {
  DECLARATION_PERMISSIONS,
  DECLARATION_STATUSES,
  DECLARATION_TAG,
  DECLARE_PERMISSIONS,
  declarationDetail,
  declarationListFilter,
  declarationListRow,
  declarationRef,
  FORMAL_REVIEW_PERMISSIONS,
  NOMINATION_PERMISSIONS,
  reviewOpinion,
  UNIT_REVIEW_PERMISSIONS,
  versionedDeclarationRef,
} from './declaration';
import { DECLARATION_SECTIONS } from './prize';

export const revocationCalls = {
  submit: defineCall({
    method: 'POST',
    path: '/rest/result/submitRevocation',
    access: DECLARE_PERMISSIONS.revoke,
    tag: DECLARATION_TAG,
    summary: '撤回申报：下一级尚未办理时立即撤回；否则成为撤回申请，由当前办理的一级同意或不同意',
    body: declarationRef.extend({ reason: z.string({ error: '请填写撤回理由' }).trim().min(1, '请填写撤回理由').max(500, '撤回理由不能超过500个字符') }),
    response: z.object({ immediate: z.boolean(), declaration: declarationDetail }),
  }),
  decide: defineCall({
    method: 'POST',
    path: '/rest/result/decideRevocation',
    access: SIGNED_IN,
    tag: DECLARATION_TAG,
    summary: '办理撤回申请：当前办理的一级（单位、提名单位或奖励办）同意或不同意，不同意须填写理由',
    body: versionedDeclarationRef.extend({ approve: z.boolean({ error: '请选择是否同意撤回' }), opinion: reviewOpinion(false) }),
    response: declarationDetail,
  }),
};

const levelDecision = versionedDeclarationRef.extend({
  decision: z.enum(['APPROVE', 'RETURN'], { error: '请选择审核结果' }),
  /** Required when returning: the applicant sees it. */
  opinion: reviewOpinion(false),
});

export const levelReviewCalls = {
  unitPage: defineCall({
    method: 'POST',
    path: '/rest/declare/getUnitReviewPage',
    access: UNIT_REVIEW_PERMISSIONS.list,
    tag: DECLARATION_TAG,
    summary: '单位审核：本单位（含下级机构）的申报书；默认只列待审核的',
    body: z.object({ ...declarationListFilter, scope: z.enum(['PENDING', 'ALL'], { error: '范围不正确' }).default('PENDING') }),
    response: pageOf(declarationListRow),
  }),
  unitReview: defineCall({
    method: 'POST',
    path: '/rest/declare/unitReview',
    access: UNIT_REVIEW_PERMISSIONS.approve,
    tag: DECLARATION_TAG,
    summary: '单位审核：通过（进入提名单位审核或形式审查）或退回修改（须填写意见）',
    body: levelDecision,
    response: declarationDetail,
  }),
  nominationPage: defineCall({
    method: 'POST',
    path: '/rest/declare/getNominationPage',
    access: NOMINATION_PERMISSIONS.list,
    tag: DECLARATION_TAG,
    summary: '提名单位审核：提名到本机构（含下级机构）的申报书；默认只列待审核的',
    body: z.object({ ...declarationListFilter, scope: z.enum(['PENDING', 'ALL'], { error: '范围不正确' }).default('PENDING') }),
    response: pageOf(declarationListRow),
  }),
  nominate: defineCall({
    method: 'POST',
    path: '/rest/declare/nominate',
    access: NOMINATION_PERMISSIONS.approve,
    tag: DECLARATION_TAG,
    summary: '提名单位审核：同意提名（进入形式审查）或退回修改（须填写意见）',
    body: levelDecision,
    response: declarationDetail,
  }),
};

export const CHECKLIST_ITEMS = ['完成人与完成单位数量符合等级上限', '必传附件齐全且清晰', '盖章页与签字齐全', '知识产权证明与申报书一致', '申报书各栏目填写完整'] as const;

export const formalReviewCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/auditPrize/getAuditPage',
    access: FORMAL_REVIEW_PERMISSIONS.list,
    tag: DECLARATION_TAG,
    summary: '形式审查：待形式审查的申报书（重新提交的标明“已修改”）；可按届次、奖种、关键词筛选',
    body: z.object({ ...declarationListFilter, scope: z.enum(['PENDING', 'ALL'], { error: '范围不正确' }).default('PENDING') }),
    response: pageOf(declarationListRow),
  }),
  audit: defineCall({
    method: 'POST',
    path: '/rest/auditPrize/audit',
    access: FORMAL_REVIEW_PERMISSIONS.audit,
    tag: DECLARATION_TAG,
    summary: '形式审查结论：受理 / 限期修改（截止日期按工作日计，须填写意见）/ 不予受理（须选择字典 AWARD_REJECT_REASON 中的理由）',
    body: versionedDeclarationRef.extend({
      outcome: z.enum(['ACCEPT', 'RETURN_FOR_FIX', 'REJECT'], { error: '请选择审查结论' }),
      opinion: reviewOpinion(false),
      reasons: z.array(z.string().trim().min(1).max(64), { error: '不予受理理由不正确' }).max(20).default([]),
      /** The checklist items the reviewer ticked as met. */
      checklist: z.array(z.string().trim().max(64)).max(20).default([]),
      /** 限期修改: working days to fix; the edition's setting when absent. */
      fixDays: z.number({ error: '修改期限必须是整数' }).int('修改期限必须是整数').min(1, '修改期限不能小于1个工作日').max(60, '修改期限不能大于60个工作日').optional(),
    }),
    response: declarationDetail,
  }),
  changes: defineCall({
    method: 'POST',
    path: '/rest/auditPrize/getChanges',
    access: FORMAL_REVIEW_PERMISSIONS.list,
    tag: DECLARATION_TAG,
    summary: '重新提交的申报书与退回时版本的差异（按栏目与字段）',
    body: declarationRef,
    response: z.object({
      /** When the compared version was returned; null when the declaration was never returned. */
      returnedAt: zDateTime.nullable(),
      changes: z.array(z.object({ section: z.enum(DECLARATION_SECTIONS), field: z.string(), before: z.string().nullable(), after: z.string().nullable() })),
    }),
  }),
};

const officeFilter = z.object({
  ...declarationListFilter,
  status: z.enum(DECLARATION_STATUSES, { error: '状态不正确' }).optional(),
  unitOrgId: zId.optional(),
  nominatorOrgId: zId.optional(),
  disciplineCode: z.string().trim().max(16).optional(),
});

export const officeDeclarationCalls = {
  exportList: defineCall({
    method: 'POST',
    path: '/rest/declare/exportDeclarations',
    access: DECLARATION_PERMISSIONS.export,
    tag: DECLARATION_TAG,
    summary: '导出申报书列表（与列表相同的筛选条件，.xlsx）',
    body: officeFilter.omit({ pageParameter: true }),
    answer: 'raw',
  }),
  exportCompleters: defineCall({
    method: 'POST',
    path: '/rest/declare/exportCompleters',
    access: DECLARATION_PERMISSIONS.export,
    tag: DECLARATION_TAG,
    summary: '导出主要完成人（与列表相同的筛选条件，每人一行，含登记号与排名，证件号脱敏，.xlsx）',
    body: officeFilter.omit({ pageParameter: true }),
    answer: 'raw',
  }),
  page: defineCall({
    method: 'POST',
    path: '/rest/declare/getDeclarePage',
    access: DECLARATION_PERMISSIONS.list,
    tag: DECLARATION_TAG,
    summary: '奖励办申报书列表：按届次、奖种、状态、申报单位、提名单位、学科、关键词筛选',
    body: officeFilter,
    response: pageOf(declarationListRow),
  }),
  counts: defineCall({
    method: 'POST',
    path: '/rest/declare/getStatusCounts',
    access: DECLARATION_PERMISSIONS.list,
    tag: DECLARATION_TAG,
    summary: '各状态的申报书数量（列表上方的统计），按届次、奖种',
    body: z.object({ editionId: zId.optional(), prizeId: zId.optional() }),
    response: z.array(z.object({ status: z.enum(DECLARATION_STATUSES), count: z.number().int() })),
  }),
};
