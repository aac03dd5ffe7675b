import { bigint, index, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from '../../../core/records';

/**
 * Operation log: who changed what, with the record before and after (secrets removed).
 * Written in the same transaction as the change, so a change never lands without its row.
 */
export const sysOperLog = pgTable(
  'sys_oper_log',
  {
    id: idColumn(),
    /** Module and feature, e.g. system:org. */
    module: varchar('module', { length: 64 }).notNull(),
    /** CREATE, UPDATE, DELETE, RESTORE, BIND, MOVE, … */
    action: varchar('action', { length: 32 }).notNull(),
    entityId: varchar('entity_id', { length: 64 }),
    /** A line a person can read: 新增机构「财务处」. */
    summary: varchar('summary', { length: 512 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    userId: bigint('user_id', { mode: 'number' }),
    username: varchar('username', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
    requestId: varchar('request_id', { length: 64 }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_oper_log_time_idx').on(t.createTime), index('sys_oper_log_module_time_idx').on(t.module, t.createTime), index('sys_oper_log_entity_idx').on(t.module, t.entityId)],
);
