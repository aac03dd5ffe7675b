/**
 * One expert's part in one declaration's review (DOMAIN.md "Experts", "Assignment"): the states an
 * assignment goes through, from the office's proposal to the locked review, and the calls of the
 * office (propose, adjust, push) and of the expert (accept, decline, declare a conflict).
 */
import { z } from 'zod';
import { defineCall, permissionsOf } from '../contract';
import { pageOf, zDateTime, zId, zPageParameter } from '../schemas';
import { CONFLICT_KINDS } from './assignmentConflicts';
import { REVIEW_GROUP_STATUSES } from './reviewGroup';

/**
 * PROPOSED: in the office's proposal, not yet pushed. PUSHED: invited. ACCEPTED: the expert took it
 * and confirmed no conflict (materials readable). IN_PROGRESS: scores saved, not submitted.
 * SUBMITTED: locked (the office may reopen it). DECLINED, REMOVED (by the office or by a declared
 * conflict) and OVERDUE leave the review; an alternate takes the place.
 */
export const ASSIGNMENT_STATES = ['PROPOSED', 'PUSHED', 'ACCEPTED', 'IN_PROGRESS', 'SUBMITTED', 'DECLINED', 'REMOVED', 'OVERDUE'] as const;
export type AssignmentState = (typeof ASSIGNMENT_STATES)[number];
export const ASSIGNMENT_STATE_LABELS: Readonly<Record<AssignmentState, string>> = {
  PROPOSED: '拟分配',
  PUSHED: '已推送',
  ACCEPTED: '已接受',
  IN_PROGRESS: '评审中',
  SUBMITTED: '已提交',
  DECLINED: '已拒绝',
  REMOVED: '已撤销',
  OVERDUE: '已超期',
};

/** The states in which the expert may read the declaration and its files, and score. */
export const ACTIVE_ASSIGNMENT_STATES = ['ACCEPTED', 'IN_PROGRESS', 'SUBMITTED'] as const satisfies readonly AssignmentState[];

/** A main reviewer, or an alternate waiting to be promoted. */
export const ASSIGNMENT_ROLES = ['MAIN', 'ALTERNATE'] as const;
export type AssignmentRole = (typeof ASSIGNMENT_ROLES)[number];
export const ASSIGNMENT_ROLE_LABELS: Readonly<Record<AssignmentRole, string>> = { MAIN: '评审专家', ALTERNATE: '候补专家' };

export const DECLINE_REASONS = ['NO_TIME', 'CONFLICT', 'OUTSIDE_EXPERTISE'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];
export const DECLINE_REASON_LABELS: Readonly<Record<DeclineReason, string>> = { NO_TIME: '时间冲突', CONFLICT: '存在利益冲突', OUTSIDE_EXPERTISE: '非本人专业领域' };

// ── calls (/rest/expertPush/*) ──────────────────────────────────────────────────────────────────

/** 奖励办: run and adjust the proposal, push it, read the change log. */
export const EXPERT_PUSH_PERMISSIONS = permissionsOf('award:expertPush', ['list', 'propose', 'change', 'push', 'log']);
/** 评审专家: their own tasks (granted to the EXPERT role). */
export const EXPERT_TASK_PERMISSIONS = permissionsOf('award:expertTask', ['list', 'respond']);

/** The office's manual changes; each needs a reason and is logged. */
export const ASSIGNMENT_CHANGE_KINDS = ['ADD', 'REMOVE', 'LOCK', 'UNLOCK', 'VETO'] as const;
export type AssignmentChangeKind = (typeof ASSIGNMENT_CHANGE_KINDS)[number];
/** What the change log holds: the manual changes and what the system did. */
export const ASSIGNMENT_LOG_ACTIONS = [...ASSIGNMENT_CHANGE_KINDS, 'PROPOSE', 'PUSH', 'ACCEPT', 'DECLINE', 'DECLARE_CONFLICT', 'OVERDUE', 'PROMOTE', 'UNDER_ASSIGNED'] as const;
export type AssignmentLogAction = (typeof ASSIGNMENT_LOG_ACTIONS)[number];
export const ASSIGNMENT_LOG_LABELS: Readonly<Record<AssignmentLogAction, string>> = {
  ADD: '手工添加',
  REMOVE: '手工移除',
  LOCK: '锁定',
  UNLOCK: '解除锁定',
  VETO: '人工排除',
  PROPOSE: '生成分配方案',
  PUSH: '推送专家',
  ACCEPT: '专家接受',
  DECLINE: '专家拒绝',
  DECLARE_CONFLICT: '专家声明回避',
  OVERDUE: '超期未完成',
  PROMOTE: '候补递补',
  UNDER_ASSIGNED: '无候补可递补',
};

const seedSchema = z.number({ error: '随机种子必须是整数' }).int('随机种子必须是整数').min(1, '随机种子必须是正整数').max(2_147_483_647, '随机种子过大');
const reasonText = (what: string) => z.string({ error: `请填写${what}` }).trim().min(1, `请填写${what}`).max(500, `${what}不能超过500个字符`);

/** One expert on one declaration, as the office sees it in the proposal. */
export const proposedExpert = z.object({
  assignmentId: zId,
  expertId: zId,
  expertName: z.string(),
  unitName: z.string().nullable(),
  role: z.enum(ASSIGNMENT_ROLES),
  alternateRank: z.number(),
  state: z.enum(ASSIGNMENT_STATES),
  locked: z.boolean(),
  /** Why this expert: the solver's explanation or the office's reason. */
  reason: z.string().nullable(),
  cost: z.number().nullable(),
  deadline: z.string().nullable(),
  pushedAt: zDateTime.nullable(),
  respondedAt: zDateTime.nullable(),
  declineReason: z.enum(DECLINE_REASONS).nullable(),
  declineNote: z.string().nullable(),
});

export const conflictItem = z.object({ kind: z.enum(CONFLICT_KINDS), message: z.string() });

export const proposalDeclaration = z.object({
  declarationId: zId,
  title: z.string().nullable(),
  registrationNo: z.string().nullable(),
  wanted: z.number(),
  /** Main reviewers that hold their place (proposed or pushed onwards). */
  assigned: z.number(),
  underAssigned: z.boolean(),
  experts: z.array(proposedExpert),
  alternates: z.array(proposedExpert),
  /** Main reviewers who left (declined, removed, overdue), for the record. */
  left: z.array(proposedExpert),
});

export const proposal = z.object({
  groupId: zId,
  groupName: z.string(),
  status: z.enum(REVIEW_GROUP_STATUSES),
  seed: z.number().nullable(),
  expertsPerDeclaration: z.number(),
  deadline: z.string().nullable(),
  declarations: z.array(proposalDeclaration),
  loads: z.array(z.object({ expertId: zId, expertName: z.string(), unitName: z.string().nullable(), load: z.number(), maxLoad: z.number() })),
  underAssigned: z.array(z.object({ declarationId: zId, title: z.string().nullable(), assigned: z.number(), wanted: z.number() })),
  vetoes: z.array(z.object({ declarationId: zId, expertId: zId, expertName: z.string(), reason: z.string(), actorName: z.string(), createTime: zDateTime })),
});

export const excludedPair = z.object({
  declarationId: zId,
  title: z.string().nullable(),
  expertId: zId,
  expertName: z.string(),
  conflicts: z.array(conflictItem),
});

export const assignmentChangeRow = z.object({
  changeId: zId,
  action: z.enum(ASSIGNMENT_LOG_ACTIONS),
  assignmentId: zId.nullable(),
  declarationId: zId.nullable(),
  declarationTitle: z.string().nullable(),
  expertId: zId.nullable(),
  expertName: z.string().nullable(),
  reason: z.string().nullable(),
  actorName: z.string(),
  createTime: zDateTime,
});

/** One of the expert's own tasks. Nothing of the declaration beyond its title before they accept. */
export const expertTask = z.object({
  assignmentId: zId,
  groupName: z.string(),
  declarationId: zId,
  title: z.string().nullable(),
  registrationNo: z.string().nullable(),
  prizeName: z.string().nullable(),
  deadline: z.string().nullable(),
  state: z.enum(ASSIGNMENT_STATES),
  pushedAt: zDateTime.nullable(),
  respondedAt: zDateTime.nullable(),
  noConflictConfirmedAt: zDateTime.nullable(),
  declineReason: z.enum(DECLINE_REASONS).nullable(),
  declineNote: z.string().nullable(),
});

const TAG = '专家推送';
const groupRef = z.object({ groupId: zId });
const assignmentRef = z.object({ assignmentId: zId });

export const expertPushCalls = {
  propose: defineCall({
    method: 'POST',
    path: '/rest/expertPush/propose',
    access: EXPERT_PUSH_PERMISSIONS.propose,
    tag: TAG,
    summary: '生成分配方案：以给定（或新的）随机种子运行最小费用流分配；替换未锁定的拟分配，保留锁定、已推送的分配和人工排除',
    body: groupRef.extend({ seed: seedSchema.optional() }),
    response: proposal,
  }),
  getProposal: defineCall({
    method: 'POST',
    path: '/rest/expertPush/getProposal',
    access: EXPERT_PUSH_PERMISSIONS.list,
    tag: TAG,
    summary: '分配方案：每项申报书的专家及选择理由、候补，每位专家的负载，专家不足的申报书，人工排除',
    body: groupRef,
    response: proposal,
  }),
  getExcluded: defineCall({
    method: 'POST',
    path: '/rest/expertPush/getExcluded',
    access: EXPERT_PUSH_PERMISSIONS.list,
    tag: TAG,
    summary: '因回避规则排除的专家与申报书（分页），每对附回避理由',
    body: groupRef.extend({ pageParameter: zPageParameter, declarationId: zId.optional() }),
    response: pageOf(excludedPair),
  }),
  change: defineCall({
    method: 'POST',
    path: '/rest/expertPush/change',
    access: EXPERT_PUSH_PERMISSIONS.change,
    tag: TAG,
    summary: '手工调整：添加、移除、锁定、解除锁定或人工排除一位专家，须填写理由并记入调整日志',
    body: groupRef.extend({
      action: z.enum(ASSIGNMENT_CHANGE_KINDS, { error: '调整类型不正确' }),
      declarationId: zId,
      expertId: zId,
      /** ADD only: as a main reviewer (default) or an alternate. */
      role: z.enum(ASSIGNMENT_ROLES, { error: '角色不正确' }).optional(),
      reason: reasonText('调整理由'),
    }),
    response: proposal,
  }),
  push: defineCall({
    method: 'POST',
    path: '/rest/expertPush/push',
    access: EXPERT_PUSH_PERMISSIONS.push,
    tag: TAG,
    summary: '推送：拟分配的评审专家变为已推送（站内信通知），申报书进入专家评审；须已设置评审截止日期',
    body: groupRef,
    response: z.object({ pushed: z.number(), declarations: z.number(), proposal }),
  }),
  getChanges: defineCall({
    method: 'POST',
    path: '/rest/expertPush/getChanges',
    access: EXPERT_PUSH_PERMISSIONS.log,
    tag: TAG,
    summary: '分配调整日志（时间倒序）',
    body: groupRef.extend({ pageParameter: zPageParameter }),
    response: pageOf(assignmentChangeRow),
  }),
  myTasks: defineCall({
    method: 'POST',
    path: '/rest/expertPush/getMyTasks',
    access: EXPERT_TASK_PERMISSIONS.list,
    tag: TAG,
    summary: '我的评审任务：本人已收到的评审邀请与任务（截止日期、状态）',
    body: z.object({ pageParameter: zPageParameter, state: z.enum(ASSIGNMENT_STATES, { error: '状态不正确' }).optional() }),
    response: pageOf(expertTask),
  }),
  accept: defineCall({
    method: 'POST',
    path: '/rest/expertPush/accept',
    access: EXPERT_TASK_PERMISSIONS.respond,
    tag: TAG,
    summary: '接受评审邀请：须同时确认与该项目不存在利益冲突',
    body: assignmentRef.extend({ noConflict: z.literal(true, { error: '请确认与该项目不存在需要回避的利益冲突' }) }),
    response: expertTask,
  }),
  decline: defineCall({
    method: 'POST',
    path: '/rest/expertPush/decline',
    access: EXPERT_TASK_PERMISSIONS.respond,
    tag: TAG,
    summary: '拒绝评审邀请（时间冲突、利益冲突或非本人专业领域）；由候补专家递补',
    body: assignmentRef.extend({
      reason: z.enum(DECLINE_REASONS, { error: '请选择拒绝理由' }),
      note: z.string().trim().max(500, '说明不能超过500个字符').nullish().transform((v) => v || null),
    }),
    response: expertTask,
  }),
  declareConflict: defineCall({
    method: 'POST',
    path: '/rest/expertPush/declareConflict',
    access: EXPERT_TASK_PERMISSIONS.respond,
    tag: TAG,
    summary: '声明回避：已接受的专家发现利益冲突，退出该项评审；由候补专家递补',
    body: assignmentRef.extend({ note: reasonText('回避说明') }),
    response: expertTask,
  }),
};
