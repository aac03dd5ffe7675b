#!/usr/bin/env node
// Portal API at scale (docs/cms-portal.md): 100 000 published articles, then through the built server
//   - the portal home /rest/cms/index and a content list page under load (autocannon; answers come from the portal cache),
//   - the same calls uncached (sequential, every request a new cache key) and full-text search for a rare
//     and a common two-character word (p50/p95),
//   - the search statement on the database alone: EXPLAIN ANALYZE, and whether it uses the GIN index.
// PGlite always; PostgreSQL too when DATABASE_URL is set (throwaway database, dropped afterwards).
// BENCH_CMS_ARTICLES (default 100000), BENCH_CONNECTIONS, BENCH_DURATION as in bench/README.md.
// Writes bench/results/cms.json; exits non-zero when any request fails or answers wrongly.
import path from 'node:path';
import { failuresOf, loadSettingsFromEnv, runLoad } from '../lib/load.mjs';
import { createBenchDatabase, withDirectDb } from '../lib/db.mjs';
import { postJson } from '../lib/net.mjs';
import { machineInfo, warnIfBusy } from '../lib/machine.mjs';
import { isMain } from '../lib/paths.mjs';
import { printTable, round, writeResult } from '../lib/report.mjs';
import { makeTempDir, removeDir, startServer } from '../lib/server.mjs';
import { explainSearch } from './explain.mjs';
import { LIST_CATALOG, seedArticles } from './seed.mjs';

const ARTICLES = Math.max(1_000, Number(process.env.BENCH_CMS_ARTICLES) || 100_000);
const BENCH_DB = 'dandelion_bench_cms';
const SAMPLES = 30;
const RARE_WORD = '量子';
const COMMON_WORD = '科技';
const HOME = { path: '/rest/cms/index', body: {} };
const LIST = { path: '/rest/content/queryClientListByPage', body: { catalogCode: LIST_CATALOG, pageParameter: { pageNum: 1, pageSize: 10 } } };




const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * `SAMPLES` sequential calls, each with a body no earlier call used (the first page, one size
 * bigger each time), so every one misses the portal cache and runs its SQL. `check` throws on a wrong answer.
 */
async function uncached(server, path, bodyOf, check) {
  const times = [];
  let last = null;
  for (let i = 0; i < SAMPLES; i++) {
    const answer = await postJson(server.url + path, bodyOf(i));
    if (answer.status !== 200 || answer.json?.rtnCode !== '0000') throw new Error(`${path}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
    check(answer.json.dataSet, i);
    times.push(answer.ms);
    last = answer.json.dataSet;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { samples: SAMPLES, p50Ms: round(percentile(sorted, 50), 1), p95Ms: round(percentile(sorted, 95), 1), maxMs: round(sorted.at(-1), 1), total: last?.total ?? null };
}

function searchCheck(word) {
  return (ds) => {
    if (!ds.total || !ds.list.length) throw new Error(`search ${word}: nothing found`);
    const marked = ds.list.every((c) => [...c.titleSegments, ...c.summarySegments].some((s) => s.hit && s.text === word));
    if (!marked) throw new Error(`search ${word}: a result without the word highlighted`);
  };
}

async function benchEngine(engine, { url, load, failures }) {
  const label = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const dataDir = makeTempDir(`cms-${engine}`);
  const pgdata = path.join(dataDir, 'pgdata');
  const out = { engine };
  const say = (msg) => console.log(`[cms:${engine}] ${msg}`);
  let server = null;
  try {
    say('first start on a fresh database (migrations + seed) …');
    server = await startServer({ dataDir, databaseUrl: url });
    await server.stop();
    server = null;
    say(`inserting ${ARTICLES.toLocaleString('en')} published articles …`);
    await withDirectDb(engine, { pgdata, url }, async (query) => {
      out.seed = await seedArticles(query, ARTICLES, say);
      out.searchPlans = { rare: await explainSearch(query, RARE_WORD), common: await explainSearch(query, COMMON_WORD) };
    });
    say(`inserted in ${out.seed.ms} ms; ${out.seed.publishedInListCatalog} in "${LIST_CATALOG}"; rare-word plan uses GIN: ${out.searchPlans.rare.usesSearchIndex}`);
    if (!out.searchPlans.rare.usesSearchIndex) failures.push(`${label}: search for ${RARE_WORD} does not use cms_content_search_idx`);

    server = await startServer({ dataDir, databaseUrl: url });
    const cold = await postJson(server.url + HOME.path, HOME.body);
    if (cold.json?.rtnCode !== '0000') throw new Error(`${label}: home answers ${cold.status} ${cold.text.slice(0, 200)}`);
    out.homeFirstCallMs = round(cold.ms, 1);
    const list = await postJson(server.url + LIST.path, LIST.body);
    if (list.json?.dataSet?.total !== out.seed.publishedInListCatalog) throw new Error(`${label}: the list answers ${list.text.slice(0, 200)}`);

    say('home under load (cached) …');
    out.homeLoad = await runLoad({ url: server.url + HOME.path, method: 'POST', body: HOME.body, ...load, watchPid: server.pid });
    failures.push(...failuresOf(`${label} home`, out.homeLoad));
    say('list page under load (cached) …');
    out.listLoad = await runLoad({ url: server.url + LIST.path, method: 'POST', body: LIST.body, ...load, watchPid: server.pid });
    failures.push(...failuresOf(`${label} list`, out.listLoad));

    say('uncached: list pages and searches …');
    const listPage = (i) => ({ ...LIST.body, pageParameter: { pageNum: 1, pageSize: 11 + i } });
    out.listUncached = await uncached(server, LIST.path, listPage, (ds) => {
      if (ds.list.length !== Math.min(ds.total, ds.pageSize)) throw new Error('list: short page');
    });
    const searchPage = (word) => (i) => ({ keyword: word, pageParameter: { pageNum: 1, pageSize: 10 + i } });
    out.searchRare = await uncached(server, '/rest/content/searchContent', searchPage(RARE_WORD), searchCheck(RARE_WORD));
    out.searchCommon = await uncached(server, '/rest/content/searchContent', searchPage(COMMON_WORD), searchCheck(COMMON_WORD));
    const stopped = await server.stop();
    server = null;
    if (stopped.forced || stopped.code !== 0) failures.push(`${label}: server did not stop cleanly (${JSON.stringify(stopped)})`);
  } catch (err) {
    failures.push(`${label}: ${err.message}`);
  } finally {
    if (server) await server.stop();
    removeDir(dataDir);
  }
  return out;
}


export async function runCmsBench({ databaseUrl = process.env.DATABASE_URL } = {}) {
  const load = loadSettingsFromEnv();
  const failures = [];
  const results = { benchmark: 'cms', date: new Date().toISOString(), machine: machineInfo(), settings: { ...load, articles: ARTICLES, samples: SAMPLES, rareWord: RARE_WORD, commonWord: COMMON_WORD, home: HOME, list: LIST }, engines: {}, failures };
  results.machine.busyAtStart = warnIfBusy('cms');
  results.engines.pglite = await benchEngine('pglite', { load, failures });
  if (databaseUrl) {
    const db = await createBenchDatabase(databaseUrl, BENCH_DB);
    try {
      results.engines.postgres = await benchEngine('postgres', { url: db.url, load, failures });
    } finally {
      await db.drop();
    }
  }
  const rows = Object.values(results.engines).map((e) => [
    e.engine,
    e.seed?.ms,
    e.homeFirstCallMs,
    e.homeLoad?.requestsPerSec,
    e.homeLoad?.latencyMs.p50,
    e.homeLoad?.latencyMs.p99,
    e.listLoad?.requestsPerSec,
    e.listLoad?.latencyMs.p50,
    e.listLoad?.latencyMs.p99,
    e.listUncached?.p50Ms,
    e.searchRare?.p50Ms,
    e.searchRare?.p95Ms,
    e.searchCommon?.p50Ms,
    e.searchCommon?.p95Ms,
  ]);
  printTable(
    ['engine', 'seed ms', 'home cold ms', 'home req/s', 'home p50', 'home p99', 'list req/s', 'list p50', 'list p99', 'list uncached p50', `search ${RARE_WORD} p50`, 'p95', `search ${COMMON_WORD} p50`, 'p95'],
    rows,
    { title: `Portal API, ${ARTICLES.toLocaleString('en')} articles (latencies in ms)` },
  );
  const file = writeResult('cms.json', results);
  console.log(`\n[cms] wrote ${file}`);
  if (failures.length) {
    console.error(`[cms] FAILED:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
  return results;
}

if (isMain(import.meta.url)) await runCmsBench();
