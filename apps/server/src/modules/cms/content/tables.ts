import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../../core/records';

/** PostgreSQL's tsvector; only ever written by the generated column. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
    /** DRAFT, SCHEDULED (published by the scheduler at publishTime), PUBLISHED or OFFLINE. */
    status: varchar('status', { length: 16 }).notNull().default('DRAFT'),
    /** fileId of the cover image. */
    coverFileId: varchar('cover_file_id', { length: 64 }),
    /** An article that only links elsewhere (the portal opens the link instead of a detail page). */
    linkUrl: varchar('link_url', { length: 512 }),
    /**
     * What full-text search reads: title, subject, summary and body text as overlapping character
     * bigrams (see cms/search/bigrams.ts), so two-character Chinese words are found through the index.
     */
    searchText: text('search_text').notNull().default(''),
    searchDoc: tsvector('search_doc').generatedAlwaysAs(sql`array_to_tsvector(string_to_array(search_text, ' '))`),
    publishTime: timestamp('publish_time', { withTimezone: true }),
    isTop: boolean('is_top').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    ...auditColumns,
  },
  (t) => [
    index('cms_content_search_idx').using('gin', t.searchDoc),
    index('cms_content_site_status_idx').on(t.siteId, t.status),
    // Matches the portal list exactly (filter and sort; DESC means NULLS FIRST in the query), so a page
    // is an index range scan instead of a sort of the whole catalogue.
    index('cms_content_published_list_idx')
      .on(t.catalogId, t.isTop.desc().nullsFirst(), t.sort.desc().nullsFirst(), t.publishTime.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'PUBLISHED' and del_flag = 0`),
    // The back office's list order (every status, newest first), so its default page and deep pages
    // walk the index instead of sorting the whole table.
    index('cms_content_console_list_idx')
      .on(t.isTop.desc().nullsFirst(), t.publishTime.desc().nullsFirst(), t.createTime.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`del_flag = 0`),
    // The back office's count of a catalogue (and status) filter with a title keyword: the titles are in the index, so
    // proving "more than 10 000" reads index entries only — 10 001 articles read from the table were 10 000 heap
    // pages (100 ms cached, 260 ms not; 40 ms this way, busy machine). docs/lists-at-scale.md.
    index('cms_content_catalog_status_title_idx').on(t.catalogId, t.status, t.title).where(sql`del_flag = 0`),
    // The back office's "title contains": trigrams (pg_trgm) for three characters or more (docs/lists-at-scale.md).
    index('cms_content_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    // The authors' names one by one (the author filter walks the distinct names: repo.ts) and the count of
    // one author's articles, read from the index alone.
    index('cms_content_author_idx').on(t.author).where(sql`del_flag = 0`),
  ],
);
