import { and, eq, sql, type SQL } from 'drizzle-orm';
import { bigint, integer, smallint, timestamp, varchar, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './db';
import { errors } from './errors';

/** Who is acting: written into the audit fields. null for the system itself (seed, scheduler). */
export interface Actor {
  id: number;
  name: string;
}

/** Primary key of every table: bigint identity, sent as a string in JSON. */
export const idColumn = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();

/** Audit fields of spec §3, on every table. */
export const auditColumns = {
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  createBy: varchar('create_by', { length: 64 }),
  createById: bigint('create_by_id', { mode: 'number' }),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  updateBy: varchar('update_by', { length: 64 }),
  updateById: bigint('update_by_id', { mode: 'number' }),
  delFlag: smallint('del_flag').notNull().default(0),
  lockVersion: integer('lock_version').notNull().default(0),
};

export const DEL_FLAG = { ACTIVE: 0, DELETED: 1 } as const;

/** The audit columns of spec §3 as a row reads them. */
export interface AuditValues {
  createTime: Date;
  createBy: string | null;
  createById: number | null;
  updateTime: Date;
  updateBy: string | null;
  updateById: number | null;
  delFlag: number;
  lockVersion: number;
}

/** The audit fields of a row as every record answers them (spec §3 "on all records"), for answers built field by field. */
export function auditOf(row: AuditValues): AuditValues {
  const { createTime, createBy, createById, updateTime, updateBy, updateById, delFlag, lockVersion } = row;
  return { createTime, createBy, createById, updateTime, updateBy, updateById, delFlag, lockVersion };
}

/**
 * The user id stored for an actor. The scheduler's moves (opening a publicity on its date) act as the
 * system with id 0, which no user has: stored as no user, as every answer's ids are positive.
 */
export function userIdOf(actor: { id: number } | null | undefined): number | null {
  return actor && actor.id > 0 ? actor.id : null;
}

/** Audit values for a new row. */
export function createdBy(actor: Actor | null) {
  return {
    createBy: actor?.name ?? 'system',
    createById: userIdOf(actor),
    updateBy: actor?.name ?? 'system',
    updateById: userIdOf(actor),
  };
}

export type AuditedTable = PgTable & {
  id: AnyPgColumn;
  lockVersion: AnyPgColumn;
  delFlag: AnyPgColumn;
};

/** Audit values for a change: who, when, and the next lock version (a form opened before it now gets 409). */
export function updatedBy(actor: Actor | null, table: Pick<AuditedTable, 'lockVersion'>) {
  return {
    updateTime: new Date(),
    updateBy: actor?.name ?? 'system',
    updateById: userIdOf(actor),
    lockVersion: sql`${table.lockVersion} + 1`,
  };
}

/** Condition that hides soft-deleted rows; every list and lookup uses it. */
export function notDeleted(table: AuditedTable): SQL {
  return eq(table.delFlag, DEL_FLAG.ACTIVE);
}

async function explainMiss(ex: Executor, table: AuditedTable, id: number, what: string): Promise<never> {
  const found = await ex
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.id, id), notDeleted(table)))
    .limit(1);
  throw found.length ? errors.staleVersion() : errors.notFound(what);
}

/**
 * Optimistic-lock update: succeeds only when the row still has the lockVersion
 * the caller read. Zero rows → 409 数据已被他人修改，请刷新后重试 (or 404 when the
 * row is gone). No lost update, ever.
 */
export async function updateVersioned<T extends AuditedTable>(
  ex: Executor,
  table: T,
  id: number,
  lockVersion: number,
  values: Partial<T['$inferInsert']>,
  actor: Actor | null,
  what = '数据',
): Promise<T['$inferSelect']> {
  const rows = await ex
    .update(table as PgTable)
    .set({ ...values, ...updatedBy(actor, table) } as never)
    .where(and(eq(table.id, id), eq(table.lockVersion, lockVersion), notDeleted(table)))
    .returning();
  if (rows.length === 0) return explainMiss(ex, table, id, what);
  return rows[0] as T['$inferSelect'];
}

/** Soft delete (del_flag = 1), guarded by the same optimistic lock when a lockVersion is given. */
export async function softDelete<T extends AuditedTable>(
  ex: Executor,
  table: T,
  id: number,
  lockVersion: number | undefined,
  actor: Actor | null,
  what = '数据',
): Promise<T['$inferSelect']> {
  const versionMatch = lockVersion === undefined ? undefined : eq(table.lockVersion, lockVersion);
  const rows = await ex
    .update(table as PgTable)
    .set({ delFlag: DEL_FLAG.DELETED, ...updatedBy(actor, table) } as never)
    .where(and(eq(table.id, id), notDeleted(table), versionMatch))
    .returning();
  if (rows.length === 0) return explainMiss(ex, table, id, what);
  return rows[0] as T['$inferSelect'];
}
