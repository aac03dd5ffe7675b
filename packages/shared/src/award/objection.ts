/**
 * Objections (异议, DOMAIN.md "Publicity and objections"). Within an open publicity window a signed-in
 * person with verified identity, or a unit with its seal page, files an objection against one entry:
 * what is disputed, the facts and evidence. The office handles it:
 * RECEIVED → ACCEPTED | NOT_ACCEPTED → INVESTIGATING → UPHELD | DISMISSED, with the action taken.
 * While an objection is open its declaration is on hold; only the handlers see who objected.
 */
import { z } from 'zod';
import { defineCall, permissionsOf, SIGNED_IN, type ServerBody } from '../contract';
import { zLockVersion } from '../records';
import { pageOf, zDateTime, zId, zPageParameter } from '../schemas';
import { isUnifiedSocialCreditCode, USCC_MESSAGE } from '../validators';

/** 奖励办: 异议处理. accept covers 受理 and 不予受理; holding accept, investigate or decide makes one a handler. */
export const OBJECTION_PERMISSIONS = permissionsOf('award:objection', ['list', 'detail', 'accept', 'investigate', 'decide', 'setting']);
/** Who sees the objector and reads the evidence besides the objector: the holders of a handling action. */
export const OBJECTION_HANDLER_PERMISSIONS = [OBJECTION_PERMISSIONS.accept, OBJECTION_PERMISSIONS.investigate, OBJECTION_PERMISSIONS.decide] as const;
/** What a list shows in place of the objector to a viewer who is not a handler. */
export const OBJECTOR_HIDDEN = '（仅处理人可见）';

export const OBJECTION_STATUSES = ['RECEIVED', 'ACCEPTED', 'NOT_ACCEPTED', 'INVESTIGATING', 'UPHELD', 'DISMISSED'] as const;
export type ObjectionStatus = (typeof OBJECTION_STATUSES)[number];
export const OBJECTION_STATUS_LABELS: Readonly<Record<ObjectionStatus, string>> = {
  RECEIVED: '已收到',
  ACCEPTED: '已受理',
  NOT_ACCEPTED: '不予受理',
  INVESTIGATING: '调查中',
  UPHELD: '异议成立',
  DISMISSED: '异议不成立',
};
/** An objection in these states holds its declaration. */
export const OPEN_OBJECTION_STATUSES: readonly ObjectionStatus[] = ['RECEIVED', 'ACCEPTED', 'INVESTIGATING'];

/** The office's moves and the states each starts from. */
export const OBJECTION_MOVES = {
  ACCEPT: { from: ['RECEIVED'], to: 'ACCEPTED', label: '受理' },
  REJECT: { from: ['RECEIVED'], to: 'NOT_ACCEPTED', label: '不予受理' },
  INVESTIGATE: { from: ['ACCEPTED'], to: 'INVESTIGATING', label: '开始调查' },
  UPHOLD: { from: ['INVESTIGATING'], to: 'UPHELD', label: '认定异议成立' },
  DISMISS: { from: ['INVESTIGATING'], to: 'DISMISSED', label: '认定异议不成立' },
} as const satisfies Record<string, { from: readonly ObjectionStatus[]; to: ObjectionStatus; label: string }>;
export type ObjectionMove = keyof typeof OBJECTION_MOVES;
export const OBJECTION_STEP_LABELS: Readonly<Record<ObjectionMove | 'FILE', string>> = {
  FILE: '提出异议',
  ACCEPT: '受理',
  REJECT: '不予受理',
  INVESTIGATE: '开始调查',
  UPHOLD: '异议成立',
  DISMISS: '异议不成立',
};
export const mayMoveObjection = (move: ObjectionMove, status: ObjectionStatus) => (OBJECTION_MOVES[move].from as readonly ObjectionStatus[]).includes(status);

export const OBJECTOR_KINDS = ['PERSON', 'UNIT'] as const;
export type ObjectorKind = (typeof OBJECTOR_KINDS)[number];
export const OBJECTOR_KIND_LABELS: Readonly<Record<ObjectorKind, string>> = { PERSON: '个人（实名）', UNIT: '单位（加盖公章）' };

/** What is disputed. GRADE is listed so the form can say why it is refused: a grade is not an objection. */
export const OBJECTION_CATEGORIES = ['AUTHENTICITY', 'COMPLETERS', 'OWNERSHIP', 'MISCONDUCT', 'OTHER', 'GRADE'] as const;
export type ObjectionCategory = (typeof OBJECTION_CATEGORIES)[number];
export const OBJECTION_CATEGORY_LABELS: Readonly<Record<ObjectionCategory, string>> = {
  AUTHENTICITY: '申报材料真实性',
  COMPLETERS: '完成人、完成单位及其排序',
  OWNERSHIP: '知识产权归属',
  MISCONDUCT: '学术不端',
  OTHER: '其他',
  GRADE: '对评审等级有不同意见',
};
export const GRADE_NOT_AN_OBJECTION = '对评审等级有不同意见不属于异议受理范围';
export const OBJECTION_WINDOW_CLOSED = '公示期已结束，不能再提出异议';
export const IDENTITY_REQUIRED = '请先完成实名认证后再提出异议';

/** What an upheld objection leads to. */
export const OBJECTION_ACTIONS = ['REMOVE', 'CORRECT', 'NONE'] as const;
export type ObjectionAction = (typeof OBJECTION_ACTIONS)[number];
export const OBJECTION_ACTION_LABELS: Readonly<Record<ObjectionAction, string>> = {
  REMOVE: '撤销申报（不予授奖）',
  CORRECT: '更正完成人、完成单位或排序',
  NONE: '不作处理',
};

/** The handling deadline counted from receipt, in working days of the holiday calendar. */
export const OBJECTION_HANDLING_WORKING_DAYS = 10;
export const OBJECTION_EVIDENCE_MAX = 10;
export const OBJECTION_HANDLING_WORKING_DAYS_MAX = 60;

/** The office's setting: working days from receipt to the handling deadline. lockVersion 0: the default, nothing saved yet. */
export const objectionSettingRow = z.object({ handlingWorkingDays: z.number().int(), lockVersion: z.number().int() });
export const objectionSettingBody = z.object({
  handlingWorkingDays: z
    .number({ error: '请输入处理期限' })
    .int('处理期限必须是整数')
    .min(1, '处理期限不能少于1个工作日')
    .max(OBJECTION_HANDLING_WORKING_DAYS_MAX, `处理期限不能超过${OBJECTION_HANDLING_WORKING_DAYS_MAX}个工作日`),
  lockVersion: zLockVersion,
});

const TAG = '异议处理';
const text = (label: string, max: number) => z.string({ error: `请输入${label}` }).trim().min(1, `请输入${label}`).max(max, `${label}不能超过${max}个字符`);

/** The form a person or unit files. Unit fields are checked by kind in `superRefine`. */
export const objectionFileBody = z
  .object({
    publicityId: zId,
    declarationId: zId,
    kind: z.enum(OBJECTOR_KINDS, { error: '请选择异议人类型' }),
    unitName: z.string().trim().max(100, '单位名称不能超过100个字符').nullish(),
    creditCode: z.string().trim().toUpperCase().refine((v) => v === '' || isUnifiedSocialCreditCode(v), USCC_MESSAGE).nullish(),
    sealFileId: zId.nullish(),
    category: z.enum(OBJECTION_CATEGORIES, { error: '请选择异议类别' }).refine((v) => v !== 'GRADE', GRADE_NOT_AN_OBJECTION),
    subject: text('异议事项', 200),
    facts: z.string({ error: '请填写事实与理由' }).trim().min(20, '事实与理由不少于20个字').max(5000, '事实与理由不能超过5000个字符'),
    evidenceFileIds: z
      .array(zId, { error: '请上传证明材料' })
      .min(1, '请至少上传一份证明材料')
      .max(OBJECTION_EVIDENCE_MAX, `证明材料不能超过${OBJECTION_EVIDENCE_MAX}份`),
    contactPhone: z.string().trim().max(32, '联系电话不能超过32个字符').nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'UNIT') return;
    if (!v.unitName) ctx.addIssue({ code: 'custom', path: ['unitName'], message: '请输入单位名称' });
    if (!v.creditCode) ctx.addIssue({ code: 'custom', path: ['creditCode'], message: '请输入统一社会信用代码' });
    if (!v.sealFileId) ctx.addIssue({ code: 'custom', path: ['sealFileId'], message: '请上传加盖单位公章的异议书页' });
  });
export type ObjectionFileValues = z.input<typeof objectionFileBody>;

const common = {
  objectionId: zId,
  publicityId: zId,
  publicityTitle: z.string(),
  declarationId: zId,
  entryTitle: z.string().nullable(),
  category: z.enum(OBJECTION_CATEGORIES),
  subject: z.string(),
  status: z.enum(OBJECTION_STATUSES),
  receivedAt: zDateTime,
};

/** The objector's own view: the outcome once decided, never the handler's working notes. */
export const myObjectionRow = z.object({
  ...common,
  kind: z.enum(OBJECTOR_KINDS),
  outcomeAction: z.enum(OBJECTION_ACTIONS).nullable(),
  outcomeOpinion: z.string().nullable(),
  decidedAt: zDateTime.nullable(),
});

/** The office's list row. `objector` is '（仅处理人可见）' unless the viewer is a handler. */
export const objectionRow = z.object({
  ...common,
  editionId: zId,
  prizeId: zId,
  registrationNo: z.string().nullable(),
  kind: z.enum(OBJECTOR_KINDS),
  objector: z.string(),
  deadline: z.string(),
  overdue: z.boolean(),
  lockVersion: z.number().int(),
});

export const objectionStep = z.object({
  action: z.enum(['FILE', 'ACCEPT', 'REJECT', 'INVESTIGATE', 'UPHOLD', 'DISMISS']),
  fromStatus: z.enum(OBJECTION_STATUSES).nullable(),
  toStatus: z.enum(OBJECTION_STATUSES),
  opinion: z.string().nullable(),
  actorName: z.string(),
  createTime: zDateTime,
});

export const objectionDetail = objectionRow.extend({
  facts: z.string(),
  /** Unit, credit code, seal page and phone: null for a viewer who is not a handler. */
  unitName: z.string().nullable(),
  creditCode: z.string().nullable(),
  contactPhone: z.string().nullable(),
  sealFileId: zId.nullable(),
  evidenceFileIds: z.array(zId),
  outcomeAction: z.enum(OBJECTION_ACTIONS).nullable(),
  outcomeOpinion: z.string().nullable(),
  decidedAt: zDateTime.nullable(),
  /** Whether the viewer is a handler (sees the objector and reads the evidence). */
  handler: z.boolean(),
  steps: z.array(objectionStep),
});

const ref = z.object({ objectionId: zId });
const versioned = ref.extend({ lockVersion: zLockVersion });
const opinion = z.string().trim().max(1000, '意见不能超过1000个字符').nullish();

export const objectionDecideBody = versioned
  .extend({
    upheld: z.boolean({ error: '请选择异议是否成立' }),
    action: z.enum(OBJECTION_ACTIONS, { error: '请选择处理措施' }).nullish(),
    opinion: text('处理意见', 1000),
  })
  .superRefine((v, ctx) => {
    if (v.upheld && !v.action) ctx.addIssue({ code: 'custom', path: ['action'], message: '异议成立时请选择处理措施' });
  });

export const objectionCalls = {
  file: defineCall({
    method: 'POST',
    path: '/rest/objection/file',
    access: SIGNED_IN,
    tag: TAG,
    summary: '提出异议：公示期内，实名认证的个人或加盖公章的单位，对公示中的一项提出，附证明材料；对等级有不同意见的不受理',
    body: objectionFileBody,
    response: myObjectionRow,
  }),
  mine: defineCall({
    method: 'POST',
    path: '/rest/objection/getMyObjections',
    access: SIGNED_IN,
    tag: TAG,
    summary: '我的异议：本人提出的异议及处理结果，最新在前',
    body: z.object({ pageParameter: zPageParameter }),
    response: pageOf(myObjectionRow),
  }),
  page: defineCall({
    method: 'POST',
    path: '/rest/objection/getObjectionPage',
    access: OBJECTION_PERMISSIONS.list,
    tag: TAG,
    summary: '异议分页：可按届次、奖种、状态、是否逾期筛选；异议人仅处理人可见',
    body: z.object({
      pageParameter: zPageParameter,
      editionId: zId.optional(),
      prizeId: zId.optional(),
      status: z.enum(OBJECTION_STATUSES, { error: '异议状态不正确' }).optional(),
      overdue: z.boolean({ error: '是否逾期不正确' }).optional(),
    }),
    response: pageOf(objectionRow),
  }),
  detail: defineCall({ method: 'POST', path: '/rest/objection/detail', access: OBJECTION_PERMISSIONS.detail, tag: TAG, summary: '异议详情：事实与理由、证明材料、处理时间线', body: ref, response: objectionDetail }),
  accept: defineCall({
    method: 'POST',
    path: '/rest/objection/accept',
    access: OBJECTION_PERMISSIONS.accept,
    tag: TAG,
    summary: '受理异议（已收到→已受理）',
    body: versioned.extend({ opinion }),
    response: objectionRow,
  }),
  reject: defineCall({
    method: 'POST',
    path: '/rest/objection/reject',
    access: OBJECTION_PERMISSIONS.accept,
    tag: TAG,
    summary: '不予受理（已收到→不予受理），须写明理由；无其他未结异议时申报书解除暂停',
    body: versioned.extend({ opinion: text('不予受理理由', 1000) }),
    response: objectionRow,
  }),
  investigate: defineCall({
    method: 'POST',
    path: '/rest/objection/investigate',
    access: OBJECTION_PERMISSIONS.investigate,
    tag: TAG,
    summary: '开始调查（已受理→调查中）',
    body: versioned.extend({ opinion }),
    response: objectionRow,
  }),
  decide: defineCall({
    method: 'POST',
    path: '/rest/objection/decide',
    access: OBJECTION_PERMISSIONS.decide,
    tag: TAG,
    summary: '处理结论（调查中→成立|不成立）：成立并撤销申报的，申报书不予授奖；其余在无其他未结异议时解除暂停；异议人收到站内信',
    body: objectionDecideBody,
    response: objectionRow,
  }),
  getSettings: defineCall({
    method: 'POST',
    path: '/rest/objection/getSettings',
    access: OBJECTION_PERMISSIONS.setting,
    tag: TAG,
    summary: '异议处理期限设置：自收到起的工作日数（未保存时为默认 10 个工作日）',
    body: z.object({}).default({}),
    response: objectionSettingRow,
  }),
  saveSettings: defineCall({
    method: 'POST',
    path: '/rest/objection/saveSettings',
    access: OBJECTION_PERMISSIONS.setting,
    tag: TAG,
    summary: '保存异议处理期限（乐观锁，首次保存 lockVersion 为 0）；只影响此后收到的异议',
    body: objectionSettingBody,
    response: objectionSettingRow,
  }),
};
export type ServerObjectionFile = ServerBody<typeof objectionCalls.file>;
