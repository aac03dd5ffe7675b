import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { Executor } from './db';
import { jsonRecords } from './sql';
import { idColumn, userIdOf, type Actor } from './records';


/**
 * Operation log: who changed what, with the record before and after (secrets removed).
 * Written in the same transaction as the change, so a change never lands without its row.
 */
export const sysOperLog = pgTable(
  'sys_oper_log',
  {
    id: idColumn(),
    /** Module and feature, e.g. system:org. */
    module: varchar('module', { length: 64 }).notNull(),
    /** CREATE, UPDATE, DELETE, RESTORE, BIND, MOVE, … */
    action: varchar('action', { length: 32 }).notNull(),
    entityId: varchar('entity_id', { length: 64 }),
    /** A line a person can read: 新增机构「财务处」. */
    summary: varchar('summary', { length: 512 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    userId: bigint('user_id', { mode: 'number' }),
    username: varchar('username', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
    requestId: varchar('request_id', { length: 64 }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The seal (tamper evidence, modules/base/log/oper/seal.ts): rows are sealed in order a few
     * seconds after they are written; each seal is a keyed hash of the row and the seal before it.
     */
    sealSeq: bigint('seal_seq', { mode: 'number' }),
    sealPrev: varchar('seal_prev', { length: 64 }),
    sealHash: varchar('seal_hash', { length: 64 }),
  },
  (t) => [
    index('sys_oper_log_time_idx').on(t.createTime),
    index('sys_oper_log_module_time_idx').on(t.module, t.createTime),
    index('sys_oper_log_entity_idx').on(t.module, t.entityId),
    // The operator filter walks the distinct names here and counts one operator's rows from it (oper/repo.ts).
    index('sys_oper_log_user_time_idx').on(t.username, t.createTime),
    uniqueIndex('sys_oper_log_seal_seq_uq').on(t.sealSeq),
    index('sys_oper_log_unsealed_idx').on(t.id).where(sql`seal_seq is null`),
    // The list's "contains" filters on the operator and the summary: trigrams (pg_trgm) for patterns of
    // three characters or more (docs/lists-at-scale.md).
    index('sys_oper_log_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    index('sys_oper_log_summary_trgm_idx').using('gin', t.summary.op('gin_trgm_ops')),
  ],
);

/** Keys never written to the log, whatever record they appear in. */
const SECRET_KEY = /password|secret|token|hash|credential|idNumber/i;

/** A copy of `record` fit for the log: secrets dropped, dates as ISO text, nested values kept. */
export function redactForLog(record: unknown): unknown {
  if (record === null || record === undefined) return null;
  if (record instanceof Date) return record.toISOString();
  if (Buffer.isBuffer(record)) return `[${record.length} 字节]`;
  if (Array.isArray(record)) return record.map(redactForLog);
  if (typeof record === 'object') {
    return Object.fromEntries(
      Object.entries(record as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, value]) => [key, redactForLog(value)]),
    );
  }
  return record;
}

export interface OperationEntry {
  /** Module and feature, e.g. 'system:org'. */
  module: string;
  action: 'CREATE' | 'UPDATE' | 'DELETE' | 'RESTORE' | 'BIND' | 'MOVE' | 'SORT' | 'FREEZE' | 'UNFREEZE' | 'RESET' | string;
  entityId?: number | string | null;
  summary: string;
  before?: unknown;
  after?: unknown;
  actor: Actor | null;
  /** The request's address and id, when the change came from a request. */
  ip?: string | null;
  requestId?: string | null;
}

/** The row an entry becomes (secrets removed from before and after). */
function rowOfEntry(entry: OperationEntry) {
  return {
    module: entry.module,
    action: entry.action,
    entityId: entry.entityId === null || entry.entityId === undefined ? null : String(entry.entityId),
    summary: entry.summary.slice(0, 512),
    before: redactForLog(entry.before),
    after: redactForLog(entry.after),
    userId: userIdOf(entry.actor),
    username: entry.actor?.name ?? 'system',
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
  };
}

/**
 * Records one change. Call it with the transaction that made the change (spec: every change
 * leaves an operation-log row with before and after).
 */
export async function recordOperation(ex: Executor, entry: OperationEntry): Promise<void> {
  await ex.insert(sysOperLog).values(rowOfEntry(entry));
}

/** Records many changes made in one transaction with one INSERT (the rows as one JSON parameter). */
export async function recordOperations(ex: Executor, entries: OperationEntry[]): Promise<void> {
  if (!entries.length) return;
  if (entries.length === 1) return recordOperation(ex, entries[0]!);
  await ex.execute(sql`insert into sys_oper_log (module, action, entity_id, summary, "before", "after", user_id, username, ip, request_id)
    select module, action, "entityId", summary, "before", "after", "userId", username, ip, "requestId"
    from ${jsonRecords(
      entries.map(rowOfEntry),
      sql`module varchar, action varchar, "entityId" varchar, summary varchar, "before" jsonb, "after" jsonb, "userId" bigint, username varchar, ip varchar, "requestId" varchar`,
    )}`);
}

/** Who made a change and from where: every change writes it into the operation log. */
export interface ChangeContext {
  actor: Actor;
  ip?: string | null;
  requestId?: string | null;
}

/** The change context of a signed-in request (routes that declare a permission always have a principal). */
export function changeOf(request: FastifyRequest): ChangeContext {
  const p = request.principal!;
  return { actor: { id: p.userId, name: p.username }, ip: request.ip, requestId: request.id };
}
