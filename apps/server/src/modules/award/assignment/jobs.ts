import { withTransaction } from '../../../core/transaction';
import { noJobParams, type JobDefinition } from '../../base/scheduler/module';
import type { AssignmentContext, AssignmentDeps } from './context';
import { assignmentDirectory } from './directory';
import { assignmentRepo, OPEN } from './repo';

/** The task codes an installation schedules these jobs under. */
export const AWARD_ASSIGNMENT_REMINDERS = 'AWARD_ASSIGNMENT_REMINDERS';
export const AWARD_ASSIGNMENT_REMINDERS_HANDLER = 'award.assignmentReminders';
export const AWARD_ASSIGNMENT_OVERDUE = 'AWARD_ASSIGNMENT_OVERDUE';
export const AWARD_ASSIGNMENT_OVERDUE_HANDLER = 'award.assignmentOverdue';
/** Working days ahead of a review deadline at which experts are reminded. */
export const ASSIGNMENT_REMINDER_WORKING_DAYS = 2;

/**
 * Reminds experts whose review (pushed, accepted or in progress) is due within two working days of
 * the holiday calendar. Run once a day. Answers how many were sent.
 */
export async function sendReviewReminders(deps: AssignmentDeps, ctx: AssignmentContext): Promise<number> {
  const today = deps.today();
  const horizon = await deps.workingDays.addWorkingDays(today, ASSIGNMENT_REMINDER_WORKING_DAYS);
  const rows = await assignmentRepo.dueBetween(deps.db, today, horizon);
  for (const row of rows) {
    const waiting = row.state === 'PUSHED' ? '您尚未接受该评审邀请，' : '';
    await ctx.tell(deps.db, [row.expertId], {
      title: '评审任务即将截止',
      body: `您对项目${await ctx.titleOf(deps.db, row.declarationId)}的评审须于 ${row.deadline} 前（含当日）完成。${waiting}请尽快处理，逾期将由候补专家递补。`,
    });
  }
  return rows.length;
}

/**
 * Open reviews past their deadline become OVERDUE and the next alternate takes each place (one
 * transaction per review: one failure leaves the others done). Answers how many were overdue.
 */
export async function closeOverdueReviews(deps: AssignmentDeps, ctx: AssignmentContext): Promise<number> {
  let closed = 0;
  for (const row of await assignmentRepo.overdue(deps.db, deps.today())) {
    await withTransaction(deps.db, async (tx) => {
      if (!(await assignmentDirectory.move(tx, null, row.id, OPEN, 'OVERDUE'))) return;
      closed += 1;
      const title = await ctx.titleOf(tx, row.declarationId);
      await ctx.log(tx, null, { groupId: row.groupId, action: 'OVERDUE', assignmentId: row.id, declarationId: row.declarationId, expertId: row.expertId, reason: `截止日期 ${row.deadline} 已过` }, title);
      await ctx.tell(tx, [row.expertId], { title: '评审任务已超期', body: `您对项目${title}的评审已超过截止日期 ${row.deadline}，该任务已由候补专家递补。` });
      await ctx.promoteAfter(tx, null, row, (await assignmentDirectory.group(tx, row.groupId))!);
    });
  }
  return closed;
}

export function reviewReminderJob(deps: AssignmentDeps, ctx: AssignmentContext): JobDefinition<typeof noJobParams> {
  return {
    handler: AWARD_ASSIGNMENT_REMINDERS_HANDLER,
    title: '专家评审截止提醒',
    description: `向评审专家发送站内信：评审任务将在 ${ASSIGNMENT_REMINDER_WORKING_DAYS} 个工作日内截止而尚未提交。建议每天执行一次（任务编码 ${AWARD_ASSIGNMENT_REMINDERS}）。无参数。`,
    params: noJobParams,
    example: {},
    async run(_params, { signal }) {
      signal.throwIfAborted();
      return `发送提醒 ${await sendReviewReminders(deps, ctx)} 条`;
    },
  };
}

export function overdueReviewJob(deps: AssignmentDeps, ctx: AssignmentContext): JobDefinition<typeof noJobParams> {
  return {
    handler: AWARD_ASSIGNMENT_OVERDUE_HANDLER,
    title: '专家评审超期递补',
    description: `已推送、已接受或评审中的任务超过截止日期未提交的，标记为已超期并由下一位候补专家递补（站内信通知）。建议每天凌晨执行一次（任务编码 ${AWARD_ASSIGNMENT_OVERDUE}）。无参数。`,
    params: noJobParams,
    example: {},
    async run(_params, { signal }) {
      signal.throwIfAborted();
      return `超期 ${await closeOverdueReviews(deps, ctx)} 项`;
    },
  };
}
