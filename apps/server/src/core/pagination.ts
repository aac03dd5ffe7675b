import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Page, PageParameter } from '@dandelion/shared';
import type { Executor } from './db';

/**
 * Runs a page query and its count: `pageParameter` → `{ list, total, pageNum, pageSize }`.
 * The caller builds both queries with the same filter; this keeps the arithmetic in one place.
 */
export async function paginate<T>(
  page: PageParameter,
  fetchRows: (limit: number, offset: number) => Promise<T[]>,
  countRows: () => Promise<number>,
): Promise<Page<T>> {
  const offset = (page.pageNum - 1) * page.pageSize;
  const [list, total] = await Promise.all([fetchRows(page.pageSize, offset), countRows()]);
  return { list, total: Number(total), pageNum: page.pageNum, pageSize: page.pageSize };
}

/** How many rows of `table` match `where`: the count half of a page query. */
export async function countWhere(ex: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}
