import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { PageParameter, ServerBody } from '@dandelion/shared';
import type { operLogCalls } from '@dandelion/shared/base/log';
import { sysOperLog } from '../../../../core/audit';
import type { Db } from '../../../../core/db';
import { MAX_EXPORT_ROWS } from '../../../../core/excel';
import { checkRange, countUpTo, logPage, timeWithin } from '../../../../core/listing';
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

function condition(filter: OperLogFilter): SQL | undefined {
  checkRange(filter);
  return and(
    timeWithin(sysOperLog.createTime, filter),
    filter.username ? containing(sysOperLog.username, filter.username) : undefined,
    filter.module ? eq(sysOperLog.module, filter.module) : undefined,
    filter.action ? eq(sysOperLog.action, filter.action) : undefined,
    filter.entityId ? eq(sysOperLog.entityId, filter.entityId) : undefined,
    filter.text ? containing(sysOperLog.summary, filter.text) : undefined,
  );
}

/** Queries of the operation log; its rows are written by core/audit's recordOperation with each change. */
export const operLogRepo = {
  page(db: Db, filter: OperLogFilter, page: PageParameter) {
    const where = condition(filter);
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
  forExport(db: Db, filter: OperLogFilter) {
    return db.select(listColumns).from(sysOperLog).where(condition(filter)).orderBy(...newestFirst).limit(MAX_EXPORT_ROWS);
  },
};
export type OperLogItem = Awaited<ReturnType<typeof operLogRepo.forExport>>[number];
