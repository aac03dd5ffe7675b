import { EXPERT_STATUS_LABELS } from '@dandelion/shared/award/expert';
import { AppError } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { noJobParams, type JobDefinition } from '../../base/scheduler/module';
import { moveExpert, type ExpertDeps } from './context';
import { expertRepo } from './repo';

/** The task code an installation schedules this job under. */
export const AWARD_EXPERT_STANDING_EXPIRY = 'AWARD_EXPERT_STANDING_EXPIRY';
export const AWARD_EXPERT_STANDING_EXPIRY_HANDLER = 'award.expertStandingExpiry';

/**
 * Returns to the pool (ACTIVE) every suspended or blacklisted expert whose end date has passed: the
 * standing lasts through its end date (Beijing). Each expert moves in its own transaction with a
 * history line by the system. Answers how many returned.
 */
export async function liftExpiredStandings(deps: Pick<ExpertDeps, 'db' | 'today'>): Promise<number> {
  let lifted = 0;
  for (const row of await expertRepo.expiredStandings(deps.db, deps.today())) {
    await withTransaction(deps.db, async (tx) => {
      const reason = `${EXPERT_STATUS_LABELS[row.status]}期限已于 ${row.statusUntil} 届满`;
      await moveExpert(tx, null, row, row.lockVersion, 'ACTIVE', { action: 'EXPIRE', reason }, { statusReason: null, statusUntil: null });
    }).then(
      () => (lifted += 1),
      (error: unknown) => {
        // The office changed this expert at this very moment (409): their change stands.
        if (!(error instanceof AppError && error.status === 409)) throw error;
      },
    );
  }
  return lifted;
}

/** The scheduled job: SUSPENDED / BLACKLISTED past their end date → ACTIVE. */
export function standingExpiryJob(deps: Pick<ExpertDeps, 'db' | 'today'>): JobDefinition<typeof noJobParams> {
  return {
    handler: AWARD_EXPERT_STANDING_EXPIRY_HANDLER,
    title: '专家暂停与黑名单到期恢复',
    description: `把暂停或黑名单截止日期已过的专家恢复为在库，并记入审核历史。建议每天凌晨执行（任务编码 ${AWARD_EXPERT_STANDING_EXPIRY}）。无参数。`,
    params: noJobParams,
    example: {},
    async run(_params, { signal }) {
      signal.throwIfAborted();
      return `恢复在库 ${await liftExpiredStandings(deps)} 人`;
    },
  };
}
