import type { CommitteeVoteChoice } from '@dandelion/shared/award/committeeRule';
import { COMMITTEE_VOTE_CHOICE_LABELS } from '@dandelion/shared/award/committeeRule';
import { PRIZE_GRADE_LABELS, type PrizeGrade } from '@dandelion/shared/award/prize';
import type { PageParameter } from '@dandelion/shared';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { editionDirectory } from '../edition/module';
import { prizeDirectory } from '../prize/module';
import type { CommitteeDeps } from './deps';
import { committeeRepo, type SittingRow } from './repo';
import { gradesOf } from './service';

/** A member as the vote rules see them. */
export interface Member {
  userId: number;
  change: ChangeContext;
}

export interface Ballot {
  choice: CommitteeVoteChoice;
  grade?: PrizeGrade | null;
  comment?: string | null;
}

/**
 * A member's side: the sittings they sit on (voting or closed: a sitting in preparation is the
 * office's), and their vote per declaration. Someone not on a sitting gets 404, as if it did not exist.
 */
export function createCommitteeVoteService(deps: Pick<CommitteeDeps, 'db' | 'declarations'>) {
  const { db, declarations } = deps;

  async function sittingOf(ex: Executor, member: Member, id: number, lock = false): Promise<SittingRow> {
    const row = lock ? await committeeRepo.lock(ex, id) : await committeeRepo.find(ex, id);
    if (!row || !row.memberIds.includes(member.userId) || row.status === 'DRAFT') throw errors.notFound('评审委员会会议');
    return row;
  }

  const voteOut = (v: { choice: CommitteeVoteChoice; grade: PrizeGrade | null; comment: string | null; updateTime: Date }) => ({ choice: v.choice, grade: v.grade, comment: v.comment, updateTime: v.updateTime });

  return {
    async mine(member: Member, page: PageParameter) {
      const found = await committeeRepo.pageOfMember(db, member.userId, page);
      const ids = found.list.map((s) => s.id);
      const editions = new Map((await editionDirectory.among(db, found.list.map((s) => s.editionId))).map((e) => [e.id, e.editionName]));
      const prizes = new Map((await prizeDirectory.liveAmong(db, [...new Set(found.list.map((s) => s.prizeId))])).map((p) => [p.id, p.prizeName]));
      const items = await committeeRepo.itemCounts(db, ids);
      const mine = await committeeRepo.voteCountsOf(db, member.userId, ids);
      return {
        ...found,
        list: found.list.map((s) => ({
          id: s.id,
          editionName: editions.get(s.editionId) ?? null,
          prizeName: prizes.get(s.prizeId) ?? null,
          title: s.title,
          status: s.status,
          openedAt: s.openedAt,
          closedAt: s.closedAt,
          itemCount: items.get(s.id) ?? 0,
          myVotes: mine.get(s.id) ?? 0,
        })),
      };
    },

    /** The declarations with the review's figures and the grade put to the vote, and the member's own votes only. */
    async sitting(member: Member, id: number) {
      const sitting = await sittingOf(db, member, id);
      const [edition] = await editionDirectory.among(db, [sitting.editionId]);
      const [prize] = await prizeDirectory.liveAmong(db, [sitting.prizeId]);
      const items = await committeeRepo.items(db, id);
      const cards = new Map((await declarations.cards(db, items.map((i) => i.declarationId))).map((c) => [c.id, c]));
      const mine = new Map((await committeeRepo.votes(db, id)).filter((v) => v.memberId === member.userId).map((v) => [v.declarationId, v]));
      return {
        id: sitting.id,
        editionName: edition?.editionName ?? null,
        prizeName: prize?.prizeName ?? null,
        title: sitting.title,
        status: sitting.status,
        openedAt: sitting.openedAt,
        closedAt: sitting.closedAt,
        prizeGrades: prize?.grades.map((g) => g.grade) ?? [],
        items: items.map((item) => {
          const card = cards.get(item.declarationId);
          const vote = mine.get(item.declarationId);
          return {
            declarationId: item.declarationId,
            title: card?.title ?? null,
            registrationNo: card?.registrationNo ?? null,
            declarationStatus: card?.status ?? null,
            groupScore: item.groupScore,
            reviewCount: item.reviewCount,
            suggestedGrade: item.suggestedGrade,
            proposedGrade: item.proposedGrade,
            myVote: vote ? voteOut(vote) : null,
          };
        }),
      };
    },

    /** Casts or changes the member's vote while the sitting is VOTING; once CLOSED nothing changes (409). */
    vote: (member: Member, id: number, declarationId: number, ballot: Ballot) =>
      withTransaction(db, async (tx) => {
        const sitting = await sittingOf(tx, member, id, true);
        if (sitting.status === 'CLOSED') throw errors.conflict(`会议「${sitting.title}」投票已结束，投票不能再更改`);
        const item = (await committeeRepo.items(tx, id)).find((i) => i.declarationId === declarationId);
        if (!item) throw errors.notFound('上会申报书');
        const grade = ballot.choice === 'OTHER_GRADE' ? ballot.grade! : null;
        if (grade && !(await gradesOf(tx, sitting.prizeId)).includes(grade)) throw errors.badRequest(`该奖种没有「${PRIZE_GRADE_LABELS[grade]}」`);
        const fields = { choice: ballot.choice, grade, comment: ballot.comment || null };
        const before = await committeeRepo.voteOf(tx, id, declarationId, member.userId);
        const after = before ? await committeeRepo.updateVote(tx, before.id, fields, member.change.actor) : await committeeRepo.insertVote(tx, { sittingId: id, declarationId, memberId: member.userId, ...fields }, member.change.actor);
        const said = `${COMMITTEE_VOTE_CHOICE_LABELS[after.choice]}${after.grade ? `（${PRIZE_GRADE_LABELS[after.grade]}）` : ''}`;
        await recordOperation(tx, {
          module: 'award:committeeVote',
          action: before ? 'UPDATE' : 'CREATE',
          entityId: after.id,
          summary: `${before ? '修改投票' : '投票'}：会议「${sitting.title}」申报书 ${declarationId}，${said}`,
          before: before ? voteOut(before) : null,
          after: voteOut(after),
          ...member.change,
        });
        return voteOut(after);
      }),
  };
}
export type CommitteeVoteService = ReturnType<typeof createCommitteeVoteService>;
