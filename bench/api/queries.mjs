// The four statements behind POST /rest/content/queryClientListByPage, written out by hand
// exactly as the server's Drizzle code sends them (apps/server/src/modules/cms/portal/repo.ts),
// with the same parameters. `query(text, params)` is PGlite's or node-postgres' query function.

export const SITE_SQL =
  'select "id", "site_code", "site_name", "display_name", "site_status", "theme_id", "portal_id", "is_default", ' +
  '"create_time", "create_by", "create_by_id", "update_time", "update_by", "update_by_id", "del_flag", "lock_version" ' +
  'from "cms_site" where ("cms_site"."is_default" = $1 and "cms_site"."site_status" = $2 and "cms_site"."del_flag" = $3) ' +
  'order by "cms_site"."is_default" desc, "cms_site"."id" asc limit $4';

export const CATALOG_SQL =
  'select "id", "site_id", "parent_catalog_id", "catalog_name", "code", "catalog_path", "level", "sort", "catalog_status", ' +
  '"catalog_type", "link_type", "open_type", "catalog_content_type", "create_time", "create_by", "create_by_id", ' +
  '"update_time", "update_by", "update_by_id", "del_flag", "lock_version" ' +
  'from "cms_catalog" where ("cms_catalog"."site_id" = $1 and "cms_catalog"."code" = $2 and "cms_catalog"."catalog_status" = $3 and "cms_catalog"."del_flag" = $4) limit $5';

const VISIBLE =
  'where ("cms_content"."catalog_id" = $1 and "cms_content"."status" = $2 and "cms_content"."publish_time" <= $3 and "cms_content"."del_flag" = $4)';

export const PAGE_SQL =
  'select "id", "catalog_id", "title", "summary", "author", "is_top", "publish_time" from "cms_content" ' +
  VISIBLE +
  ' order by "cms_content"."is_top" desc, "cms_content"."sort" desc, "cms_content"."publish_time" desc, "cms_content"."id" desc limit $5 offset $6';

export const COUNT_SQL = 'select count(*) from "cms_content" ' + VISIBLE;

export async function findDefaultSite(query) {
  const { rows } = await query(SITE_SQL, [true, '2', 0, 1]);
  return rows[0] ?? null;
}

export async function findEnabledCatalog(query, siteId, code) {
  const { rows } = await query(CATALOG_SQL, [siteId, code, 'ENABLE', 0, 1]);
  return rows[0] ?? null;
}

/** The whole call: site → catalogue → (page ‖ count), the last two concurrently as the server's paginate() does. */
export async function listByCatalog(query, catalogCode, { pageNum, pageSize }) {
  const site = await findDefaultSite(query);
  if (!site) return null;
  const catalog = await findEnabledCatalog(query, site.id, catalogCode);
  if (!catalog) return null;
  // Drizzle binds `new Date()` of the request as an ISO string.
  const now = new Date().toISOString();
  const filter = [catalog.id, 'PUBLISHED', now, 0];
  const [page, count] = await Promise.all([
    query(PAGE_SQL, [...filter, pageSize, (pageNum - 1) * pageSize]),
    query(COUNT_SQL, filter),
  ]);
  return { list: page.rows, total: Number(count.rows[0].count), pageNum, pageSize };
}
