#!/usr/bin/env node
// API benchmark: the built server under load, against a bare Fastify app running the same SQL.
//   (a) GET /healthz                                  — the framework stack alone
//   (b) POST /rest/content/queryClientListByPage      — the portal list, full stack (answered from the portal cache)
//   (c) the portal list's 4 queries, bare Fastify     — what (b) would cost uncached
//   (d) POST /rest/content/getContentPage             — the console's article list, full stack, uncached: signed in as
//                                                       admin, session, permission, data scope and interface log all on
//   (e) (d)'s statements, captured from the server's repository code, bare Fastify + the driver
// The framework-overhead target is (d)/(e) ≥ 0.85 in requests per second; (b)/(c) is kept as its own line.
// PGlite always; PostgreSQL too when DATABASE_URL is set (in a throwaway database that is dropped afterwards).
// Writes bench/results/api.json; exits non-zero when any request failed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { failuresOf, loadSettingsFromEnv, runLoad } from '../lib/load.mjs';
import { createBenchDatabase, withDirectDb } from '../lib/db.mjs';
import { machineInfo, waitForQuiet, warnIfBusy } from '../lib/machine.mjs';
import { freePort, postJson, probeLatency, sleep } from '../lib/net.mjs';
import { isMain } from '../lib/paths.mjs';
import { readRss, toMB } from '../lib/proc.mjs';
import { printTable, round, writeResult } from '../lib/report.mjs';
import { ADMIN_PASSWORD, childEnv, makeTempDir, removeDir, spawnNode, startServer } from '../lib/server.mjs';
import { CONSOLE_LIST_BODY, CONSOLE_LIST_PATH, EXACT_COUNT_LIMIT, captureConsoleListSql } from './consoleList.mjs';
import { CATALOG_CODE, seedArticles } from './seed.mjs';
import { COUNT_SQL, PAGE_SQL } from './queries.mjs';

const ARTICLES = 10_000;
const BENCH_DB = 'dandelion_bench';
// The server's DATABASE_POOL_MAX default; the baseline gets the same number of connections.
const POOL_MAX = 10;
const LIST_PATH = '/rest/content/queryClientListByPage';
const LIST_BODY = { catalogCode: CATALOG_CODE, pageParameter: { pageNum: 1, pageSize: 10 } };
const bareScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-server.mjs');
/** Full-stack throughput of the uncached console list over the bare baseline's, at least. */
export const CONSOLE_RATIO_TARGET = 0.85;
/** BENCH_API_ONLY=console: only the console list's (d) and (e), to iterate on the framework's overhead. */
const consoleOnly = process.env.BENCH_API_ONLY === 'console';
/** Embedded mode's memory targets (issue 19): resident MB when idle, and at most under the load. */
const EMBEDDED_RSS_TARGET = { idleMB: 300, loadMB: 400 };
/**
 * How long the started server is left without requests before its idle memory is read: the embedded server
 * gives back the start's young generation after two idle checks of 5 s (core/heapGrowth.ts trimHeapWhenIdle).
 */
const IDLE_SETTLE_MS = 20_000;




/** Starts the bare baseline app and waits for its IPC "ready". */
async function startBare(engine, { pgdata, url, consoleSqlFile }) {
  const port = await freePort();
  const env = childEnv({
    BENCH_ENGINE: engine,
    BENCH_PORT: String(port),
    BENCH_CONSOLE_SQL: consoleSqlFile,
    ...(engine === 'pglite' ? { BENCH_PGDATA: pgdata } : { BENCH_DATABASE_URL: url, BENCH_POOL_MAX: String(POOL_MAX) }),
  });
  const started = Date.now();
  const proc = spawnNode([bareScript], { env, ipc: true });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('bare baseline did not start within 60 s')), 60_000);
    proc.child.on('message', (m) => {
      if (m?.ready) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`bare baseline exited with ${code}: ${proc.output.lines.slice(-5).join('\n')}`));
    });
  });
  return { ...proc, url: `http://127.0.0.1:${port}`, startupMs: Date.now() - started };
}

/**
 * The two heavy statements on their own, straight on the database: the median of 5 runs of
 * EXPLAIN ANALYZE's execution time, the median wall time of one call as the client sees it, and the plan.
 */
async function timeQueries(query, catalogId) {
  const filter = [catalogId, 'PUBLISHED', new Date().toISOString(), 0];
  const out = {};
  for (const [name, sql, params] of [['page', PAGE_SQL, [...filter, 10, 0]], ['count', COUNT_SQL, filter]]) {
    const exec = [];
    const wall = [];
    let plan = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await query(sql, params);
      wall.push(performance.now() - t);
      const { rows } = await query(`explain (analyze, costs off) ${sql}`, params);
      plan = rows.map((r) => r['QUERY PLAN']);
      exec.push(Number(/Execution Time: ([\d.]+)/.exec(plan.at(-1))?.[1]));
    }
    const median = (xs) => round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)], 2);
    out[name] = { executionMs: median(exec), clientMs: median(wall), plan: plan.filter((l) => !/^(Planning|Execution)/.test(l)).map((l) => l.trim()) };
  }
  return out;
}

function checkStop(label, result, failures) {
  if (result.forced) failures.push(`${label}: did not exit within 30 s of SIGTERM (killed)`);
  else if (result.code !== 0) failures.push(`${label}: exited with code ${result.code} signal ${result.signal}`);
}

/** a, b, c for one engine. `url` is the throwaway PostgreSQL database (postgres only). */
async function benchEngine(engine, { url, load, failures }) {
  const label = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const dataDir = makeTempDir(engine);
  const pgdata = path.join(dataDir, 'pgdata');
  let copyDir = null;
  let server = null;
  let bare = null;
  const out = { engine, startup: {}, rssMB: {}, shutdown: {} };
  const say = (msg) => console.log(`[api:${engine}] ${msg}`);
  try {
    out.machineBefore = await waitForQuiet(`api:${engine}`);
    say('first start on a fresh DATA_DIR (migrations + seed) …');
    server = await startServer({ dataDir, databaseUrl: url });
    out.startup.firstStartMs = server.startupMs;
    out.shutdown.first = await server.stop();
    checkStop(`${label} server (first start)`, out.shutdown.first, failures);
    server = null;

    say(`inserting ${ARTICLES} published articles into "${CATALOG_CODE}" …`);
    await withDirectDb(engine, { pgdata, url }, async (query) => {
      out.seed = await seedArticles(query, ARTICLES);
      out.queryTimes = await timeQueries(query, out.seed.catalogId);
      out.consoleList = await captureConsoleListSql(query);
    });
    const consoleSqlFile = path.join(dataDir, 'console-list-statements.json');
    fs.writeFileSync(consoleSqlFile, JSON.stringify(out.consoleList.statements));
    say(`console list: ${out.consoleList.statements.length} statements captured, total ${out.consoleList.total}`);
    say(`inserted in ${out.seed.ms} ms; ${out.seed.publishedInCatalog} published articles in the catalogue`);

    server = await startServer({ dataDir, databaseUrl: url });
    out.startup.secondStartMs = server.startupMs;
    out.rssMB.rightAfterStart = toMB(readRss(server.pid));
    await sleep(IDLE_SETTLE_MS);
    out.rssMB.idleAfterStart = toMB(readRss(server.pid));

    const probe = await postJson(server.url + LIST_PATH, LIST_BODY);
    const ds = probe.json?.dataSet;
    if (probe.status !== 200 || probe.json?.rtnCode !== '0000' || ds?.total !== out.seed.publishedInCatalog || ds?.list?.length !== 10) {
      throw new Error(`${label}: the list call does not answer what was seeded: HTTP ${probe.status} ${probe.text.slice(0, 300)}`);
    }
    const expectedIds = ds.list.map((c) => String(c.contentId));
    out.responseBytes = { list: Buffer.byteLength(probe.text) };

    const signIn = await postJson(`${server.url}/callback?client_name=myform_client`, { username: 'admin', password: ADMIN_PASSWORD });
    const token = signIn.json?.data?.token;
    if (!token) throw new Error(`${label}: admin sign-in failed: HTTP ${signIn.status} ${signIn.text.slice(0, 300)}`);
    const consoleProbe = await postJson(server.url + CONSOLE_LIST_PATH, CONSOLE_LIST_BODY, token);
    const consolePage = consoleProbe.json?.data;
    const consoleIds = (consolePage?.list ?? []).map((c) => String(c.contentId));
    // The same page; the total may differ only where it is an estimate (the planner's estimate follows
    // the table's statistics, which may have moved since the capture).
    const sameTotal = (total) => total === out.consoleList.total || (total > EXACT_COUNT_LIMIT && out.consoleList.total > EXACT_COUNT_LIMIT);
    if (consoleProbe.status !== 200 || !sameTotal(consolePage?.total) || consoleIds.join() !== out.consoleList.ids.join()) {
      throw new Error(`${label}: the console list does not answer what its captured SQL does: HTTP ${consoleProbe.status} total ${consolePage?.total} ids ${consoleIds} vs captured total ${out.consoleList.total} ids ${out.consoleList.ids}`);
    }
    out.responseBytes.consoleList = Buffer.byteLength(consoleProbe.text);

    if (!consoleOnly) {
      say(`(a) GET /healthz, ${load.connections} connections, ${load.durationS} s …`);
      out.a = { label: 'GET /healthz (full stack)', ...(await runLoad({ url: `${server.url}/healthz`, ...load, watchPid: server.pid })) };
      failures.push(...failuresOf(`${label} (a) healthz`, out.a));

      say(`(b) POST ${LIST_PATH} …`);
      // A separate client asks /healthz twice a second meanwhile: does the list load stall everything else?
      const prober = probeLatency(`${server.url}/healthz`);
      out.b = { label: `POST ${LIST_PATH} (full stack)`, ...(await runLoad({ url: server.url + LIST_PATH, method: 'POST', body: LIST_BODY, ...load, watchPid: server.pid })) };
      out.b.healthzWhileLoaded = await prober.stop();
      failures.push(...failuresOf(`${label} (b) list`, out.b));
      out.rssMB.afterLoad = toMB(readRss(server.pid));
    }

    say(`(d) POST ${CONSOLE_LIST_PATH} signed in, uncached …`);
    out.d = {
      label: `POST ${CONSOLE_LIST_PATH} (full stack, signed in, uncached)`,
      ...(await runLoad({ url: server.url + CONSOLE_LIST_PATH, method: 'POST', body: CONSOLE_LIST_BODY, headers: { authorization: token }, ...load, watchPid: server.pid })),
    };
    failures.push(...failuresOf(`${label} (d) console list`, out.d));
    out.rssMB.afterConsoleLoad = toMB(readRss(server.pid));

    out.serverLog = { lines: server.output.count(), first: server.output.lines.slice(0, 10) };
    out.shutdown.afterLoad = await server.stop();
    checkStop(`${label} server (after load)`, out.shutdown.afterLoad, failures);
    server = null;

    // (c) never opens a directory a server holds: PGlite gets a copy of the stopped server's data.
    let target = { url, consoleSqlFile };
    if (engine === 'pglite') {
      copyDir = makeTempDir('pglite-copy');
      fs.cpSync(pgdata, path.join(copyDir, 'pgdata'), { recursive: true });
      target = { pgdata: path.join(copyDir, 'pgdata'), consoleSqlFile };
    }
    bare = await startBare(engine, target);
    const bareProbe = await postJson(bare.url + LIST_PATH, LIST_BODY);
    const bareIds = (bareProbe.json?.list ?? []).map((c) => String(c.id));
    if (bareProbe.status !== 200 || bareProbe.json.total !== out.seed.publishedInCatalog || bareIds.join() !== expectedIds.join()) {
      throw new Error(`${label}: the bare baseline answers a different page than the server: ${bareProbe.text.slice(0, 300)}`);
    }
    out.responseBytes.bareList = Buffer.byteLength(bareProbe.text);

    if (!consoleOnly) {
      say('(c) the same 4 queries behind a bare Fastify app …');
      out.c = { label: `POST ${LIST_PATH} (bare Fastify + same SQL)`, ...(await runLoad({ url: bare.url + LIST_PATH, method: 'POST', body: LIST_BODY, ...load, watchPid: bare.pid })) };
      failures.push(...failuresOf(`${label} (c) bare`, out.c));
    }

    const bareConsole = await postJson(bare.url + CONSOLE_LIST_PATH, CONSOLE_LIST_BODY);
    if (bareConsole.status !== 200 || !sameTotal(bareConsole.json?.total) || bareConsole.json.list.map((c) => String(c.id)).join() !== out.consoleList.ids.join()) {
      throw new Error(`${label}: the bare console list answers a different page than the server: ${bareConsole.text.slice(0, 300)}`);
    }
    say('(e) the console list\'s captured statements behind a bare Fastify app …');
    out.e = { label: `POST ${CONSOLE_LIST_PATH} (bare Fastify + the captured SQL)`, ...(await runLoad({ url: bare.url + CONSOLE_LIST_PATH, method: 'POST', body: CONSOLE_LIST_BODY, ...load, watchPid: bare.pid })) };
    failures.push(...failuresOf(`${label} (e) bare console list`, out.e));
    out.shutdown.bare = await bare.stop();
    checkStop(`${label} bare baseline`, out.shutdown.bare, failures);
    bare = null;

    out.ratios = {
      ...(consoleOnly
        ? {}
        : {
            requestsPerSec_b_over_c: round(out.b.requestsPerSec / out.c.requestsPerSec, 3),
            p99_b_over_c: out.c.latencyMs.p99 ? round(out.b.latencyMs.p99 / out.c.latencyMs.p99, 3) : null,
            // Node-process CPU per request, full stack over bare (the database server's own CPU is not in it).
            cpuMsPerRequest_b_over_c: out.c.process?.cpuMsPerRequest ? round(out.b.process.cpuMsPerRequest / out.c.process.cpuMsPerRequest, 3) : null,
          }),
      requestsPerSec_d_over_e: round(out.d.requestsPerSec / out.e.requestsPerSec, 3),
      p99_d_over_e: out.e.latencyMs.p99 ? round(out.d.latencyMs.p99 / out.e.latencyMs.p99, 3) : null,
      cpuMsPerRequest_d_over_e: out.e.process?.cpuMsPerRequest ? round(out.d.process.cpuMsPerRequest / out.e.process.cpuMsPerRequest, 3) : null,
    };
    if (out.ratios.requestsPerSec_d_over_e < CONSOLE_RATIO_TARGET) {
      failures.push(`${label}: console list full stack ${out.d.requestsPerSec} req/s is ${out.ratios.requestsPerSec_d_over_e}× the bare ${out.e.requestsPerSec} req/s (target ≥ ${CONSOLE_RATIO_TARGET}×)`);
    }
    return out;
  } finally {
    if (server) await server.stop();
    if (bare) await bare.stop();
    removeDir(dataDir);
    removeDir(copyDir);
  }
}


function printApiTable(results) {
  const rows = [];
  for (const e of Object.values(results.engines)) {
    const name = e.engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
    for (const [key, run] of [
      ['a healthz', e.a],
      ['b portal list (full stack, cached)', e.b],
      ['c portal list (bare Fastify)', e.c],
      ['d console list (full stack, uncached)', e.d],
      ['e console list (bare Fastify)', e.e],
    ]) {
      if (!run) continue;
      const p = run.process;
      rows.push([name, key, run.requestsPerSec, run.latencyMs.p50, run.latencyMs.p99, run.latencyMs.max, run.errors + run.timeouts, run.non2xx, p?.rssMB?.max, p?.cpuPct.process, p?.cpuMsPerRequest, p?.cpuPct.machineBusy]);
    }
  }
  printTable(['engine', 'case', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'errors', 'non-2xx', 'RSS max MB', 'proc CPU %', 'CPU ms/req', 'machine busy %'], rows, {
    title: `API benchmark — ${results.settings.connections} connections × ${results.settings.durationS} s, ${results.settings.articles} articles`,
  });
  for (const e of Object.values(results.engines)) {
    if (!e.ratios) continue;
    const met = e.ratios.requestsPerSec_d_over_e >= CONSOLE_RATIO_TARGET;
    console.log(
      `${met ? '✓' : '✗'} ${e.engine}: console list (d)/(e) req/s = ${e.ratios.requestsPerSec_d_over_e} (target ≥ ${CONSOLE_RATIO_TARGET})` +
        `  ·  p99 (d)/(e) = ${e.ratios.p99_d_over_e}  ·  Node CPU/request (d)/(e) = ${e.ratios.cpuMsPerRequest_d_over_e}`,
    );
    if (!e.b) continue;
    if (e.engine === 'pglite') {
      const idle = e.rssMB.idleAfterStart;
      const max = Math.max(e.b.process?.rssMB?.max ?? 0, e.d?.process?.rssMB?.max ?? 0);
      console.log(
        `${idle <= EMBEDDED_RSS_TARGET.idleMB ? '✓' : '✗'} pglite: server RSS idle ${idle} MB after ${IDLE_SETTLE_MS / 1000} s without requests (target ≤ ${EMBEDDED_RSS_TARGET.idleMB}; ${e.rssMB.rightAfterStart} MB right after the start)` +
          `  ·  ${max <= EMBEDDED_RSS_TARGET.loadMB ? '✓' : '✗'} max ${max} MB under (b) and (d) (target ≤ ${EMBEDDED_RSS_TARGET.loadMB})`,
      );
    }
    console.log(
      `  ${e.engine}: cached portal list (b)/(c) req/s = ${e.ratios.requestsPerSec_b_over_c}  ·  p99 (b)/(c) = ${e.ratios.p99_b_over_c}` +
        `  ·  Node CPU/request (b)/(c) = ${e.ratios.cpuMsPerRequest_b_over_c}` +
        `  ·  server RSS idle ${e.rssMB.idleAfterStart} MB → max ${e.b.process?.rssMB?.max} MB under (b)` +
        `  ·  DB alone: page ${e.queryTimes?.page.clientMs} ms + count ${e.queryTimes?.count.clientMs} ms` +
        `  ·  /healthz during (b): p50 ${e.b.healthzWhileLoaded?.p50Ms} ms, max ${e.b.healthzWhileLoaded?.maxMs} ms`,
    );
  }
}

export async function runApiBench({ databaseUrl = process.env.DATABASE_URL } = {}) {
  const load = loadSettingsFromEnv();
  const results = {
    benchmark: 'api',
    date: new Date().toISOString(),
    machine: machineInfo(),
    settings: { ...load, only: consoleOnly ? 'console' : 'all', articles: ARTICLES, poolMax: POOL_MAX, list: { path: LIST_PATH, body: LIST_BODY }, consoleList: { path: CONSOLE_LIST_PATH, body: CONSOLE_LIST_BODY }, consoleRatioTarget: CONSOLE_RATIO_TARGET },
    engines: {},
    failures: [],
  };
  const failures = results.failures;
  results.machine.busyAtStart = warnIfBusy('api');
  try {
    results.engines.pglite = await benchEngine('pglite', { load, failures });
    if (databaseUrl) {
      const benchDb = await createBenchDatabase(databaseUrl, BENCH_DB);
      try {
        results.engines.postgres = await benchEngine('postgres', { url: benchDb.url, load, failures });
      } finally {
        await benchDb.drop();
      }
    } else {
      console.log('[api] DATABASE_URL is not set: PostgreSQL skipped');
    }
  } catch (err) {
    failures.push(`aborted: ${err.message}`);
    throw err;
  } finally {
    const file = writeResult('api.json', results);
    printApiTable(results);
    console.log(`[api] wrote ${path.relative(process.cwd(), file)}`);
  }
  if (failures.length) {
    throw new Error(`API benchmark FAILED — every request must succeed and the console list meet its target:\n  ${failures.join('\n  ')}`);
  }
  return results;
}

if (isMain(import.meta.url)) {
  runApiBench().catch((err) => {
    console.error(`\n✖ ${err.message}`);
    process.exitCode = 1;
  });
}
