import type { PageParameter } from '@dandelion/shared';
import { ASSIGNMENT_STATE_LABELS, DECLINE_REASON_LABELS, type AssignmentState, type DeclineReason } from '@dandelion/shared/award/expertPush';
import type { ChangeContext } from '../../../core/audit';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { prizeDirectory } from '../prize/module';
import type { AssignmentContext, AssignmentDeps } from './context';
import { assignmentDirectory, type AssignmentRow } from './directory';
import { assignmentRepo } from './repo';

/**
 * The expert's own side: their tasks (never another expert's), accepting with the no-conflict
 * confirmation, declining with a reason, declaring a conflict after accepting. A decline or a
 * declared conflict hands the place to the next alternate.
 */
export function createTaskService(deps: AssignmentDeps, ctx: AssignmentContext) {
  const { db } = deps;

  async function present(ex: Executor, rows: AssignmentRow[]) {
    const groups = await assignmentRepo.groupsAmong(ex, rows.map((r) => r.groupId));
    const cards = await deps.declarations.cards(ex, [...new Set(rows.map((r) => r.declarationId))]);
    const prizes = await prizeDirectory.liveAmong(ex, [...new Set(cards.map((c) => c.prizeId))]);
    return rows.map((r) => {
      const card = cards.find((c) => c.id === r.declarationId);
      return {
        assignmentId: r.id,
        groupName: groups.find((g) => g.id === r.groupId)?.groupName ?? '',
        declarationId: r.declarationId,
        title: card?.title ?? null,
        registrationNo: card?.registrationNo ?? null,
        prizeName: prizes.find((p) => p.id === card?.prizeId)?.prizeName ?? null,
        deadline: r.deadline,
        state: r.state,
        pushedAt: r.pushedAt,
        respondedAt: r.respondedAt,
        noConflictConfirmedAt: r.noConflictConfirmedAt,
        declineReason: r.declineReason,
        declineNote: r.declineNote,
      };
    });
  }

  /** The caller's own pushed assignment; anyone else's (or a guessed id) is not found. */
  async function mine(ex: Executor, change: ChangeContext, assignmentId: number): Promise<AssignmentRow> {
    const expert = await deps.experts.ofUser(ex, change.actor.id);
    const row = expert ? await assignmentDirectory.assignment(ex, assignmentId) : null;
    if (!row || row.expertId !== expert!.id || row.role !== 'MAIN' || row.state === 'PROPOSED') throw errors.notFound('评审任务');
    return row;
  }

  function refuse(row: AssignmentRow, what: string): never {
    throw errors.conflict(`该评审任务当前为「${ASSIGNMENT_STATE_LABELS[row.state]}」，不能${what}`);
  }

  async function respond(change: ChangeContext, assignmentId: number, act: (tx: Executor, row: AssignmentRow) => Promise<void>) {
    return withTransaction(db, async (tx) => {
      const row = await mine(tx, change, assignmentId);
      await act(tx, row);
      return (await present(tx, [(await assignmentDirectory.assignment(tx, row.id))!]))[0]!;
    });
  }

  async function moveOrRefuse(tx: Executor, change: ChangeContext, row: AssignmentRow, from: AssignmentState[], to: AssignmentState, what: string, patch: Parameters<typeof assignmentDirectory.move>[5] = {}) {
    if (!from.includes(row.state)) refuse(row, what);
    if (!(await assignmentDirectory.move(tx, change.actor, row.id, from, to, patch))) throw errors.staleVersion();
  }

  return {
    async myTasks(change: ChangeContext, state: AssignmentState | undefined, page: PageParameter) {
      const expert = await deps.experts.ofUser(db, change.actor.id);
      if (!expert) return { list: [], total: 0, pageNum: page.pageNum, pageSize: page.pageSize };
      const result = await assignmentRepo.tasksOf(db, expert.id, state, page);
      return { ...result, list: await present(db, result.list) };
    },

    async accept(assignmentId: number, change: ChangeContext) {
      return respond(change, assignmentId, async (tx, row) => {
        const now = new Date();
        await moveOrRefuse(tx, change, row, ['PUSHED'], 'ACCEPTED', '接受', { respondedAt: now, noConflictConfirmedAt: now });
        await ctx.log(tx, change, { groupId: row.groupId, action: 'ACCEPT', assignmentId: row.id, declarationId: row.declarationId, expertId: row.expertId, reason: '已确认不存在利益冲突' }, await ctx.titleOf(tx, row.declarationId));
      });
    },

    async decline(assignmentId: number, reason: DeclineReason, note: string | null, change: ChangeContext) {
      return respond(change, assignmentId, async (tx, row) => {
        await moveOrRefuse(tx, change, row, ['PUSHED'], 'DECLINED', '拒绝', { respondedAt: new Date(), declineReason: reason, declineNote: note });
        const why = `${DECLINE_REASON_LABELS[reason]}${note ? `：${note}` : ''}`;
        await ctx.log(tx, change, { groupId: row.groupId, action: 'DECLINE', assignmentId: row.id, declarationId: row.declarationId, expertId: row.expertId, reason: why }, `${await ctx.titleOf(tx, row.declarationId)}，${why}`);
        await ctx.promoteAfter(tx, change, row, (await assignmentDirectory.group(tx, row.groupId))!);
      });
    },

    async declareConflict(assignmentId: number, note: string, change: ChangeContext) {
      return respond(change, assignmentId, async (tx, row) => {
        await moveOrRefuse(tx, change, row, ['ACCEPTED', 'IN_PROGRESS'], 'REMOVED', '声明回避', { declineReason: 'CONFLICT', declineNote: note });
        await ctx.log(tx, change, { groupId: row.groupId, action: 'DECLARE_CONFLICT', assignmentId: row.id, declarationId: row.declarationId, expertId: row.expertId, reason: note }, `${await ctx.titleOf(tx, row.declarationId)}，${note}`);
        await ctx.promoteAfter(tx, change, row, (await assignmentDirectory.group(tx, row.groupId))!);
      });
    },
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
