/**
 * The expert pool (专家库, DOMAIN.md "Experts"): an expert's states and what the pool's calls answer.
 * The states are the pool's; an expert's part in one review is the assignment's (expertPush.ts).
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
export const EXPERT_SOURCES = ['REGISTERED', 'INVITED', 'IMPORTED'] as const;
export type ExpertSource = (typeof EXPERT_SOURCES)[number];
export const EXPERT_SOURCE_LABELS: Readonly<Record<ExpertSource, string>> = { REGISTERED: '自主注册', INVITED: '邀请入库', IMPORTED: '批量导入' };

/** At most this many discipline codes per expert (DOMAIN.md). */
export const MAX_EXPERT_DISCIPLINES = 3;
