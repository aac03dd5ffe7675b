import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { PageParameter, ServerBody } from '@dandelion/shared';
import type { accessLogCalls } from '@dandelion/shared/base/log';
import { chinaDay } from '../../../../core/chinaDays';
import type { Db } from '../../../../core/db';
import { checkRange, countUpTo, logPage, pathMatching, timeWithin } from '../../../../core/listing';
import { sysAccessLog } from '../tables';

export type AccessLogRow = typeof sysAccessLog.$inferInsert;
/** The access log's search fields. */
export type AccessLogFilter = Omit<ServerBody<typeof accessLogCalls.accessPage>, 'pageParameter'>;

/** Distinct visitors: a signed-in user counts once, an anonymous visitor once per address. */
const visitorKey = sql`coalesce('u' || ${sysAccessLog.userId}::text, 'a' || ${sysAccessLog.ip})`;

function condition(filter: AccessLogFilter): SQL | undefined {
  checkRange(filter);
  return and(
    timeWithin(sysAccessLog.createTime, filter),
    filter.client ? eq(sysAccessLog.client, filter.client) : undefined,
    filter.path ? pathMatching(sysAccessLog.path, filter.path) : undefined,
    filter.username ? eq(sysAccessLog.username, filter.username) : undefined,
    filter.ip ? eq(sysAccessLog.ip, filter.ip) : undefined,
  );
}

/** Queries of the access log (page views); rows are written in batches by the log module's writer. */
export const accessLogRepo = {
  insertMany: (db: Db, rows: AccessLogRow[]) => db.insert(sysAccessLog).values(rows),

  page(db: Db, filter: AccessLogFilter, page: PageParameter) {
    const where = condition(filter);
    return logPage(
      page,
      (limit, offset) => db.select().from(sysAccessLog).where(where).orderBy(desc(sysAccessLog.createTime), desc(sysAccessLog.id)).limit(limit).offset(offset),
      (cap) => countUpTo(db, sysAccessLog, where, cap),
    );
  },

  /** Views per China day and client since `since`, with distinct visitors per day. */
  perDay(db: Db, since: Date) {
    const day = chinaDay(sysAccessLog.createTime);
    return db
      .select({
        date: day,
        portal: sql<number>`count(*) filter (where ${sysAccessLog.client} = 'PORTAL')`.mapWith(Number),
        console: sql<number>`count(*) filter (where ${sysAccessLog.client} = 'CONSOLE')`.mapWith(Number),
        visitors: sql<number>`count(distinct ${visitorKey})`.mapWith(Number),
      })
      .from(sysAccessLog)
      .where(gte(sysAccessLog.createTime, since))
      .groupBy(day);
  },

  async distinctVisitors(db: Db, since: Date): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(distinct ${visitorKey})`.mapWith(Number) }).from(sysAccessLog).where(gte(sysAccessLog.createTime, since));
    return row?.n ?? 0;
  },

  /** The most viewed pages since `since`, with the newest title seen for each. */
  async topPages(db: Db, since: Date, limit: number) {
    const rows = await db
      .select({
        client: sysAccessLog.client,
        path: sysAccessLog.path,
        title: sql<string | null>`(array_agg(${sysAccessLog.title} order by ${sysAccessLog.createTime} desc) filter (where ${sysAccessLog.title} is not null))[1]`,
        views: count().as('views'),
      })
      .from(sysAccessLog)
      .where(gte(sysAccessLog.createTime, since))
      .groupBy(sysAccessLog.client, sysAccessLog.path)
      .orderBy(desc(sql`views`), sysAccessLog.path)
      .limit(limit);
    return rows.map((p) => ({ ...p, views: Number(p.views) }));
  },
};
