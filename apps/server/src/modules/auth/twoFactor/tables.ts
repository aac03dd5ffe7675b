import { bigint, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from '../../../core/records';

/**
 * A user's TOTP authenticator. The secret is kept only encrypted (AES-256-GCM, key derived from the
 * server's seal key, the user id as additional data): a copy of the table gives no codes.
 * pending_secret holds a secret shown by beginEnrol until a code from it confirms the enrolment.
 */
export const sysUserTwoFactor = pgTable(
  'sys_user_two_factor',
  {
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    secret: varchar('secret', { length: 256 }),
    pendingSecret: varchar('pending_secret', { length: 256 }),
    /** null: not enrolled (a pending secret may wait). */
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    /** The 30-second step of the last code accepted: a code is accepted once, a replay is refused. */
    lastTimeStep: bigint('last_time_step', { mode: 'number' }).notNull().default(0),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_user_two_factor_user_uq').on(t.userId)],
);

/** Single-use recovery codes, as SHA-256 of the code (they are 50 random bits, not passwords). */
export const sysTwoFactorRecoveryCode = pgTable(
  'sys_two_factor_recovery_code',
  {
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_two_factor_recovery_user_code_uq').on(t.userId, t.codeHash)],
);

/**
 * The pending second step of a sign-in whose password was right: short-lived, single use, bound to the
 * user and to the name they typed (the brute-force counters count its wrong codes under that name).
 */
export const sysTwoFactorChallenge = pgTable(
  'sys_two_factor_challenge',
  {
    id: idColumn(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    loginName: varchar('login_name', { length: 64 }).notNull(),
    loginType: varchar('login_type', { length: 16 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_two_factor_challenge_token_uq').on(t.tokenHash), index('sys_two_factor_challenge_expires_idx').on(t.expiresAt)],
);

/** Devices a user chose to remember after a second step: the token's SHA-256, the owner, until when. */
export const sysTrustedDevice = pgTable(
  'sys_trusted_device',
  {
    id: idColumn(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    userAgent: varchar('user_agent', { length: 512 }),
    ip: varchar('ip', { length: 64 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_trusted_device_token_uq').on(t.tokenHash), index('sys_trusted_device_user_idx').on(t.userId)],
);
