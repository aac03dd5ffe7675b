import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../../core/records';

/** Articles. Only PUBLISHED rows with a publish time in the past reach the portal. */
export const cmsContent = pgTable(
  'cms_content',
  {
    id: idColumn(),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    catalogId: bigint('catalog_id', { mode: 'number' }).notNull(),
    title: varchar('title', { length: 256 }).notNull(),
    subject: varchar('subject', { length: 256 }),
    summary: varchar('summary', { length: 1024 }),
    /** Sanitised HTML. */
    body: text('body'),
    author: varchar('author', { length: 64 }),
    source: varchar('source', { length: 128 }),
    /** DRAFT, PUBLISHED or OFFLINE. */
    status: varchar('status', { length: 16 }).notNull().default('DRAFT'),
    publishTime: timestamp('publish_time', { withTimezone: true }),
    isTop: boolean('is_top').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    ...auditColumns,
  },
  (t) => [
    // Matches the portal list exactly (filter and sort; DESC means NULLS FIRST in the query), so a page
    // is an index range scan instead of a sort of the whole catalogue.
    index('cms_content_published_list_idx')
      .on(t.catalogId, t.isTop.desc().nullsFirst(), t.sort.desc().nullsFirst(), t.publishTime.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'PUBLISHED' and del_flag = 0`),
  ],
);
