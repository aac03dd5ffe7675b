import { and, gte, inArray, lt, lte, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LOG_COUNT_CAP } from '@dandelion/shared/base/log';
import type { Page, PageParameter } from '@dandelion/shared';
import type { Db } from './db';
import { errors } from './errors';
import { countLimited, paginate, plannedRows, TRUSTED_ESTIMATE } from './pagination';
import { containing, startingWith } from './sql';

/**
 * Pieces every log list shares on the server: the time range, text matching and the row cap of a
 * list (the filter and page schemas are the contracts', in packages/shared/src/base/log.ts).
 * Log tables are large and append-only; lists are newest first and never count past a bound.
 */

export interface TimeRange {
  beginTime?: Date;
  endTime?: Date;
}

export const BAD_RANGE_MESSAGE = '开始时间不能晚于结束时间';

export function checkRange(range: TimeRange) {
  if (range.beginTime && range.endTime && range.beginTime > range.endTime) throw errors.badRequest(BAD_RANGE_MESSAGE);
}

export function timeWithin(column: Column, range: TimeRange): SQL | undefined {
  return and(range.beginTime ? gte(column, range.beginTime) : undefined, range.endTime ? lte(column, range.endTime) : undefined);
}

/**
 * A path filter: text starting with '/' matches paths that start with it (an index range scan),
 * other text matches anywhere in the path (a scan, narrowed by the other filters).
 */
export function pathMatching(column: Column, text: string): SQL {
  return text.startsWith('/') ? startingWith(column, text) : containing(column, text);
}

/**
 * Log lists count at most this many matching rows: an exact count of a million rows costs a
 * quarter of a second on every page (bench/logs), and nobody pages through more than this —
 * they narrow the search instead. Beyond it the total reads "10000" with totalCapped.
 */
export const COUNT_CAP = LOG_COUNT_CAP;
export const TOO_DEEP_MESSAGE = `最多翻阅前 ${COUNT_CAP} 条记录，请缩小时间范围或增加筛选条件`;

/** Refuses a page that starts beyond the counted rows. */
export function checkDepth(page: PageParameter) {
  if ((page.pageNum - 1) * page.pageSize >= COUNT_CAP) throw errors.badRequest(TOO_DEEP_MESSAGE);
}

export interface LogPage<T> extends Page<T> {
  /** True when more rows match than were counted (total is COUNT_CAP). */
  totalCapped: boolean;
}

/**
 * A page of a log list, newest first: `rows(limit, offset)` fetches, `countFrom(cap)` counts the
 * matching rows, stopping after `cap` (a limited subquery, so the count never reads more).
 */
export async function logPage<T>(
  page: PageParameter,
  rows: (limit: number, offset: number) => Promise<T[]>,
  countUpTo: (cap: number) => Promise<number>,
): Promise<LogPage<T>> {
  checkDepth(page);
  const result = await paginate(page, rows, () => countUpTo(COUNT_CAP + 1));
  const totalCapped = result.total > COUNT_CAP;
  return { ...result, total: totalCapped ? COUNT_CAP : result.total, totalCapped };
}

/**
 * How many rows match, counting at most `cap`: `select count(*) from (select 1 … limit cap) t`. When the
 * planner expects TRUSTED_ESTIMATE rows or more (five times the cap), the count is skipped and `cap` is
 * the answer ("more than can be counted"): proving that 10 001 rows of a broad filter match (a common
 * summary word, a status class) reads them all, thousands of pages spread over a million-row log.
 * `planned`: the estimate, when the caller already asked for it.
 */
export async function countUpTo(db: Db, table: PgTable, where: SQL | undefined, cap: number, planned?: number): Promise<number> {
  if (cap <= TRUSTED_ESTIMATE && (planned ?? (await plannedRows(db, table, where))) >= TRUSTED_ESTIMATE) return cap;
  return countLimited(db, table, where, cap);
}

/** Rows deleted per statement: short transactions, so a purge never holds a big table's locks for long. */
const PURGE_CHUNK = 5_000;

/** Deletes the rows created before `before`, a chunk at a time; answers how many went. */
export async function purgeOlder(db: Db, table: PgTable, id: PgColumn, createTime: PgColumn, before: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const oldest = db.select({ id }).from(table).where(lt(createTime, before)).limit(PURGE_CHUNK);
    const deleted = await db.delete(table).where(inArray(id, oldest)).returning({ one: sql<number>`1` });
    total += deleted.length;
    if (deleted.length < PURGE_CHUNK) break;
  }
  // The log lists trust the planner's row estimates (countUpTo): after a purge they must not go on
  // counting the deleted rows until the next analyse (PGlite has no autovacuum).
  if (total > 0) await db.execute(sql`analyze ${table}`);
  return total;
}
