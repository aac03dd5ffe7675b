import type { CommitteeRatio, CommitteeVoteChoice, GradeTest } from '@dandelion/shared/award/committeeRule';
import type { SittingStatus } from '@dandelion/shared/award/committee';
import type { PrizeGrade } from '@dandelion/shared/award/prize';
import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';

/**
 * A committee sitting (评审委员会会议) of one edition's prize: its members (user ids of COMMITTEE
 * holders, fixed once voting opens since the quorum counts them) and its ratios. DRAFT while the
 * office prepares it, VOTING while members vote, CLOSED once the results are recorded.
 */
export const awardCommitteeSitting = pgTable(
  'award_committee_sitting',
  {
    id: idColumn(),
    editionId: bigint('edition_id', { mode: 'number' }).notNull(),
    prizeId: bigint('prize_id', { mode: 'number' }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    memberIds: jsonb('member_ids').$type<number[]>().notNull().default([]),
    quorumRatio: varchar('quorum_ratio', { length: 8 }).$type<CommitteeRatio>().notNull(),
    passRatio: varchar('pass_ratio', { length: 8 }).$type<CommitteeRatio>().notNull(),
    status: varchar('status', { length: 8 }).$type<SittingStatus>().notNull().default('DRAFT'),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [index('award_committee_sitting_edition_idx').on(t.editionId, t.prizeId)],
);

/**
 * A declaration before a sitting: the expert review's figures as they were when it came before the
 * committee, and the grade put to the vote (prefilled from the experts, the office's while DRAFT).
 * A declaration comes before one sitting only (it leaves REVIEWED when it does).
 */
export const awardCommitteeItem = pgTable(
  'award_committee_item',
  {
    id: idColumn(),
    sittingId: bigint('sitting_id', { mode: 'number' }).notNull(),
    declarationId: bigint('declaration_id', { mode: 'number' }).notNull(),
    groupScore: doublePrecision('group_score'),
    reviewCount: integer('review_count').notNull().default(0),
    suggestedGrade: varchar('suggested_grade', { length: 16 }).$type<PrizeGrade>(),
    proposedGrade: varchar('proposed_grade', { length: 16 }).$type<PrizeGrade>(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('award_committee_item_declaration_uq').on(t.declarationId).where(sql`del_flag = 0`), index('award_committee_item_sitting_idx').on(t.sittingId)],
);
registerUniqueField('award_committee_item_declaration_uq', '上会申报书');

/** A member's vote on one declaration; changed in place while VOTING, frozen once CLOSED. */
export const awardCommitteeVote = pgTable(
  'award_committee_vote',
  {
    id: idColumn(),
    sittingId: bigint('sitting_id', { mode: 'number' }).notNull(),
    declarationId: bigint('declaration_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    choice: varchar('choice', { length: 12 }).$type<CommitteeVoteChoice>().notNull(),
    grade: varchar('grade', { length: 16 }).$type<PrizeGrade>(),
    comment: text('comment'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('award_committee_vote_member_uq').on(t.sittingId, t.declarationId, t.memberId)],
);
registerUniqueField('award_committee_vote_member_uq', '投票');

/** The recorded result of one declaration at close: the count, the grades tested and the committee's grade. */
export const awardCommitteeResult = pgTable(
  'award_committee_result',
  {
    id: idColumn(),
    sittingId: bigint('sitting_id', { mode: 'number' }).notNull(),
    declarationId: bigint('declaration_id', { mode: 'number' }).notNull(),
    proposedGrade: varchar('proposed_grade', { length: 16 }).$type<PrizeGrade>().notNull(),
    members: smallint('members').notNull(),
    present: smallint('present').notNull(),
    needed: smallint('needed').notNull(),
    agree: smallint('agree').notNull(),
    notAward: smallint('not_award').notNull(),
    otherGrades: jsonb('other_grades').$type<Array<{ grade: PrizeGrade; count: number }>>().notNull(),
    tests: jsonb('tests').$type<GradeTest[]>().notNull(),
    /** null: not proposed for an award. */
    resultGrade: varchar('result_grade', { length: 16 }).$type<PrizeGrade>(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('award_committee_result_uq').on(t.sittingId, t.declarationId)],
);

/** The defaults a new sitting starts from (one live row; the rule's two thirds until the office saves one). */
export const awardCommitteeSetting = pgTable('award_committee_setting', {
  id: idColumn(),
  quorumRatio: varchar('quorum_ratio', { length: 8 }).$type<CommitteeRatio>().notNull(),
  passRatio: varchar('pass_ratio', { length: 8 }).$type<CommitteeRatio>().notNull(),
  ...auditColumns,
});
