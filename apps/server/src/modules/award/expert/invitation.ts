import { EXPERT_INVITATION_DAYS, EXPERT_INVITATION_PATH, EXPERT_INVITE_TEMPLATE } from '@dandelion/shared/award/expert';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { updateVersioned } from '../../../core/records';
import { generateToken, sha256Hex } from '../../../core/token';
import { withTransaction } from '../../../core/transaction';
import { expertDirectory } from './directory';
import { briefOf, historyActor, logExpert, presentExpert, type ExpertDeps, type Who } from './context';
import { expertRepo, type InvitationRecord } from './repo';
import { awardExpert } from './tables';

const DAY_MS = 86_400_000;
const PURPOSE = '邀请您加入评审专家库。接受邀请后，请完善专家资料并提交审核。';

export interface Invitee {
  name: string;
  phone: string;
  email?: string | null;
  unitName?: string | null;
}

/**
 * Invitations into the pool: the office names a person, the pool keeps an expert record for them
 * (邀请入库, 已注册) and a one-time link good for seven days. Only the link's hash is stored; the
 * link itself is answered once to the office and sent to the person where a channel reaches them.
 */
export function createInvitationService(deps: ExpertDeps) {
  const { db, invitations } = deps;

  /** A link that still works: known (404), unused and unexpired (409 with the reason). */
  async function usable(ex: Executor, token: string, forUpdate = false): Promise<InvitationRecord> {
    const invitation = await expertRepo.invitationByHash(ex, sha256Hex(token), forUpdate);
    if (!invitation) throw errors.notFound('邀请');
    if (invitation.usedAt) throw errors.conflict('该邀请已被接受，不能重复使用');
    if (invitation.expiresAt.getTime() <= Date.now()) throw errors.conflict('邀请已过期，请联系奖励办重新邀请');
    return invitation;
  }

  return {
    async invite(who: Who, invitee: Invitee) {
      const token = generateToken();
      const link = `${EXPERT_INVITATION_PATH}?token=${token}`;
      const now = new Date();
      const expiresAt = new Date(now.getTime() + EXPERT_INVITATION_DAYS * DAY_MS);
      const { expertId, userId } = await withTransaction(db, async (tx) => {
        if (await expertRepo.linkedByPhone(tx, invitee.phone)) throw errors.conflict(`手机号 ${invitee.phone} 的专家已关联账号，无需邀请`);
        // An imported expert without an account is invited on their own record; an older link stops working.
        const existing = await expertRepo.findUnlinkedByPhone(tx, invitee.phone);
        const id =
          existing?.id ??
          (await expertDirectory.create(tx, who.change.actor, {
            name: invitee.name,
            phone: invitee.phone,
            email: invitee.email || null,
            unitName: invitee.unitName || null,
            status: 'REGISTERED',
            source: 'INVITED',
          }, who.name));
        if (existing) await expertRepo.retireInvitations(tx, id, now);
        await expertRepo.insertInvitation(tx, { expertId: id, tokenHash: sha256Hex(token), phone: invitee.phone, inviterId: who.change.actor.id, inviterName: who.name, expiresAt });
        const row = (await expertRepo.findLive(tx, id))!;
        await expertRepo.addHistory(tx, id, { action: 'INVITE', fromStatus: row.status, toStatus: row.status, until: null }, historyActor(who));
        await logExpert(tx, who, 'INVITE', row, `邀请专家「${invitee.name}」（${invitee.phone}）入库`, null, { ...briefOf(row), expiresAt });
        const user = await invitations.userIdByPhone(tx, invitee.phone);
        if (user !== null) {
          await invitations.tell(tx, [user], {
            title: '评审专家库入库邀请',
            body: `${who.name}${PURPOSE}邀请链接 ${EXPERT_INVITATION_DAYS} 天内有效，只能使用一次。`,
            link,
          });
        }
        return { expertId: id, userId: user };
      });
      // The SMS goes out after the commit, so no message is sent for an invitation that rolled back.
      let smsSent = false;
      if (userId !== null) {
        // The invitation stands whatever the gateway answers: the office still holds the link to pass on.
        const sent = await invitations
          .sendTemplate(EXPERT_INVITE_TEMPLATE, [userId], { name: invitee.name, inviter: who.name, link, expiresAt: expiresAt.toISOString().slice(0, 10) })
          .catch(() => null);
        smsSent = !!sent && sent.sent > 0;
      }
      return { expertId, link, expiresAt, messaged: userId !== null, smsSent };
    },

    async invitation(token: string) {
      const invitation = await usable(db, token);
      const expert = await expertRepo.findLive(db, invitation.expertId);
      if (!expert || expert.userId !== null) throw errors.conflict('邀请已失效，请联系奖励办');
      return { expertName: expert.name, unitName: expert.unitName, inviterName: invitation.inviterName, purpose: PURPOSE, expiresAt: invitation.expiresAt };
    },

    /** Links the caller's account to the invited record, once. */
    accept: (who: Who, token: string) =>
      withTransaction(db, async (tx) => {
        const invitation = await usable(tx, token, true);
        const userId = who.change.actor.id;
        if (await expertRepo.findOfUser(tx, userId)) throw errors.conflict('您的账号已关联专家档案，不能再接受邀请');
        const expert = await expertRepo.findLive(tx, invitation.expertId, true);
        if (!expert || expert.userId !== null) throw errors.conflict('邀请已失效，请联系奖励办');
        if (!(await expertRepo.useInvitation(tx, invitation.id, userId, new Date()))) throw errors.conflict('该邀请已被接受，不能重复使用');
        const after = await updateVersioned(tx, awardExpert, expert.id, expert.lockVersion, { userId }, who.change.actor, '专家');
        await expertRepo.addHistory(tx, expert.id, { action: 'ACCEPT_INVITATION', fromStatus: expert.status, toStatus: after.status }, historyActor(who));
        await logExpert(tx, who, 'BIND', after, `专家「${after.name}」接受邀请，关联账号 ${who.change.actor.name}`, briefOf(expert), { ...briefOf(after), userId });
        return presentExpert(after, true);
      }),
  };
}
export type InvitationService = ReturnType<typeof createInvitationService>;
