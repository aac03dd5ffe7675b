import type { AssignmentLogAction, AssignmentState } from '@dandelion/shared/award/expertPush';
import type { PageParameter } from '@dandelion/shared';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { countWhere, paginate } from '../../../core/pagination';
import { containing } from '../../../core/sql';
import { notDeleted, type Actor } from '../../../core/records';
import type { AssignmentRow, ReviewGroupRow } from './directory';
import { awardAssignment as a, awardAssignmentChange, awardAssignmentVeto, awardReviewGroup as g, awardReviewGroupDeclaration, awardReviewGroupExpert } from './tables';

export interface GroupFilter {
  editionId?: number;
  prizeId?: number;
  groupName?: string;
}

export interface NewChange {
  groupId: number;
  action: AssignmentLogAction;
  assignmentId?: number | null;
  declarationId?: number | null;
  expertId?: number | null;
  reason?: string | null;
  detail?: Record<string, unknown> | null;
}

/** The states in which an assignment still holds its place on the declaration. */
export const HOLDING: AssignmentState[] = ['PROPOSED', 'PUSHED', 'ACCEPTED', 'IN_PROGRESS', 'SUBMITTED'];
/** The states of a pushed review not yet submitted: reminders and the overdue rule apply. */
export const OPEN: AssignmentState[] = ['PUSHED', 'ACCEPTED', 'IN_PROGRESS'];

/** Every query of review groups and assignments (the narrow directory other features use is directory.ts). */
export const assignmentRepo = {
  async groupPage(ex: Executor, filter: GroupFilter, page: PageParameter) {
    const where = and(
      notDeleted(g),
      filter.editionId ? eq(g.editionId, filter.editionId) : undefined,
      filter.prizeId ? eq(g.prizeId, filter.prizeId) : undefined,
      filter.groupName ? containing(g.groupName, filter.groupName) : undefined,
    );
    return paginate(
      page,
      (limit, offset) => ex.select().from(g).where(where).orderBy(desc(g.id)).limit(limit).offset(offset),
      () => countWhere(ex, g, where),
    );
  },

  /** The group row locked for the rest of the transaction: proposals, changes and pushes of one group queue. */
  async lockGroup(ex: Executor, groupId: number): Promise<ReviewGroupRow | undefined> {
    const [row] = await ex.select().from(g).where(and(eq(g.id, groupId), notDeleted(g))).limit(1).for('update');
    return row;
  },

  async setGroup(ex: Executor, actor: Actor | null, groupId: number, values: Partial<typeof g.$inferInsert>) {
    await ex
      .update(g)
      .set({ ...values, updateBy: actor?.name ?? 'system', updateById: actor?.id ?? null, updateTime: new Date(), lockVersion: sql`${g.lockVersion} + 1` })
      .where(eq(g.id, groupId));
  },

  async memberCounts(ex: Executor, groupIds: number[]): Promise<Map<number, { declarations: number; experts: number }>> {
    const out = new Map(groupIds.map((id) => [id, { declarations: 0, experts: 0 }]));
    if (!groupIds.length) return out;
    const decls = await ex.select({ id: awardReviewGroupDeclaration.groupId, n: count() }).from(awardReviewGroupDeclaration).where(inArray(awardReviewGroupDeclaration.groupId, groupIds)).groupBy(awardReviewGroupDeclaration.groupId);
    const experts = await ex.select({ id: awardReviewGroupExpert.groupId, n: count() }).from(awardReviewGroupExpert).where(inArray(awardReviewGroupExpert.groupId, groupIds)).groupBy(awardReviewGroupExpert.groupId);
    for (const r of decls) out.get(r.id)!.declarations = Number(r.n);
    for (const r of experts) out.get(r.id)!.experts = Number(r.n);
    return out;
  },

  /** Declarations held by any group (a declaration is in one group at most). */
  async groupedDeclarationIds(ex: Executor): Promise<number[]> {
    const rows = await ex.select({ id: awardReviewGroupDeclaration.declarationId }).from(awardReviewGroupDeclaration);
    return rows.map((r) => r.id);
  },

  async groupExperts(ex: Executor, groupId: number): Promise<Array<{ expertId: number; maxLoad: number | null }>> {
    return ex
      .select({ expertId: awardReviewGroupExpert.expertId, maxLoad: awardReviewGroupExpert.maxLoad })
      .from(awardReviewGroupExpert)
      .where(eq(awardReviewGroupExpert.groupId, groupId))
      .orderBy(asc(awardReviewGroupExpert.expertId));
  },

  async removeDeclarations(ex: Executor, groupId: number, ids: number[]) {
    if (ids.length) await ex.delete(awardReviewGroupDeclaration).where(and(eq(awardReviewGroupDeclaration.groupId, groupId), inArray(awardReviewGroupDeclaration.declarationId, ids)));
  },

  async clearExperts(ex: Executor, groupId: number) {
    await ex.delete(awardReviewGroupExpert).where(eq(awardReviewGroupExpert.groupId, groupId));
  },

  async clearMembers(ex: Executor, groupId: number) {
    await ex.delete(awardReviewGroupDeclaration).where(eq(awardReviewGroupDeclaration.groupId, groupId));
    await ex.delete(awardReviewGroupExpert).where(eq(awardReviewGroupExpert.groupId, groupId));
  },

  /** Every live assignment of a group, by declaration, role, rank and id. */
  async assignmentsOf(ex: Executor, groupId: number): Promise<AssignmentRow[]> {
    return ex
      .select()
      .from(a)
      .where(and(eq(a.groupId, groupId), eq(a.delFlag, 0)))
      .orderBy(asc(a.declarationId), asc(a.role), asc(a.alternateRank), asc(a.id));
  },

  async pairOf(ex: Executor, groupId: number, declarationId: number, expertId: number): Promise<AssignmentRow | undefined> {
    const [row] = await ex
      .select()
      .from(a)
      .where(and(eq(a.groupId, groupId), eq(a.declarationId, declarationId), eq(a.expertId, expertId), eq(a.delFlag, 0)))
      .limit(1);
    return row;
  },

  /** Drops assignments that never left the office (proposed ones): kept as deleted rows for the log's ids. */
  async dropAssignments(ex: Executor, actor: Actor | null, ids: number[]) {
    if (!ids.length) return;
    await ex
      .update(a)
      .set({ delFlag: 1, updateBy: actor?.name ?? 'system', updateById: actor?.id ?? null, updateTime: new Date() })
      .where(inArray(a.id, ids));
  },

  async setLocked(ex: Executor, actor: Actor | null, id: number, locked: boolean) {
    await ex
      .update(a)
      .set({ locked, updateBy: actor?.name ?? 'system', updateById: actor?.id ?? null, updateTime: new Date(), lockVersion: sql`${a.lockVersion} + 1` })
      .where(eq(a.id, id));
  },

  /** The alternates of a declaration still waiting, lowest rank first. */
  async waitingAlternates(ex: Executor, groupId: number, declarationId: number): Promise<AssignmentRow[]> {
    return ex
      .select()
      .from(a)
      .where(and(eq(a.groupId, groupId), eq(a.declarationId, declarationId), eq(a.role, 'ALTERNATE'), eq(a.state, 'PROPOSED'), eq(a.delFlag, 0)))
      .orderBy(asc(a.alternateRank), asc(a.id));
  },

  /** How many main reviews of the group an expert holds now (proposed or pushed onwards). */
  async loadOf(ex: Executor, groupId: number, expertId: number): Promise<number> {
    return countWhere(ex, a, and(eq(a.groupId, groupId), eq(a.expertId, expertId), eq(a.role, 'MAIN'), eq(a.delFlag, 0), inArray(a.state, HOLDING)));
  },

  async expertMaxLoad(ex: Executor, groupId: number, expertId: number): Promise<number | null> {
    const [row] = await ex
      .select({ maxLoad: awardReviewGroupExpert.maxLoad })
      .from(awardReviewGroupExpert)
      .where(and(eq(awardReviewGroupExpert.groupId, groupId), eq(awardReviewGroupExpert.expertId, expertId)));
    return row?.maxLoad ?? null;
  },

  async vetoesOf(ex: Executor, groupId: number) {
    return ex.select().from(awardAssignmentVeto).where(eq(awardAssignmentVeto.groupId, groupId)).orderBy(asc(awardAssignmentVeto.createTime));
  },

  /** Adds a veto; answers false when the pair was vetoed already. */
  async addVeto(ex: Executor, groupId: number, declarationId: number, expertId: number, reason: string, actorName: string): Promise<boolean> {
    const rows = await ex.insert(awardAssignmentVeto).values({ groupId, declarationId, expertId, reason, actorName }).onConflictDoNothing().returning({ groupId: awardAssignmentVeto.groupId });
    return rows.length > 0;
  },

  async logChange(ex: Executor, actor: Actor | null, change: NewChange) {
    await ex.insert(awardAssignmentChange).values({
      groupId: change.groupId,
      action: change.action,
      assignmentId: change.assignmentId ?? null,
      declarationId: change.declarationId ?? null,
      expertId: change.expertId ?? null,
      reason: change.reason ?? null,
      detail: change.detail ?? null,
      actorId: actor?.id ?? null,
      actorName: actor?.name ?? '系统',
    });
  },

  async changePage(ex: Executor, groupId: number, page: PageParameter) {
    const where = eq(awardAssignmentChange.groupId, groupId);
    return paginate(
      page,
      (limit, offset) => ex.select().from(awardAssignmentChange).where(where).orderBy(desc(awardAssignmentChange.id)).limit(limit).offset(offset),
      () => countWhere(ex, awardAssignmentChange, where),
    );
  },

  /** An expert's own tasks: main reviews from the push onwards (never a proposal nor an alternate in waiting). */
  async tasksOf(ex: Executor, expertId: number, state: AssignmentState | undefined, page: PageParameter) {
    const where = and(eq(a.expertId, expertId), eq(a.delFlag, 0), eq(a.role, 'MAIN'), state ? eq(a.state, state) : ne(a.state, 'PROPOSED'));
    return paginate(
      page,
      (limit, offset) => ex.select().from(a).where(where).orderBy(desc(a.pushedAt), desc(a.id)).limit(limit).offset(offset),
      () => countWhere(ex, a, where),
    );
  },

  async groupsAmong(ex: Executor, ids: number[]): Promise<ReviewGroupRow[]> {
    if (!ids.length) return [];
    return ex.select().from(g).where(inArray(g.id, [...new Set(ids)]));
  },

  /** Open main reviews due in [from, to] (reminders). */
  async dueBetween(ex: Executor, from: string, to: string): Promise<AssignmentRow[]> {
    return ex
      .select()
      .from(a)
      .where(and(eq(a.delFlag, 0), eq(a.role, 'MAIN'), inArray(a.state, OPEN), gte(a.deadline, from), lte(a.deadline, to)))
      .orderBy(asc(a.id));
  },

  /** Open main reviews whose deadline has passed. */
  async overdue(ex: Executor, today: string): Promise<AssignmentRow[]> {
    return ex
      .select()
      .from(a)
      .where(and(eq(a.delFlag, 0), eq(a.role, 'MAIN'), inArray(a.state, OPEN), lt(a.deadline, today)))
      .orderBy(asc(a.id));
  },
};
