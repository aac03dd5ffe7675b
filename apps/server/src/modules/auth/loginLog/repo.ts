import { and, count, countDistinct, desc, eq, gt, gte, inArray, lt, max, or, sql, type SQL } from 'drizzle-orm';
import type { LoginType, PageParameter } from '@dandelion/shared';
import type { Db, Executor } from '../../../core/db';
import { MAX_EXPORT_ROWS } from '../../../core/excel';
import { checkRange, countUpTo, logPage, purgeOlder, timeWithin, type TimeRange } from '../../../core/listing';
import { createdBy } from '../../../core/records';
import { containing, startingWith } from '../../../core/sql';
import { chinaDay } from '../../../core/chinaDays';
import { sysLoginLog, sysLoginNameEnding, type FailureKind } from './tables';

/** Every query of the sign-in log: the attempts written, the brute-force counters, the owner's and the administrator's reads. */

export interface LoginAttempt {
  loginName: string;
  userId: number | null;
  loginType: LoginType;
  ip: string;
  userAgent: string | null;
  success: boolean;
  message: string;
  /** Set only on a failed password check; see the column. */
  failureKind?: FailureKind | null;
}

export async function insertAttempt(ex: Executor, attempt: LoginAttempt): Promise<void> {
  await ex.insert(sysLoginLog).values({ ...attempt, ...createdBy(null) });
}

/**
 * A key the brute-force counters count by: an account (its wrong passwords), an account from one
 * address (the pair that gets locked), or an address (every password it tried, known names or not).
 */
export type FailureKey = { loginName: string; ip?: undefined } | { loginName: string; ip: string } | { ip: string; loginName?: undefined };

function byKey(key: FailureKey): SQL | undefined {
  return and(key.loginName !== undefined ? eq(sysLoginLog.loginName, key.loginName) : undefined, key.ip !== undefined ? eq(sysLoginLog.ip, key.ip) : undefined);
}
/** The failures a key counts: by account its wrong passwords and wrong second-factor codes; by address alone also unknown names. */
const countedFailures = (key: FailureKey) =>
  key.loginName !== undefined
    ? inArray(sysLoginLog.failureKind, ['PASSWORD', 'SECOND_FACTOR'])
    : inArray(sysLoginLog.failureKind, ['PASSWORD', 'UNKNOWN_ACCOUNT', 'SECOND_FACTOR']);

/**
 * The latest successful attempt of the key after `after`, or null. For an account, a success of the
 * account under any name counts: an SMS-code sign-in is logged under the phone number, yet it must
 * reset the counters of the username the failures were typed with (the owner's way out of a lock).
 */
export async function lastSuccessAfter(ex: Executor, key: FailureKey, after: Date): Promise<Date | null> {
  const ofAccount =
    key.loginName === undefined
      ? undefined
      : or(
          eq(sysLoginLog.loginName, key.loginName),
          sql`${sysLoginLog.userId} in (select f.user_id from sys_login_log f where f.login_name = ${key.loginName} and f.user_id is not null and f.success = false and f.create_time > ${after})`,
        );
  const [row] = await ex
    .select({ at: max(sysLoginLog.createTime) })
    .from(sysLoginLog)
    .where(and(ofAccount, key.ip !== undefined ? eq(sysLoginLog.ip, key.ip) : undefined, eq(sysLoginLog.success, true), gt(sysLoginLog.createTime, after)));
  return row?.at ?? null;
}

export async function failuresAfter(ex: Executor, key: FailureKey, after: Date): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(sysLoginLog)
    .where(and(byKey(key), eq(sysLoginLog.success, false), countedFailures(key), gt(sysLoginLog.createTime, after)));
  return row?.n ?? 0;
}

/** The time of a counted failure of the key after `after`, `skip` failures back from the newest. */
export async function failureTimeBack(ex: Executor, key: FailureKey, after: Date, skip: number): Promise<Date | null> {
  const rows = await ex
    .select({ at: sysLoginLog.createTime })
    .from(sysLoginLog)
    .where(and(byKey(key), eq(sysLoginLog.success, false), countedFailures(key), gt(sysLoginLog.createTime, after)))
    .orderBy(desc(sysLoginLog.createTime))
    .limit(1)
    .offset(skip);
  return rows[0]?.at ?? null;
}

/** The latest successful sign-in of the user strictly before `before`. */
export async function lastSuccessOfUserBefore(ex: Executor, userId: number, before: Date): Promise<Date | null> {
  const rows = await ex
    .select({ createTime: sysLoginLog.createTime })
    .from(sysLoginLog)
    .where(and(eq(sysLoginLog.userId, userId), eq(sysLoginLog.success, true), lt(sysLoginLog.createTime, before)))
    .orderBy(desc(sysLoginLog.createTime))
    .limit(1);
  return rows[0]?.createTime ?? null;
}

const userRecordColumns = {
  id: sysLoginLog.id,
  time: sysLoginLog.createTime,
  loginType: sysLoginLog.loginType,
  ip: sysLoginLog.ip,
  userAgent: sysLoginLog.userAgent,
  success: sysLoginLog.success,
  message: sysLoginLog.message,
};

export async function pageOfUser(ex: Executor, userId: number, limit: number, offset: number) {
  return ex
    .select(userRecordColumns)
    .from(sysLoginLog)
    .where(eq(sysLoginLog.userId, userId))
    .orderBy(desc(sysLoginLog.createTime), desc(sysLoginLog.id))
    .limit(limit)
    .offset(offset);
}

export async function countOfUser(ex: Executor, userId: number): Promise<number> {
  return (await ex.select({ n: count() }).from(sysLoginLog).where(eq(sysLoginLog.userId, userId)))[0]?.n ?? 0;
}

/** The administrator's filter of the log console. */
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

/** At most this many names, "login name contains" asks the log for them by name; more, it matches the text in the log itself. */
const MAX_NAMED = 1_000;

/**
 * "Login name contains": the names with an ending that starts with the text (sys_login_name_ending, kept by a
 * trigger on the log), then those names' attempts (sys_login_log_name_time_idx) — the same rows as the text
 * matched case-insensitively in the log.
 */
async function loginNameCondition(db: Db, text: string): Promise<SQL> {
  const names = await db
    .selectDistinct({ name: sysLoginNameEnding.loginName })
    .from(sysLoginNameEnding)
    .where(startingWith(sysLoginNameEnding.ending, text.toLowerCase()))
    .limit(MAX_NAMED + 1);
  if (names.length > MAX_NAMED) return containing(sysLoginLog.loginName, text);
  return names.length ? inArray(sysLoginLog.loginName, names.map((n) => n.name)) : sql`false`;
}

async function condition(db: Db, filter: LoginLogFilter): Promise<SQL | undefined> {
  checkRange(filter);
  return and(
    timeWithin(sysLoginLog.createTime, filter),
    filter.loginName ? await loginNameCondition(db, filter.loginName) : undefined,
    filter.ip ? eq(sysLoginLog.ip, filter.ip) : undefined,
    filter.success !== undefined ? eq(sysLoginLog.success, filter.success) : undefined,
    filter.loginType ? eq(sysLoginLog.loginType, filter.loginType) : undefined,
  );
}

/** The sign-in log as the log console and the home page's trends read it, and its retention purge. */
export function createLoginLogRepo(db: Db) {
  const newestFirst = [desc(sysLoginLog.createTime), desc(sysLoginLog.id)];
  return {
    async page(filter: LoginLogFilter, page: PageParameter) {
      const where = await condition(db, filter);
      return logPage(
        page,
        (limit, offset) => db.select(columns).from(sysLoginLog).where(where).orderBy(...newestFirst).limit(limit).offset(offset),
        (cap) => countUpTo(db, sysLoginLog, where, cap),
      );
    },

    async forExport(filter: LoginLogFilter): Promise<LoginLogItem[]> {
      return db.select(columns).from(sysLoginLog).where(await condition(db, filter)).orderBy(...newestFirst).limit(MAX_EXPORT_ROWS);
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
    async distinctUsers(since: Date): Promise<number> {
      const [row] = await db
        .select({ n: countDistinct(sysLoginLog.userId) })
        .from(sysLoginLog)
        .where(and(gte(sysLoginLog.createTime, since), eq(sysLoginLog.success, true)));
      return Number(row?.n ?? 0);
    },

    /** Deletes sign-in rows older than `before` (the log retention job). */
    purgeBefore: (before: Date) => purgeOlder(db, sysLoginLog, sysLoginLog.id, sysLoginLog.createTime, before),
  };
}
export type LoginLogRepo = ReturnType<typeof createLoginLogRepo>;
