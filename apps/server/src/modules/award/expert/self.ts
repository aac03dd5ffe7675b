import { EXPERT_SELF_EDITABLE, EXPERT_STATUS_LABELS } from '@dandelion/shared/award/expert';
import type { ExpertProfile } from '@dandelion/shared/award/expertProfile';
import { errors } from '../../../core/errors';
import { updateVersioned } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { expertDirectory } from './directory';
import { assertMay, briefOf, logExpert, moveExpert, presentExpert, storedProfile, type ExpertDeps, type Who } from './context';
import { newExpertOf } from './office';
import { expertRepo } from './repo';
import { awardExpert } from './tables';

/**
 * The expert's own profile (portal 专家中心): any signed-in user may register as an expert; they
 * read and change only the record linked to their account, and answers show their ID number whole.
 */
export function createSelfService(deps: ExpertDeps) {
  const { db } = deps;
  const userIdOf = (who: Who) => who.change.actor.id;

  return {
    async myProfile(who: Who) {
      const row = await expertRepo.findOfUser(db, userIdOf(who));
      return row ? presentExpert(row, true) : null;
    },

    /** Creates the caller's record (已注册) or changes it under its lock while the state allows. */
    save: (who: Who, profile: ExpertProfile, lockVersion: number | undefined) =>
      withTransaction(db, async (tx) => {
        const before = await expertRepo.findOfUser(tx, userIdOf(who));
        if (!before) {
          const id = await expertDirectory.create(tx, who.change.actor, newExpertOf(storedProfile(profile, null), { status: 'REGISTERED', source: 'REGISTERED', userId: userIdOf(who) }), who.name);
          const row = (await expertRepo.findLive(tx, id))!;
          await logExpert(tx, who, 'CREATE', row, `专家「${row.name}」自行建档`, null, briefOf(row));
          return presentExpert(row, true);
        }
        if (lockVersion === undefined) throw errors.badRequest('缺少版本号 lockVersion');
        if (!EXPERT_SELF_EDITABLE.includes(before.status)) {
          throw errors.conflict(before.status === 'PENDING_AUDIT' ? '专家资料审核中，不能修改' : `专家资料当前状态为「${EXPERT_STATUS_LABELS[before.status]}」，不能修改`);
        }
        const after = await updateVersioned(tx, awardExpert, before.id, lockVersion, storedProfile(profile, before), who.change.actor, '专家资料');
        await logExpert(tx, who, 'UPDATE', after, `专家「${after.name}」修改本人资料`, briefOf(before), briefOf(after));
        return presentExpert(after, true);
      }),

    submit: (who: Who, lockVersion: number) =>
      withTransaction(db, async (tx) => {
        const row = await expertRepo.findOfUser(tx, userIdOf(who));
        if (!row) throw errors.notFound('专家资料');
        assertMay('SUBMIT', row, '提交审核');
        return presentExpert(await moveExpert(tx, who, row, lockVersion, 'PENDING_AUDIT', { action: 'SUBMIT' }, { statusReason: null }), true);
      }),
  };
}
export type SelfService = ReturnType<typeof createSelfService>;
