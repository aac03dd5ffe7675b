import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../../core/records';

/**
 * Carousel pictures (spec §7 `/rest/componentService/rotatePictures {code}`): grouped by a position
 * code per site (e.g. HOME), shown by sort while enabled and inside their optional time window.
 */
export const cmsBanner = pgTable(
  'cms_banner',
  {
    id: idColumn(),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    /** Position code the portal asks for, e.g. HOME. */
    code: varchar('code', { length: 64 }).notNull(),
    title: varchar('title', { length: 128 }).notNull(),
    imageFileId: varchar('image_file_id', { length: 64 }).notNull(),
    linkUrl: varchar('link_url', { length: 512 }),
    /** INTERNAL_OPEN or EXTERNAL_OPEN (a new window). */
    openType: varchar('open_type', { length: 32 }).notNull().default('INTERNAL_OPEN'),
    sort: integer('sort').notNull().default(0),
    /** ENABLE or DISABLE. */
    status: varchar('status', { length: 16 }).notNull().default('ENABLE'),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [index('cms_banner_site_code_idx').on(t.siteId, t.code, t.sort).where(sql`del_flag = 0`)],
);
