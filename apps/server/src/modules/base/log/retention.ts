import { inArray, lt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../core/db';
import { sysLoginLog } from '../../auth/schema';
import { sysAccessLog, sysRestLog } from './schema';
import { sysOperLog } from '../../../core/audit';

export interface PurgedLogs {
  restLogs: number;
  operLogs: number;
  loginLogs: number;
  accessLogs: number;
}

/**
 * The retention a scheduled purge uses unless told otherwise: 180 days, the six months the
 * Cybersecurity Law (网络安全法 第二十一条) asks network operators to keep their logs for.
 */
export const DEFAULT_LOG_RETENTION_DAYS = 180;

/** Rows deleted per statement: short transactions, so the purge never holds a big table's locks for long. */
const PURGE_CHUNK = 5_000;

async function purgeOlder(db: Db, table: PgTable, id: PgColumn, createTime: PgColumn, before: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const oldest = db.select({ id }).from(table).where(lt(createTime, before)).limit(PURGE_CHUNK);
    const deleted = await db.delete(table).where(inArray(id, oldest)).returning({ one: sql<number>`1` });
    total += deleted.length;
    if (deleted.length < PURGE_CHUNK) return total;
  }
}

/**
 * Log retention: deletes interface-call, operation, sign-in and access log rows older than the given
 * number of days. Run by the scheduler's log-purge job; each kind in its own statements, a chunk
 * at a time, so a long purge of one does not hold locks on the others.
 */
export async function purgeLogs(db: Db, olderThanDays: number): Promise<PurgedLogs> {
  const before = new Date(Date.now() - olderThanDays * 86_400_000);
  const restLogs = await purgeOlder(db, sysRestLog, sysRestLog.id, sysRestLog.createTime, before);
  const operLogs = await purgeOlder(db, sysOperLog, sysOperLog.id, sysOperLog.createTime, before);
  const loginLogs = await purgeOlder(db, sysLoginLog, sysLoginLog.id, sysLoginLog.createTime, before);
  const accessLogs = await purgeOlder(db, sysAccessLog, sysAccessLog.id, sysAccessLog.createTime, before);
  return { restLogs, operLogs, loginLogs, accessLogs };
}
