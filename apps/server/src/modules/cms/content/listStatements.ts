import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { EXACT_COUNT_LIMIT, estimatedRows, paginate, totalFromEstimate } from '../../../core/pagination';
import { notDeleted } from '../../../core/records';
import { catalogNames } from '../catalog/module';
import { cmsContent } from './tables';

/**
 * The back office's article list built once per filter shape instead of on every request. Drizzle building the
 * page query (with its catalogue-name join), the limited count and the EXPLAIN from scratch was about a quarter
 * of the server's busy time on this list (docs/framework-overhead.md); here each shape's three statements are
 * built once with placeholders and run with the request's values: the same SQL text, the same parameters, sent
 * the same way (unnamed statements: the database plans each with its values, as before).
 * The title and author filters are looked up in indexes first and change the statement with the keyword
 * (repo.ts); lists filtered by them are built as before.
 */

/**
 * What the back office's list shows of an article: never the body or the search columns, which are
 * most of a row's bytes (a page of ten would read and ship them for nothing).
 */
export const listColumns = {
  id: cmsContent.id,
  siteId: cmsContent.siteId,
  catalogId: cmsContent.catalogId,
  title: cmsContent.title,
  author: cmsContent.author,
  status: cmsContent.status,
  isTop: cmsContent.isTop,
  sort: cmsContent.sort,
  viewCount: cmsContent.viewCount,
  publishTime: cmsContent.publishTime,
  createTime: cmsContent.createTime,
  createBy: cmsContent.createBy,
  createById: cmsContent.createById,
  updateTime: cmsContent.updateTime,
  updateBy: cmsContent.updateBy,
  updateById: cmsContent.updateById,
  delFlag: cmsContent.delFlag,
  lockVersion: cmsContent.lockVersion,
};
/** What the back office's list filters by (repo.ts builds the statements of a title or author filter itself). */
export interface ContentFilter {
  title?: string;
  catalogIds?: number[] | null;
  status?: string;
  author?: string;
  publishTimeFrom?: Date;
  publishTimeTo?: Date;
}

/** Filters whose shape alone decides the statements: which are set, and how many catalogues. */
export type ShapedFilter = Omit<ContentFilter, 'title' | 'author'>;

/** The shape of a filter, or null when the filter needs its statements built for its values. */
export function shapeOf(filter: ContentFilter): string | null {
  if (filter.title || filter.author) return null;
  return `${filter.catalogIds ? filter.catalogIds.length : '-'}|${filter.status ? 's' : '-'}|${filter.publishTimeFrom ? 'f' : '-'}|${filter.publishTimeTo ? 't' : '-'}`;
}

/** The filter with placeholders: conditions in the order repo.ts builds them, so the text is the same. */
function shapedWhere(filter: ShapedFilter): SQL | undefined {
  return and(
    notDeleted(cmsContent),
    filter.catalogIds ? inArray(cmsContent.catalogId, filter.catalogIds.map((_, i) => sql.placeholder(`catalog${i}`))) : undefined,
    filter.status ? eq(cmsContent.status, sql.placeholder('status')) : undefined,
    filter.publishTimeFrom || filter.publishTimeTo
      ? and(
          // repo.ts's publishedWithin: is_top named with both its values lets the order index serve the range.
          inArray(cmsContent.isTop, [true, false]),
          filter.publishTimeFrom ? gte(cmsContent.publishTime, sql.placeholder('publishTimeFrom')) : undefined,
          filter.publishTimeTo ? lte(cmsContent.publishTime, sql.placeholder('publishTimeTo')) : undefined,
        )
      : undefined,
  );
}

/** The values of a filter's placeholders, as the columns hand them to the driver. */
function valuesOf(filter: ShapedFilter): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  filter.catalogIds?.forEach((id, i) => (values[`catalog${i}`] = cmsContent.catalogId.mapToDriverValue(id)));
  if (filter.status) values.status = cmsContent.status.mapToDriverValue(filter.status);
  if (filter.publishTimeFrom) values.publishTimeFrom = cmsContent.publishTime.mapToDriverValue(filter.publishTimeFrom);
  if (filter.publishTimeTo) values.publishTimeTo = cmsContent.publishTime.mapToDriverValue(filter.publishTimeTo);
  return values;
}

/** Turns a statement with placeholders into its text and parameters (our databases use Drizzle's default dialect). */
const dialect = new PgDialect();

function buildStatements(ex: Executor, filter: ShapedFilter) {
  const where = shapedWhere(filter);
  const names = catalogNames(ex);
  const page = ex
    .select({ row: listColumns, catalogName: names.catalogName })
    .from(cmsContent)
    .leftJoin(names, eq(names.catalogId, cmsContent.catalogId))
    .where(where)
    .orderBy(desc(cmsContent.isTop), desc(cmsContent.publishTime), desc(cmsContent.createTime), desc(cmsContent.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('');
  // countOrEstimate's statements (core/pagination.ts), built once.
  const limited = ex.select({ one: sql`1` }).from(cmsContent).where(where).limit(EXACT_COUNT_LIMIT + 1).as('limited');
  const limitedCount = ex.select({ n: count() }).from(limited).prepare('');
  const explain = dialect.sqlToQuery(sql`explain (format json) ${ex.select({ one: sql`1` }).from(cmsContent).where(where)}`);
  const estimate = ex._.session.prepareQuery(explain, undefined, '', false);
  return { page, limitedCount, estimate };
}
type Statements = ReturnType<typeof buildStatements>;

/** Each executor's statements by shape; an executor (the database, or a transaction) keeps only its own. */
const byExecutor = new WeakMap<Executor, Map<string, Statements>>();
/** Shapes differ only in which filters are set and how many catalogues: a handful in practice. */
const MAX_SHAPES = 256;

function statementsFor(ex: Executor, shape: string, filter: ShapedFilter): Statements {
  let shapes = byExecutor.get(ex);
  if (!shapes) byExecutor.set(ex, (shapes = new Map()));
  let statements = shapes.get(shape);
  if (!statements) {
    if (shapes.size >= MAX_SHAPES) shapes.clear();
    statements = buildStatements(ex, filter);
    shapes.set(shape, statements);
  }
  return statements;
}

/** A page of the list for a filter of known shape: what repo.ts's page() answers for it. */
export function shapedPage(ex: Executor, shape: string, filter: ShapedFilter, page: PageParameter) {
  const statements = statementsFor(ex, shape, filter);
  const values = valuesOf(filter);
  return paginate(
    page,
    (limit, offset) => statements.page.execute({ ...values, limit, offset }),
    async () =>
      totalFromEstimate(estimatedRows(await statements.estimate.execute(values)), async () => {
        const [row] = (await statements.limitedCount.execute(values)) as { n: number }[];
        return Number(row?.n ?? 0);
      }),
  );
}
