// Puts a realistic number of published articles into the `news` catalogue, straight into the database,
// as the back office would have stored them: with the search text the server's own searchTextOf
// computes (apps/server/src/modules/cms/search/bigrams.ts, bundled here by esbuild). Rows without it
// would be rewritten one by one by the server's background backfill after its start, which then runs
// during the measured rounds and competes with them for the database and the server's CPU.
import { loadBigrams } from '../lib/bigrams.mjs';
import { findDefaultSite, findEnabledCatalog } from './queries.mjs';

export const CATALOG_CODE = 'news';

// Every article has a ~2 KB body as real ones do (the lists never select it).
const BODY = '<p>科学技术奖励工作坚持公开、公平、公正的原则，面向社会广泛征集提名，严格评审程序。</p>'.repeat(24);
const titleOf = (g) => `基准测试新闻第${g}号：科学技术奖励申报与评审工作动态`;
const summaryOf = (g) => `这是第${g}篇用于性能基准测试的新闻摘要，涵盖提名、形式审查、专家评审与结果公示等环节的最新进展。`;

// Columns as arrays, one statement (unnest): fast on PGlite (WASM) and PostgreSQL alike.
// Publish times are spread over the past (37 min apart, ~257 days for 10 000), one in 1000 is pinned,
// sort varies a little.
const INSERT_SQL = `
insert into cms_content
  (site_id, catalog_id, title, summary, body, author, source, status, publish_time, is_top, sort, view_count, search_text, create_by, update_by)
select $1, $2, t, s, $3, '新闻中心', '蒲公英', 'PUBLISHED',
  now() - make_interval(mins => g * 37),
  g % 1000 = 0, g % 5, g * 3 % 997, x, 'bench', 'bench'
from unnest($4::int[], $5::text[], $6::text[], $7::text[]) as a(g, t, s, x)`;

/**
 * Inserts `count` published articles into the `news` catalogue of the default site, then does what
 * autovacuum does after such an insert on a maintained PostgreSQL (PGlite has none): the planner's
 * statistics and the visibility map.
 */
export async function seedArticles(query, count) {
  const started = Date.now();
  const site = await findDefaultSite(query);
  if (!site) throw new Error('no default online site: did the server seed the database?');
  const catalog = await findEnabledCatalog(query, site.id, CATALOG_CODE);
  if (!catalog) throw new Error(`no enabled catalogue "${CATALOG_CODE}"`);
  const { searchTextOf, plainTextOf } = await loadBigrams();
  const bodyText = plainTextOf(BODY);
  const cols = [[], [], [], []];
  for (let g = 1; g <= count; g++) {
    const title = titleOf(g);
    const summary = summaryOf(g);
    cols[0].push(g);
    cols[1].push(title);
    cols[2].push(summary);
    // The server's searchTextOfArticle: title, subject (none here), summary, the body's plain text.
    cols[3].push(searchTextOf([title, null, summary, bodyText]));
  }
  await query(INSERT_SQL, [site.id, catalog.id, BODY, ...cols]);
  await query('vacuum analyze cms_content');
  const { rows } = await query(
    `select count(*) as n, count(*) filter (where search_text = '') as unsearchable from cms_content where catalog_id = $1 and status = 'PUBLISHED' and publish_time <= now() and del_flag = 0`,
    [catalog.id],
  );
  if (Number(rows[0].unsearchable)) throw new Error(`${rows[0].unsearchable} articles without search text: the server would rewrite them during the bench`);
  return { inserted: count, publishedInCatalog: Number(rows[0].n), catalogId: Number(catalog.id), ms: Date.now() - started };
}
