import { count, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Page, PageParameter } from '@dandelion/shared';
import type { Executor } from './db';
import { containing, likePattern } from './sql';

/** A list's total: exact, or the planner's estimate when more rows match than are worth counting. */
export interface CountedTotal {
  total: number;
  totalEstimated: boolean;
}

/**
 * Runs a page query and its count: `pageParameter` → `{ list, total, pageNum, pageSize }`.
 * The caller builds both queries with the same filter; this keeps the arithmetic in one place.
 * A count that answers a CountedTotal (see countOrEstimate) passes its `totalEstimated` on.
 */
export async function paginate<T>(
  page: PageParameter,
  fetchRows: (limit: number, offset: number) => Promise<T[]>,
  countRows: () => Promise<number | CountedTotal>,
): Promise<Page<T>> {
  const offset = (page.pageNum - 1) * page.pageSize;
  const [list, counted] = await Promise.all([fetchRows(page.pageSize, offset), countRows()]);
  const total = typeof counted === 'number' ? { total: Number(counted) } : counted;
  return { list, ...total, pageNum: page.pageNum, pageSize: page.pageSize };
}

/** How many rows of `table` match `where`: the count half of a page query. */
export async function countWhere(ex: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/**
 * Lists over tables that grow without bound count exactly up to this many matching rows; beyond it
 * the total is the planner's estimate, shown as "约 N 条" (docs/lists-at-scale.md). An exact count of
 * a million rows reads them all on every page view; nobody needs to know it is 1,000,317 and not
 * about a million, and the estimate costs one planning step.
 */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * The total of a big list: `select count(*) from (select 1 … limit EXACT_COUNT_LIMIT + 1)` so the
 * count stops early, and when it reaches the limit, the row estimate of EXPLAIN for the same filter
 * (never below the limit: the exact count already proved more rows match).
 */
export async function countOrEstimate(ex: Executor, table: PgTable, where: SQL | undefined): Promise<CountedTotal> {
  const limited = ex.select({ one: sql`1` }).from(table).where(where).limit(EXACT_COUNT_LIMIT + 1).as('limited');
  const [row] = await ex.select({ n: count() }).from(limited);
  const exact = Number(row?.n ?? 0);
  if (exact <= EXACT_COUNT_LIMIT) return { total: exact, totalEstimated: false };
  const plan = await ex.execute(sql`explain (format json) ${ex.select({ one: sql`1` }).from(table).where(where)}`);
  return { total: Math.max(estimatedRows(plan), exact), totalEstimated: true };
}

/** A filter on a column whose distinct values are looked up while there are at most this many of them. */
export const MAX_DISTINCT_VALUES = 1_000;

/**
 * The distinct values of `column` (over rows matching `partial`, if given) that contain `text`
 * case-insensitively, or null when the column holds more than MAX_DISTINCT_VALUES distinct values.
 * For "contains" filters on columns that repeat a few values over millions of rows (an article's author, a
 * log's operator): the B-tree on the column is walked one distinct value at a time (a probe per value, well
 * under a millisecond for hundreds), and the list then asks for `column IN (the matches)` — the same rows as
 * `column ILIKE '%text%'`, but found and counted through the index instead of a scan, also for one or two
 * characters, which no trigram index serves. Needs a B-tree whose first column is `column` (and whose
 * predicate `partial` implies, when partial).
 */
export async function distinctValuesContaining(ex: Executor, table: string, column: string, text: string, partial?: SQL): Promise<string[] | null> {
  const t = sql.identifier(table);
  const c = sql.identifier(column);
  const also = partial ? sql`and ${partial}` : sql``;
  const result = await ex.execute(sql`
    with recursive walk(v) as (
      select min(${c}) from ${t} where true ${also}
      union all
      select (select min(${c}) from ${t} where ${c} > walk.v ${also}) from walk where walk.v is not null
    )
    select v, v ilike ${likePattern(text)} as hit from (select v from walk where v is not null limit ${MAX_DISTINCT_VALUES + 1}) walked`);
  const rows = (result as unknown as { rows: { v: string; hit: boolean }[] }).rows;
  return rows.length > MAX_DISTINCT_VALUES ? null : rows.filter((r) => r.hit).map((r) => r.v);
}

/**
 * `column ILIKE '%text%'` as `column IN (…)` over its matching distinct values when there are few
 * (distinctValuesContaining), else the ILIKE itself: the same rows either way.
 */
export async function containingByValues(ex: Executor, column: PgColumn, text: string, partial?: SQL): Promise<SQL> {
  const values = await distinctValuesContaining(ex, getTableName(column.table), column.name, text, partial);
  if (!values) return containing(column, text);
  return values.length ? inArray(column, values) : sql`false`;
}

/** Rows the top plan node of an `EXPLAIN (FORMAT JSON)` answer expects (both drivers parse the JSON). */
function estimatedRows(result: unknown): number {
  // Drivers answer `{ rows }`; a proxy driver (the API bench's capture) answers the rows themselves.
  const rows = Array.isArray(result) ? (result as Record<string, unknown>[]) : (result as { rows: Record<string, unknown>[] }).rows;
  const [first] = rows;
  const value = first ? Object.values(first)[0] : undefined;
  const document = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  const planned = (document as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return Math.round(Number(planned ?? 0));
}
