import type { HonourStatus } from '@dandelion/shared/award/awarding';
import type { PrizeGrade } from '@dandelion/shared/award/prize';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';

/**
 * The award list (授奖名单): one row per declaration of a closed edition, AWARDED with its grade and
 * certificate number or NOT_AWARDED. Title, registration number, completers and units are copied at
 * closing: the list and the certificate are a record of what was awarded, as it was awarded.
 */
export const awardHonour = pgTable(
  'award_honour',
  {
    id: idColumn(),
    editionId: bigint('edition_id', { mode: 'number' }).notNull(),
    prizeId: bigint('prize_id', { mode: 'number' }).notNull(),
    declarationId: bigint('declaration_id', { mode: 'number' }).notNull(),
    /** The declaration's applicant: the one who may download the certificate besides the office. */
    applicantId: bigint('applicant_id', { mode: 'number' }).notNull(),
    registrationNo: varchar('registration_no', { length: 32 }),
    title: varchar('title', { length: 256 }),
    /** The declaration's secrecy at closing: the portal shows only PUBLIC (or unmarked) entries. */
    secrecy: varchar('secrecy', { length: 16 }),
    status: varchar('status', { length: 16 }).$type<HonourStatus>().notNull(),
    grade: varchar('grade', { length: 16 }).$type<PrizeGrade>(),
    /** Grade order within the prize (SPECIAL first) so the list sorts without a lookup. */
    gradeRank: integer('grade_rank').notNull().default(99),
    certificateNo: varchar('certificate_no', { length: 64 }),
    /** Names in rank order. */
    completers: jsonb('completers').$type<string[]>().notNull().default([]),
    units: jsonb('units').$type<string[]>().notNull().default([]),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('award_honour_declaration_uq').on(t.declarationId).where(sql`del_flag = 0`),
    uniqueIndex('award_honour_certificate_uq').on(t.certificateNo).where(sql`del_flag = 0 and certificate_no is not null`),
    index('award_honour_edition_idx').on(t.editionId, t.prizeId, t.gradeRank).where(sql`del_flag = 0`),
    index('award_honour_applicant_idx').on(t.applicantId).where(sql`del_flag = 0`),
  ],
);

/** An edition's closing (结束评奖): one row per closed edition; its award list is published to the portal. */
export const awardEditionClosing = pgTable(
  'award_edition_closing',
  {
    id: idColumn(),
    editionId: bigint('edition_id', { mode: 'number' }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    closedBy: varchar('closed_by', { length: 64 }).notNull(),
    awarded: integer('awarded').notNull(),
    notAwarded: integer('not_awarded').notNull(),
    /** When the award list went to the portal (at closing). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('award_edition_closing_edition_uq').on(t.editionId).where(sql`del_flag = 0`)],
);

registerUniqueField('award_edition_closing_edition_uq', '本届评奖结果');
registerUniqueField('award_honour_declaration_uq', '申报书的授奖记录');
