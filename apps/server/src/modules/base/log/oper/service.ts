import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Db } from '../../../../core/db';
import { errors } from '../../../../core/errors';
import { beijingTime, MAX_EXPORT_ROWS, workbookOf, type SheetColumn } from '../../../../core/excel';
import { checkRange, countUpTo, logPage, timeWithin, type TimeRange } from '../../../../core/listing';
import { containing } from '../../../../core/sql';
import { sysOperLog } from '../../../../core/audit';

export interface OperLogFilter extends TimeRange {
  username?: string;
  /** Module and feature, e.g. 'system:post'. */
  module?: string;
  action?: string;
  entityId?: string;
  /** Words of the summary (新增岗位「财务经理」). */
  text?: string;
}

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
type OperLogRow = typeof sysOperLog.$inferSelect;
export type OperLogItem = { [K in keyof typeof listColumns]: OperLogRow[K] };

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

const EXPORT_COLUMNS: SheetColumn<OperLogItem>[] = [
  { header: '操作时间', width: 20, value: (r) => beijingTime(r.createTime) },
  { header: '模块', width: 22, value: (r) => r.module },
  { header: '操作', width: 12, value: (r) => r.action },
  { header: '记录编号', width: 12, value: (r) => r.entityId },
  { header: '摘要', width: 50, value: (r) => r.summary },
  { header: '操作人', width: 16, value: (r) => r.username },
  { header: 'IP', width: 18, value: (r) => r.ip },
  { header: '请求编号', width: 38, value: (r) => r.requestId },
];

/** Reading the operation log (pages /base/log/logList and logDetail). Rows are written by recordOperation. */
export function createOperLogService({ db }: { db: Db }) {
  return {
    async page(filter: OperLogFilter, page: PageParameter) {
      const where = condition(filter);
      return logPage(
        page,
        (limit, offset) =>
          db.select(listColumns).from(sysOperLog).where(where).orderBy(desc(sysOperLog.createTime), desc(sysOperLog.id)).limit(limit).offset(offset),
        (cap) => countUpTo(db, sysOperLog, where, cap),
      );
    },

    async detail(id: number) {
      const [row] = await db.select().from(sysOperLog).where(eq(sysOperLog.id, id)).limit(1);
      if (!row) throw errors.notFound('操作日志');
      return row;
    },

    /** The modules that have logged changes, with their row counts, for the search form. */
    async modules() {
      const rows = await db.select({ module: sysOperLog.module, total: count() }).from(sysOperLog).groupBy(sysOperLog.module).orderBy(asc(sysOperLog.module));
      return rows.map((r) => ({ module: r.module, total: Number(r.total) }));
    },

    /** The filtered list as a workbook (before/after values stay in the detail view). */
    async exportWorkbook(filter: OperLogFilter) {
      const rows = await db.select(listColumns).from(sysOperLog).where(condition(filter)).orderBy(desc(sysOperLog.createTime), desc(sysOperLog.id)).limit(MAX_EXPORT_ROWS);
      return workbookOf('操作日志', EXPORT_COLUMNS, rows);
    },
  };
}
export type OperLogService = ReturnType<typeof createOperLogService>;
