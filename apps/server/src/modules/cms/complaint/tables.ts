import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../../core/records';

/**
 * Complaints and suggestions sent from the portal (`/rest/complain/addComplain`), answered in the
 * console. PENDING → REPLIED → CLOSED (or CLOSED straight away).
 */
export const cmsComplaint = pgTable(
  'cms_complaint',
  {
    id: idColumn(),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    title: varchar('title', { length: 128 }).notNull(),
    content: text('content').notNull(),
    complainantName: varchar('complainant_name', { length: 64 }).notNull(),
    /** Phone, landline or a 6–9 digit number (spec §5 Contact). */
    contact: varchar('contact', { length: 32 }).notNull(),
    email: varchar('email', { length: 128 }),
    /** The signed-in portal user who sent it, if any. */
    userId: bigint('user_id', { mode: 'number' }),
    ip: varchar('ip', { length: 64 }),
    status: varchar('status', { length: 16 }).notNull().default('PENDING'),
    reply: text('reply'),
    replyTime: timestamp('reply_time', { withTimezone: true }),
    replyBy: varchar('reply_by', { length: 64 }),
    ...auditColumns,
  },
  (t) => [index('cms_complaint_status_idx').on(t.status, t.createTime).where(sql`del_flag = 0`)],
);
