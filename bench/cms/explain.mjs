// The search statement of /rest/content/searchContent on the database alone (modules/cms/portal/search.ts):
// published articles of the default site's visible catalogues whose search_doc holds the word, title hits
// first, then newest, the total counted in the same scan. EXPLAIN ANALYZE (median of 3) and whether the GIN index cms_content_search_idx is used.
import { round } from '../lib/report.mjs';

// The keyword's tsquery, as searchQueryOf builds it for a two-character Han word.
const tsqueryOf = (word) => `'${word}'`;

export async function explainSearch(query, word) {
  const { rows: catalogs } = await query(
    `select c.id from cms_catalog c join cms_site s on s.id = c.site_id where s.is_default and c.catalog_status = 'ENABLE' and c.del_flag = 0`,
  );
  const ids = catalogs.map((c) => Number(c.id));
  const sql = `select id, title, count(*) over () as total from cms_content
    where catalog_id = any($1::bigint[]) and status = 'PUBLISHED' and publish_time <= now() and del_flag = 0 and search_doc @@ $2::tsquery
    order by case when title ilike $3 then 1 else 0 end desc, publish_time desc, id desc limit 10`;
  const params = [ids, tsqueryOf(word), `%${word}%`];
  const times = [];
  let plan = [];
  for (let i = 0; i < 3; i++) {
    const { rows } = await query(`explain (analyze, costs off) ${sql}`, params);
    plan = rows.map((r) => r['QUERY PLAN']);
    times.push(Number(/Execution Time: ([\d.]+)/.exec(plan.at(-1))?.[1]));
  }
  const { rows: [count] } = await query(`select count(*)::int as n from cms_content where search_doc @@ $1::tsquery`, [tsqueryOf(word)]);
  return {
    word,
    matches: count.n,
    executionMs: round([...times].sort((a, b) => a - b)[1], 2),
    usesSearchIndex: plan.some((l) => l.includes('cms_content_search_idx')),
    plan: plan.filter((l) => !/^(Planning|Execution)/.test(l)).map((l) => l.trim()),
  };
}
