import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PageParameter, ServerBody } from '@dandelion/shared';
import type { operLogCalls } from '@dandelion/shared/base/log';
import { sysOperLog } from '../../../../core/audit';
import type { Db } from '../../../../core/db';
import { MAX_EXPORT_ROWS } from '../../../../core/excel';
import { checkRange, countUpTo, logPage, timeWithin } from '../../../../core/listing';
import { containingByValues, distinctValues } from '../../../../core/pagination';
import { containing } from '../../../../core/sql';

/** The list's search fields (also the export's). */
export type OperLogFilter = ServerBody<typeof operLogCalls.export>;

const listColumns = {
  id: sysOperLog.id,
  module: sysOperLog.module,
  action: sysOperLog.action,
  entityId: sysOperLog.entityId,
  summary: sysOperLog.summary,
  userId: sysOperLog.userId,
  username: sysOperLog.username,
  ip: sysOperLog.ip,
  requestId: sysOperLog.requestId,
  createTime: sysOperLog.createTime,
};

const newestFirst = [desc(sysOperLog.createTime), desc(sysOperLog.id)];

/**
 * A record number without its module: the log's index on records is (module, entity_id), which a lone
 * entity_id could only read whole (a million entries). Naming every module the log holds (a few dozen,
 * walked in sys_oper_log_module_time_idx) enters it once per module: the same rows.
 */
async function recordNumbered(db: Db, entityId: string): Promise<SQL> {
  const modules = await distinctValues(db, 'sys_oper_log', 'module');
  const record = eq(sysOperLog.entityId, entityId);
  if (!modules) return record;
  return modules.length ? and(inArray(sysOperLog.module, modules), record)! : sql`false`;
}

/**
 * The operator filter ("contains"): operators are a few hundred accounts repeated over millions of rows, so
 * the matching names are looked up one distinct name at a time in sys_oper_log_user_time_idx and the list
 * asks for those names (the same rows, counted from the index; core/pagination.ts).
 */
async function condition(db: Db, filter: OperLogFilter): Promise<SQL | undefined> {
  checkRange(filter);
  return and(
    timeWithin(sysOperLog.createTime, filter),
    filter.username ? await containingByValues(db, sysOperLog.username, filter.username) : undefined,
    filter.module ? eq(sysOperLog.module, filter.module) : undefined,
    filter.action ? eq(sysOperLog.action, filter.action) : undefined,
    filter.entityId ? await recordNumbered(db, filter.entityId) : undefined,
    filter.text ? containing(sysOperLog.summary, filter.text) : undefined,
  );
}

/** Queries of the operation log; its rows are written by core/audit's recordOperation with each change. */
export const operLogRepo = {
  async page(db: Db, filter: OperLogFilter, page: PageParameter) {
    const where = await condition(db, filter);
    return logPage(
      page,
      (limit, offset) => db.select(listColumns).from(sysOperLog).where(where).orderBy(...newestFirst).limit(limit).offset(offset),
      (cap) => countUpTo(db, sysOperLog, where, cap),
    );
  },

  async find(db: Db, id: number) {
    const [row] = await db.select().from(sysOperLog).where(eq(sysOperLog.id, id)).limit(1);
    return row;
  },

  /** The modules that have logged changes, with their row counts. */
  async modules(db: Db) {
    const rows = await db.select({ module: sysOperLog.module, total: count() }).from(sysOperLog).groupBy(sysOperLog.module).orderBy(asc(sysOperLog.module));
    return rows.map((r) => ({ module: r.module, total: Number(r.total) }));
  },

  /** The filtered list, newest first, at most MAX_EXPORT_ROWS rows. */
  async forExport(db: Db, filter: OperLogFilter) {
    return db.select(listColumns).from(sysOperLog).where(await condition(db, filter)).orderBy(...newestFirst).limit(MAX_EXPORT_ROWS);
  },
};
export type OperLogItem = Awaited<ReturnType<typeof operLogRepo.forExport>>[number];
