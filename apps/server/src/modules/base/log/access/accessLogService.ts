import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Db } from '../../../../core/db';
import type { BatchWriter } from '../batchWriter';
import { checkRange, countUpTo, logPage, pathMatching, timeWithin, type TimeRange } from '../../../../core/listing';
import { sysAccessLog } from '../schema';
import { chinaDay } from '../../../../core/chinaDays';

export const ACCESS_CLIENTS = ['PORTAL', 'CONSOLE'] as const;
export type AccessClient = (typeof ACCESS_CLIENTS)[number];
export type AccessLogRow = typeof sysAccessLog.$inferInsert;

export interface PageView {
  client: AccessClient;
  path: string;
  title?: string;
  referrer?: string;
}

export interface Visitor {
  userId: number | null;
  username: string | null;
  ip: string;
  userAgent: string | null;
}

export interface AccessLogFilter extends TimeRange {
  client?: AccessClient;
  path?: string;
  username?: string;
  ip?: string;
}

/** A referrer without its query string and fragment: those may carry tokens or personal data. */
export function plainReferrer(referrer: string | undefined): string | null {
  if (!referrer) return null;
  const cut = referrer.split(/[?#]/)[0]!.trim();
  return cut ? cut.slice(0, 256) : null;
}

/** Distinct visitors: a signed-in user counts once, an anonymous visitor once per address. */
const visitorKey = sql`coalesce('u' || ${sysAccessLog.userId}::text, 'a' || ${sysAccessLog.ip})`;

/** Page views (the access log): recorded from the browser's beacon, listed and summed for the home page. */
export function createAccessLogService({ db, writer }: { db: Db; writer: BatchWriter<AccessLogRow> }) {
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

  return {
    /** Queues one page view; it is written with the next batch. */
    record(view: PageView, visitor: Visitor) {
      writer.push({
        client: view.client,
        path: view.path,
        title: view.title?.trim().slice(0, 128) || null,
        referrer: plainReferrer(view.referrer),
        userId: visitor.userId,
        username: visitor.username,
        ip: visitor.ip.slice(0, 64),
        userAgent: visitor.userAgent?.slice(0, 256) || null,
        createTime: new Date(),
      });
    },

    page(filter: AccessLogFilter, page: PageParameter) {
      const where = condition(filter);
      return logPage(
        page,
        (limit, offset) => db.select().from(sysAccessLog).where(where).orderBy(desc(sysAccessLog.createTime), desc(sysAccessLog.id)).limit(limit).offset(offset),
        (cap) => countUpTo(db, sysAccessLog, where, cap),
      );
    },

    /** Views per China day and client since `since`, with distinct visitors per day. */
    async perDay(since: Date) {
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

    async distinctVisitors(since: Date): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(distinct ${visitorKey})`.mapWith(Number) }).from(sysAccessLog).where(gte(sysAccessLog.createTime, since));
      return row?.n ?? 0;
    },

    /** The most viewed pages since `since`, with the newest title seen for each. */
    async topPages(since: Date, limit: number) {
      return db
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
    },
  };
}
export type AccessLogService = ReturnType<typeof createAccessLogService>;
