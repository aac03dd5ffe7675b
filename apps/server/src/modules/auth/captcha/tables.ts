import { pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../../core/records';

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
