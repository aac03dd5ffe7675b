// Many published articles with varied Chinese titles, straight into the database, with search_text
// computed by the server's own searchTextOf (apps/server/src/modules/cms/search/bigrams.ts, bundled here
// by esbuild) so the bigram index holds exactly what the back office would store.
import { loadBigrams } from '../lib/bigrams.mjs';

const REGIONS = ['北京', '上海', '广东', '浙江', '江苏', '四川', '湖北', '山东', '陕西', '福建', '安徽', '河南'];
const TOPICS = ['人工智能', '新能源', '生物医药', '集成电路', '新材料', '现代农业', '智能制造', '海洋工程', '航空航天', '数字经济', '生态环境', '轨道交通'];
/** Rare on purpose: one article in 97 (the "selective word" 量子 of the search runs). */
export const RARE_TOPIC = '量子信息';
const ACTIONS = ['科技成果转化', '重点研发计划', '奖励申报', '人才培养', '平台建设', '国际合作', '标准制定', '项目验收'];
const KINDS = ['通知', '公告', '动态', '解读', '指南', '公示'];
const SENTENCES = [
  '坚持公开、公平、公正的原则，面向社会广泛征集提名。',
  '严格执行评审程序，实行回避制度和异议处理制度。',
  '各提名单位应认真审核提名材料，确保内容真实准确。',
  '评审结果将在门户网站公示，公示期为七个工作日。',
  '申报人可通过平台实时查询材料审核进度。',
  '相关工作将纳入年度考核，请各单位高度重视。',
  '材料提交截止前三天请避开高峰时段。',
  '如有疑问，请通过投诉建议栏目反映。',
];
/** Where the articles go: most into `news` (the list page measured), the rest spread over the others. */
export const LIST_CATALOG = 'news';
const OTHER_CATALOGS = ['notification', 'policy', 'introduce', 'fund', 'show'];

function article(g) {
  const region = REGIONS[g % REGIONS.length];
  const topic = g % 97 === 0 ? RARE_TOPIC : TOPICS[Math.floor(g / 7) % TOPICS.length];
  const action = ACTIONS[Math.floor(g / 3) % ACTIONS.length];
  const kind = KINDS[g % KINDS.length];
  const title = `${region}${topic}${action}${kind}（第${g}期）`;
  const summary = `${region}在${topic}领域的${action}工作取得新进展。`;
  const body = [0, 1, 2, 3].map((i) => `<p>${SENTENCES[(g + i * 3) % SENTENCES.length]}</p>`).join('');
  return { title, summary, body };
}

const BATCH = 5_000;
// Columns as arrays, one statement per batch (unnest): fast on PGlite and PostgreSQL alike.
const INSERT_SQL = `
insert into cms_content (site_id, catalog_id, title, summary, body, author, source, status, publish_time, is_top, sort, search_text, create_by, update_by)
select $1, c, t, s, b, '新闻中心', '蒲公英', 'PUBLISHED', now() - make_interval(mins => g * 7), g % 1000 = 0, g % 5, x, 'bench', 'bench'
from unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[]) as a(c, t, s, b, g, x)`;

/** Inserts `count` published articles of the default site; answers timings and the catalogue ids used. */
export async function seedArticles(query, count, say = () => {}) {
  const started = Date.now();
  const { searchTextOf, plainTextOf } = await loadBigrams();
  const { rows: sites } = await query(`select id from cms_site where is_default and site_status = '2' and del_flag = 0 limit 1`);
  if (!sites[0]) throw new Error('no default online site: did the server seed the database?');
  const siteId = sites[0].id;
  const { rows: catalogs } = await query(`select id, code from cms_catalog where site_id = $1 and catalog_status = 'ENABLE' and del_flag = 0`, [siteId]);
  const idOf = Object.fromEntries(catalogs.map((c) => [c.code, Number(c.id)]));
  for (const code of [LIST_CATALOG, ...OTHER_CATALOGS]) if (!idOf[code]) throw new Error(`no enabled catalogue "${code}"`);
  for (let from = 1; from <= count; from += BATCH) {
    const cols = [[], [], [], [], [], []];
    for (let g = from; g < Math.min(count + 1, from + BATCH); g++) {
      const a = article(g);
      // Seven in ten into the measured list catalogue.
      const code = g % 10 < 7 ? LIST_CATALOG : OTHER_CATALOGS[g % OTHER_CATALOGS.length];
      cols[0].push(idOf[code]);
      cols[1].push(a.title);
      cols[2].push(a.summary);
      cols[3].push(a.body);
      cols[4].push(g);
      cols[5].push(searchTextOf([a.title, null, a.summary, plainTextOf(a.body)]));
    }
    await query(INSERT_SQL, [siteId, ...cols]);
    say(`  ${Math.min(count, from + BATCH - 1).toLocaleString('en')} / ${count.toLocaleString('en')}`);
  }
  const insertMs = Date.now() - started;
  // What autovacuum does after such an insert: statistics, and the visibility map for index-only counts.
  await query('vacuum analyze cms_content');
  const { rows } = await query(`select count(*)::int as n from cms_content where catalog_id = $1 and status = 'PUBLISHED' and publish_time <= now() and del_flag = 0`, [idOf[LIST_CATALOG]]);
  return { inserted: count, publishedInListCatalog: rows[0].n, ms: Date.now() - started, insertMs, siteId: Number(siteId) };
}
