// Puts a realistic number of published articles into the `news` catalogue, straight into the database.
import { findDefaultSite, findEnabledCatalog } from './queries.mjs';

export const CATALOG_CODE = 'news';

// One statement: generate_series keeps it fast on PGlite (WASM) and PostgreSQL alike.
// Publish times are spread over the past (37 min apart, ~257 days for 10 000), one in 1000 is pinned,
// sort varies a little, and every article has a ~2 KB body as real ones do (the list never selects it).
const INSERT_SQL = `
insert into cms_content
  (site_id, catalog_id, title, summary, body, author, source, status, publish_time, is_top, sort, view_count, create_by, update_by)
select $1, $2,
  '基准测试新闻第' || g || '号：科学技术奖励申报与评审工作动态',
  '这是第' || g || '篇用于性能基准测试的新闻摘要，涵盖提名、形式审查、专家评审与结果公示等环节的最新进展。',
  repeat('<p>科学技术奖励工作坚持公开、公平、公正的原则，面向社会广泛征集提名，严格评审程序。</p>', 24),
  '新闻中心', '蒲公英', 'PUBLISHED',
  now() - make_interval(mins => g * 37),
  g % 1000 = 0, g % 5, g * 3 % 997, 'bench', 'bench'
from generate_series(1, $3::int) as g`;

/**
 * Inserts `count` published articles into the `news` catalogue of the default site and refreshes
 * the planner's statistics (a maintained PostgreSQL gets them from autovacuum; PGlite has none).
 */
export async function seedArticles(query, count) {
  const started = Date.now();
  const site = await findDefaultSite(query);
  if (!site) throw new Error('no default online site: did the server seed the database?');
  const catalog = await findEnabledCatalog(query, site.id, CATALOG_CODE);
  if (!catalog) throw new Error(`no enabled catalogue "${CATALOG_CODE}"`);
  await query(INSERT_SQL, [site.id, catalog.id, count]);
  await query('analyze cms_content');
  const { rows } = await query(
    `select count(*) as n from cms_content where catalog_id = $1 and status = 'PUBLISHED' and publish_time <= now() and del_flag = 0`,
    [catalog.id],
  );
  return { inserted: count, publishedInCatalog: Number(rows[0].n), catalogId: Number(catalog.id), ms: Date.now() - started };
}
