import type { DeclarationContent } from '@dandelion/shared/award/declarationContent';
import type { DeclarationStatus, DeclarationStepAction } from '@dandelion/shared/award/declaration';
import type { PrizeGrade } from '@dandelion/shared/award/prize';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';

export interface StoredReviewNote {
  action: DeclarationStepAction;
  opinion: string | null;
  reasons: string[];
  deadline: string | null;
  actorName: string;
  time: string;
}
export interface StoredRevocation {
  status: 'PENDING' | 'REFUSED';
  reason: string;
  opinion: string | null;
  requestTime: string;
  /** The status the declaration held when the request was made (the level that decides). */
  heldAt: DeclarationStatus;
}

/**
 * A declaration (申报书). The sections are one JSON document (saved section by section, read whole);
 * what lists filter and sort on is kept in columns beside it, and the completers and units are also
 * written to their own tables so the eligibility checks (one person one declaration per edition,
 * recent winners) are index lookups rather than scans of JSON.
 */
export const awardDeclaration = pgTable(
  'award_declaration',
  {
    id: idColumn(),
    editionId: bigint('edition_id', { mode: 'number' }).notNull(),
    prizeId: bigint('prize_id', { mode: 'number' }).notNull(),
    applicantId: bigint('applicant_id', { mode: 'number' }).notNull(),
    applicantName: varchar('applicant_name', { length: 64 }).notNull(),
    /** 申报单位 (reviewed by its administrators) and 提名单位: organisations. */
    unitOrgId: bigint('unit_org_id', { mode: 'number' }),
    nominatorOrgId: bigint('nominator_org_id', { mode: 'number' }),
    title: varchar('title', { length: 200 }),
    proposedGrade: varchar('proposed_grade', { length: 16 }).$type<PrizeGrade>(),
    /** The grade the committee proposed (拟授奖等级); with status AWARDED it is the grade awarded. */
    awardGrade: varchar('award_grade', { length: 16 }).$type<PrizeGrade>(),
    /** The first discipline code (the office filters by discipline prefix). */
    disciplineCode: varchar('discipline_code', { length: 16 }),
    secrecy: varchar('secrecy', { length: 16 }),
    status: varchar('status', { length: 24 }).$type<DeclarationStatus>().notNull().default('DRAFT'),
    registrationNo: varchar('registration_no', { length: 32 }),
    content: jsonb('content').$type<DeclarationContent>().notNull(),
    completerCount: smallint('completer_count').notNull().default(0),
    firstCompleter: varchar('first_completer', { length: 64 }),
    /** The content as it was when formal review returned it, to show what changed on resubmission. */
    returnedContent: jsonb('returned_content').$type<DeclarationContent>(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    resubmitted: boolean('resubmitted').notNull().default(false),
    /** 限期修改: the Beijing date by which the fix must be resubmitted. */
    fixDeadline: varchar('fix_deadline', { length: 10 }),
    lastNote: jsonb('last_note').$type<StoredReviewNote>(),
    revocation: jsonb('revocation').$type<StoredRevocation>(),
    firstSubmitTime: timestamp('first_submit_time', { withTimezone: true }),
    submitTime: timestamp('submit_time', { withTimezone: true }),
    processInstanceId: bigint('process_instance_id', { mode: 'number' }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('award_declaration_registration_no_uq').on(t.registrationNo).where(sql`registration_no is not null`),
    /** One live declaration per applicant, edition and prize (a withdrawn one does not count). */
    uniqueIndex('award_declaration_applicant_prize_uq').on(t.applicantId, t.editionId, t.prizeId).where(sql`del_flag = 0 and status <> 'WITHDRAWN'`),
    index('award_declaration_applicant_idx').on(t.applicantId, t.id).where(sql`del_flag = 0`),
    index('award_declaration_office_idx').on(t.editionId, t.prizeId, t.status, t.id).where(sql`del_flag = 0`),
    index('award_declaration_status_idx').on(t.status, t.id).where(sql`del_flag = 0`),
    index('award_declaration_unit_idx').on(t.unitOrgId, t.status, t.id).where(sql`del_flag = 0`),
    index('award_declaration_nominator_idx').on(t.nominatorOrgId, t.status, t.id).where(sql`del_flag = 0`),
    /** The portal's awarded achievements (/show), newest first. */
    index('award_declaration_awarded_idx').on(t.editionId, t.id).where(sql`del_flag = 0 and status = 'AWARDED'`),
  ],
);

/** 主要完成人 of a declaration in rank order, rewritten with every save of the section. */
export const awardDeclarationCompleter = pgTable(
  'award_declaration_completer',
  {
    declarationId: bigint('declaration_id', { mode: 'number' }).notNull(),
    editionId: bigint('edition_id', { mode: 'number' }).notNull(),
    rank: smallint('rank').notNull(),
    name: varchar('name', { length: 64 }),
    /** Upper-case, as the ID rule compares. */
    idNumber: varchar('id_number', { length: 18 }),
    unitName: varchar('unit_name', { length: 128 }),
  },
  (t) => [
    primaryKey({ columns: [t.declarationId, t.rank] }),
    index('award_declaration_completer_id_number_idx').on(t.idNumber, t.editionId),
    // The office's keyword search finds declarations by a completer's whole name.
    index('award_declaration_completer_name_idx').on(t.name),
  ],
);

/** 主要完成单位 of a declaration in rank order, rewritten with every save of the section. */
export const awardDeclarationUnit = pgTable(
  'award_declaration_unit',
  {
    declarationId: bigint('declaration_id', { mode: 'number' }).notNull(),
    editionId: bigint('edition_id', { mode: 'number' }).notNull(),
    rank: smallint('rank').notNull(),
    unitName: varchar('unit_name', { length: 128 }),
    creditCode: varchar('credit_code', { length: 18 }),
  },
  (t) => [primaryKey({ columns: [t.declarationId, t.rank] }), index('award_declaration_unit_credit_code_idx').on(t.creditCode, t.editionId)],
);

/** Every transition of a declaration: who, when, the opinion and the reasons (the history). */
export const awardDeclarationStep = pgTable(
  'award_declaration_step',
  {
    id: idColumn(),
    declarationId: bigint('declaration_id', { mode: 'number' }).notNull(),
    action: varchar('action', { length: 32 }).$type<DeclarationStepAction>().notNull(),
    fromStatus: varchar('from_status', { length: 24 }).$type<DeclarationStatus>(),
    toStatus: varchar('to_status', { length: 24 }).$type<DeclarationStatus>().notNull(),
    opinion: text('opinion'),
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    deadline: varchar('deadline', { length: 10 }),
    actorId: bigint('actor_id', { mode: 'number' }),
    actorName: varchar('actor_name', { length: 64 }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('award_declaration_step_declaration_idx').on(t.declarationId, t.id)],
);

registerUniqueField('award_declaration_applicant_prize_uq', '申报奖种');
registerUniqueField('award_declaration_registration_no_uq', '登记号');
