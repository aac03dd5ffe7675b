#!/usr/bin/env node
// Interface-log list at scale: one million sys_rest_log rows on PostgreSQL, the list call
// (POST /rest/restLog/getRestLogPage) through the built server with the usual filters, p50/p95 of
// sequential calls, and each case's page and count queries on the database alone with their plans.
// Needs DATABASE_URL (a PostgreSQL server; a throwaway database is created and dropped).
// Writes bench/results/logs.json; exits non-zero when a call fails or answers the wrong rows.
import path from 'node:path';
import pg from 'pg';
import { createBenchDatabase } from '../lib/db.mjs';
import { machineInfo, waitForQuiet, warnIfBusy } from '../lib/machine.mjs';
import { isMain } from '../lib/paths.mjs';
import { printTable, round, writeResult } from '../lib/report.mjs';
import { ADMIN_PASSWORD, makeTempDir, removeDir, startServer } from '../lib/server.mjs';
import { SEED_SQL } from './seed.mjs';

const BENCH_DB = 'dandelion_bench_logs';
const ROWS = Math.max(10_000, Number(process.env.BENCH_LOG_ROWS) || 1_000_000);
const WARMUP = 3;
const SAMPLES = Math.min(200, Math.max(5, Number(process.env.BENCH_LOG_SAMPLES) || 30));
const LIST_PATH = '/rest/restLog/getRestLogPage';
const PAGE = { pageNum: 1, pageSize: 20 };
/**
 * The server counts at most this many matching rows and refuses pages that start beyond them
 * (LOG_COUNT_CAP in packages/shared/src/base/log.ts, used by apps/server/src/core/listing.ts).
 */
const COUNT_CAP = 10_000;

const iso = (msAgo) => new Date(Date.now() - msAgo).toISOString();
const DAY = 86_400_000;

/** The cases: what an administrator typically asks the list, and the SQL the server runs for it. */
function cases() {
  const lastDay = { beginTime: iso(DAY), endTime: iso(0) };
  const lastWeek = { beginTime: iso(7 * DAY), endTime: iso(0) };
  return [
    { name: 'no filter', body: {}, where: 'true', params: [] },
    { name: 'path prefix /rest/user/', body: { path: '/rest/user/' }, where: `path like $1`, params: ['/rest/user/%'] },
    { name: 'path contains getUserPage', body: { path: 'getUserPage' }, where: `path ilike $1`, params: ['%getUserPage%'] },
    { name: 'user user042', body: { username: 'user042' }, where: `username = $1`, params: ['user042'] },
    { name: 'status 500', body: { status: 500 }, where: `status = $1`, params: [500] },
    { name: 'status class 4xx', body: { statusClass: '4xx' }, where: `status >= $1 and status < $2`, params: [400, 500] },
    { name: 'last 24 hours', body: lastDay, where: `create_time >= $1 and create_time <= $2`, params: [lastDay.beginTime, lastDay.endTime] },
    { name: 'user + last 7 days', body: { username: 'user042', ...lastWeek }, where: `create_time >= $1 and create_time <= $2 and username = $3`, params: [lastWeek.beginTime, lastWeek.endTime, 'user042'] },
    { name: 'slow calls ≥ 300 ms', body: { minDuration: 300 }, where: `duration_ms >= $1`, params: [300] },
    // The deepest page the list offers: its last rows are the cap's.
    { name: 'deepest page 500 × 20', body: {}, page: { pageNum: COUNT_CAP / 20, pageSize: 20 }, where: 'true', params: [] },
  ];
}

const LIST_COLUMNS = 'id, method, path, route, status, code, duration_ms, user_id, username, ip, request_id, create_time';

async function postJson(url, body, token) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) }, body: JSON.stringify(body) });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: the caller reads `text`
  }
  return { status: res.status, json, text };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The page and count statements alone: EXPLAIN ANALYZE execution time (median of 3) and plan. */
async function explain(client, c) {
  const page = c.page ?? PAGE;
  const n = c.params.length;
  const statements = {
    // As the server runs them (modules/base/log/rest/repo.ts, core/listing.ts): ids of the page first, and a count that stops at the cap.
    page: [
      `select ${LIST_COLUMNS} from sys_rest_log where id in (select id from sys_rest_log where ${c.where} order by create_time desc, id desc limit $${n + 1} offset $${n + 2}) order by create_time desc, id desc`,
      [...c.params, page.pageSize, (page.pageNum - 1) * page.pageSize],
    ],
    count: [`select count(*) from (select 1 from sys_rest_log where ${c.where} limit $${n + 1}) limited`, [...c.params, COUNT_CAP + 1]],
  };
  const out = {};
  for (const [name, [sql, params]] of Object.entries(statements)) {
    const times = [];
    let plan = [];
    for (let i = 0; i < 3; i++) {
      const { rows } = await client.query(`explain (analyze, buffers, costs off) ${sql}`, params);
      plan = rows.map((r) => r['QUERY PLAN']);
      times.push(Number(/Execution Time: ([\d.]+)/.exec(plan.at(-1))?.[1]));
    }
    out[name] = { executionMs: round([...times].sort((a, b) => a - b)[1], 2), plan: plan.filter((l) => !/^(Planning|Execution)/.test(l)).map((l) => l.trim()) };
  }
  return out;
}


export async function runLogsBench({ databaseUrl = process.env.DATABASE_URL } = {}) {
  if (!databaseUrl) throw new Error('bench/logs needs DATABASE_URL (a PostgreSQL server), e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/logs/run.mjs');
  const results = { benchmark: 'logs', date: new Date().toISOString(), machine: machineInfo(), settings: { rows: ROWS, samples: SAMPLES, warmup: WARMUP, listPath: LIST_PATH }, cases: [], failures: [] };
  results.machine.busyAtStart = warnIfBusy('logs');
  const say = (msg) => console.log(`[logs] ${msg}`);
  const benchDb = await createBenchDatabase(databaseUrl, BENCH_DB);
  const dataDir = makeTempDir('logs');
  let server = null;
  const client = new pg.Client({ connectionString: benchDb.url, application_name: 'dandelion-bench-logs' });
  try {
    say('first start on a fresh database (migrations + seed) …');
    server = await startServer({ dataDir, databaseUrl: benchDb.url });
    await server.stop();
    server = null;

    await client.connect();
    say(`inserting ${ROWS.toLocaleString('en')} interface-log rows (generate_series) …`);
    let t = performance.now();
    await client.query(SEED_SQL(ROWS));
    results.seed = { ms: Math.round(performance.now() - t) };
    t = performance.now();
    // What autovacuum would do after such an insert: statistics and the visibility map (index-only scans).
    await client.query('vacuum analyze sys_rest_log');
    results.seed.vacuumAnalyzeMs = Math.round(performance.now() - t);
    const { rows: [size] } = await client.query(`select pg_size_pretty(pg_total_relation_size('sys_rest_log')) as total, pg_size_pretty(pg_relation_size('sys_rest_log')) as heap, (select count(*) from sys_rest_log)::int as rows`);
    results.seed.table = size;
    const { rows: indexes } = await client.query(`select indexname, pg_size_pretty(pg_relation_size(indexname::regclass)) as size from pg_indexes where tablename = 'sys_rest_log' order by indexname`);
    results.indexes = indexes;
    say(`inserted in ${results.seed.ms} ms (vacuum analyze ${results.seed.vacuumAnalyzeMs} ms): ${size.rows} rows, ${size.total} with indexes`);

    server = await startServer({ dataDir, databaseUrl: benchDb.url });
    const signIn = await postJson(`${server.url}/callback?client_name=myform_client`, { username: 'admin', password: ADMIN_PASSWORD });
    const token = signIn.json?.data?.token;
    if (!token) throw new Error(`sign-in failed: ${signIn.text.slice(0, 200)}`);

    results.machineBeforeCalls = await waitForQuiet('logs');
    for (const c of cases()) {
      const body = { ...c.body, pageParameter: c.page ?? PAGE };
      const times = [];
      let answer = null;
      for (let i = 0; i < WARMUP + SAMPLES; i++) {
        const started = performance.now();
        const res = await postJson(server.url + LIST_PATH, body, token);
        const ms = performance.now() - started;
        if (res.status !== 200 || res.json?.code !== '0000') {
          results.failures.push(`${c.name}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
          break;
        }
        answer = res.json.data;
        if (i >= WARMUP) times.push(ms);
      }
      const sorted = [...times].sort((a, b) => a - b);
      const { rows: [{ n }] } = await client.query(`select count(*)::int as n from sys_rest_log where ${c.where}`, c.params);
      const expected = Math.min(n, COUNT_CAP);
      // Rows written by the bench's own calls meanwhile make the total drift a little above the seed's.
      if (answer && (Math.abs(answer.total - expected) > WARMUP + SAMPLES + 5 || answer.totalCapped !== n > COUNT_CAP)) {
        results.failures.push(`${c.name}: total ${answer.total} (capped ${answer.totalCapped}), database says ${n}`);
      }
      const queries = await explain(client, c);
      const row = {
        name: c.name,
        body,
        total: answer?.total ?? null,
        totalCapped: answer?.totalCapped ?? null,
        matching: n,
        listed: answer?.list.length ?? null,
        latencyMs: times.length ? { p50: round(percentile(sorted, 50), 1), p95: round(percentile(sorted, 95), 1), max: round(sorted.at(-1), 1), mean: round(times.reduce((a, b) => a + b, 0) / times.length, 1) } : null,
        queries,
      };
      results.cases.push(row);
      say(`${c.name}: p50 ${row.latencyMs?.p50} ms, p95 ${row.latencyMs?.p95} ms (page ${queries.page.executionMs} ms + count ${queries.count.executionMs} ms in the database), total ${row.total}`);
    }

    // A page that starts beyond the counted rows is refused with the reason, not read.
    const beyond = await postJson(server.url + LIST_PATH, { pageParameter: { pageNum: COUNT_CAP / 20 + 1, pageSize: 20 } }, token);
    results.beyondCap = { status: beyond.status, msg: beyond.json?.msg ?? null };
    if (beyond.status !== 400 || !String(beyond.json?.msg).includes(`最多翻阅前 ${COUNT_CAP} 条记录`)) {
      results.failures.push(`page ${COUNT_CAP / 20 + 1} × 20: expected 400 最多翻阅前 ${COUNT_CAP} 条记录, got HTTP ${beyond.status} ${beyond.text.slice(0, 200)}`);
    }
    say(`page ${COUNT_CAP / 20 + 1} × 20 (beyond the cap): HTTP ${beyond.status} ${results.beyondCap.msg}`);
  } catch (err) {
    results.failures.push(`aborted: ${err.message}`);
    throw err;
  } finally {
    if (server) await server.stop();
    await client.end().catch(() => {});
    await benchDb.drop();
    removeDir(dataDir);
    const file = writeResult('logs.json', results);
    printTable(
      ['case', 'matching', 'total', 'p50 ms', 'p95 ms', 'max ms', 'page SQL ms', 'count SQL ms'],
      results.cases.map((c) => [c.name, c.matching, c.totalCapped ? `${c.total}+` : c.total, c.latencyMs?.p50, c.latencyMs?.p95, c.latencyMs?.max, c.queries.page.executionMs, c.queries.count.executionMs]),
      { title: `Interface-log list — ${ROWS.toLocaleString('en')} rows on PostgreSQL, ${SAMPLES} sequential calls per case (after ${WARMUP} warm-up)` },
    );
    console.log(`[logs] wrote ${path.relative(process.cwd(), file)}`);
  }
  if (results.failures.length) throw new Error(`logs benchmark FAILED:\n  ${results.failures.join('\n  ')}`);
  return results;
}

if (isMain(import.meta.url)) {
  runLogsBench().catch((err) => {
    console.error(`\n✖ ${err.message}`);
    process.exitCode = 1;
  });
}
