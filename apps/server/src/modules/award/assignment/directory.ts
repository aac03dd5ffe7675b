import { ACTIVE_ASSIGNMENT_STATES, type AssignmentRole, type AssignmentState } from '@dandelion/shared/award/expertPush';
import { and, asc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { createdBy, type Actor } from '../../../core/records';
import { awardAssignment, awardReviewGroup, awardReviewGroupDeclaration, awardReviewGroupExpert, type StoredGroupSettings } from './tables';

export type ReviewGroupRow = typeof awardReviewGroup.$inferSelect;
export type AssignmentRow = typeof awardAssignment.$inferSelect;

export interface NewReviewGroup {
  editionId: number;
  prizeId: number;
  groupName: string;
  disciplineCodes?: string[];
  leaderExpertId?: number | null;
  expertsPerDeclaration?: number;
  maxLoad?: number;
  deadline?: string | null;
  settings?: StoredGroupSettings;
  /** DRAFT unless given (fixtures of later stages start from PUSHED). */
  status?: 'DRAFT' | 'PROPOSED' | 'PUSHED';
}

export interface NewAssignment {
  declarationId: number;
  expertId: number;
  role: AssignmentRole;
  alternateRank?: number;
  state?: AssignmentState;
  reason?: string | null;
  cost?: number | null;
  deadline?: string | null;
  locked?: boolean;
}

/** The states that no longer hold a place on the declaration. */
const LEFT: AssignmentState[] = ['DECLINED', 'REMOVED', 'OVERDUE'];

/**
 * Review groups and assignments as other features see them (scoring, the declaration's file rule):
 * a group, an assignment, the active assignment of an expert on a declaration, a group's reviewers,
 * and a guarded state move. Creating groups and assignments is here too, so one path writes them.
 */
export const assignmentDirectory = {
  async group(ex: Executor, groupId: number): Promise<ReviewGroupRow | null> {
    const [row] = await ex
      .select()
      .from(awardReviewGroup)
      .where(and(eq(awardReviewGroup.id, groupId), eq(awardReviewGroup.delFlag, 0)))
      .limit(1);
    return row ?? null;
  },

  /** The groups whose experts have been invited (pushed), optionally of one edition and prize, by id. */
  async pushedGroups(ex: Executor, filter: { editionId?: number; prizeId?: number }): Promise<ReviewGroupRow[]> {
    return ex
      .select()
      .from(awardReviewGroup)
      .where(
        and(
          eq(awardReviewGroup.delFlag, 0),
          eq(awardReviewGroup.status, 'PUSHED'),
          filter.editionId ? eq(awardReviewGroup.editionId, filter.editionId) : undefined,
          filter.prizeId ? eq(awardReviewGroup.prizeId, filter.prizeId) : undefined,
        ),
      )
      .orderBy(asc(awardReviewGroup.id));
  },

  async assignment(ex: Executor, assignmentId: number): Promise<AssignmentRow | null> {
    const [row] = await ex
      .select()
      .from(awardAssignment)
      .where(and(eq(awardAssignment.id, assignmentId), eq(awardAssignment.delFlag, 0)))
      .limit(1);
    return row ?? null;
  },

  /**
   * The assignment that lets this expert read and score this declaration now: accepted, no conflict
   * confirmed, not left. null for anyone else (a guessed id gets nothing).
   */
  async activeFor(ex: Executor, expertId: number, declarationId: number): Promise<AssignmentRow | null> {
    const [row] = await ex
      .select()
      .from(awardAssignment)
      .where(
        and(
          eq(awardAssignment.expertId, expertId),
          eq(awardAssignment.declarationId, declarationId),
          eq(awardAssignment.delFlag, 0),
          inArray(awardAssignment.state, [...ACTIVE_ASSIGNMENT_STATES]),
          isNotNull(awardAssignment.noConflictConfirmedAt),
        ),
      )
      .limit(1);
    return row ?? null;
  },

  /** A group's main reviewers that still hold their place (pushed onwards), by declaration then id. */
  async reviewersOfGroup(ex: Executor, groupId: number): Promise<AssignmentRow[]> {
    return ex
      .select()
      .from(awardAssignment)
      .where(
        and(
          eq(awardAssignment.groupId, groupId),
          eq(awardAssignment.role, 'MAIN'),
          eq(awardAssignment.delFlag, 0),
          notInArray(awardAssignment.state, [...LEFT, 'PROPOSED']),
        ),
      )
      .orderBy(asc(awardAssignment.declarationId), asc(awardAssignment.id));
  },

  /** The declarations of a group. */
  async declarationsOfGroup(ex: Executor, groupId: number): Promise<number[]> {
    const rows = await ex
      .select({ id: awardReviewGroupDeclaration.declarationId })
      .from(awardReviewGroupDeclaration)
      .where(eq(awardReviewGroupDeclaration.groupId, groupId))
      .orderBy(asc(awardReviewGroupDeclaration.declarationId));
    return rows.map((r) => r.id);
  },

  /**
   * Moves an assignment from one of `from` to `to` (with more fields), only if it is still in one of
   * them: answers whether it moved, so two racing moves cannot both win.
   */
  async move(ex: Executor, actor: Actor | null, assignmentId: number, from: readonly AssignmentState[], to: AssignmentState, patch: Partial<Pick<AssignmentRow, 'respondedAt' | 'noConflictConfirmedAt' | 'submittedAt' | 'declineReason' | 'declineNote' | 'pushedAt' | 'deadline' | 'role' | 'alternateRank'>> = {}): Promise<boolean> {
    const moved = await ex
      .update(awardAssignment)
      .set({ ...patch, state: to, updateBy: actor?.name ?? 'system', updateById: actor?.id ?? null, updateTime: new Date(), lockVersion: sql`${awardAssignment.lockVersion} + 1` })
      .where(and(eq(awardAssignment.id, assignmentId), eq(awardAssignment.delFlag, 0), inArray(awardAssignment.state, [...from])))
      .returning({ id: awardAssignment.id });
    return moved.length > 0;
  },

  async createGroup(ex: Executor, actor: Actor | null, group: NewReviewGroup): Promise<number> {
    const [row] = await ex
      .insert(awardReviewGroup)
      .values({ ...group, disciplineCodes: group.disciplineCodes ?? [], settings: group.settings ?? {}, ...createdBy(actor) })
      .returning({ id: awardReviewGroup.id });
    return row!.id;
  },

  async addDeclarations(ex: Executor, groupId: number, declarationIds: readonly number[]): Promise<void> {
    if (declarationIds.length) await ex.insert(awardReviewGroupDeclaration).values(declarationIds.map((declarationId) => ({ groupId, declarationId })));
  },

  async addExperts(ex: Executor, groupId: number, experts: ReadonlyArray<{ expertId: number; maxLoad?: number | null }>): Promise<void> {
    if (experts.length) await ex.insert(awardReviewGroupExpert).values(experts.map((e) => ({ groupId, expertId: e.expertId, maxLoad: e.maxLoad ?? null })));
  },

  async addAssignments(ex: Executor, actor: Actor | null, groupId: number, rows: readonly NewAssignment[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const inserted = await ex
      .insert(awardAssignment)
      .values(rows.map((r) => ({ ...r, groupId, alternateRank: r.alternateRank ?? 0, state: r.state ?? 'PROPOSED', ...createdBy(actor) })))
      .returning({ id: awardAssignment.id });
    return inserted.map((r) => r.id);
  },
};
