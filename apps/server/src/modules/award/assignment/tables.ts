import type { AssignmentRole, AssignmentState, DeclineReason } from '@dandelion/shared/award/expertPush';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../../core/records';

/** A review group's rules beyond its columns (settings with DOMAIN.md's defaults). */
export interface StoredGroupSettings {
  /** Experts only from outside the declaration's region. */
  outOfRegionOnly?: boolean;
  /** Experts older than this do not review (null = no limit). */
  maxAge?: number | null;
  /** Alternates kept per declaration (default 2). */
  alternates?: number;
}

/**
 * A review group (评审组): one edition × prize × discipline group, its leader, k experts per
 * declaration, the default maximum load and the review deadline. The seed of its last proposal is
 * kept so the same input gives the same assignment.
 */
export const awardReviewGroup = pgTable(
  'award_review_group',
  {
    id: idColumn(),
    editionId: bigint('edition_id', { mode: 'number' }).notNull(),
    prizeId: bigint('prize_id', { mode: 'number' }).notNull(),
    groupName: varchar('group_name', { length: 64 }).notNull(),
    /** The discipline codes (prefixes) the group covers. */
    disciplineCodes: jsonb('discipline_codes').$type<string[]>().notNull().default([]),
    /** 组长: an expert of the group; sees the divergence flags. */
    leaderExpertId: bigint('leader_expert_id', { mode: 'number' }),
    expertsPerDeclaration: smallint('experts_per_declaration').notNull().default(5),
    maxLoad: smallint('max_load').notNull().default(20),
    /** Beijing date by which reviews are due. */
    deadline: varchar('deadline', { length: 10 }),
    seed: integer('seed'),
    status: varchar('status', { length: 16 }).notNull().default('DRAFT'),
    settings: jsonb('settings').$type<StoredGroupSettings>().notNull().default({}),
    ...auditColumns,
  },
  (t) => [index('award_review_group_edition_idx').on(t.editionId, t.prizeId, t.id).where(sql`del_flag = 0`)],
);

/** The declarations a group reviews: a declaration is in one group at most. */
export const awardReviewGroupDeclaration = pgTable(
  'award_review_group_declaration',
  {
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    declarationId: bigint('declaration_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.declarationId] }), uniqueIndex('award_review_group_declaration_uq').on(t.declarationId)],
);

/** The experts a group draws on, each with an optional maximum load of their own. */
export const awardReviewGroupExpert = pgTable(
  'award_review_group_expert',
  {
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    expertId: bigint('expert_id', { mode: 'number' }).notNull(),
    maxLoad: smallint('max_load'),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.expertId] }), index('award_review_group_expert_expert_idx').on(t.expertId)],
);

/**
 * One expert on one declaration in one group: a main reviewer or an alternate (by rank), the
 * reason the solver chose them, and where the assignment stands (expertPush.ts).
 */
export const awardAssignment = pgTable(
  'award_assignment',
  {
    id: idColumn(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    declarationId: bigint('declaration_id', { mode: 'number' }).notNull(),
    expertId: bigint('expert_id', { mode: 'number' }).notNull(),
    role: varchar('role', { length: 12 }).$type<AssignmentRole>().notNull(),
    /** Order among the alternates of the declaration (1 = next to promote); 0 for a main reviewer. */
    alternateRank: smallint('alternate_rank').notNull().default(0),
    state: varchar('state', { length: 16 }).$type<AssignmentState>().notNull().default('PROPOSED'),
    /** Kept by hand: a new proposal does not move it. */
    locked: boolean('locked').notNull().default(false),
    /** Why this expert: the solver's explanation, or the office's reason for a manual addition. */
    reason: text('reason'),
    cost: integer('cost'),
    declineReason: varchar('decline_reason', { length: 24 }).$type<DeclineReason>(),
    declineNote: text('decline_note'),
    /** Beijing date by which the review is due (the group's, unless set for this one). */
    deadline: varchar('deadline', { length: 10 }),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** When the expert confirmed having no conflict: nothing of the declaration is shown before. */
    noConflictConfirmedAt: timestamp('no_conflict_confirmed_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('award_assignment_pair_uq').on(t.groupId, t.declarationId, t.expertId).where(sql`del_flag = 0`),
    index('award_assignment_group_idx').on(t.groupId, t.declarationId).where(sql`del_flag = 0`),
    index('award_assignment_expert_idx').on(t.expertId, t.state, t.id).where(sql`del_flag = 0`),
  ],
);

/** Pairs the office excluded by hand (人工排除), with the reason. */
export const awardAssignmentVeto = pgTable(
  'award_assignment_veto',
  {
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    declarationId: bigint('declaration_id', { mode: 'number' }).notNull(),
    expertId: bigint('expert_id', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    actorName: varchar('actor_name', { length: 64 }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.declarationId, t.expertId] })],
);

/** Every change to a group's assignments: proposal, manual add/remove/lock/veto, push, promotion, reopen. */
export const awardAssignmentChange = pgTable(
  'award_assignment_change',
  {
    id: idColumn(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    assignmentId: bigint('assignment_id', { mode: 'number' }),
    declarationId: bigint('declaration_id', { mode: 'number' }),
    expertId: bigint('expert_id', { mode: 'number' }),
    action: varchar('action', { length: 24 }).notNull(),
    reason: text('reason'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    actorId: bigint('actor_id', { mode: 'number' }),
    actorName: varchar('actor_name', { length: 64 }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('award_assignment_change_group_idx').on(t.groupId, t.id)],
);
