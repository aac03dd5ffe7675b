import { and, countDistinct, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Db } from '../../../core/db';
import { MAX_EXPORT_ROWS } from '../../../core/excel';
import { sysLoginLog } from '../schema';
import { checkRange, countUpTo, logPage, purgeOlder, timeWithin, type TimeRange } from '../../../core/listing';
import { containing } from '../../../core/sql';
import { chinaDay } from '../../../core/chinaDays';

/**
 * The sign-in log as the log console and the home page's trends read it: the identity module owns
 * the table (it writes every attempt and counts failures from it), so it answers these reads too and
 * purges its own old rows; the log module receives this through app.ts.
 */

export interface LoginLogFilter extends TimeRange {
  loginName?: string;
  ip?: string;
  success?: boolean;
  loginType?: string;
}

const columns = {
  id: sysLoginLog.id,
  loginName: sysLoginLog.loginName,
  userId: sysLoginLog.userId,
  loginType: sysLoginLog.loginType,
  ip: sysLoginLog.ip,
  userAgent: sysLoginLog.userAgent,
  success: sysLoginLog.success,
  message: sysLoginLog.message,
  createTime: sysLoginLog.createTime,
};
type Row = typeof sysLoginLog.$inferSelect;
export type LoginLogItem = { [K in keyof typeof columns]: Row[K] };

function condition(filter: LoginLogFilter): SQL | undefined {
  checkRange(filter);
  return and(
    timeWithin(sysLoginLog.createTime, filter),
    filter.loginName ? containing(sysLoginLog.loginName, filter.loginName) : undefined,
    filter.ip ? eq(sysLoginLog.ip, filter.ip) : undefined,
    filter.success !== undefined ? eq(sysLoginLog.success, filter.success) : undefined,
    filter.loginType ? eq(sysLoginLog.loginType, filter.loginType) : undefined,
  );
}

export function createLoginLogRepo(db: Db) {
  const newestFirst = [desc(sysLoginLog.createTime), desc(sysLoginLog.id)];
  return {
    page(filter: LoginLogFilter, page: PageParameter) {
      const where = condition(filter);
      return logPage(
        page,
        (limit, offset) => db.select(columns).from(sysLoginLog).where(where).orderBy(...newestFirst).limit(limit).offset(offset),
        (cap) => countUpTo(db, sysLoginLog, where, cap),
      );
    },

    forExport(filter: LoginLogFilter): Promise<LoginLogItem[]> {
      return db.select(columns).from(sysLoginLog).where(condition(filter)).orderBy(...newestFirst).limit(MAX_EXPORT_ROWS);
    },

    /** Attempts per China day since `since`: successes, failures and distinct users who got in. */
    async perDay(since: Date) {
      const day = chinaDay(sysLoginLog.createTime);
      const rows = await db
        .select({
          date: day,
          success: sql<number>`count(*) filter (where ${sysLoginLog.success})`.mapWith(Number),
          failure: sql<number>`count(*) filter (where not ${sysLoginLog.success})`.mapWith(Number),
          users: sql<number>`count(distinct ${sysLoginLog.userId}) filter (where ${sysLoginLog.success})`.mapWith(Number),
        })
        .from(sysLoginLog)
        .where(gte(sysLoginLog.createTime, since))
        .groupBy(day);
      return rows;
    },

    /** Distinct users who signed in successfully since `since` (over the whole range, not summed per day). */
    /** Deletes sign-in rows older than `before` (the log retention job). */
    purgeBefore: (before: Date) => purgeOlder(db, sysLoginLog, sysLoginLog.id, sysLoginLog.createTime, before),

    async distinctUsers(since: Date): Promise<number> {
      const [row] = await db
        .select({ n: countDistinct(sysLoginLog.userId) })
        .from(sysLoginLog)
        .where(and(gte(sysLoginLog.createTime, since), eq(sysLoginLog.success, true)));
      return Number(row?.n ?? 0);
    },
  };
}
export type LoginLogRepo = ReturnType<typeof createLoginLogRepo>;
