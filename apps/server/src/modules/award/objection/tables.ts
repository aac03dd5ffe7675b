import type { ObjectionAction, ObjectionCategory, ObjectionStatus, ObjectorKind } from '@dandelion/shared/award/objection';
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../../core/records';

/**
 * One objection (异议) against one publicity entry. The publicity's and the entry's titles are copied
 * at filing so the objector's list reads without the publicity module. objectorId / objectorName and the
 * unit fields never leave the server except to the objector and the handlers. `deadline` is the
 * handling deadline (a Beijing date, counted in working days from receipt).
 */
export const awardObjection = pgTable(
  'award_objection',
  {
    id: idColumn(),
    publicityId: bigint('publicity_id', { mode: 'number' }).notNull(),
    declarationId: bigint('declaration_id', { mode: 'number' }).notNull(),
    editionId: bigint('edition_id', { mode: 'number' }).notNull(),
    prizeId: bigint('prize_id', { mode: 'number' }).notNull(),
    publicityTitle: varchar('publicity_title', { length: 100 }).notNull(),
    entryTitle: varchar('entry_title', { length: 200 }),
    objectorId: bigint('objector_id', { mode: 'number' }).notNull(),
    objectorName: varchar('objector_name', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 8 }).$type<ObjectorKind>().notNull(),
    unitName: varchar('unit_name', { length: 100 }),
    creditCode: varchar('credit_code', { length: 18 }),
    sealFileId: bigint('seal_file_id', { mode: 'number' }),
    contactPhone: varchar('contact_phone', { length: 32 }),
    category: varchar('category', { length: 16 }).$type<ObjectionCategory>().notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    facts: text('facts').notNull(),
    evidenceFileIds: jsonb('evidence_file_ids').$type<number[]>().notNull(),
    status: varchar('status', { length: 16 }).$type<ObjectionStatus>().notNull().default('RECEIVED'),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    outcomeAction: varchar('outcome_action', { length: 8 }).$type<ObjectionAction>(),
    outcomeOpinion: text('outcome_opinion'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [
    index('award_objection_declaration_idx').on(t.declarationId, t.status),
    index('award_objection_objector_idx').on(t.objectorId),
    index('award_objection_edition_idx').on(t.editionId, t.prizeId, t.status),
  ],
);

/** The timeline: each move with who made it and the opinion given. */
export const awardObjectionStep = pgTable(
  'award_objection_step',
  {
    id: idColumn(),
    objectionId: bigint('objection_id', { mode: 'number' }).notNull(),
    action: varchar('action', { length: 16 }).notNull(),
    fromStatus: varchar('from_status', { length: 16 }).$type<ObjectionStatus>(),
    toStatus: varchar('to_status', { length: 16 }).$type<ObjectionStatus>().notNull(),
    opinion: text('opinion'),
    actorId: bigint('actor_id', { mode: 'number' }),
    actorName: varchar('actor_name', { length: 64 }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('award_objection_step_objection_idx').on(t.objectionId)],
);

/** The office's one setting row: working days from receipt to the handling deadline (absent: the default). */
export const awardObjectionSetting = pgTable('award_objection_setting', {
  id: idColumn(),
  handlingWorkingDays: integer('handling_working_days').notNull(),
  ...auditColumns,
});
