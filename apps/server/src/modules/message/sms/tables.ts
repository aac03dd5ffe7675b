import { bigint, index, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { SmsStatus } from '@dandelion/shared/message/sms';
import { auditColumns, idColumn } from '../../../core/records';

/** Every SMS the system sent (or tried to): the audit trail /rest/smsService/getSmsByPage lists. */
export const sysSmsLog = pgTable(
  'sys_sms_log',
  {
    id: idColumn(),
    phone: varchar('phone', { length: 20 }).notNull(),
    /** The text sent; a verification code in it is masked once the code is used or expires. */
    content: varchar('content', { length: 512 }).notNull(),
    /** LOGIN, REGISTER, RESET_PASSWORD, BIND_PHONE, or NOTICE for non-code messages. */
    purpose: varchar('purpose', { length: 32 }).notNull(),
    /** LOG (recorded only) or WEBHOOK. */
    provider: varchar('provider', { length: 32 }).notNull(),
    /** SENT or FAILED. */
    status: varchar('status', { length: 16 }).$type<SmsStatus>().notNull(),
    error: varchar('error', { length: 512 }),
    ip: varchar('ip', { length: 64 }),
    ...auditColumns,
  },
  (t) => [index('sys_sms_log_phone_time_idx').on(t.phone, t.createTime), index('sys_sms_log_time_idx').on(t.createTime)],
);

/** One-time SMS verification codes, stored hashed. */
export const sysVerifyCode = pgTable(
  'sys_verify_code',
  {
    id: idColumn(),
    phone: varchar('phone', { length: 20 }).notNull(),
    purpose: varchar('purpose', { length: 32 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Wrong guesses against this code; it dies after a few. */
    attempts: smallint('attempts').notNull().default(0),
    ip: varchar('ip', { length: 64 }),
    smsLogId: bigint('sms_log_id', { mode: 'number' }),
    ...auditColumns,
  },
  (t) => [index('sys_verify_code_phone_idx').on(t.phone, t.purpose, t.createTime), index('sys_verify_code_ip_idx').on(t.ip, t.createTime)],
);
