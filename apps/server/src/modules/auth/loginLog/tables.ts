import { bigint, boolean, index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../../core/records';

export type FailureKind = 'PASSWORD' | 'UNKNOWN_ACCOUNT' | 'SECOND_FACTOR';

/** Every sign-in attempt, successful or not; also the source of the brute-force counters. */
export const sysLoginLog = pgTable(
  'sys_login_log',
  {
    id: idColumn(),
    /** The name the caller typed (lower-cased), or the phone number. */
    loginName: varchar('login_name', { length: 64 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    loginType: varchar('login_type', { length: 16 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 512 }),
    success: boolean('success').notNull(),
    /** What the user was told, e.g. 用户名或密码错误. */
    message: varchar('message', { length: 256 }),
    /**
     * What a failure counts as for the brute-force counters: PASSWORD (a wrong password for an
     * existing account), UNKNOWN_ACCOUNT (a password tried on a name nobody has), SECOND_FACTOR (a wrong
     * two-factor or recovery code after a right password: counted like a wrong password). Other failures
     * (captcha, locked, third-party, SMS) are logged but count nothing: nobody can lock a name by
     * sending requests that never check its password.
     */
    failureKind: varchar('failure_kind', { length: 16 }).$type<FailureKind>(),
    ...auditColumns,
  },
  (t) => [
    index('sys_login_log_name_time_idx').on(t.loginName, t.createTime),
    index('sys_login_log_ip_time_idx').on(t.ip, t.createTime),
    // "Signed in by SMS" (or any one way): a share of the log too large to find by walking the time order.
    index('sys_login_log_type_time_idx').on(t.loginType, t.createTime),
    // The personal centre's sign-in history and "last sign-in" read by user.
    index('sys_login_log_user_time_idx').on(t.userId, t.createTime),
    // The administrator's sign-in log, newest first, and the home page's daily trend.
    index('sys_login_log_time_idx').on(t.createTime),
    // The log console's "login name contains": trigrams (pg_trgm) for three characters or more.
    index('sys_login_log_name_trgm_idx').using('gin', t.loginName.op('gin_trgm_ops')),
  ],
);

/**
 * Every name the sign-in log holds, once, and every ending of it lower-cased (`lbu004242`: `lbu004242`,
 * `bu004242`, … `2`), kept by a trigger on sys_login_log (migration 0037; names of purged rows stay, matching
 * nothing). "Login name contains x" is "some ending of the name starts with x": a prefix range in this B-tree,
 * a few index entries whatever the names look like. The trigram index on the log read hundreds of pages for ten
 * matches when every name shares a prefix (an employee-number scheme: `lbu…` in a million rows).
 */
export const sysLoginName = pgTable('sys_login_name', {
  loginName: varchar('login_name', { length: 64 }).primaryKey(),
});

export const sysLoginNameEnding = pgTable(
  'sys_login_name_ending',
  {
    ending: varchar('ending', { length: 64 }).notNull(),
    loginName: varchar('login_name', { length: 64 }).notNull(),
  },
  // Only new names get their endings, so each (ending, name) is there once. The index answers from its entries alone.
  (t) => [index('sys_login_name_ending_idx').on(t.ending.op('varchar_pattern_ops'), t.loginName)],
);

