import type { PageParameter } from '@dandelion/shared';
import { DEFAULT_ALTERNATES, type ReviewGroupStatus } from '@dandelion/shared/award/reviewGroup';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { auditOf, softDelete, updateVersioned } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { editionDirectory } from '../edition/module';
import { prizeDirectory } from '../prize/module';
import { REVIEW_GROUP_MODULE, type AssignmentDeps } from './context';
import { assignmentDirectory, type ReviewGroupRow } from './directory';
import { assignmentRepo, HOLDING, type GroupFilter } from './repo';
import { awardReviewGroup } from './tables';

export interface GroupInput {
  editionId: number;
  prizeId: number;
  groupName: string;
  disciplineCodes: string[];
  expertsPerDeclaration: number;
  maxLoad: number;
  deadline: string | null;
  settings: { outOfRegionOnly: boolean; maxAge: number | null; alternates: number };
}

const CANDIDATE_EXPERTS = 200;

/**
 * Review groups: the office sets one up per edition × prize × discipline group, picks its accepted
 * declarations (each in one group at most) and its active experts (each with an optional maximum
 * load), and names a leader among them. Membership that an assignment already uses stays.
 */
export function createGroupService(deps: AssignmentDeps) {
  const { db } = deps;

  async function present(ex: Executor, rows: ReviewGroupRow[]) {
    // One query at a time: `ex` may be a transaction, whose client runs one query at once.
    const editions = await editionDirectory.among(ex, [...new Set(rows.map((r) => r.editionId))]);
    const prizes = await prizeDirectory.liveAmong(ex, [...new Set(rows.map((r) => r.prizeId))]);
    const leaders = await deps.experts.cards(ex, rows.map((r) => r.leaderExpertId).filter((id): id is number => id !== null));
    const counts = await assignmentRepo.memberCounts(ex, rows.map((r) => r.id));
    return rows.map((row) => ({
      groupId: row.id,
      editionId: row.editionId,
      editionName: editions.find((e) => e.id === row.editionId)?.editionName ?? null,
      prizeId: row.prizeId,
      prizeName: prizes.find((p) => p.id === row.prizeId)?.prizeName ?? null,
      groupName: row.groupName,
      disciplineCodes: row.disciplineCodes,
      leaderExpertId: row.leaderExpertId,
      leaderName: leaders.find((l) => l.id === row.leaderExpertId)?.name ?? null,
      expertsPerDeclaration: row.expertsPerDeclaration,
      maxLoad: row.maxLoad,
      deadline: row.deadline,
      seed: row.seed,
      status: row.status as ReviewGroupStatus,
      settings: { outOfRegionOnly: !!row.settings.outOfRegionOnly, maxAge: row.settings.maxAge ?? null, alternates: row.settings.alternates ?? DEFAULT_ALTERNATES },
      declarationCount: counts.get(row.id)?.declarations ?? 0,
      expertCount: counts.get(row.id)?.experts ?? 0,
      ...auditOf(row),
    }));
  }
  const presentOne = async (ex: Executor, row: ReviewGroupRow) => (await present(ex, [row]))[0]!;

  async function findLive(ex: Executor, groupId: number): Promise<ReviewGroupRow> {
    const row = await assignmentDirectory.group(ex, groupId);
    if (!row) throw errors.notFound('评审组');
    return row;
  }

  async function checkEditionPrize(ex: Executor, editionId: number, prizeId: number) {
    const edition = await editionDirectory.find(ex, editionId);
    if (!edition) throw errors.badRequest('届次不存在或已被删除', { field: 'editionId' });
    if (!edition.prizeIds.includes(prizeId)) throw errors.badRequest(`「${edition.editionName}」没有开放该奖种`, { field: 'prizeId' });
  }

  const log = (ex: Executor, change: ChangeContext, action: string, row: ReviewGroupRow, summary: string, before: unknown, after: unknown) =>
    recordOperation(ex, { module: REVIEW_GROUP_MODULE, action, entityId: row.id, summary: `${summary}：${row.groupName}`, before, after, actor: change.actor, ip: change.ip, requestId: change.requestId });

  /** Ids of the group's declarations and experts that an assignment holds (they may not leave the group). */
  async function inUse(ex: Executor, groupId: number) {
    const rows = (await assignmentRepo.assignmentsOf(ex, groupId)).filter((r) => HOLDING.includes(r.state));
    return { declarations: new Set(rows.map((r) => r.declarationId)), experts: new Set(rows.map((r) => r.expertId)) };
  }

  async function members(ex: Executor, group: ReviewGroupRow) {
    const declarationIds = await assignmentDirectory.declarationsOfGroup(ex, group.id);
    const experts = await assignmentRepo.groupExperts(ex, group.id);
    const cards = await deps.declarations.cards(ex, declarationIds);
    const expertCards = await deps.experts.cards(ex, experts.map((e) => e.expertId));
    return {
      groupId: group.id,
      leaderExpertId: group.leaderExpertId,
      declarations: cards.map((c) => ({ declarationId: c.id, title: c.title, registrationNo: c.registrationNo, disciplineCode: c.disciplineCode, firstCompleter: c.firstCompleter, status: c.status })),
      experts: expertCards.map((c) => ({ expertId: c.id, name: c.name, title: c.title, unitName: c.unitName, status: c.status, maxLoad: experts.find((e) => e.expertId === c.id)?.maxLoad ?? null })),
    };
  }

  async function candidates(ex: Executor, group: ReviewGroupRow, prefixes: readonly string[] | undefined) {
    const grouped = await assignmentRepo.groupedDeclarationIds(ex);
    return deps.declarations.accepted(ex, { editionId: group.editionId, prizeId: group.prizeId, disciplinePrefixes: prefixes, except: grouped });
  }

  return {
    async page(filter: GroupFilter, page: PageParameter) {
      const result = await assignmentRepo.groupPage(db, filter, page);
      return { ...result, list: await present(db, result.list) };
    },

    async detail(groupId: number) {
      return presentOne(db, await findLive(db, groupId));
    },

    async add(input: GroupInput, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        await checkEditionPrize(tx, input.editionId, input.prizeId);
        const id = await assignmentDirectory.createGroup(tx, change.actor, input);
        const row = await findLive(tx, id);
        await log(tx, change, 'CREATE', row, '新增评审组', null, row);
        return presentOne(tx, row);
      });
    },

    async update(groupId: number, lockVersion: number, input: GroupInput, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const before = await findLive(tx, groupId);
        if (before.editionId !== input.editionId || before.prizeId !== input.prizeId) {
          const count = (await assignmentDirectory.declarationsOfGroup(tx, groupId)).length;
          if (count > 0) throw errors.conflict('评审组已有申报书，不能更改届次或奖种');
          await checkEditionPrize(tx, input.editionId, input.prizeId);
        }
        const after = await updateVersioned(tx, awardReviewGroup, groupId, lockVersion, input, change.actor, '评审组');
        await log(tx, change, 'UPDATE', after, '修改评审组', before, after);
        return presentOne(tx, after);
      });
    },

    async remove(groupId: number, lockVersion: number | undefined, change: ChangeContext) {
      await withTransaction(db, async (tx) => {
        const row = await findLive(tx, groupId);
        if (row.status === 'PUSHED') throw errors.conflict('评审组已推送专家，不能删除');
        const after = await softDelete(tx, awardReviewGroup, groupId, lockVersion, change.actor, '评审组');
        // Its declarations may join another group; its proposal goes with it.
        await assignmentRepo.dropAssignments(tx, change.actor, (await assignmentRepo.assignmentsOf(tx, groupId)).map((r) => r.id));
        await assignmentRepo.clearMembers(tx, groupId);
        await log(tx, change, 'DELETE', row, '删除评审组', row, after);
      });
    },

    async members(groupId: number) {
      return members(db, await findLive(db, groupId));
    },

    async candidateDeclarations(groupId: number, prefixes: string[] | undefined) {
      const group = await findLive(db, groupId);
      const rows = await candidates(db, group, prefixes);
      return rows.map((c) => ({ declarationId: c.id, title: c.title, registrationNo: c.registrationNo, disciplineCode: c.disciplineCode, firstCompleter: c.firstCompleter, status: c.status }));
    },

    async setDeclarations(groupId: number, input: { declarationIds?: number[]; byDisciplines?: boolean }, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const group = await assignmentRepo.lockGroup(tx, groupId);
        if (!group) throw errors.notFound('评审组');
        if (!input.byDisciplines && !input.declarationIds) throw errors.badRequest('请选择申报书', { field: 'declarationIds' });
        const current = await assignmentDirectory.declarationsOfGroup(tx, groupId);
        let wanted: number[];
        if (input.byDisciplines) {
          if (!group.disciplineCodes.length) throw errors.badRequest('评审组没有设置学科代码，请按所选设置申报书', { field: 'byDisciplines' });
          wanted = [...current, ...(await candidates(tx, group, group.disciplineCodes)).map((c) => c.id)];
        } else {
          wanted = [...new Set(input.declarationIds!)];
          const joining = wanted.filter((id) => !current.includes(id));
          const open = new Set((await candidates(tx, group, undefined)).map((c) => c.id));
          const refused = joining.filter((id) => !open.has(id));
          if (refused.length) throw errors.badRequest(`申报书 ${refused.join('、')} 不是本届次本奖种已受理且未分组的申报书`, { field: 'declarationIds' });
        }
        const used = (await inUse(tx, groupId)).declarations;
        const leaving = current.filter((id) => !wanted.includes(id));
        const held = leaving.filter((id) => used.has(id));
        if (held.length) throw errors.conflict(`申报书 ${held.join('、')} 已有专家分配，不能移出评审组；请先移除其分配`);
        await assignmentRepo.removeDeclarations(tx, groupId, leaving);
        await assignmentDirectory.addDeclarations(tx, groupId, wanted.filter((id) => !current.includes(id)));
        await log(tx, change, 'UPDATE', group, '设置评审组申报书', { declarationIds: current }, { declarationIds: wanted });
        return members(tx, group);
      });
    },

    async candidateExperts(groupId: number, filter: { disciplinePrefixes?: string[]; keyword?: string }) {
      await findLive(db, groupId);
      const rows = await deps.experts.active(db, { ...filter, limit: CANDIDATE_EXPERTS });
      return rows.map((c) => ({ expertId: c.id, name: c.name, title: c.title, unitName: c.unitName, status: c.status, maxLoad: null }));
    },

    async setExperts(groupId: number, input: { experts: Array<{ expertId: number; maxLoad?: number | null }>; leaderExpertId?: number | null }, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const group = await assignmentRepo.lockGroup(tx, groupId);
        if (!group) throw errors.notFound('评审组');
        const ids = [...new Set(input.experts.map((e) => e.expertId))];
        if (ids.length !== input.experts.length) throw errors.badRequest('专家不能重复', { field: 'experts' });
        const current = (await assignmentRepo.groupExperts(tx, groupId)).map((e) => e.expertId);
        const found = new Map((await deps.experts.cards(tx, ids)).map((c) => [c.id, c]));
        for (const id of ids.filter((x) => !current.includes(x))) {
          const card = found.get(id);
          if (!card || card.status !== 'ACTIVE') throw errors.badRequest(`专家 ${card?.name ?? id} 不在专家库或状态不是正常，不能加入评审组`, { field: 'experts' });
        }
        const used = (await inUse(tx, groupId)).experts;
        const held = current.filter((id) => !ids.includes(id) && used.has(id));
        if (held.length) throw errors.conflict(`专家 ${held.map((id) => found.get(id)?.name ?? id).join('、')} 已有评审分配，不能移出评审组；请先移除其分配`);
        const leader = input.leaderExpertId ?? null;
        if (leader !== null && !ids.includes(leader)) throw errors.badRequest('组长须是本组专家', { field: 'leaderExpertId' });
        await assignmentRepo.clearExperts(tx, groupId);
        await assignmentDirectory.addExperts(tx, groupId, input.experts);
        await assignmentRepo.setGroup(tx, change.actor, groupId, { leaderExpertId: leader });
        await log(tx, change, 'UPDATE', group, '设置评审组专家', { expertIds: current, leaderExpertId: group.leaderExpertId }, { expertIds: ids, leaderExpertId: leader });
        return members(tx, { ...group, leaderExpertId: leader });
      });
    },
  };
}

export type GroupService = ReturnType<typeof createGroupService>;
