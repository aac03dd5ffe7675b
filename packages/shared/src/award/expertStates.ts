/**
 * The expert pool's states (DOMAIN.md "Experts"), where an expert came from, the lines of their
 * history and the moves between states. The calls that make the moves: expert.ts.
 */

export const EXPERT_STATUSES = ['REGISTERED', 'PENDING_AUDIT', 'ACTIVE', 'REJECTED', 'SUSPENDED', 'BLACKLISTED', 'PENDING_DELETION', 'DELETED'] as const;
export type ExpertStatus = (typeof EXPERT_STATUSES)[number];
export const EXPERT_STATUS_LABELS: Readonly<Record<ExpertStatus, string>> = {
  REGISTERED: '已注册',
  PENDING_AUDIT: '待审核',
  ACTIVE: '在库',
  REJECTED: '未通过',
  SUSPENDED: '暂停',
  BLACKLISTED: '黑名单',
  PENDING_DELETION: '待删除',
  DELETED: '已删除',
};

/** How an expert came into the pool. */
export const EXPERT_SOURCES = ['REGISTERED', 'INVITED', 'IMPORTED', 'OFFICE'] as const;
export type ExpertSource = (typeof EXPERT_SOURCES)[number];
export const EXPERT_SOURCE_LABELS: Readonly<Record<ExpertSource, string>> = { REGISTERED: '自主注册', INVITED: '邀请入库', IMPORTED: '批量导入', OFFICE: '奖励办添加' };

/** The lines of an expert's history (审核历史). */
export const EXPERT_HISTORY_ACTIONS = [
  'CREATE',
  'SUBMIT',
  'AUDIT_APPROVE',
  'AUDIT_REJECT',
  'SUSPEND',
  'RESUME',
  'BLACKLIST',
  'UNBLACKLIST',
  'EXPIRE',
  'REQUEST_DELETION',
  'APPROVE_DELETION',
  'REFUSE_DELETION',
  'INVITE',
  'ACCEPT_INVITATION',
] as const;
export type ExpertHistoryAction = (typeof EXPERT_HISTORY_ACTIONS)[number];
export const EXPERT_HISTORY_ACTION_LABELS: Readonly<Record<ExpertHistoryAction, string>> = {
  CREATE: '建档',
  SUBMIT: '提交审核',
  AUDIT_APPROVE: '审核通过',
  AUDIT_REJECT: '审核不通过',
  SUSPEND: '暂停',
  RESUME: '恢复',
  BLACKLIST: '列入黑名单',
  UNBLACKLIST: '解除黑名单',
  EXPIRE: '期限届满自动恢复',
  REQUEST_DELETION: '申请删除',
  APPROVE_DELETION: '同意删除',
  REFUSE_DELETION: '不同意删除',
  INVITE: '发出邀请',
  ACCEPT_INVITATION: '接受邀请',
};

/**
 * The office's and the expert's moves and the states each may start from. The server refuses any
 * other start (409); the console offers a row action only where its move may start.
 */
export const EXPERT_MOVES = {
  SUBMIT: ['REGISTERED', 'REJECTED'],
  AUDIT: ['PENDING_AUDIT'],
  SUSPEND: ['ACTIVE'],
  RESUME: ['SUSPENDED'],
  BLACKLIST: ['ACTIVE', 'SUSPENDED'],
  UNBLACKLIST: ['BLACKLISTED'],
  // A blacklisted expert is kept: deleting would let them register afresh.
  REQUEST_DELETION: ['REGISTERED', 'REJECTED', 'ACTIVE', 'SUSPENDED'],
  REVIEW_DELETION: ['PENDING_DELETION'],
} as const satisfies Record<string, readonly ExpertStatus[]>;
export type ExpertMove = keyof typeof EXPERT_MOVES;
export const mayMove = (move: ExpertMove, status: ExpertStatus): boolean => (EXPERT_MOVES[move] as readonly ExpertStatus[]).includes(status);

/** States in which the expert may change their own profile (not while audited, suspended, blacklisted or being deleted). */
export const EXPERT_SELF_EDITABLE: readonly ExpertStatus[] = ['REGISTERED', 'REJECTED', 'ACTIVE'];
