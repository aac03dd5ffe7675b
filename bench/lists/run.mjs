#!/usr/bin/env node
// Every console list at the issue's scale (issue 19, point 1), on PostgreSQL through the built server:
// 1 000 000 articles, operation-log, interface-log and sign-in-log rows, 100 000 accounts in an org
// tree and 10 000 declarations in one edition. For each list: the default view, each filter its search
// form offers and page 1 000 — p50/p95 of one user calling in sequence and of 10 users calling at once,
// against the targets (p95 ≤ 50 ms alone, ≤ 150 ms at 10 users). Then the plans (EXPLAIN ANALYZE,
// BUFFERS via auto_explain) of what the server runs for each list's default view and its two slowest cases.
// Needs DATABASE_URL (a throwaway database is created and dropped). Writes bench/results/lists.json;
// exits non-zero when a call fails or a line misses its target.
import path from 'node:path';
import pg from 'pg';
import { createBenchDatabase } from '../lib/db.mjs';
import { machineInfo, waitForQuiet, warnIfBusy } from '../lib/machine.mjs';
import { postJson } from '../lib/net.mjs';
import { isMain } from '../lib/paths.mjs';
import { printTable, writeResult } from '../lib/report.mjs';
import { ADMIN_PASSWORD, makeTempDir, removeDir, startServer } from '../lib/server.mjs';
import { listCases } from './cases.mjs';
import { enableAutoExplain, logFileOf, plansOf } from './explain.mjs';
import { concurrent, sequential } from './measure.mjs';
import { SEEDED_TABLES, seedAll } from './seed.mjs';

const BENCH_DB = 'dandelion_listbench';
const num = (name, dflt, lo, hi) => Math.min(hi, Math.max(lo, Number(process.env[name]) || dflt));
const SCALE = num('BENCH_LISTS_SCALE', 1, 0.001, 1);
const COUNTS = {
  articles: Math.round(1_000_000 * SCALE),
  operLog: Math.round(1_000_000 * SCALE),
  restLog: Math.round(1_000_000 * SCALE),
  loginLog: Math.round(1_000_000 * SCALE),
  users: Math.round(100_000 * SCALE),
};
const SETTINGS = {
  warmup: 3,
  samples: num('BENCH_LISTS_SAMPLES', 30, 5, 500),
  users: 10,
  durationS: num('BENCH_LISTS_DURATION', 5, 1, 30),
  warmupS: 1,
  targets: { singleP95Ms: 50, concurrentP95Ms: 150 },
};

/** Keeps the seeded database after the run and reuses it next time (the seed takes minutes at full scale). */
const KEEP = process.env.BENCH_LISTS_KEEP === '1';
/** Only the cases whose "list · case" label contains one of these `|`-separated texts (iterating on a few lines). */
const ONLY = (process.env.BENCH_LISTS_ONLY || '').split('|').filter(Boolean);
const wanted = (label) => !ONLY.length || ONLY.some((text) => label.includes(text));

const mark = (ok) => (ok ? '✓' : '✗');

/**
 * The kept database of an earlier run with the same counts, or null: the seed's facts are stored as the
 * database's comment once seeding and VACUUM ANALYZE finished, so a run cut short is never reused.
 */
async function keptDatabase(databaseUrl) {
  const admin = new pg.Client({ connectionString: databaseUrl, application_name: 'dandelion-bench-admin' });
  await admin.connect();
  try {
    const { rows } = await admin.query(`select shobj_description(oid, 'pg_database') as note from pg_database where datname = $1`, [BENCH_DB]);
    const kept = rows[0]?.note ? JSON.parse(rows[0].note) : null;
    if (!kept || JSON.stringify(kept.counts) !== JSON.stringify(COUNTS)) return null;
    const url = new URL(databaseUrl);
    url.pathname = `/${BENCH_DB}`;
    return { url: url.toString(), facts: kept.facts, seed: kept.seed, drop: async () => {} };
  } finally {
    await admin.end();
  }
}

async function signIn(url) {
  const res = await postJson(`${url}/callback?client_name=myform_client`, { username: 'admin', password: ADMIN_PASSWORD });
  const token = res.json?.data?.token;
  if (!token) throw new Error(`sign-in failed: ${res.text.slice(0, 200)}`);
  return token;
}

export async function runListsBench({ databaseUrl = process.env.DATABASE_URL } = {}) {
  if (!databaseUrl) throw new Error('bench/lists needs DATABASE_URL (a PostgreSQL server), e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/lists/run.mjs');
  const results = { benchmark: 'lists', date: new Date().toISOString(), machine: machineInfo(), settings: { ...SETTINGS, counts: COUNTS }, lists: [], failures: [], misses: [] };
  results.machine.busyAtStart = warnIfBusy('lists');
  const say = (msg) => console.log(`[lists] ${msg}`);
  const kept = KEEP ? await keptDatabase(databaseUrl) : null;
  const benchDb = kept ?? (await createBenchDatabase(databaseUrl, BENCH_DB));
  if (KEEP) benchDb.drop = async () => {};
  const dataDir = makeTempDir('lists');
  let server = null;
  const client = new pg.Client({ connectionString: benchDb.url, application_name: 'dandelion-bench-lists' });
  try {
    let facts;
    if (kept) {
      say(`reusing the kept database ${BENCH_DB} (BENCH_LISTS_KEEP=1); the server's start applies any new migrations`);
      await client.connect();
      // auto_explain from the last run's plans must not time the measured calls.
      await client.query(`alter database "${BENCH_DB}" reset all`);
      ({ facts } = kept);
      results.seed = { ...kept.seed, reused: true };
    } else {
    say('first start on a fresh database (migrations + seed) …');
    server = await startServer({ dataDir, databaseUrl: benchDb.url });
    await server.stop();
    server = null;
    await client.connect();

    say(`seeding ${Object.entries(COUNTS).map(([k, v]) => `${v.toLocaleString('en')} ${k}`).join(', ')}, 10 000 declarations …`);
    let t = performance.now();
    let timings;
    ({ timings, facts } = await seedAll(client, COUNTS, say));
    results.seed = { ms: Math.round(performance.now() - t), timings };
    t = performance.now();
    // What autovacuum would do after such inserts: statistics and the visibility map (index-only scans).
    await client.query(`vacuum analyze ${SEEDED_TABLES.join(', ')}`);
    results.seed.vacuumAnalyzeMs = Math.round(performance.now() - t);
    const { rows: sizes } = await client.query(
      `select c.relname as table, c.reltuples::bigint as rows, pg_size_pretty(pg_total_relation_size(c.oid)) as total
       from pg_class c where c.relname = any($1) order by pg_total_relation_size(c.oid) desc`,
      [SEEDED_TABLES],
    );
    results.seed.tables = sizes;
    say(`seeded in ${(results.seed.ms / 1000).toFixed(0)} s (+ vacuum analyze ${(results.seed.vacuumAnalyzeMs / 1000).toFixed(0)} s): ${sizes.map((s) => `${s.table} ${s.total}`).join(', ')}`);
    if (KEEP) await client.query(`comment on database "${BENCH_DB}" is ${pg.escapeLiteral(JSON.stringify({ counts: COUNTS, facts, seed: results.seed }))}`);
    }

    server = await startServer({ dataDir, databaseUrl: benchDb.url });
    const token = await signIn(server.url);
    const lists = listCases(facts)
      .map((l) => ({ ...l, cases: l.cases.filter((c, i) => i === 0 || wanted(`${l.list} · ${c.name}`)) }))
      .filter((l) => l.cases.some((c) => wanted(`${l.list} · ${c.name}`)));
    for (const list of lists) {
      const entry = { list: list.list, path: list.path, machineBefore: await waitForQuiet('lists'), cases: [] };
      results.lists.push(entry);
      for (const c of list.cases) {
        const url = server.url + list.path;
        const single = await sequential(url, c.body, token, SETTINGS);
        const many = single.error ? null : await concurrent(url, c.body, token, { ...SETTINGS, serverPid: server.pid });
        const row = { name: c.name, body: c.body, single, concurrent: many };
        row.singleOk = !single.error && single.latencyMs.p95 <= SETTINGS.targets.singleP95Ms;
        row.concurrentOk = !!many && !many.error && many.latencyMs != null && many.latencyMs.p95 <= SETTINGS.targets.concurrentP95Ms;
        entry.cases.push(row);
        const label = `${list.list} · ${c.name}`;
        if (single.error) results.failures.push(`${label}: ${single.error}`);
        if (many?.error) results.failures.push(`${label} (10 users): ${many.failed} failed, first: ${many.error}`);
        if (!row.singleOk || !row.concurrentOk) results.misses.push(label);
        say(`${label}: alone p50 ${single.latencyMs?.p50} / p95 ${single.latencyMs?.p95} ms ${mark(row.singleOk)} · 10 users p50 ${many?.latencyMs?.p50} / p95 ${many?.latencyMs?.p95} ms, ${many?.requestsPerSec} req/s ${mark(row.concurrentOk)} · total ${single.total}`);
      }
    }
    await server.stop();
    server = null;

    // The plans: a restart so that the server's new sessions load auto_explain (timing every statement
    // costs, so the figures above were measured without it).
    const logFile = await logFileOf(client);
    if (!logFile) {
      results.plans = { unavailable: 'the PostgreSQL log is not readable here (set BENCH_PG_LOG to its path)' };
    } else {
      await enableAutoExplain(client, BENCH_DB);
      server = await startServer({ dataDir, databaseUrl: benchDb.url });
      const planToken = await signIn(server.url);
      results.plans = { logFile, lists: [] };
      for (const [i, list] of lists.entries()) {
        // The default view, and the two cases that were slowest alone: where the work is.
        const slowest = results.lists[i].cases
          .slice(1)
          .filter((c) => c.single.latencyMs)
          .sort((a, b) => b.single.latencyMs.p95 - a.single.latencyMs.p95)
          .slice(0, 2);
        for (const c of [list.cases[0], ...slowest]) {
          const once = () => postJson(server.url + list.path, c.body, planToken);
          await once();
          const statements = await plansOf(logFile, once);
          results.plans.lists.push({ list: list.list, case: c.name, statements });
          say(`plans of ${list.list} · ${c.name}: ${statements.map((s) => `${s.durationMs} ms`).join(', ') || 'nothing logged'}`);
        }
      }
    }
  } catch (err) {
    results.failures.push(`aborted: ${err.message}`);
    throw err;
  } finally {
    if (server) await server.stop();
    await client.end().catch(() => {});
    await benchDb.drop();
    removeDir(dataDir);
    results.machine.loadAvgAtEnd = machineInfo().loadAvg;
    const file = writeResult('lists.json', results);
    const rows = results.lists.flatMap((l) =>
      l.cases.map((c) => [
        l.list, c.name, c.single.total ?? '', c.single.latencyMs?.p50, c.single.latencyMs?.p95, mark(c.singleOk),
        c.concurrent?.latencyMs?.p50, c.concurrent?.latencyMs?.p95, c.concurrent?.requestsPerSec, mark(c.concurrentOk),
      ]),
    );
    printTable(
      ['list', 'case', 'total', '1 user p50', 'p95 ≤ 50', '', '10 users p50', 'p95 ≤ 150', 'req/s', ''],
      rows,
      { title: `Console lists — PostgreSQL, ${COUNTS.articles.toLocaleString('en')} articles / log rows, ${COUNTS.users.toLocaleString('en')} users, 10 000 declarations; ${SETTINGS.samples} sequential calls and ${SETTINGS.durationS} s at 10 users per line (ms)` },
    );
    for (const p of results.plans?.lists ?? []) {
      const top = p.statements[0];
      if (top) console.log(`\n${p.list} · ${p.case} — slowest statement: ${top.durationMs} ms\n  ${top.query.slice(0, 300)}\n  ${top.plan.slice(0, 12).join('\n  ')}`);
    }
    console.log(`\n[lists] load average at the end: ${results.machine.loadAvgAtEnd.join(' ')}; ${results.misses.length} of ${rows.length} lines miss a target`);
    console.log(`[lists] wrote ${path.relative(process.cwd(), file)}`);
  }
  if (results.failures.length) throw new Error(`lists benchmark FAILED:\n  ${results.failures.join('\n  ')}`);
  if (results.misses.length) throw new Error(`lists benchmark: ${results.misses.length} line(s) miss a target:\n  ${results.misses.join('\n  ')}`);
  return results;
}

if (isMain(import.meta.url)) {
  runListsBench().catch((err) => {
    console.error(`\n✖ ${err.message}`);
    process.exitCode = 1;
  });
}
