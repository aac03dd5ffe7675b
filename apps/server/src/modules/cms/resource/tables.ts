import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../../core/records';

/**
 * The resource library (`/cms/resource`): images, documents, videos and links an editor keeps for
 * reuse; 发布文章 turns one into a draft article in a catalogue.
 */
export const cmsResource = pgTable(
  'cms_resource',
  {
    id: idColumn(),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    resourceName: varchar('resource_name', { length: 128 }).notNull(),
    /** IMAGE, DOCUMENT, VIDEO or LINK. */
    resourceType: varchar('resource_type', { length: 16 }).notNull(),
    /** The uploaded file (all types but LINK). */
    fileId: varchar('file_id', { length: 64 }),
    url: varchar('url', { length: 512 }),
    tags: varchar('tags', { length: 256 }),
    description: varchar('description', { length: 1024 }),
    ...auditColumns,
  },
  (t) => [index('cms_resource_site_type_idx').on(t.siteId, t.resourceType).where(sql`del_flag = 0`)],
);
