import { and, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Db } from '../../../../core/db';
import { errors } from '../../../../core/errors';
import { beijingTime, MAX_EXPORT_ROWS, workbookOf, type SheetColumn } from '../../../../core/excel';
import { checkRange, countUpTo, logPage, pathMatching, timeWithin, type TimeRange } from '../../../../core/listing';
import { sysRestLog } from '../schema';

export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export interface RestLogFilter extends TimeRange {
  /** Exact user name. */
  username?: string;
  /** '/rest/user' → paths starting with it; 'getUserPage' → paths containing it. */
  path?: string;
  method?: string;
  status?: number;
  statusClass?: StatusClass;
  /** The envelope's code ('0000', '400', …). */
  code?: string;
  /** Calls that took at least this many milliseconds. */
  minDuration?: number;
  ip?: string;
  requestId?: string;
}

type RestLogRow = typeof sysRestLog.$inferSelect;

const listColumns = {
  id: sysRestLog.id,
  method: sysRestLog.method,
  path: sysRestLog.path,
  route: sysRestLog.route,
  status: sysRestLog.status,
  code: sysRestLog.code,
  durationMs: sysRestLog.durationMs,
  userId: sysRestLog.userId,
  username: sysRestLog.username,
  ip: sysRestLog.ip,
  requestId: sysRestLog.requestId,
  createTime: sysRestLog.createTime,
};
export type RestLogItem = { [K in keyof typeof listColumns]: RestLogRow[K] };

export function restLogCondition(filter: RestLogFilter): SQL | undefined {
  checkRange(filter);
  const hundreds = filter.statusClass ? Number(filter.statusClass[0]) * 100 : null;
  return and(
    timeWithin(sysRestLog.createTime, filter),
    filter.username ? eq(sysRestLog.username, filter.username) : undefined,
    filter.path ? pathMatching(sysRestLog.path, filter.path) : undefined,
    filter.method ? eq(sysRestLog.method, filter.method) : undefined,
    filter.status !== undefined ? eq(sysRestLog.status, filter.status) : undefined,
    hundreds !== null ? and(gte(sysRestLog.status, hundreds), lt(sysRestLog.status, hundreds + 100)) : undefined,
    filter.code ? eq(sysRestLog.code, filter.code) : undefined,
    filter.minDuration !== undefined ? gte(sysRestLog.durationMs, filter.minDuration) : undefined,
    filter.ip ? eq(sysRestLog.ip, filter.ip) : undefined,
    filter.requestId ? eq(sysRestLog.requestId, filter.requestId) : undefined,
  );
}

const EXPORT_COLUMNS: SheetColumn<RestLogItem & { userAgent: string | null }>[] = [
  { header: '调用时间', width: 20, value: (r) => beijingTime(r.createTime) },
  { header: '请求方法', width: 10, value: (r) => r.method },
  { header: '接口路径', width: 44, value: (r) => r.path },
  { header: 'HTTP 状态', width: 10, value: (r) => r.status },
  { header: '业务码', width: 10, value: (r) => r.code },
  { header: '耗时（毫秒）', width: 12, value: (r) => r.durationMs },
  { header: '用户', width: 16, value: (r) => r.username },
  { header: 'IP', width: 18, value: (r) => r.ip },
  { header: '请求编号', width: 38, value: (r) => r.requestId },
  { header: '客户端', width: 40, value: (r) => r.userAgent },
];

/** Reading the interface-call log (pages /base/rest/restList and restDetail). */
export function createRestLogService({ db }: { db: Db }) {
  return {
    async page(filter: RestLogFilter, page: PageParameter) {
      const where = restLogCondition(filter);
      const newestFirst = [desc(sysRestLog.createTime), desc(sysRestLog.id)];
      return logPage(
        page,
        (limit, offset) => {
          // Ids first, then their rows: the rows skipped by a deep page are walked in the index
          // alone, and only the page's own rows are read from the table (bench/logs).
          const pageIds = db.select({ id: sysRestLog.id }).from(sysRestLog).where(where).orderBy(...newestFirst).limit(limit).offset(offset);
          return db.select(listColumns).from(sysRestLog).where(inArray(sysRestLog.id, pageIds)).orderBy(...newestFirst);
        },
        (cap) => countUpTo(db, sysRestLog, where, cap),
      );
    },

    async detail(id: number) {
      const [row] = await db.select().from(sysRestLog).where(eq(sysRestLog.id, id)).limit(1);
      if (!row) throw errors.notFound('接口日志');
      return row;
    },

    /** The filtered list as a workbook, newest first, at most MAX_EXPORT_ROWS rows; bodies are left out. */
    async exportWorkbook(filter: RestLogFilter) {
      const rows = await db
        .select({ ...listColumns, userAgent: sysRestLog.userAgent })
        .from(sysRestLog)
        .where(restLogCondition(filter))
        .orderBy(desc(sysRestLog.createTime), desc(sysRestLog.id))
        .limit(MAX_EXPORT_ROWS);
      return workbookOf('接口调用日志', EXPORT_COLUMNS, rows);
    },
  };
}
export type RestLogService = ReturnType<typeof createRestLogService>;
