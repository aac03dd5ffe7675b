/**
 * Declarations (申报书): their states, what every list and detail answers, and the applicant's calls
 * under /rest/declare/* (DOMAIN.md "The declaration", "States"). Withdrawal, the unit's and the
 * nominator's reviews, formal review and the office's list are in declarationReview.ts.
 */
import { z } from 'zod';
import { defineCall, permissionsOf, SIGNED_IN } from '../contract';
import { zLockVersion } from '../records';
import { pageOf, zDateTime, zId, zPageParameter } from '../schemas';
import { recordFields } from '../system/recordFields';
import { declarationContent, sectionSave } from './declarationContent';
import { DECLARATION_SECTIONS, PRIZE_GRADES, PRIZE_KINDS, prizeRow } from './prize';

/** The applicant's own calls (granted to 申报人). */
export const DECLARE_PERMISSIONS = permissionsOf('award:declare', ['mine', 'add', 'edit', 'submit', 'revoke']);
/** 完成单位管理员: the unit's review (data scope: their org subtree). */
export const UNIT_REVIEW_PERMISSIONS = permissionsOf('award:unitReview', ['list', 'approve']);
/** 提名单位: the nominator's review (what was sent to their org). */
export const NOMINATION_PERMISSIONS = permissionsOf('award:nomination', ['list', 'approve']);
/** 奖励办: formal review (形式审查). */
export const FORMAL_REVIEW_PERMISSIONS = permissionsOf('award:formalReview', ['list', 'audit']);
/** 奖励办: every declaration of every edition, exports and withdrawal requests held by the office. */
export const DECLARATION_PERMISSIONS = permissionsOf('award:declaration', ['list', 'detail', 'export', 'revocation']);

export const DECLARATION_STATUSES = [
  'DRAFT',
  'SUBMITTED',
  'UNIT_RETURNED',
  'UNIT_APPROVED',
  'NOMINATOR_RETURNED',
  'NOMINATED',
  'FORMAL_RETURNED',
  'ACCEPTED',
  'NOT_ACCEPTED',
  'WITHDRAWN',
  'IN_REVIEW',
  'REVIEWED',
  'ELIMINATED',
  'DEFERRED',
  'IN_COMMITTEE',
  'PROPOSED',
  'IN_RESULT_PUBLICITY',
  'OBJECTION_HOLD',
  'AWARDED',
  'NOT_AWARDED',
] as const;
export type DeclarationStatus = (typeof DECLARATION_STATUSES)[number];
export const DECLARATION_STATUS_LABELS: Readonly<Record<DeclarationStatus, string>> = {
  DRAFT: '草稿',
  SUBMITTED: '待单位审核',
  UNIT_RETURNED: '单位退回',
  UNIT_APPROVED: '待提名单位审核',
  NOMINATED: '待形式审查',
  NOMINATOR_RETURNED: '提名单位退回',
  FORMAL_RETURNED: '限期修改',
  ACCEPTED: '已受理',
  NOT_ACCEPTED: '不予受理',
  WITHDRAWN: '已撤回',
  IN_REVIEW: '专家评审中',
  REVIEWED: '初评完成',
  ELIMINATED: '初评淘汰',
  DEFERRED: '缓评',
  IN_COMMITTEE: '评审委员会评审中',
  PROPOSED: '拟授奖',
  IN_RESULT_PUBLICITY: '结果公示中',
  OBJECTION_HOLD: '异议处理中',
  AWARDED: '已授奖',
  NOT_AWARDED: '未授奖',
};
/** The applicant may edit in these states only (DOMAIN.md). */
export const EDITABLE_STATUSES: readonly DeclarationStatus[] = ['DRAFT', 'UNIT_RETURNED', 'NOMINATOR_RETURNED', 'FORMAL_RETURNED'];

/**
 * Where a submission goes first: a level the edition does not use counts as passed, so with both
 * unit and nominator review off a declaration goes straight to the office (NOMINATED = 待形式审查).
 * A declaration returned by formal review goes back to the office directly.
 */
export function statusAfterSubmit(edition: { unitReview: boolean; nominatorReview: boolean }, from: DeclarationStatus): DeclarationStatus {
  if (from === 'FORMAL_RETURNED') return 'NOMINATED';
  if (edition.unitReview) return 'SUBMITTED';
  if (edition.nominatorReview) return 'UNIT_APPROVED';
  return 'NOMINATED';
}

/** What the caller may do with a declaration now; the server answers it, the screens show exactly these. */
export const DECLARATION_ACTIONS = ['EDIT', 'DELETE', 'SUBMIT', 'REVOKE', 'PRINT', 'UNIT_REVIEW', 'NOMINATE', 'FORMAL_REVIEW', 'DECIDE_REVOCATION'] as const;
export type DeclarationAction = (typeof DECLARATION_ACTIONS)[number];

/** The history's steps. */
export const DECLARATION_STEP_ACTIONS = [
  'CREATE',
  'SUBMIT',
  'RESUBMIT',
  'UNIT_APPROVE',
  'UNIT_RETURN',
  'NOMINATE',
  'NOMINATOR_RETURN',
  'ACCEPT',
  'RETURN_FOR_FIX',
  'REJECT',
  'FIX_DEADLINE_MISSED',
  'WITHDRAW',
  'REQUEST_REVOCATION',
  'APPROVE_REVOCATION',
  'REFUSE_REVOCATION',
  'REVIEW_PASS',
  'REVIEW_ELIMINATE',
  'REVIEW_DEFER',
  'START_REVIEW',
  'COMMITTEE_START',
  'COMMITTEE_PROPOSE',
  'COMMITTEE_NOT_PROPOSE',
  'RESULT_PUBLICITY_START',
  'OBJECTION_HOLD',
  'OBJECTION_RELEASE',
  'OBJECTION_REMOVE',
  'AWARD',
  'NOT_AWARD',
] as const;
export type DeclarationStepAction = (typeof DECLARATION_STEP_ACTIONS)[number];
export const DECLARATION_STEP_LABELS: Readonly<Record<DeclarationStepAction, string>> = {
  CREATE: '创建草稿',
  SUBMIT: '提交申报',
  RESUBMIT: '修改后重新提交',
  UNIT_APPROVE: '单位审核通过',
  UNIT_RETURN: '单位退回修改',
  NOMINATE: '提名单位同意提名',
  NOMINATOR_RETURN: '提名单位退回修改',
  ACCEPT: '形式审查：受理',
  RETURN_FOR_FIX: '形式审查：限期修改',
  REJECT: '形式审查：不予受理',
  FIX_DEADLINE_MISSED: '逾期未修改，不予受理',
  WITHDRAW: '撤回申报',
  REQUEST_REVOCATION: '申请撤回',
  APPROVE_REVOCATION: '同意撤回',
  REFUSE_REVOCATION: '不同意撤回',
  REVIEW_PASS: '专家评审：通过',
  REVIEW_ELIMINATE: '专家评审：淘汰',
  REVIEW_DEFER: '专家评审：缓评',
  START_REVIEW: '推送专家评审',
  COMMITTEE_START: '提交评审委员会',
  COMMITTEE_PROPOSE: '评审委员会：拟授奖',
  COMMITTEE_NOT_PROPOSE: '评审委员会：不予授奖',
  RESULT_PUBLICITY_START: '进入结果公示',
  OBJECTION_HOLD: '收到异议，暂停处理',
  OBJECTION_RELEASE: '异议处理完毕，恢复处理',
  OBJECTION_REMOVE: '异议成立，撤销申报',
  AWARD: '授奖',
  NOT_AWARD: '不予授奖',
};

/** The dictionary of reasons for 不予受理 (seeded; the office may add). */
export const REJECT_REASON_DICT = 'AWARD_REJECT_REASON';

/** A reviewer's opinion: required when the decision needs one (returns), else optional. */
export const reviewOpinion = (required: boolean) =>
  required
    ? z.string({ error: '请填写审核意见' }).trim().min(1, '请填写审核意见').max(1000, '审核意见不能超过1000个字符')
    : z.string().trim().max(1000, '审核意见不能超过1000个字符').nullish();

/** The last word of a reviewer the applicant must see (a return's opinion, a fix deadline, the reasons). */
export const reviewNote = z.object({
  action: z.enum(DECLARATION_STEP_ACTIONS),
  opinion: z.string().nullable(),
  reasons: z.array(z.string()),
  /** 限期修改: the Beijing date by which the fix must be resubmitted. */
  deadline: z.string().nullable(),
  actorName: z.string(),
  time: zDateTime,
});

export const revocationState = z.object({
  status: z.enum(['PENDING', 'REFUSED']),
  reason: z.string(),
  /** The holding level's answer when refused. */
  opinion: z.string().nullable(),
  requestTime: zDateTime,
});

/** A row of every declaration list (mine, review queues, the office's list). */
export const declarationListRow = z.object({
  declarationId: zId,
  editionId: zId,
  editionName: z.string(),
  prizeId: zId,
  prizeName: z.string(),
  title: z.string().nullable(),
  proposedGrade: z.enum(PRIZE_GRADES).nullable(),
  status: z.enum(DECLARATION_STATUSES),
  /** 登记号: given at the first submission. */
  registrationNo: z.string().nullable(),
  applicantName: z.string(),
  unitOrgName: z.string().nullable(),
  nominatorOrgName: z.string().nullable(),
  firstCompleter: z.string().nullable(),
  completerCount: z.number().int(),
  /** The step the declaration waits at, in words (e.g. 待单位审核, 限期修改至 2026-12-10). */
  currentStep: z.string(),
  /** The next date that matters: the fix deadline, or the end of the stage it waits in. */
  deadline: z.string().nullable(),
  resubmitted: z.boolean(),
  revocationPending: z.boolean(),
  submitTime: zDateTime.nullable(),
  actions: z.array(z.enum(DECLARATION_ACTIONS)),
  updateTime: zDateTime.nullable(),
  lockVersion: z.number().int(),
});

/** The whole declaration, for the form, the reviewers' read-only view and the print view. */
export const declarationDetail = declarationListRow.extend({
  prizeCode: z.string(),
  prizeKind: z.enum(PRIZE_KINDS),
  /** The prize's grades (caps) and form configuration: which sections, word limits, required attachments. */
  grades: prizeRow.shape.grades,
  formConfig: prizeRow.shape.formConfig,
  unitOrgId: zId.nullable(),
  nominatorOrgId: zId.nullable(),
  content: declarationContent,
  lastNote: reviewNote.nullable(),
  revocation: revocationState.nullable(),
  ...recordFields,
});

export const declarationProblem = z.object({
  section: z.enum(DECLARATION_SECTIONS),
  /** Path inside the section's content, e.g. `completers.1.idNumber`; empty for the section as a whole. */
  field: z.string(),
  message: z.string(),
});
export type DeclarationProblem = z.infer<typeof declarationProblem>;

export const historyStep = z.object({
  stepId: zId,
  action: z.enum(DECLARATION_STEP_ACTIONS),
  actionLabel: z.string(),
  fromStatus: z.enum(DECLARATION_STATUSES).nullable(),
  toStatus: z.enum(DECLARATION_STATUSES),
  opinion: z.string().nullable(),
  reasons: z.array(z.string()),
  deadline: z.string().nullable(),
  actorName: z.string(),
  time: zDateTime,
});

export const declarationRef = z.object({ declarationId: zId });
export const versionedDeclarationRef = declarationRef.extend({ lockVersion: zLockVersion });
export const DECLARATION_TAG = '申报';

/** The filters every declaration list takes. */
export const declarationListFilter = {
  pageParameter: zPageParameter,
  editionId: zId.optional(),
  prizeId: zId.optional(),
  /** 项目名称, 登记号 or a completer's name. */
  keyword: z.string().trim().max(64, '关键词不能超过64个字符').optional(),
};

export const declareCalls = {
  mine: defineCall({
    method: 'POST',
    path: '/rest/declare/getMyDeclarations',
    access: DECLARE_PERMISSIONS.mine,
    tag: DECLARATION_TAG,
    summary: '我的申报：本人的全部申报书（状态、当前环节、截止日期、登记号与可执行的操作）',
    body: z.object({ pageParameter: zPageParameter, status: z.enum(DECLARATION_STATUSES, { error: '状态不正确' }).optional() }),
    response: pageOf(declarationListRow),
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/declare/add',
    access: DECLARE_PERMISSIONS.add,
    tag: DECLARATION_TAG,
    summary: '开始申报：为正在申报期的届次所开放的奖种创建草稿；同一届次同一奖种本人只能有一份未撤回的申报书',
    body: z.object({ editionId: zId, prizeId: zId }),
    response: declarationDetail,
  }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/declare/detail',
    access: SIGNED_IN,
    tag: DECLARATION_TAG,
    summary: '申报书详情：申报人本人、数据范围内的单位/提名单位审核人、奖励办可见；其他人一律 404',
    body: declarationRef,
    response: declarationDetail,
  }),
  saveSection: defineCall({
    method: 'POST',
    path: '/rest/declare/saveSection',
    access: DECLARE_PERMISSIONS.edit,
    tag: DECLARATION_TAG,
    summary: '按栏目保存申报书（草稿与退回状态可改；乐观锁，他处已保存时 409）；已填写的内容须格式正确，是否填全由 check 回答',
    body: versionedDeclarationRef.and(sectionSave),
    response: z.object({ lockVersion: z.number().int(), updateTime: zDateTime }),
  }),
  remove: defineCall({
    method: 'POST',
    path: '/rest/declare/delete',
    access: DECLARE_PERMISSIONS.edit,
    tag: DECLARATION_TAG,
    summary: '删除草稿（从未提交过的申报书）',
    body: versionedDeclarationRef,
    response: z.null(),
  }),
  check: defineCall({
    method: 'POST',
    path: '/rest/declare/check',
    access: DECLARE_PERMISSIONS.submit,
    tag: DECLARATION_TAG,
    summary: '提交前检查：列出所有会阻止提交的问题（必填项与必传附件、等级上限、同届次完成人重复、近届获奖、字数），每项带栏目与字段',
    body: declarationRef,
    response: z.object({ ok: z.boolean(), problems: z.array(declarationProblem) }),
  }),
  submit: defineCall({
    method: 'POST',
    path: '/rest/declare/submit',
    access: DECLARE_PERMISSIONS.submit,
    tag: DECLARATION_TAG,
    summary: '提交申报：在同一事务中重做检查（有问题时 400，attributes.problems 列出全部），首次提交取得登记号，进入下一审核环节',
    body: versionedDeclarationRef,
    response: declarationDetail,
  }),
  history: defineCall({
    method: 'POST',
    path: '/rest/declare/getHistory',
    access: SIGNED_IN,
    tag: DECLARATION_TAG,
    summary: '申报书的办理记录（谁、何时、意见与理由）；可见范围同详情',
    body: declarationRef,
    response: z.array(historyStep),
  }),
  orgOptions: defineCall({
    method: 'POST',
    path: '/rest/declare/getOrgOptions',
    access: DECLARE_PERMISSIONS.edit,
    tag: DECLARATION_TAG,
    summary: '可选的申报单位（机构类型 UNIT）或提名单位（机构类型 NOMINATOR），按名称搜索',
    body: z.object({ kind: z.enum(['UNIT', 'NOMINATOR'], { error: '单位类别不正确' }), keyword: z.string().trim().max(64).optional() }),
    response: z.array(z.object({ orgId: zId, orgName: z.string() })),
  }),
};
