import type { EditionEligibility, EditionPhase, EditionStageDates } from '@dandelion/shared/award/edition';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';

/**
 * Editions (届次). The stage dates are JSON on the edition (edited in one form, read whole); the
 * phase is stored so lists filter on it, and a scheduled job moves it on by the dates.
 */
export const awardEdition = pgTable(
  'award_edition',
  {
    id: idColumn(),
    year: smallint('year').notNull(),
    editionName: varchar('edition_name', { length: 64 }).notNull(),
    stages: jsonb('stages').$type<EditionStageDates[]>().notNull().default([]),
    unitReview: boolean('unit_review').notNull().default(true),
    nominatorReview: boolean('nominator_review').notNull().default(true),
    fixDeadlineWorkingDays: integer('fix_deadline_working_days').notNull().default(5),
    eligibility: jsonb('eligibility').$type<EditionEligibility>().notNull(),
    guide: text('guide'),
    published: boolean('published').notNull().default(false),
    phase: varchar('phase', { length: 16 }).$type<EditionPhase>().notNull().default('PREPARING'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('award_edition_year_uq').on(t.year).where(sql`del_flag = 0`),
    index('award_edition_phase_idx').on(t.phase).where(sql`del_flag = 0`),
  ],
);

/** The prizes an edition opens, in the office's order. */
export const awardEditionPrize = pgTable(
  'award_edition_prize',
  {
    editionId: bigint('edition_id', { mode: 'number' }).notNull(),
    prizeId: bigint('prize_id', { mode: 'number' }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.prizeId] }), index('award_edition_prize_prize_idx').on(t.prizeId)],
);

registerUniqueField('award_edition_year_uq', '年度');
