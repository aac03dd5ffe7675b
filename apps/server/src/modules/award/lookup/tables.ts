import type { LookupKind } from '@dandelion/shared/award/lookup';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';

export type LookupLevel = 'NATIONAL' | 'PROVINCIAL' | 'CITY' | 'OTHER';

/**
 * The reference lists the office keeps (基金 / 计划项目 / 任务来源), one table told apart by `kind`:
 * the three share every column and every rule, and a declaration names its task source by id.
 */
export const awardLookup = pgTable(
  'award_lookup',
  {
    id: idColumn(),
    kind: varchar('kind', { length: 16 }).$type<LookupKind>().notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    code: varchar('code', { length: 64 }),
    agency: varchar('agency', { length: 128 }),
    level: varchar('level', { length: 16 }).$type<LookupLevel>().notNull().default('OTHER'),
    remark: varchar('remark', { length: 512 }),
    sort: integer('sort').notNull().default(0),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('award_lookup_kind_code_uq').on(t.kind, t.code).where(sql`code is not null and del_flag = 0`),
    // The list's order (after the caller's favourites): an index scan serves any page of 100 000 rows.
    index('award_lookup_order_idx').on(t.kind, t.sort, t.code, t.id).where(sql`del_flag = 0`),
  ],
);

/** A user's favourite lookups (收藏): they come first in that user's lists and pickers. */
export const awardCollection = pgTable(
  'award_collection',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<LookupKind>().notNull(),
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.refId] })],
);

registerUniqueField('award_lookup_kind_code_uq', '编号');
