import { count, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Page, PageParameter } from '@dandelion/shared';
import type { Executor } from './db';
import { containing, likePattern, startingWith } from './sql';

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
 * From this many estimated rows on, the planner's estimate is taken without counting: five times the
 * exact limit, so an estimate that far off would have to be wrong by a factor of five (statistics sample
 * 100 histogram values of a column: a filter truly matching 1 % of a million rows is estimated at 5 % or
 * more about once in 300 plans, one matching 0.5 % once in 6 000). Counting even 10 001 rows of a broad
 * filter spread over a big table reads thousands of pages (a common title or summary word, a status),
 * the most expensive part of such a list page; the planning step costs a fraction of a millisecond.
 */
export const TRUSTED_ESTIMATE = 5 * EXACT_COUNT_LIMIT;

/** The planner's row estimate for `select 1 from table where …` (EXPLAIN, no row read). */
export async function plannedRows(ex: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  return estimatedRows(await ex.execute(sql`explain (format json) ${ex.select({ one: sql`1` }).from(table).where(where)}`));
}

/**
 * The total of a big list. The planner's estimate first: at TRUSTED_ESTIMATE rows or more it is the
 * answer (flagged). Otherwise `select count(*) from (select 1 … limit EXACT_COUNT_LIMIT + 1)`, which
 * stops early; when that reaches the limit, the estimate again (never below what was counted: the
 * exact count proved more rows match). `planned`: the estimate, when the caller already asked for it.
 */
export async function countOrEstimate(ex: Executor, table: PgTable, where: SQL | undefined, planned?: number): Promise<CountedTotal> {
  const estimate = planned ?? (await plannedRows(ex, table, where));
  return totalFromEstimate(estimate, () => countLimited(ex, table, where, EXACT_COUNT_LIMIT + 1));
}

/**
 * countOrEstimate's decision, for a list that runs its own statements (cms/content/listStatements.ts):
 * `countUpToLimit` counts at most EXACT_COUNT_LIMIT + 1 matching rows.
 */
export async function totalFromEstimate(estimate: number, countUpToLimit: () => Promise<number>): Promise<CountedTotal> {
  if (estimate >= TRUSTED_ESTIMATE) return { total: estimate, totalEstimated: true };
  const exact = await countUpToLimit();
  if (exact <= EXACT_COUNT_LIMIT) return { total: exact, totalEstimated: false };
  return { total: Math.max(estimate, exact), totalEstimated: true };
}

/** `select count(*) from (select 1 from <table> where … limit cap) t`: at most `cap` rows read. */
export async function countLimited(ex: Executor, table: PgTable, where: SQL | undefined, cap: number): Promise<number> {
  const limited = ex.select({ one: sql`1` }).from(table).where(where).limit(cap).as('limited');
  const [row] = await ex.select({ n: count() }).from(limited);
  return Number(row?.n ?? 0);
}

/** A filter on a column whose distinct values are looked up while there are at most this many of them. */
export const MAX_DISTINCT_VALUES = 1_000;

/** Where the distinct values of a column are looked up. */
export interface DistinctWalk {
  /** Only rows matching this (the predicate of a partial index on the column). */
  partial?: SQL;
  /** The column's B-tree uses varchar_pattern_ops (a path's prefix index): walked with its own operators. */
  patternOps?: boolean;
}

/**
 * The walk of a column's distinct values through a B-tree whose first column it is, as a recursive query:
 * each step asks the index for the next value after the last one (a probe per value, well under a
 * millisecond for hundreds). Yields at most MAX_DISTINCT_VALUES + 1 values, in the index's order.
 */
function distinctWalk(table: string, column: string, { partial, patternOps }: DistinctWalk): SQL {
  const t = sql.identifier(table);
  const c = sql.identifier(column);
  const also = partial ? sql`and ${partial}` : sql``;
  const after = patternOps ? sql`~>~` : sql`>`;
  const order = patternOps ? sql`order by ${c} using ~<~` : sql`order by ${c}`;
  return sql`
    with recursive walk(v) as (
      select (select ${c} from ${t} where ${c} is not null ${also} ${order} limit 1)
      union all
      select (select ${c} from ${t} where ${c} ${after} walk.v ${also} ${order} limit 1) from walk where walk.v is not null
    )
    select v from walk where v is not null limit ${MAX_DISTINCT_VALUES + 1}`;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Every distinct value of `column`, or null when it holds more than MAX_DISTINCT_VALUES. A filter on the
 * second column of a B-tree (column, other) names all of them (`column IN (…all…) AND other = x`), so the
 * index is entered once per value instead of being read whole: the same rows.
 */
export async function distinctValues(ex: Executor, table: string, column: string, walk: DistinctWalk = {}): Promise<string[] | null> {
  const rows = rowsOf<{ v: string }>(await ex.execute(distinctWalk(table, column, walk)));
  return rows.length > MAX_DISTINCT_VALUES ? null : rows.map((r) => r.v);
}

/**
 * The distinct values of `column` (over rows matching `partial`, if given) that contain `text`
 * case-insensitively, or null when the column holds more than MAX_DISTINCT_VALUES distinct values.
 * For "contains" filters on columns that repeat a few values over millions of rows (an article's author, a
 * log's operator, an interface path): the list then asks for `column IN (the matches)` — the same rows as
 * `column ILIKE '%text%'`, but found and counted through the index instead of a scan, also for one or two
 * characters, which no trigram index serves. Needs a B-tree whose first column is `column` (and whose
 * predicate `partial` implies, when partial).
 */
export async function distinctValuesContaining(ex: Executor, table: string, column: string, text: string, walk: DistinctWalk = {}): Promise<string[] | null> {
  return distinctValuesWhere(ex, table, column, (v) => sql`${v} ilike ${likePattern(text)}`, walk);
}

/** The distinct values of `column` that start with `text` (case-sensitive, as LIKE 'text%'), or null past MAX_DISTINCT_VALUES. */
export async function distinctValuesStartingWith(ex: Executor, table: string, column: string, text: string, walk: DistinctWalk = {}): Promise<string[] | null> {
  return distinctValuesWhere(ex, table, column, (v) => startingWith(v, text), walk);
}

/** The distinct values the walk finds that `matches` accepts (tested in the same statement), or null past MAX_DISTINCT_VALUES. */
async function distinctValuesWhere(ex: Executor, table: string, column: string, matches: (value: SQL) => SQL, walk: DistinctWalk): Promise<string[] | null> {
  const result = await ex.execute(sql`select v, ${matches(sql`v`)} as hit from (${distinctWalk(table, column, walk)}) walked`);
  const rows = rowsOf<{ v: string; hit: boolean }>(result);
  return rows.length > MAX_DISTINCT_VALUES ? null : rows.filter((r) => r.hit).map((r) => r.v);
}

/**
 * `column ILIKE '%text%'` as `column IN (…)` over its matching distinct values when there are few
 * (distinctValuesContaining), else the ILIKE itself: the same rows either way.
 */
export async function containingByValues(ex: Executor, column: PgColumn, text: string, walk: DistinctWalk = {}): Promise<SQL> {
  const values = await distinctValuesContaining(ex, getTableName(column.table), column.name, text, walk);
  if (!values) return containing(column, text);
  return values.length ? inArray(column, values) : sql`false`;
}

/** Rows the top plan node of an `EXPLAIN (FORMAT JSON)` answer expects (both drivers parse the JSON). */
export function estimatedRows(result: unknown): number {
  // Drivers answer `{ rows }`; a proxy driver (the API bench's capture) answers the rows themselves.
  const rows = Array.isArray(result) ? (result as Record<string, unknown>[]) : (result as { rows: Record<string, unknown>[] }).rows;
  const [first] = rows;
  const value = first ? Object.values(first)[0] : undefined;
  const document = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  const planned = (document as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return Math.round(Number(planned ?? 0));
}
