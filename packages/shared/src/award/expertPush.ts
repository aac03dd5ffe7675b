/**
 * One expert's part in one declaration's review (DOMAIN.md "Experts", "Assignment"): the states an
 * assignment goes through, from the office's proposal to the locked review.
 */

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
