import type { PrizeGrade } from '@dandelion/shared/award/prize';
import type { QuotaMode, ReviewStatus } from '@dandelion/shared/award/scoring';
import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';

/** One criterion's score as stored (by the rubric criterion's name, the prize's rubric being the key). */
export interface StoredCriterionScore {
  name: string;
  score: number | null;
}

/**
 * The review of one assignment (one expert on one declaration): the scores per criterion of the
 * prize's rubric, the weighted total on 0..100, the comment and the suggested grade. DRAFT while the
 * expert works on it, SUBMITTED once locked. Edition and prize are kept beside the group so the
 * calibration (across every group of the edition) and the percentile read this table alone.
 */
export const awardReview = pgTable(
  'award_review',
  {
    id: idColumn(),
    assignmentId: bigint('assignment_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    editionId: bigint('edition_id', { mode: 'number' }).notNull(),
    prizeId: bigint('prize_id', { mode: 'number' }).notNull(),
    declarationId: bigint('declaration_id', { mode: 'number' }).notNull(),
    expertId: bigint('expert_id', { mode: 'number' }).notNull(),
    scores: jsonb('scores').$type<StoredCriterionScore[]>().notNull().default([]),
    /** Σ score / maxScore × weight over the scored criteria; null until something is scored. */
    total: doublePrecision('total'),
    comment: text('comment'),
    suggestedGrade: varchar('suggested_grade', { length: 16 }).$type<PrizeGrade>(),
    status: varchar('status', { length: 12 }).$type<ReviewStatus>().notNull().default('DRAFT'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('award_review_assignment_uq').on(t.assignmentId),
    index('award_review_group_idx').on(t.groupId, t.declarationId),
    index('award_review_edition_idx').on(t.editionId, t.prizeId, t.status),
  ],
);

registerUniqueField('award_review_assignment_uq', '评审记录');

/** Every reopening of a submitted review by the office, with its reason (the review's history). */
export const awardReviewReopen = pgTable(
  'award_review_reopen',
  {
    id: idColumn(),
    reviewId: bigint('review_id', { mode: 'number' }).notNull(),
    assignmentId: bigint('assignment_id', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** The review as it stood when reopened. */
    before: jsonb('before').$type<{ scores: StoredCriterionScore[]; total: number | null; comment: string | null; suggestedGrade: string | null; submittedAt: string | null }>().notNull(),
    actorId: bigint('actor_id', { mode: 'number' }),
    actorName: varchar('actor_name', { length: 64 }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('award_review_reopen_review_idx').on(t.reviewId, t.id)],
);

/**
 * A review group's aggregation settings (the defaults of aggregation.ts until the office saves some):
 * divergence thresholds and the quota that goes on (a number, or a percentage of the group).
 */
export const awardReviewSetting = pgTable(
  'award_review_setting',
  {
    id: idColumn(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    sdPct: doublePrecision('sd_pct').notNull(),
    rangePct: doublePrecision('range_pct').notNull(),
    outlierSd: doublePrecision('outlier_sd').notNull(),
    outlierMinPct: doublePrecision('outlier_min_pct').notNull(),
    quotaMode: varchar('quota_mode', { length: 8 }).$type<QuotaMode>(),
    quotaValue: smallint('quota_value'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('award_review_setting_group_uq').on(t.groupId).where(sql`del_flag = 0`)],
);
