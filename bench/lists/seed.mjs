// The console lists' data at the issue's scale, written set-based (INSERT … SELECT generate_series) into
// a database the server has migrated and seeded: articles, operation-log, interface-log and sign-in-log
// rows, accounts in an org tree, and one edition's declarations (bench/declarations' own seed).
// Deterministic: the same counts give the same rows. Nothing in the schema is disabled or added.
import { SEED_SQL as REST_LOG_SQL } from '../logs/seed.mjs';
import { seed as seedDeclarations } from '../declarations/run.mjs';

const sqlArray = (items) => `array[${items.map((s) => `'${s}'`).join(',')}]`;
/** Picks from a SQL array literal by an integer expression. */
const pick = (items, expr) => `(${sqlArray(items)})[1 + ((${expr}) % ${items.length})]`;

const REGIONS = ['北京', '上海', '广东', '浙江', '江苏', '四川', '湖北', '山东', '陕西', '福建', '安徽', '河南'];
const TOPICS = ['人工智能', '新能源', '生物医药', '集成电路', '新材料', '现代农业', '智能制造', '海洋工程', '航空航天', '数字经济', '生态环境', '轨道交通'];
/** One article in 97: the rare title word of the keyword case. */
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
];
const SURNAMES = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀英', '华', '建华', '志强', '海燕', '晓东', '立新', '红梅'];
/** Authors of articles: forty editors. */
export const AUTHORS = Array.from({ length: 40 }, (_, i) => SURNAMES[(i * 7) % SURNAMES.length] + GIVEN[i % GIVEN.length]);
/** A hash of g spread over 0–999: statuses and flags by share without a visible period. */
const spread = (g) => `((${g})::bigint * 2654435761 % 1000)`;

/**
 * Articles: 85 % published (one every ~2.5 minutes over the last five years), 7 % drafts without a
 * publish time, 5 % offline, 3 % scheduled; one in 2 000 on top, 2 % deleted; bodies of about 3 KB of HTML.
 * search_text holds the title's lexemes as the server writes them (cms/search/bigrams.ts: the Han run's
 * overlapping pairs, the lone 第 and 期, the number), so the list's title keyword — narrowed through
 * search_doc — finds what it would in real life; bodies are left out of it (full-text search is bench/cms's
 * subject). Non-empty, or the server's start-up backfill would rewrite every row.
 * Four in ten go into the `news` catalogue, the rest over the site's other enabled catalogues.
 */
const CONTENT_SQL = (rows) => `
insert into cms_content (site_id, catalog_id, title, search_text, summary, body, author, source, status, publish_time, is_top, sort, view_count, create_time, update_time, create_by, update_by, del_flag)
select $1,
  case when g % 10 < 4 then $2::bigint else ($3::bigint[])[1 + (g / 10) % cardinality($3::bigint[])] end,
  t.title,
  (select string_agg(distinct substr(t.main, i, 2), ' ') from generate_series(1, char_length(t.main) - 1) i) || ' 第 ' || g || ' 期',
  ${pick(REGIONS, 'g')} || '在' || ${pick(TOPICS, 'g / 7')} || '领域的工作取得新进展。',
  '<h2>' || ${pick(TOPICS, 'g / 7')} || '</h2>' || repeat('<p>' || ${pick(SENTENCES, 'g')} || ${pick(SENTENCES, 'g / 5')} || '</p>', 20)
    || '<p>附件编号：' || md5(g::text) || md5((g * 3)::text) || md5((g * 7)::text) || md5((g * 11)::text) || '</p>',
  ${pick(AUTHORS, 'g * 7')},
  '蒲公英',
  s.status,
  case s.status when 'DRAFT' then null when 'SCHEDULED' then now() + make_interval(hours => 1 + g % 720) else now() - make_interval(secs => g * 150) end,
  g % 2000 = 0,
  0,
  (g * 37) % 5000,
  now() - make_interval(secs => g * 150 + 3600),
  now() - make_interval(secs => g * 150),
  'editor', 'editor',
  case when g % 50 = 7 then 1 else 0 end
from generate_series(1, ${rows}) g
cross join lateral (select ${pick(REGIONS, 'g')} || case when g % 97 = 0 then '${RARE_TOPIC}' else ${pick(TOPICS, 'g / 7')} end || ${pick(ACTIONS, 'g / 3')} || ${pick(KINDS, 'g')} as main) m
cross join lateral (select m.main || '（第' || g || '期）' as title, m.main) t
cross join lateral (select case when ${spread('g')} < 850 then 'PUBLISHED' when ${spread('g')} < 920 then 'DRAFT' when ${spread('g')} < 970 then 'OFFLINE' else 'SCHEDULED' end as status) s`;

export const OPER_MODULES = ['system:user', 'system:org', 'system:role', 'cms:content', 'cms:catalog', 'award:declaration', 'award:expert', 'base:dict', 'system:menu', 'award:prize'];
const OPER_ACTIONS = ['CREATE', 'UPDATE', 'DELETE', 'RESTORE', 'BIND'];
const ACTION_WORDS = { CREATE: '新增', UPDATE: '修改', DELETE: '删除', RESTORE: '恢复', BIND: '授权' };

/**
 * Operation-log rows over the last year, with before/after records of a few hundred bytes. They are
 * written sealed (seal_seq after the last sealed row, placeholder hashes): unsealed, the server's sealer
 * would spend the whole run sealing a million rows one by one. The list does not check seals.
 */
const OPER_SQL = (rows) => `
insert into sys_oper_log (module, action, entity_id, summary, before, after, user_id, username, ip, request_id, create_time, seal_seq, seal_prev, seal_hash)
select ${pick(OPER_MODULES, 'g * 13 / 7')}, a.action, (g % 50000)::text,
  a.word || '「' || ${pick(TOPICS, 'g')} || '记录' || (g % 50000) || '」',
  case when a.action = 'CREATE' then null else jsonb_build_object('id', g % 50000, 'name', ${pick(TOPICS, 'g')}, 'status', 'NORMAL', 'remark', md5(g::text), 'lockVersion', g % 9) end,
  case when a.action = 'DELETE' then null else jsonb_build_object('id', g % 50000, 'name', ${pick(TOPICS, 'g + 1')}, 'status', 'NORMAL', 'remark', md5((g + 1)::text), 'lockVersion', g % 9 + 1) end,
  u.id, 'user' || lpad(u.id::text, 3, '0'),
  '10.' || (g % 250) || '.' || ((g / 250) % 250) || '.' || (1 + g % 200),
  md5((g * 5)::text),
  now() - make_interval(secs => g * 31.5),
  base.seq + g, md5((g - 1)::text) || md5((g + 7)::text), md5(g::text) || md5((g + 8)::text)
from generate_series(1, ${rows}) g
cross join (select coalesce(max(seal_seq), 0) as seq from sys_oper_log) base
cross join lateral (select ${pick(OPER_ACTIONS, `${spread('g')} / 150`)} as action) a0
cross join lateral (select a0.action, (${`'{${Object.entries(ACTION_WORDS).map(([k, v]) => `"${k}":"${v}"`).join(',')}}'`}::jsonb ->> a0.action) as word) a
cross join lateral (select 1 + (g * 7) % 200 as id) u`;

/** Sign-in attempts over the last year: nine in ten succeed, most by password, from the seeded accounts' names. */
const LOGIN_SQL = (rows) => `
insert into sys_login_log (login_name, user_id, login_type, ip, user_agent, success, message, failure_kind, create_time, update_time)
select 'lbu' || lpad((1 + (g * 7) % 100000)::text, 6, '0'), null,
  case when g % 20 = 0 then 'SMS' when g % 33 = 0 then 'PHONE_PASSWORD' else 'ACCOUNT' end,
  '10.' || (g % 250) || '.' || ((g / 250) % 250) || '.' || (1 + g % 200),
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  ${spread('g')} >= 100,
  case when ${spread('g')} >= 100 then '登录成功' else '用户名或密码错误' end,
  case when ${spread('g')} >= 100 then null else 'PASSWORD' end,
  now() - make_interval(secs => g * 31.5), now() - make_interval(secs => g * 31.5)
from generate_series(1, ${rows}) g`;

/** Thirty branches under the root, ten departments under each. */
async function seedOrgs(client) {
  const { rows: [root] } = await client.query(`select id from sys_org where org_code = 'ROOT' and del_flag = 0`);
  await client.query(
    `insert into sys_org (org_code, org_name, org_type, parent_org_id, parent_org_ids, org_sort)
     select 'LB' || i, ${pick(REGIONS, 'i')} || '第' || i || '分公司', 'UNIT', $1::bigint, $2::text, i from generate_series(1, 30) i`,
    [root.id, String(root.id)],
  );
  await client.query(
    `insert into sys_org (org_code, org_name, org_type, parent_org_id, parent_org_ids, org_sort)
     select o.org_code || '-' || j, o.org_name || ${pick(['综合部', '财务部', '技术部', '市场部', '人事部', '法务部', '研发一部', '研发二部', '质量部', '采购部'], 'j')}, 'DEPT', o.id, o.parent_org_ids || ',' || o.id, j
     from sys_org o cross join generate_series(1, 10) j where o.org_code ~ '^LB[0-9]+$'`,
  );
  const { rows } = await client.query(`select id from sys_org where org_code ~ '^LB[0-9]+-[0-9]+$' order by id`);
  return rows.map((r) => Number(r.id));
}

/**
 * Accounts lbu000001…: three in ten staff with an employee number, the rest portal accounts with the
 * applicant role; 3 % frozen, 2 % deleted; one a day-ish apart (newest first in the list).
 */
const USERS_SQL = (rows) => `
insert into sys_user (username, password_hash, realname, user_sex, phone, email, org_id, user_type, status, sort, emp_code, emp_status, create_time, update_time, create_by, update_by, del_flag)
select 'lbu' || lpad(g::text, 6, '0'), $1,
  ${pick(SURNAMES, 'g')} || ${pick(GIVEN, 'g / 97')},
  1 + g % 2,
  '13' || lpad(g::text, 9, '0'),
  'lbu' || g || '@example.cn',
  ($2::bigint[])[1 + g % cardinality($2::bigint[])],
  case when g % 10 < 3 then 'STAFF' else 'CLIENT' end,
  case when ${spread('g')} < 30 then 'FROZEN' else 'NORMAL' end,
  0,
  case when g % 10 < 3 then 'E' || lpad(g::text, 7, '0') end,
  case when g % 10 < 3 and ${spread('g')} >= 950 then 'LEAVE' else 'NORMAL' end,
  now() - make_interval(secs => g * 600), now() - make_interval(secs => g * 600),
  'admin', 'admin',
  case when g % 50 = 11 then 1 else 0 end
from generate_series(1, ${rows}) g`;

/** Runs every seed; answers what the cases filter by and per-table timings. */
export async function seedAll(client, counts, say) {
  const timings = {};
  const timed = async (name, fn) => {
    const t = performance.now();
    await fn();
    timings[name] = Math.round(performance.now() - t);
    say(`  ${name}: ${(timings[name] / 1000).toFixed(1)} s`);
  };
  const { rows: [site] } = await client.query(`select id from cms_site where is_default and del_flag = 0 limit 1`);
  const { rows: catalogs } = await client.query(`select id, code from cms_catalog where site_id = $1 and catalog_status = 'ENABLE' and del_flag = 0 order by id`, [site.id]);
  const news = catalogs.find((c) => c.code === 'news') ?? catalogs[0];
  const others = catalogs.filter((c) => c !== news).map((c) => Number(c.id));

  await timed('articles', () => client.query(CONTENT_SQL(counts.articles), [site.id, news.id, others.length ? others : [Number(news.id)]]));
  await timed('operationLog', () => client.query(OPER_SQL(counts.operLog)));
  await timed('interfaceLog', () => client.query(REST_LOG_SQL(counts.restLog)));
  await timed('loginLog', () => client.query(LOGIN_SQL(counts.loginLog)));
  let deptIds = [];
  await timed('users', async () => {
    deptIds = await seedOrgs(client);
    const { rows: [admin] } = await client.query(`select password_hash from sys_user where username = 'admin'`);
    await client.query(USERS_SQL(counts.users), [admin.password_hash, deptIds]);
    await client.query(
      `insert into sys_user_role (user_id, role_id) select u.id, r.id from sys_user u cross join (select id from sys_role where role_code = 'APPLICANT' and del_flag = 0) r
       where u.username like 'lbu%' and u.user_type = 'CLIENT'`,
    );
  });
  let declarations = null;
  await timed('declarations', async () => (declarations = await seedDeclarations(client, say)));

  const facts = {
    newsCatalogId: Number(news.id),
    branchOrgId: Number((await client.query(`select id from sys_org where org_code = 'LB7'`)).rows[0].id),
    deptOrgId: deptIds[42],
    applicantRoleId: Number((await client.query(`select id from sys_role where role_code = 'APPLICANT' and del_flag = 0`)).rows[0].id),
    declarations,
  };
  return { timings, facts };
}

export const SEEDED_TABLES = ['cms_content', 'sys_oper_log', 'sys_rest_log', 'sys_login_log', 'sys_user', 'sys_user_role', 'sys_org', 'award_declaration', 'award_declaration_completer', 'award_declaration_unit'];
