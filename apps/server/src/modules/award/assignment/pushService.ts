import type { PageParameter } from '@dandelion/shared';
import { conflictsOf, type ConflictSettings } from '@dandelion/shared/award/assignmentConflicts';
import { ASSIGNMENT_STATE_LABELS, type AssignmentChangeKind, type AssignmentLogAction, type AssignmentRole } from '@dandelion/shared/award/expertPush';
import { DEFAULT_ALTERNATES, type ReviewGroupStatus } from '@dandelion/shared/award/reviewGroup';
import { randomInt } from 'node:crypto';
import type { ChangeContext } from '../../../core/audit';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import type { AssignmentContext, AssignmentDeps } from './context';
import { assignmentDirectory, type AssignmentRow, type NewAssignment, type ReviewGroupRow } from './directory';
import { assignmentRepo, HOLDING, OPEN } from './repo';
import { assignExperts, type AssignableExpert } from './solver';

const MAX_SEED = 2_147_483_647;

/** The group's facts for the solver and the explanations: declarations, experts with their maxima, vetoes. */
async function factsOf(deps: AssignmentDeps, ex: Executor, group: ReviewGroupRow) {
  // One query at a time: `ex` may be a transaction, whose client runs one query at once.
  const declarationIds = await assignmentDirectory.declarationsOfGroup(ex, group.id);
  const members = await assignmentRepo.groupExperts(ex, group.id);
  const vetoRows = await assignmentRepo.vetoesOf(ex, group.id);
  const declarations = await deps.declarations.assignable(ex, declarationIds);
  const experts = await deps.experts.assignable(ex, members.map((m) => m.expertId));
  const maxOf = new Map(members.map((m) => [m.expertId, m.maxLoad ?? group.maxLoad]));
  const settings: ConflictSettings = {
    today: deps.today(),
    maxAge: group.settings.maxAge ?? null,
    outOfRegionOnly: !!group.settings.outOfRegionOnly,
    vetoes: new Map(vetoRows.map((v) => [`${v.expertId}:${v.declarationId}`, v.reason])),
  };
  return { declarations, experts: experts.map((e): AssignableExpert => ({ ...e, maxLoad: maxOf.get(Number(e.expertId)) ?? group.maxLoad })), settings, vetoRows };
}

/**
 * The office's side of assignment: the proposal (the solver over the group's facts, kept rows and
 * vetoes respected, the seed recorded), what it shows (reasons, alternates, loads, under-assigned
 * declarations, excluded pairs with their conflicts), manual changes with a reason, and the push.
 */
export function createPushService(deps: AssignmentDeps, ctx: AssignmentContext) {
  const { db } = deps;

  async function lockGroup(ex: Executor, groupId: number) {
    const group = await assignmentRepo.lockGroup(ex, groupId);
    if (!group) throw errors.notFound('评审组');
    return group;
  }

  async function proposalOf(ex: Executor, group: ReviewGroupRow) {
    const rows = await assignmentRepo.assignmentsOf(ex, group.id);
    const declarationIds = await assignmentDirectory.declarationsOfGroup(ex, group.id);
    const members = await assignmentRepo.groupExperts(ex, group.id);
    const vetoRows = await assignmentRepo.vetoesOf(ex, group.id);
    const expertIds = [...new Set([...members.map((m) => m.expertId), ...rows.map((r) => r.expertId), ...vetoRows.map((v) => v.expertId)])];
    const cards = await deps.declarations.cards(ex, declarationIds);
    const experts = await deps.experts.cards(ex, expertIds);
    const expertOf = new Map(experts.map((e) => [e.id, e]));
    const view = (r: AssignmentRow) => ({
      assignmentId: r.id,
      expertId: r.expertId,
      expertName: expertOf.get(r.expertId)?.name ?? `专家${r.expertId}`,
      unitName: expertOf.get(r.expertId)?.unitName ?? null,
      role: r.role,
      alternateRank: r.alternateRank,
      state: r.state,
      locked: r.locked,
      reason: r.reason,
      cost: r.cost,
      deadline: r.deadline,
      pushedAt: r.pushedAt,
      respondedAt: r.respondedAt,
      declineReason: r.declineReason,
      declineNote: r.declineNote,
    });
    const k = group.expertsPerDeclaration;
    const declarations = cards.map((card) => {
      const mine = rows.filter((r) => r.declarationId === card.id);
      const experts = mine.filter((r) => r.role === 'MAIN' && HOLDING.includes(r.state));
      return {
        declarationId: card.id,
        title: card.title,
        registrationNo: card.registrationNo,
        wanted: k,
        assigned: experts.length,
        underAssigned: experts.length < k,
        experts: experts.map(view),
        alternates: mine.filter((r) => r.role === 'ALTERNATE' && r.state === 'PROPOSED').map(view),
        left: mine.filter((r) => r.role === 'MAIN' && !HOLDING.includes(r.state)).map(view),
      };
    });
    const loads = members.map((m) => ({
      expertId: m.expertId,
      expertName: expertOf.get(m.expertId)?.name ?? `专家${m.expertId}`,
      unitName: expertOf.get(m.expertId)?.unitName ?? null,
      load: rows.filter((r) => r.expertId === m.expertId && r.role === 'MAIN' && HOLDING.includes(r.state)).length,
      maxLoad: m.maxLoad ?? group.maxLoad,
    }));
    return {
      groupId: group.id,
      groupName: group.groupName,
      status: group.status as ReviewGroupStatus,
      seed: group.seed,
      expertsPerDeclaration: k,
      deadline: group.deadline,
      declarations,
      loads,
      underAssigned: declarations.filter((d) => d.underAssigned).map((d) => ({ declarationId: d.declarationId, title: d.title, assigned: d.assigned, wanted: d.wanted })),
      vetoes: vetoRows.map((v) => ({ declarationId: v.declarationId, expertId: v.expertId, expertName: expertOf.get(v.expertId)?.name ?? `专家${v.expertId}`, reason: v.reason, actorName: v.actorName, createTime: v.createTime })),
    };
  }

  /**
   * A main reviewer leaves by the office's hand (removed, vetoed): a proposal is dropped; a pushed
   * or accepted review becomes REMOVED and the next alternate takes the place; a submitted review stays.
   */
  async function takeOut(ex: Executor, change: ChangeContext, group: ReviewGroupRow, row: AssignmentRow) {
    if (row.state === 'PROPOSED') return assignmentRepo.dropAssignments(ex, change.actor, [row.id]);
    if (row.state === 'SUBMITTED') throw errors.conflict('该专家已提交评审意见，不能移出；如需重评请由奖励办退回评审');
    if (!OPEN.includes(row.state)) throw errors.conflict(`该分配已是「${ASSIGNMENT_STATE_LABELS[row.state]}」，无需移除`);
    if (!(await assignmentDirectory.move(ex, change.actor, row.id, OPEN, 'REMOVED'))) throw errors.staleVersion();
    await ctx.tell(ex, [row.expertId], { title: '评审任务已撤销', body: `奖励办已撤销您对项目${await ctx.titleOf(ex, row.declarationId)}的评审任务。` });
    await ctx.promoteAfter(ex, change, row, group);
  }

  return {
    async proposal(groupId: number) {
      const group = await assignmentDirectory.group(db, groupId);
      if (!group) throw errors.notFound('评审组');
      return proposalOf(db, group);
    },

    /**
     * Runs the solver with the given or a new seed. Rows the office locked and rows already pushed
     * stay (and count towards k and the loads); the other proposed rows are replaced; vetoed pairs
     * and pairs already held are never proposed.
     */
    async propose(groupId: number, seed: number | undefined, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const group = await lockGroup(tx, groupId);
        const facts = await factsOf(deps, tx, group);
        if (!facts.declarations.length) throw errors.conflict('评审组还没有申报书，请先设置申报书');
        if (!facts.experts.length) throw errors.conflict('评审组还没有专家，请先设置专家');
        const rows = await assignmentRepo.assignmentsOf(tx, groupId);
        const kept = rows.filter((r) => r.locked || r.state !== 'PROPOSED');
        await assignmentRepo.dropAssignments(tx, change.actor, rows.filter((r) => !kept.includes(r)).map((r) => r.id));
        const holding = kept.filter((r) => r.role === 'MAIN' && HOLDING.includes(r.state));
        const k = group.expertsPerDeclaration;
        const alternates = group.settings.alternates ?? DEFAULT_ALTERNATES;
        const used = seed ?? randomInt(1, MAX_SEED);
        const result = assignExperts({
          declarations: facts.declarations.map((d) => ({ ...d, wanted: k - holding.filter((r) => String(r.declarationId) === d.declarationId).length })),
          experts: facts.experts.map((e) => ({ ...e, maxLoad: Math.max(0, (e.maxLoad ?? group.maxLoad) - holding.filter((r) => String(r.expertId) === e.expertId).length) })),
          k,
          defaultMaxLoad: group.maxLoad,
          seed: used,
          alternates,
          settings: facts.settings,
          taken: new Set(kept.map((r) => `${r.expertId}:${r.declarationId}`)),
        });
        const fresh: NewAssignment[] = result.declarations.flatMap((d) => {
          const declarationId = Number(d.declarationId);
          const keptAlternates = kept.filter((r) => r.declarationId === declarationId && r.role === 'ALTERNATE' && r.state === 'PROPOSED');
          const firstRank = Math.max(0, ...keptAlternates.map((r) => r.alternateRank)) + 1;
          return [
            ...d.experts.map((e) => ({ declarationId, expertId: Number(e.expertId), role: 'MAIN' as const, reason: e.reason, cost: e.cost })),
            ...d.alternates.slice(0, Math.max(0, alternates - keptAlternates.length)).map((e, i) => ({ declarationId, expertId: Number(e.expertId), role: 'ALTERNATE' as const, alternateRank: firstRank + i, reason: e.reason, cost: e.cost })),
          ];
        });
        await assignmentDirectory.addAssignments(tx, change.actor, groupId, fresh);
        await assignmentRepo.setGroup(tx, change.actor, groupId, { seed: used, status: group.status === 'PUSHED' ? 'PUSHED' : 'PROPOSED' });
        const detail = { seed: used, proposed: fresh.filter((r) => r.role === 'MAIN').length, alternates: fresh.filter((r) => r.role === 'ALTERNATE').length, kept: kept.length, underAssigned: result.underAssigned.length };
        await ctx.log(tx, change, { groupId, action: 'PROPOSE', detail }, `${group.groupName}（随机种子 ${used}，拟分配 ${detail.proposed} 人次，专家不足 ${detail.underAssigned} 项）`);
        return proposalOf(tx, { ...group, seed: used, status: group.status === 'PUSHED' ? 'PUSHED' : 'PROPOSED' });
      });
    },

    /** The pairs the conflict rules exclude, a page at a time, each with the reasons. */
    async excluded(groupId: number, declarationId: number | undefined, page: PageParameter) {
      const group = await assignmentDirectory.group(db, groupId);
      if (!group) throw errors.notFound('评审组');
      const facts = await factsOf(deps, db, group);
      const titles = new Map((await deps.declarations.cards(db, facts.declarations.map((d) => Number(d.declarationId)))).map((c) => [c.id, c.title]));
      const pairs = facts.declarations
        .filter((d) => declarationId === undefined || Number(d.declarationId) === declarationId)
        .flatMap((d) =>
          facts.experts
            .map((e) => ({ d, e, conflicts: conflictsOf(e, d, facts.settings) }))
            .filter((p) => p.conflicts.length > 0)
            .map((p) => ({ declarationId: Number(p.d.declarationId), title: titles.get(Number(p.d.declarationId)) ?? null, expertId: Number(p.e.expertId), expertName: p.e.name, conflicts: p.conflicts })),
        );
      const offset = (page.pageNum - 1) * page.pageSize;
      return { list: pairs.slice(offset, offset + page.pageSize), total: pairs.length, pageNum: page.pageNum, pageSize: page.pageSize };
    },

    async change(input: { groupId: number; action: AssignmentChangeKind; declarationId: number; expertId: number; role?: AssignmentRole; reason: string }, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const group = await lockGroup(tx, input.groupId);
        const { declarationId, expertId, reason } = input;
        if (!(await assignmentDirectory.declarationsOfGroup(tx, group.id)).includes(declarationId)) throw errors.badRequest('该申报书不在本评审组', { field: 'declarationId' });
        if (!(await assignmentRepo.groupExperts(tx, group.id)).some((e) => e.expertId === expertId)) throw errors.badRequest('该专家不在本评审组', { field: 'expertId' });
        const row = await assignmentRepo.pairOf(tx, group.id, declarationId, expertId);
        const [card] = await deps.experts.cards(tx, [expertId]);
        const who = `${card?.name ?? expertId} / ${await ctx.titleOf(tx, declarationId)}`;
        const entry = { groupId: group.id, action: input.action as AssignmentLogAction, declarationId, expertId, assignmentId: row?.id ?? null, reason };
        switch (input.action) {
          case 'ADD': {
            if (row) throw errors.conflict(HOLDING.includes(row.state) ? '该专家已在该申报书的分配中' : `该专家对该申报书的评审已是「${ASSIGNMENT_STATE_LABELS[row.state]}」，不能再次添加`);
            const facts = await factsOf(deps, tx, group);
            const d = facts.declarations.find((x) => x.declarationId === String(declarationId));
            const e = facts.experts.find((x) => x.expertId === String(expertId));
            if (!d || !e) throw errors.conflict('该申报书或专家已被删除，不能添加');
            const conflicts = conflictsOf(e, d, facts.settings);
            if (conflicts.length) throw errors.conflict(`存在回避情形，不能添加：${conflicts.map((c) => c.message).join('；')}`);
            const role = input.role ?? 'MAIN';
            const alternates = (await assignmentRepo.assignmentsOf(tx, group.id)).filter((r) => r.declarationId === declarationId && r.role === 'ALTERNATE');
            const rank = role === 'ALTERNATE' ? Math.max(0, ...alternates.map((r) => r.alternateRank)) + 1 : 0;
            const [id] = await assignmentDirectory.addAssignments(tx, change.actor, group.id, [{ declarationId, expertId, role, alternateRank: rank, reason: `人工添加：${reason}`, locked: true }]);
            entry.assignmentId = id!;
            break;
          }
          case 'REMOVE':
            if (!row) throw errors.notFound('该专家对该申报书的分配');
            await takeOut(tx, change, group, row);
            break;
          case 'LOCK':
          case 'UNLOCK':
            if (!row) throw errors.notFound('该专家对该申报书的分配');
            await assignmentRepo.setLocked(tx, change.actor, row.id, input.action === 'LOCK');
            break;
          case 'VETO':
            if (!(await assignmentRepo.addVeto(tx, group.id, declarationId, expertId, reason, change.actor.name))) throw errors.conflict('该专家已被排除在该申报书之外');
            if (row && HOLDING.includes(row.state)) await takeOut(tx, change, group, row);
            break;
        }
        await ctx.log(tx, change, entry, `${who}，理由：${reason}`);
        return proposalOf(tx, group);
      });
    },

    /**
     * Pushes the proposed main reviewers: PUSHED with the group's deadline, each expert told by
     * message, and the declarations still ACCEPTED move to IN_REVIEW. Alternates wait, proposed.
     */
    async push(groupId: number, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const group = await lockGroup(tx, groupId);
        if (!group.deadline) throw errors.badRequest('请先在评审组中设置评审截止日期', { field: 'deadline' });
        if (group.deadline < deps.today()) throw errors.badRequest('评审截止日期已过，请先修改评审组的截止日期', { field: 'deadline' });
        const rows = (await assignmentRepo.assignmentsOf(tx, groupId)).filter((r) => r.role === 'MAIN' && r.state === 'PROPOSED');
        if (!rows.length) throw errors.conflict('没有待推送的拟分配专家，请先生成分配方案');
        const now = new Date();
        for (const row of rows) {
          if (!(await assignmentDirectory.move(tx, change.actor, row.id, ['PROPOSED'], 'PUSHED', { pushedAt: now, deadline: group.deadline }))) throw errors.staleVersion();
        }
        const declarationIds = [...new Set(rows.map((r) => r.declarationId))];
        const moved = await deps.declarations.startReview(tx, declarationIds, change.actor, `评审组「${group.groupName}」推送专家评审`);
        for (const expertId of [...new Set(rows.map((r) => r.expertId))]) {
          const count = rows.filter((r) => r.expertId === expertId).length;
          await ctx.tell(tx, [expertId], {
            title: '新的评审邀请',
            body: `您被邀请评审「${group.groupName}」的 ${count} 项申报，请于 ${group.deadline} 前完成。请先在「我的评审任务」中确认无利益冲突并接受，或说明理由拒绝。`,
          });
        }
        await assignmentRepo.setGroup(tx, change.actor, groupId, { status: 'PUSHED' });
        await ctx.log(tx, change, { groupId, action: 'PUSH', detail: { pushed: rows.length, declarations: declarationIds.length, movedToReview: moved } }, `${group.groupName}（推送 ${rows.length} 人次，${declarationIds.length} 项申报书）`);
        return { pushed: rows.length, declarations: declarationIds.length, proposal: await proposalOf(tx, { ...group, status: 'PUSHED' }) };
      });
    },

    async changes(groupId: number, page: PageParameter) {
      const group = await assignmentDirectory.group(db, groupId);
      if (!group) throw errors.notFound('评审组');
      const result = await assignmentRepo.changePage(db, groupId, page);
      const [cards, experts] = await Promise.all([
        deps.declarations.cards(db, [...new Set(result.list.map((r) => r.declarationId).filter((id): id is number => id !== null))]),
        deps.experts.cards(db, [...new Set(result.list.map((r) => r.expertId).filter((id): id is number => id !== null))]),
      ]);
      return {
        ...result,
        list: result.list.map((r) => ({
          changeId: r.id,
          action: r.action as AssignmentLogAction,
          assignmentId: r.assignmentId,
          declarationId: r.declarationId,
          declarationTitle: cards.find((c) => c.id === r.declarationId)?.title ?? null,
          expertId: r.expertId,
          expertName: experts.find((e) => e.id === r.expertId)?.name ?? null,
          reason: r.reason,
          actorName: r.actorName,
          createTime: r.createTime,
        })),
      };
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
