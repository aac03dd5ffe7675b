import { DEFAULT_COMMITTEE_RATIOS, SITTING_STATUS_LABELS, type SittingStatus } from '@dandelion/shared/award/committee';
import type { CommitteeRatio } from '@dandelion/shared/award/committeeRule';
import { PRIZE_GRADE_LABELS, type PrizeGrade } from '@dandelion/shared/award/prize';
import type { PageParameter } from '@dandelion/shared';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Executor, Tx } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { editionDirectory } from '../edition/module';
import { prizeDirectory } from '../prize/module';
import { reviewsForCommittee } from '../scoring/module';
import type { CommitteeDeps } from './deps';
import { committeeRepo, type SittingFilter, type SittingRow } from './repo';
import { liveTally, recordedTally } from './tally';

export const COMMITTEE_MODULE = 'award:committee';

/** Whoever makes a change, as the operation log and the declaration's history name them. */
export interface Officer {
  change: ChangeContext;
  name: string;
}

export interface SittingInput {
  title: string;
  memberIds: number[];
  quorumRatio?: CommitteeRatio;
  passRatio?: CommitteeRatio;
}

/** The grades of a live prize, the highest first; 404 when the prize is gone. */
export async function gradesOf(ex: Executor, prizeId: number): Promise<PrizeGrade[]> {
  const [prize] = await prizeDirectory.liveAmong(ex, [prizeId]);
  if (!prize) throw errors.notFound('奖种');
  return prize.grades.map((g) => g.grade);
}

export function refuseUnless(sitting: SittingRow, status: SittingStatus, what: string): void {
  if (sitting.status !== status) throw errors.conflict(`会议「${sitting.title}」当前状态为「${SITTING_STATUS_LABELS[sitting.status]}」，不能${what}`);
}

/** The prize office's side: sittings, their members and declarations, opening and closing the vote. */
export function createCommitteeService(deps: CommitteeDeps) {
  const { db, declarations, members, tell } = deps;

  async function sittingOf(ex: Executor, id: number, lock = false): Promise<SittingRow> {
    const row = lock ? await committeeRepo.lock(ex, id) : await committeeRepo.find(ex, id);
    if (!row) throw errors.notFound('评审委员会会议');
    return row;
  }

  async function checkMembers(ex: Executor, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const holding = new Set(await members.holders(ex, unique));
    if (unique.some((id) => !holding.has(id))) throw errors.badRequest('所选用户不是评审委员会委员，请重新选择');
    return unique;
  }

  /**
   * Brings the edition's REVIEWED declarations of the prize before the sitting: each is moved to
   * IN_COMMITTEE and keeps the review's figures; its proposed grade is the experts' most suggested
   * one when the prize has it (the only grade of a prize with one), else left for the office.
   */
  async function bringBefore(tx: Tx, officer: Officer, sitting: SittingRow): Promise<number> {
    const cards = await declarations.inStates(tx, { editionId: sitting.editionId, prizeId: sitting.prizeId, statuses: ['REVIEWED'] });
    if (!cards.length) return 0;
    const grades = await gradesOf(tx, sitting.prizeId);
    const figures = await reviewsForCommittee(tx, prizeDirectory, sitting.prizeId, cards.map((c) => c.id));
    const rows = cards.map((card) => {
      const f = figures.get(card.id)!;
      const proposedGrade = grades.length === 1 ? grades[0]! : f.suggestedGrade && grades.includes(f.suggestedGrade) ? f.suggestedGrade : null;
      return { sittingId: sitting.id, declarationId: card.id, groupScore: f.groupScore, reviewCount: f.reviews, suggestedGrade: f.suggestedGrade, proposedGrade };
    });
    for (const card of cards) await declarations.move(tx, officer.change, officer.name, card.id, 'COMMITTEE_START', { opinion: `提交评审委员会：${sitting.title}` });
    await committeeRepo.addItems(tx, rows, officer.change.actor);
    return rows.length;
  }

  /** The sitting as the office's detail page shows it. */
  async function detail(ex: Executor, id: number) {
    const sitting = await sittingOf(ex, id);
    const [edition] = await editionDirectory.among(ex, [sitting.editionId]);
    const [prize] = await prizeDirectory.liveAmong(ex, [sitting.prizeId]);
    const items = await committeeRepo.items(ex, id);
    const votes = await committeeRepo.votes(ex, id);
    const cards = new Map((await declarations.cards(ex, items.map((i) => i.declarationId))).map((c) => [c.id, c]));
    const names = await members.names(ex, sitting.memberIds);
    return {
      ...rowOf(sitting, edition?.editionName ?? null, prize?.prizeName ?? null, items.length),
      prizeGrades: prize?.grades.map((g) => g.grade) ?? [],
      members: sitting.memberIds.map((userId) => ({ userId, name: names.get(userId) ?? String(userId), voted: votes.filter((v) => v.memberId === userId).length })),
      items: items.map((item) => {
        const card = cards.get(item.declarationId);
        return {
          declarationId: item.declarationId,
          title: card?.title ?? null,
          registrationNo: card?.registrationNo ?? null,
          declarationStatus: card?.status ?? null,
          groupScore: item.groupScore,
          reviewCount: item.reviewCount,
          suggestedGrade: item.suggestedGrade,
          proposedGrade: item.proposedGrade,
          votes: votes.filter((v) => v.declarationId === item.declarationId && sitting.memberIds.includes(v.memberId)).length,
        };
      }),
    };
  }

  /** Live count while voting (or in DRAFT), the recorded results once closed. */
  async function results(ex: Executor, id: number) {
    const sitting = await sittingOf(ex, id);
    const items = await committeeRepo.items(ex, id);
    const cards = new Map((await declarations.cards(ex, items.map((i) => i.declarationId))).map((c) => [c.id, c]));
    const recorded = sitting.status === 'CLOSED';
    const rows = recorded
      ? recordedTally(await committeeRepo.results(ex, id), items, cards)
      : liveTally(sitting, items, await committeeRepo.votes(ex, id), cards, await gradesOf(ex, sitting.prizeId));
    const { quorumRatio, passRatio } = sitting;
    return { sittingId: sitting.id, title: sitting.title, status: sitting.status, recorded, members: sitting.memberIds.length, quorumRatio, passRatio, rows };
  }

  async function defaults(ex: Executor) {
    const row = await committeeRepo.setting(ex);
    return row ? { quorumRatio: row.quorumRatio, passRatio: row.passRatio, lockVersion: row.lockVersion } : { ...DEFAULT_COMMITTEE_RATIOS, lockVersion: 0 };
  }

  const log = (tx: Executor, officer: Officer, action: string, sitting: SittingRow, summary: string, before: unknown, after: unknown) =>
    recordOperation(tx, { module: COMMITTEE_MODULE, action, entityId: sitting.id, summary: `${summary}：${sitting.title}`, before, after, ...officer.change });

  return {
    detail: (id: number) => detail(db, id),
    results: (id: number) => results(db, id),
    defaults: () => defaults(db),
    candidates: (keyword?: string) => members.candidates(db, keyword),
    /** The votes of the sitting's members (the vote sheet). */
    async castVotes(id: number) {
      const sitting = await sittingOf(db, id);
      return (await committeeRepo.votes(db, id)).filter((v) => sitting.memberIds.includes(v.memberId));
    },

    async page(filter: SittingFilter, page: PageParameter) {
      const found = await committeeRepo.page(db, filter, page);
      const ids = found.list.map((s) => s.id);
      const editions = new Map((await editionDirectory.among(db, found.list.map((s) => s.editionId))).map((e) => [e.id, e.editionName]));
      const prizes = new Map((await prizeDirectory.liveAmong(db, [...new Set(found.list.map((s) => s.prizeId))])).map((p) => [p.id, p.prizeName]));
      const counts = await committeeRepo.itemCounts(db, ids);
      return { ...found, list: found.list.map((s) => rowOf(s, editions.get(s.editionId) ?? null, prizes.get(s.prizeId) ?? null, counts.get(s.id) ?? 0)) };
    },

    add: (officer: Officer, input: SittingInput & { editionId: number; prizeId: number }) =>
      withTransaction(db, async (tx) => {
        const edition = await editionDirectory.find(tx, input.editionId);
        if (!edition) throw errors.notFound('届次');
        await gradesOf(tx, input.prizeId);
        if (!edition.prizeIds.includes(input.prizeId)) throw errors.badRequest('该届次未设此奖种');
        const memberIds = await checkMembers(tx, input.memberIds);
        const preset = await defaults(tx);
        const sitting = await committeeRepo.insert(
          tx,
          { editionId: input.editionId, prizeId: input.prizeId, title: input.title, memberIds, quorumRatio: input.quorumRatio ?? preset.quorumRatio, passRatio: input.passRatio ?? preset.passRatio },
          officer.change.actor,
        );
        const added = await bringBefore(tx, officer, sitting);
        await log(tx, officer, 'CREATE', sitting, `新建评审委员会会议（上会申报书 ${added} 份）`, null, sitting);
        return detail(tx, sitting.id);
      }),

    update: (officer: Officer, id: number, lockVersion: number, input: SittingInput) =>
      withTransaction(db, async (tx) => {
        const before = await sittingOf(tx, id, true);
        refuseUnless(before, 'DRAFT', '修改');
        const memberIds = await checkMembers(tx, input.memberIds);
        const after = await committeeRepo.update(tx, id, lockVersion, { title: input.title, memberIds, quorumRatio: input.quorumRatio ?? before.quorumRatio, passRatio: input.passRatio ?? before.passRatio }, officer.change.actor);
        await log(tx, officer, 'UPDATE', after, '修改评审委员会会议', before, after);
        return detail(tx, id);
      }),

    addDeclarations: (officer: Officer, id: number) =>
      withTransaction(db, async (tx) => {
        const sitting = await sittingOf(tx, id, true);
        refuseUnless(sitting, 'DRAFT', '补充上会申报书');
        const added = await bringBefore(tx, officer, sitting);
        if (added) await log(tx, officer, 'UPDATE', sitting, `补充上会申报书 ${added} 份`, null, { added });
        return added;
      }),

    setProposedGrade: (officer: Officer, id: number, declarationId: number, grade: PrizeGrade) =>
      withTransaction(db, async (tx) => {
        const sitting = await sittingOf(tx, id, true);
        refuseUnless(sitting, 'DRAFT', '修改拟授奖等级');
        const item = (await committeeRepo.items(tx, id)).find((i) => i.declarationId === declarationId);
        if (!item) throw errors.notFound('上会申报书');
        if (!(await gradesOf(tx, sitting.prizeId)).includes(grade)) throw errors.badRequest(`该奖种没有「${PRIZE_GRADE_LABELS[grade]}」`);
        await committeeRepo.setProposedGrade(tx, item.id, grade, officer.change.actor);
        await log(tx, officer, 'UPDATE', sitting, `修改拟授奖等级（申报书 ${declarationId}）为${PRIZE_GRADE_LABELS[grade]}`, { proposedGrade: item.proposedGrade }, { proposedGrade: grade });
      }),

    remove: (officer: Officer, id: number, lockVersion: number) =>
      withTransaction(db, async (tx) => {
        const sitting = await sittingOf(tx, id, true);
        refuseUnless(sitting, 'DRAFT', '删除');
        if ((await committeeRepo.items(tx, id)).length) throw errors.conflict(`会议「${sitting.title}」已有申报书上会，不能删除`);
        await committeeRepo.remove(tx, id, lockVersion, officer.change.actor);
        await log(tx, officer, 'DELETE', sitting, '删除评审委员会会议', sitting, null);
      }),

    open: (officer: Officer, id: number) =>
      withTransaction(db, async (tx) => {
        const sitting = await sittingOf(tx, id, true);
        refuseUnless(sitting, 'DRAFT', '开始投票');
        if (!sitting.memberIds.length) throw errors.conflict('请先选择委员');
        const items = await committeeRepo.items(tx, id);
        if (!items.length) throw errors.conflict('没有上会的申报书，不能开始投票');
        const missing = items.find((i) => !i.proposedGrade);
        if (missing) {
          const [card] = await declarations.cards(tx, [missing.declarationId]);
          throw errors.conflict(`申报书「${card?.title ?? missing.declarationId}」尚未设置拟授奖等级`);
        }
        const after = await committeeRepo.update(tx, id, sitting.lockVersion, { status: 'VOTING', openedAt: new Date() }, officer.change.actor);
        await log(tx, officer, 'OPEN', after, '评审委员会开始投票', { status: sitting.status }, { status: after.status });
        await tell(tx, sitting.memberIds, { title: '评审委员会开始投票', body: `会议「${sitting.title}」已开始投票，请在“委员投票”中对 ${items.length} 份上会申报书逐一投票。` });
      }),

    /**
     * Closes the vote: every declaration must have quorum (else 409 naming the first without), then
     * the results are recorded and each declaration moves to PROPOSED with the committee's grade or
     * to NOT_AWARDED, all in one transaction. Votes queue behind the sitting's lock, so none slips in.
     */
    close: (officer: Officer, id: number) =>
      withTransaction(db, async (tx) => {
        const sitting = await sittingOf(tx, id, true);
        refuseUnless(sitting, 'VOTING', '结束投票');
        const items = await committeeRepo.items(tx, id);
        const cards = new Map((await declarations.cards(tx, items.map((i) => i.declarationId))).map((c) => [c.id, c]));
        const rows = liveTally(sitting, items, await committeeRepo.votes(tx, id), cards, await gradesOf(tx, sitting.prizeId));
        const short = rows.find((r) => !r.quorum);
        if (short) throw errors.conflict(`申报书「${short.title ?? short.declarationId}」的投票未达到法定人数（已投 ${short.present} 人，需 ${short.needed} 人），不能结束投票`);
        await committeeRepo.insertResults(
          tx,
          rows.map((r) => ({ sittingId: id, declarationId: r.declarationId, proposedGrade: r.proposedGrade!, members: sitting.memberIds.length, present: r.present, needed: r.needed, agree: r.agree, notAward: r.notAward, otherGrades: r.otherGrades, tests: r.tests, resultGrade: r.resultGrade })),
          officer.change.actor,
        );
        for (const r of rows) {
          const count = `（${r.present} 人投票）`;
          if (r.resultGrade) await declarations.move(tx, officer.change, officer.name, r.declarationId, 'COMMITTEE_PROPOSE', { grade: r.resultGrade, opinion: `评审委员会表决：拟授${PRIZE_GRADE_LABELS[r.resultGrade]}${count}` });
          else await declarations.move(tx, officer.change, officer.name, r.declarationId, 'COMMITTEE_NOT_PROPOSE', { opinion: `评审委员会表决：不予授奖${count}` });
        }
        const after = await committeeRepo.update(tx, id, sitting.lockVersion, { status: 'CLOSED', closedAt: new Date() }, officer.change.actor);
        const proposed = rows.filter((r) => r.resultGrade).length;
        await log(tx, officer, 'CLOSE', after, `评审委员会结束投票（拟授奖 ${proposed} 项，不予授奖 ${rows.length - proposed} 项）`, { status: sitting.status }, { status: after.status, results: rows.map((r) => ({ declarationId: r.declarationId, grade: r.resultGrade })) });
        return results(tx, id);
      }),

    saveDefaults: (officer: Officer, lockVersion: number, fields: { quorumRatio: CommitteeRatio; passRatio: CommitteeRatio }) =>
      withTransaction(db, async (tx) => {
        const before = await committeeRepo.setting(tx);
        const after = before ? await committeeRepo.updateSetting(tx, before.id, lockVersion, fields, officer.change.actor) : lockVersion === 0 ? await committeeRepo.insertSetting(tx, fields, officer.change.actor) : null;
        if (!after) throw errors.staleVersion();
        await recordOperation(tx, { module: COMMITTEE_MODULE, action: 'UPDATE', entityId: after.id, summary: '修改评审委员会默认设置', before: before ?? null, after, ...officer.change });
        return defaults(tx);
      }),
  };
}
export type CommitteeService = ReturnType<typeof createCommitteeService>;

function rowOf(s: SittingRow, editionName: string | null, prizeName: string | null, itemCount: number) {
  return {
    id: s.id,
    editionId: s.editionId,
    editionName,
    prizeId: s.prizeId,
    prizeName,
    title: s.title,
    status: s.status,
    quorumRatio: s.quorumRatio,
    passRatio: s.passRatio,
    memberCount: s.memberIds.length,
    itemCount,
    openedAt: s.openedAt,
    closedAt: s.closedAt,
    lockVersion: s.lockVersion,
    createTime: s.createTime,
  };
}
