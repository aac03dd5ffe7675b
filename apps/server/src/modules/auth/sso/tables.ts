import { bigint, index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../../core/records';

/** A local account's identity at an external provider (CAS server or OpenID Connect provider). */
export const sysUserIdentity = pgTable(
  'sys_user_identity',
  {
    id: idColumn(),
    /** 'cas' or the configured OIDC provider code. */
    provider: varchar('provider', { length: 64 }).notNull(),
    /** The provider's stable id of the user (CAS user, OIDC sub). */
    subject: varchar('subject', { length: 256 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('sys_user_identity_uq').on(t.provider, t.subject), index('sys_user_identity_user_idx').on(t.userId)],
);

/** Authorization-code flows in progress: state, PKCE verifier and nonce, shared by all instances. */
export const sysOauthState = pgTable(
  'sys_oauth_state',
  {
    id: idColumn(),
    state: varchar('state', { length: 128 }).notNull(),
    provider: varchar('provider', { length: 64 }).notNull(),
    codeVerifier: varchar('code_verifier', { length: 128 }).notNull(),
    nonce: varchar('nonce', { length: 128 }).notNull(),
    /** Where the browser returns after sign-in (a same-site path). */
    returnTo: varchar('return_to', { length: 512 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('sys_oauth_state_uq').on(t.state)],
);

/**
 * One-time login records: after a third-party callback the browser gets only the
 * record id; GET /thirdLogin/getLoginUser/{id} turns it into a session once.
 */
export const sysThirdLogin = pgTable(
  'sys_third_login',
  {
    id: idColumn(),
    recordId: varchar('record_id', { length: 64 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    provider: varchar('provider', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('sys_third_login_record_uq').on(t.recordId)],
);
