import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { MessageCategory } from '@dandelion/shared/message/msg';
import { auditColumns, idColumn } from '../../../core/records';

/**
 * In-site messages (spec §7 /rest/msg/*): one row per recipient, written by the system through the
 * message service (declarations, scheduled tasks, template sending). create_by names the sender.
 */
export const sysMsg = pgTable(
  'sys_msg',
  {
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    /** Plain text; shown with its line breaks. */
    content: varchar('content', { length: 4000 }).notNull().default(''),
    /** SYSTEM, DECLARATION, REVIEW, TASK, TEMPLATE. */
    category: varchar('category', { length: 32 }).$type<MessageCategory>().notNull().default('SYSTEM'),
    /** A site address the message leads to (root-relative), if any. */
    link: varchar('link', { length: 512 }),
    readTime: timestamp('read_time', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [
    index('sys_msg_user_time_idx').on(t.userId, t.createTime),
    index('sys_msg_user_unread_idx').on(t.userId).where(sql`read_time is null and del_flag = 0`),
  ],
);
