import { noJobParams, type JobDefinition } from '../../base/scheduler/module';
import { AppError } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import type { DeclarationContext, DeclarationDeps } from './context';
import { declarationRepo } from './repo';
import { moveDeclaration } from './transition';

/** The task code an installation schedules this job under. */
export const AWARD_FIX_DEADLINES = 'AWARD_FIX_DEADLINES';
export const AWARD_FIX_DEADLINES_HANDLER = 'award.fixDeadlines';
const SYSTEM_NAME = '系统';

/** Closes declarations whose fix deadline (限期修改) passed without a resubmission: 不予受理. Answers how many. */
export async function closeMissedFixes(deps: DeclarationDeps, ctx: DeclarationContext): Promise<number> {
  let closed = 0;
  for (const row of await declarationRepo.overdueFixes(deps.db, deps.today())) {
    await withTransaction(deps.db, async (tx) => {
      const after = await moveDeclaration(
        tx,
        deps.events,
        row,
        row.lockVersion,
        { action: 'FIX_DEADLINE_MISSED', to: 'NOT_ACCEPTED', opinion: `限期修改已于 ${row.fixDeadline} 截止，逾期未重新提交`, keepAsNote: true, set: { revocation: null } },
        null,
        SYSTEM_NAME,
      );
      await ctx.log(tx, null, 'UPDATE', after, `逾期未修改，不予受理：${row.title ?? ''}（登记号 ${row.registrationNo ?? ''}）`, ctx.brief(row), ctx.brief(after));
    }).then(
      () => (closed += 1),
      (error: unknown) => {
        // A declaration resubmitted at this very moment keeps its resubmission (409); anything else is a failure.
        if (!(error instanceof AppError && error.status === 409)) throw error;
      },
    );
  }
  return closed;
}

/** The scheduled job: FORMAL_RETURNED past its deadline → NOT_ACCEPTED (system actor). */
export function fixDeadlineJob(deps: DeclarationDeps, ctx: DeclarationContext): JobDefinition<typeof noJobParams> {
  return {
    handler: AWARD_FIX_DEADLINES_HANDLER,
    title: '限期修改逾期不予受理',
    description: `把限期修改截止日期已过仍未重新提交的申报书改为“不予受理”。建议每天凌晨执行（任务编码 ${AWARD_FIX_DEADLINES}）。无参数。`,
    params: noJobParams,
    example: {},
    async run(_params, { signal }) {
      signal.throwIfAborted();
      return `逾期不予受理 ${await closeMissedFixes(deps, ctx)} 份`;
    },
  };
}
