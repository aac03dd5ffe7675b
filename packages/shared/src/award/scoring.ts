/**
 * Blind scoring and the aggregated result of the expert review (issue 17 "Scoring", "Aggregation and
 * results"; DOMAIN.md "Scoring and aggregation"). The expert scores one assignment
 * (/rest/expertReview/*); the prize office reads the group's result, reopens a review, decides and
 * exports (/rest/reviewResult/*). The figures come from aggregation.ts.
 */
import { z } from 'zod';
import { defineCall, permissionsOf } from '../contract';
import { zLockVersion } from '../records';
import { zDateTime, zId } from '../schemas';
import { DIVERGENCE_FLAGS, type GroupScoreMethod } from './aggregation';
import { declarationDetail, DECLARATION_STATUSES } from './declaration';
import { ASSIGNMENT_STATES } from './expertPush';
import { PRIZE_GRADES } from './prize';

/** The expert's: score the declarations assigned to them (a hidden page reached from the task list). */
export const SCORING_PERMISSIONS = permissionsOf('award:scoring', ['score']);
/** The prize office's: the aggregated result, reopening a review, the decision and the export. */
export const REVIEW_RESULT_PERMISSIONS = permissionsOf('award:reviewResult', ['result', 'setting', 'reopen', 'decide', 'export']);

export const SCORE_METHODS = ['TRIMMED', 'MEAN'] as const satisfies readonly GroupScoreMethod[];

export const REVIEW_STATUSES = ['DRAFT', 'SUBMITTED'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_LABELS: Readonly<Record<ReviewStatus, string>> = { DRAFT: '暂存', SUBMITTED: '已提交' };

/** What the office decides for a declaration after the review: the declaration's next state. */
export const REVIEW_DECISIONS = ['REVIEWED', 'ELIMINATED', 'DEFERRED'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];
export const REVIEW_DECISION_LABELS: Readonly<Record<ReviewDecision, string>> = { REVIEWED: '通过', ELIMINATED: '淘汰', DEFERRED: '缓评' };

/** The total of a review is on this scale: Σ score / max × weight, weights adding up to 100. */
export const REVIEW_SCALE_MAX = 100;

export const COMMENT_MAX = 2000;
const tag = '专家评审';

/** One criterion's score as the expert enters it; bounds come from the prize's rubric (checked by the server). */
export const criterionScore = z.object({
  name: z.string({ error: '评分指标名称不正确' }).trim().min(1, '评分指标名称不正确').max(64, '评分指标名称不正确'),
  score: z.number({ error: '评分必须是数字' }).finite('评分必须是数字').nullable(),
});

export const reviewComment = z.string({ error: '评审意见格式不正确' }).trim().max(COMMENT_MAX, `评审意见不能超过${COMMENT_MAX}个字符`);

export const reviewBody = z.object({
  assignmentId: zId,
  /** 0 before the first save. */
  lockVersion: zLockVersion,
  scores: z.array(criterionScore, { error: '请填写评分' }).max(20, '评分指标不能超过20项'),
  comment: reviewComment.nullish(),
  suggestedGrade: z.enum(PRIZE_GRADES, { error: '建议等级不正确' }).nullish(),
});
export type ReviewValues = z.input<typeof reviewBody>;

const assignmentRef = z.object({ assignmentId: zId });

const rubricRow = z.object({ name: z.string(), weight: z.number(), maxScore: z.number(), description: z.string().nullable() });
const scoreRow = z.object({ name: z.string(), score: z.number().nullable() });

export const myReview = z.object({
  assignmentId: zId,
  declarationId: zId,
  groupId: zId,
  groupName: z.string(),
  /** Beijing date by which the review is due. */
  deadline: z.string().nullable(),
  assignmentState: z.enum(ASSIGNMENT_STATES),
  prizeName: z.string(),
  rubric: z.array(rubricRow),
  /** The prize's grades: what may be suggested. */
  grades: z.array(z.enum(PRIZE_GRADES)),
  /** 组长: sees the divergence flags among the peers' scores. */
  leader: z.boolean(),
  status: z.enum(REVIEW_STATUSES).nullable(),
  scores: z.array(scoreRow),
  total: z.number().nullable(),
  comment: z.string().nullable(),
  suggestedGrade: z.enum(PRIZE_GRADES).nullable(),
  submittedAt: zDateTime.nullable(),
  lockVersion: z.number().int(),
});

export const peerScores = z.object({
  scaleMax: z.number(),
  /** Every main reviewer's place on the declaration; the others are 专家1, 专家2 … (blind), mine is 本人. */
  peers: z.array(
    z.object({
      label: z.string(),
      mine: z.boolean(),
      submitted: z.boolean(),
      scores: z.array(scoreRow),
      total: z.number().nullable(),
      suggestedGrade: z.enum(PRIZE_GRADES).nullable(),
      /** Leader only: this score is an outlier. */
      outlier: z.boolean(),
    }),
  ),
  /** Leader only (null for the others). */
  flags: z.array(z.enum(DIVERGENCE_FLAGS)).nullable(),
});

export const expertReviewCalls = {
  getMyReview: defineCall({
    method: 'POST',
    path: '/rest/expertReview/getMyReview',
    access: SCORING_PERMISSIONS.score,
    tag,
    summary: '本人的评审任务：评分细则、本人的评分、意见、建议等级与状态（只限本人已接受且确认无利益冲突的任务，其他一律 404）',
    body: assignmentRef,
    response: myReview,
  }),
  getDeclaration: defineCall({
    method: 'POST',
    path: '/rest/expertReview/getDeclaration',
    access: SCORING_PERMISSIONS.score,
    tag,
    summary: '评审中的申报书（只读，不含证件号码与联系方式）：只在本人的任务有效时可读，其他一律 404',
    body: assignmentRef,
    response: declarationDetail,
  }),
  save: defineCall({
    method: 'POST',
    path: '/rest/expertReview/save',
    access: SCORING_PERMISSIONS.score,
    tag,
    summary: '暂存评分（各项在 0 到满分之间，可不填全；乐观锁，他处已保存时 409）；首次保存后任务进入评审中；已提交的不能再改',
    body: reviewBody,
    response: myReview,
  }),
  submit: defineCall({
    method: 'POST',
    path: '/rest/expertReview/submit',
    access: SCORING_PERMISSIONS.score,
    tag,
    summary: '提交评分：各项评分与评审意见必填；提交后锁定，只有奖励办可以重开',
    body: reviewBody,
    response: myReview,
  }),
  getPeerScores: defineCall({
    method: 'POST',
    path: '/rest/expertReview/getPeerScores',
    access: SCORING_PERMISSIONS.score,
    tag,
    summary: '同一申报书其他专家的评分（匿名）：本人提交后才能查看；组长另见分歧标记',
    body: assignmentRef,
    response: peerScores,
  }),
};

export const reopenBody = z.object({
  assignmentId: zId,
  reason: z.string({ error: '请填写重开原因' }).trim().min(1, '请填写重开原因').max(500, '重开原因不能超过500个字符'),
});

export const QUOTA_MODES = ['COUNT', 'PERCENT'] as const;
export type QuotaMode = (typeof QUOTA_MODES)[number];
export const QUOTA_MODE_LABELS: Readonly<Record<QuotaMode, string>> = { COUNT: '按个数', PERCENT: '按比例（%）' };

const pct = (what: string) => z.number({ error: `${what}必须是数字` }).gt(0, `${what}必须大于0`).max(100, `${what}不能大于100`);
export const reviewSettingsBody = z
  .object({
    groupId: zId,
    sdPct: pct('标准差阈值'),
    rangePct: pct('极差阈值'),
    outlierSd: z.number({ error: '离群倍数必须是数字' }).gt(0, '离群倍数必须大于0').max(10, '离群倍数不能大于10'),
    outlierMinPct: z.number({ error: '离群最小差距必须是数字' }).min(0, '离群最小差距不能小于0').max(100, '离群最小差距不能大于100'),
    /** null: no quota line. */
    quotaMode: z.enum(QUOTA_MODES, { error: '名额方式不正确' }).nullable(),
    quotaValue: z.number({ error: '名额必须是数字' }).int('名额必须是整数').min(0, '名额不能小于0').max(9999, '名额不能大于9999').nullable(),
  })
  .refine((v) => v.quotaMode === null || v.quotaValue !== null, { message: '请填写名额', path: ['quotaValue'] })
  .refine((v) => v.quotaMode !== 'PERCENT' || (v.quotaValue ?? 0) <= 100, { message: '名额比例不能大于100', path: ['quotaValue'] });

export const reviewSettings = z.object({
  groupId: zId,
  sdPct: z.number(),
  rangePct: z.number(),
  outlierSd: z.number(),
  outlierMinPct: z.number(),
  quotaMode: z.enum(QUOTA_MODES).nullable(),
  quotaValue: z.number().nullable(),
});

export const resultReview = z.object({
  assignmentId: zId,
  expertId: zId,
  expertName: z.string(),
  assignmentState: z.enum(ASSIGNMENT_STATES),
  /** Only a submitted review counts: anything else is missing (缺), never filled in. */
  submitted: z.boolean(),
  total: z.number().nullable(),
  scores: z.array(scoreRow),
  suggestedGrade: z.enum(PRIZE_GRADES).nullable(),
  comment: z.string().nullable(),
  submittedAt: zDateTime.nullable(),
  outlier: z.boolean(),
  /** The expert has too few reviews in the edition to be calibrated. */
  calibrated: z.boolean(),
});

export const resultRow = z.object({
  declarationId: zId,
  title: z.string().nullable(),
  registrationNo: z.string().nullable(),
  status: z.enum(DECLARATION_STATUSES),
  reviews: z.array(resultReview),
  submitted: z.number().int(),
  expected: z.number().int(),
  /** Trimmed or plain mean by the prize's setting; null when nobody submitted. */
  groupScore: z.number().nullable(),
  calibratedMean: z.number().nullable(),
  calibratedReviews: z.number().int(),
  uncalibratedReviews: z.number().int(),
  rank: z.number().int().nullable(),
  percentile: z.number().nullable(),
  flags: z.array(z.enum(DIVERGENCE_FLAGS)),
  withinQuota: z.boolean(),
  /** The last decision's opinion, once decided. */
  decisionOpinion: z.string().nullable(),
});

export const groupResult = z.object({
  groupId: zId,
  groupName: z.string(),
  editionId: zId,
  prizeId: zId,
  prizeName: z.string(),
  scoreMethod: z.enum(SCORE_METHODS),
  scaleMax: z.number(),
  rubric: z.array(rubricRow),
  settings: reviewSettings,
  /** The quota as a number of declarations (a percentage resolved against the group's size); null: no line. */
  quota: z.number().int().nullable(),
  tiedAtLine: z.boolean(),
  rows: z.array(resultRow),
});

export const groupRef = z.object({ groupId: zId });

export const decideBody = z
  .object({
    declarationIds: z.array(zId, { error: '请选择申报书' }).min(1, '请选择申报书').max(500, '一次最多处理500份申报书'),
    decision: z.enum(REVIEW_DECISIONS, { error: '请选择评审结论' }),
    opinion: z.string({ error: '意见格式不正确' }).trim().max(1000, '意见不能超过1000个字符').nullish(),
  })
  .refine((v) => v.decision === 'REVIEWED' || !!v.opinion, { message: '淘汰或缓评须填写意见', path: ['opinion'] });

export const groupOption = z.object({ groupId: zId, groupName: z.string(), editionId: zId, prizeId: zId });

export const reviewResultCalls = {
  groups: defineCall({
    method: 'POST',
    path: '/rest/reviewResult/getGroups',
    access: REVIEW_RESULT_PERMISSIONS.result,
    tag,
    summary: '有评审记录或分配的评审组（按届次、奖种筛选），供评审结果页选择',
    body: z.object({ editionId: zId.optional(), prizeId: zId.optional() }),
    response: z.array(groupOption),
  }),
  getGroupResult: defineCall({
    method: 'POST',
    path: '/rest/reviewResult/getGroupResult',
    access: REVIEW_RESULT_PERMISSIONS.result,
    tag,
    summary: '评审组的汇总结果：各专家原始分（未提交的显示为缺）、去极值/算术平均、校准均值、组内排名、跨组百分位、分歧标记、名额线与当前结论',
    body: groupRef,
    response: groupResult,
  }),
  getSettings: defineCall({
    method: 'POST',
    path: '/rest/reviewResult/getSettings',
    access: REVIEW_RESULT_PERMISSIONS.result,
    tag,
    summary: '评审组的汇总设置：分歧阈值与名额（未设置时为默认值）',
    body: groupRef,
    response: reviewSettings,
  }),
  saveSettings: defineCall({
    method: 'POST',
    path: '/rest/reviewResult/saveSettings',
    access: REVIEW_RESULT_PERMISSIONS.setting,
    tag,
    summary: '保存评审组的汇总设置：分歧阈值与名额',
    body: reviewSettingsBody,
    response: reviewSettings,
  }),
  reopen: defineCall({
    method: 'POST',
    path: '/rest/expertReview/reopen',
    access: REVIEW_RESULT_PERMISSIONS.reopen,
    tag,
    summary: '重开一份已提交的评分（须填原因，记入操作日志与评审记录）：专家可再修改并重新提交',
    body: reopenBody,
    response: z.null(),
  }),
  decide: defineCall({
    method: 'POST',
    path: '/rest/reviewResult/decide',
    access: REVIEW_RESULT_PERMISSIONS.decide,
    tag,
    summary: '评审结论：一份或多份专家评审中的申报书通过、淘汰或缓评（淘汰与缓评须填意见），记入办理记录',
    body: decideBody,
    response: z.object({ decided: z.number().int() }),
  }),
  export: defineCall({
    method: 'POST',
    path: '/rest/reviewResult/export',
    access: REVIEW_RESULT_PERMISSIONS.export,
    tag,
    summary: '导出评审组的原始评分与汇总结果（.xlsx，两个工作表）',
    body: groupRef,
    answer: 'raw',
  }),
};
