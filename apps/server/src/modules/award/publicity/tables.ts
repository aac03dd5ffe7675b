import type { PrizeGrade, PrizeKind } from '@dandelion/shared/award/prize';
import type { PublicityDayKind, PublicityField, PublicityKind, PublicityStatus } from '@dandelion/shared/award/publicity';
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';

/** A declaration a publicity leaves out: the office sees how many and why; the applicant still finds their result. */
export interface LeftOutDeclaration {
  declarationId: number;
  registrationNo: string | null;
  reason: string;
  applicantId: number;
}

/**
 * One publicity (公示) of an edition's prize: acceptance after formal review or result after the
 * committee. The window runs from startDate to endDate (Beijing dates, both included); endDate is
 * computed from days and the day kind (working days through the holiday calendar) when saved.
 */
export const awardPublicity = pgTable(
  'award_publicity',
  {
    id: idColumn(),
    editionId: bigint('edition_id', { mode: 'number' }).notNull(),
    prizeId: bigint('prize_id', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 12 }).$type<PublicityKind>().notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    note: text('note'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    days: integer('days').notNull(),
    dayKind: varchar('day_kind', { length: 8 }).$type<PublicityDayKind>().notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 12 }).$type<PublicityStatus>().notNull().default('DRAFT'),
    leftOut: jsonb('left_out').$type<LeftOutDeclaration[]>().notNull().default([]),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [index('award_publicity_edition_idx').on(t.editionId, t.prizeId, t.kind), index('award_publicity_status_idx').on(t.status, t.startDate)],
);

/**
 * One declaration as a publicity shows it: a snapshot of its public fields taken when the publicity
 * is saved and again when it opens. Columns the prize kind's setting hides stay null. applicantId is
 * kept so the applicant finds their own result; it never leaves the server.
 */
export const awardPublicityEntry = pgTable(
  'award_publicity_entry',
  {
    id: idColumn(),
    publicityId: bigint('publicity_id', { mode: 'number' }).notNull(),
    declarationId: bigint('declaration_id', { mode: 'number' }).notNull(),
    applicantId: bigint('applicant_id', { mode: 'number' }).notNull(),
    sort: integer('sort').notNull(),
    title: varchar('title', { length: 200 }),
    registrationNo: varchar('registration_no', { length: 32 }),
    completers: jsonb('completers').$type<string[]>(),
    units: jsonb('units').$type<string[]>(),
    grade: varchar('grade', { length: 16 }).$type<PrizeGrade>(),
    disciplineCodes: jsonb('discipline_codes').$type<string[]>(),
    category: varchar('category', { length: 24 }),
    keywords: jsonb('keywords').$type<string[]>(),
    summaryHtml: text('summary_html'),
    applicationHtml: text('application_html'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('award_publicity_entry_uq').on(t.publicityId, t.declarationId),
    index('award_publicity_entry_declaration_idx').on(t.declarationId),
    index('award_publicity_entry_applicant_idx').on(t.applicantId),
  ],
);

/** Which fields a prize kind's publicities show; a kind without a row shows DEFAULT_PUBLICITY_FIELDS. */
export const awardPublicitySetting = pgTable(
  'award_publicity_setting',
  {
    id: idColumn(),
    prizeKind: varchar('prize_kind', { length: 24 }).$type<PrizeKind>().notNull(),
    fields: jsonb('fields').$type<PublicityField[]>().notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('award_publicity_setting_kind_uq').on(t.prizeKind).where(sql`del_flag = 0`)],
);

registerUniqueField('award_publicity_setting_kind_uq', '公示字段设置');
