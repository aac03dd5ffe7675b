import { bigint, boolean, index, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../core/records';

/**
 * Signed-in sessions. Only the SHA-256 of the token is stored: a copy of the
 * table cannot be replayed. Revocation sets revoked_at and is broadcast so every
 * instance drops its cached copy at once.
 */
export const sysSession = pgTable(
  'sys_session',
  {
    id: idColumn(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** How the user signed in: ACCOUNT, PHONE_PASSWORD, SMS, CAS, OAUTH. */
    loginType: varchar('login_type', { length: 16 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('sys_session_token_uq').on(t.tokenHash), index('sys_session_user_idx').on(t.userId)],
);

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
    ...auditColumns,
  },
  (t) => [
    index('sys_login_log_name_time_idx').on(t.loginName, t.createTime),
    index('sys_login_log_ip_time_idx').on(t.ip, t.createTime),
    // The personal centre's sign-in history and "last sign-in" read by user.
    index('sys_login_log_user_time_idx').on(t.userId, t.createTime),
    // The administrator's sign-in log, newest first, and the home page's daily trend.
    index('sys_login_log_time_idx').on(t.createTime),
  ],
);

/** Image captchas: one use, short life, checked on any instance. */
export const sysCaptcha = pgTable(
  'sys_captcha',
  {
    id: idColumn(),
    captchaKey: varchar('captcha_key', { length: 64 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    attempts: smallint('attempts').notNull().default(0),
    ...auditColumns,
  },
  (t) => [uniqueIndex('sys_captcha_key_uq').on(t.captchaKey)],
);
