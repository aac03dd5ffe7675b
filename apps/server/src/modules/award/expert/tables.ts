import type { ExpertSource, ExpertStatus } from '@dandelion/shared/award/expert';
import type { RelationKind } from '@dandelion/shared/award/assignmentConflicts';
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';

/** A unit the expert worked at, with the dates (YYYY-MM-DD; until null = unknown). */
export interface StoredFormerUnit {
  unitName: string;
  creditCode: string | null;
  from: string | null;
  until: string | null;
}

/** A declared relation (回避关系): to a person or to a unit, with its dates (until null = lasting). */
export interface StoredRelation {
  kind: RelationKind;
  personName: string | null;
  personIdNumber: string | null;
  unitName: string | null;
  creditCode: string | null;
  from: string | null;
  until: string | null;
  note: string | null;
}

/**
 * An expert of the pool. Linked to the user account the expert signs in with (none yet for an
 * imported expert who has not taken up the invitation). The facts conflict checks compare (unit,
 * credit code, ID number, relations, former units) are kept as the expert declared them.
 */
export const awardExpert = pgTable(
  'award_expert',
  {
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }),
    name: varchar('name', { length: 64 }).notNull(),
    /** Upper-case, as the ID rule compares; answered masked except to the expert. */
    idNumber: varchar('id_number', { length: 18 }),
    gender: varchar('gender', { length: 8 }),
    birthYear: smallint('birth_year'),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 128 }),
    /** 职称, e.g. 教授 / 研究员 / 正高级工程师. */
    title: varchar('title', { length: 32 }),
    position: varchar('position', { length: 64 }),
    unitName: varchar('unit_name', { length: 128 }),
    unitCreditCode: varchar('unit_credit_code', { length: 18 }),
    /** Region code (sys region), for the optional out-of-region rule. */
    region: varchar('region', { length: 12 }),
    /** Up to three codes of the discipline dictionary, first = main discipline. */
    disciplineCodes: jsonb('discipline_codes').$type<string[]>().notNull().default([]),
    /** The first of disciplineCodes: lists filter experts by discipline prefix. */
    mainDiscipline: varchar('main_discipline', { length: 16 }),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    formerUnits: jsonb('former_units').$type<StoredFormerUnit[]>().notNull().default([]),
    relations: jsonb('relations').$type<StoredRelation[]>().notNull().default([]),
    status: varchar('status', { length: 20 }).$type<ExpertStatus>().notNull().default('PENDING_AUDIT'),
    source: varchar('source', { length: 16 }).$type<ExpertSource>().notNull().default('REGISTERED'),
    /** The reason of the last refusal, suspension or blacklisting. */
    statusReason: text('status_reason'),
    /** Blacklisted or suspended until this Beijing date (null = indefinitely). */
    statusUntil: varchar('status_until', { length: 10 }),
    /** Evidence of a blacklisting: an uploaded file. */
    evidenceFileId: bigint('evidence_file_id', { mode: 'number' }),
    remark: varchar('remark', { length: 500 }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('award_expert_user_uq').on(t.userId).where(sql`del_flag = 0 and user_id is not null`),
    uniqueIndex('award_expert_id_number_uq').on(t.idNumber).where(sql`del_flag = 0 and id_number is not null`),
    index('award_expert_status_idx').on(t.status, t.id).where(sql`del_flag = 0`),
    index('award_expert_discipline_idx').on(t.mainDiscipline, t.id).where(sql`del_flag = 0`),
    index('award_expert_credit_code_idx').on(t.unitCreditCode).where(sql`del_flag = 0`),
  ],
);

/** Every change of an expert's standing: audit, suspension, blacklisting, deletion (审核历史). */
export const awardExpertHistory = pgTable(
  'award_expert_history',
  {
    id: idColumn(),
    expertId: bigint('expert_id', { mode: 'number' }).notNull(),
    action: varchar('action', { length: 24 }).notNull(),
    fromStatus: varchar('from_status', { length: 20 }).$type<ExpertStatus>(),
    toStatus: varchar('to_status', { length: 20 }).$type<ExpertStatus>().notNull(),
    reason: text('reason'),
    until: varchar('until', { length: 10 }),
    evidenceFileId: bigint('evidence_file_id', { mode: 'number' }),
    actorId: bigint('actor_id', { mode: 'number' }),
    actorName: varchar('actor_name', { length: 64 }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('award_expert_history_expert_idx').on(t.expertId, t.id)],
);

registerUniqueField('award_expert_user_uq', '专家账号');
registerUniqueField('award_expert_id_number_uq', '证件号码');

/**
 * An invitation into the pool: a one-time link for the invited expert's record. Only the token's
 * SHA-256 is kept, so a database read does not hand out working links.
 */
export const awardExpertInvitation = pgTable(
  'award_expert_invitation',
  {
    id: idColumn(),
    expertId: bigint('expert_id', { mode: 'number' }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    inviterId: bigint('inviter_id', { mode: 'number' }),
    inviterName: varchar('inviter_name', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the link was taken up, and by which user; a used link is refused. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedByUserId: bigint('used_by_user_id', { mode: 'number' }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('award_expert_invitation_token_uq').on(t.tokenHash), index('award_expert_invitation_expert_idx').on(t.expertId)],
);
