import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';

/** Catalogues of a site (spec §3 Catalogue). */
export const cmsCatalog = pgTable(
  'cms_catalog',
  {
    id: idColumn(),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    parentCatalogId: bigint('parent_catalog_id', { mode: 'number' }),
    catalogName: varchar('catalog_name', { length: 128 }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    catalogPath: varchar('catalog_path', { length: 256 }),
    level: integer('level').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    catalogStatus: varchar('catalog_status', { length: 16 }).notNull().default('ENABLE'),
    catalogType: varchar('catalog_type', { length: 32 }).notNull().default('TITLE_COLUMN'),
    linkType: varchar('link_type', { length: 32 }).notNull().default('FRONT_LINK'),
    openType: varchar('open_type', { length: 32 }).notNull().default('INTERNAL_OPEN'),
    catalogContentType: varchar('catalog_content_type', { length: 32 }).notNull().default('ATTILE'),
    /** For linkType EXTERNAL_LINK: where the navigation entry goes. */
    linkUrl: varchar('link_url', { length: 512 }),
    /** The cms_template that renders the catalogue's list page, if not the default. */
    templateId: bigint('template_id', { mode: 'number' }),
    description: varchar('description', { length: 512 }),
    /** Shown in the portal's navigation bar. */
    showInNav: boolean('show_in_nav').notNull().default(true),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('cms_catalog_site_code_uq').on(t.siteId, t.code).where(sql`del_flag = 0`),
    index('cms_catalog_parent_idx').on(t.parentCatalogId),
  ],
);

registerUniqueField('cms_catalog_site_code_uq', '栏目编码');
