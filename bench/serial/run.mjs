#!/usr/bin/env node
// Serial-number benchmark: POST /rest/serial/next (取号, one number a request) on the built server
// under 100 concurrent connections, three measured runs (BENCH_SERIAL_RUNS), each with the machine's
// load beside it. Target: the median run ≥ 2 000 numbers/s on PostgreSQL. Every number answered is
// collected; a duplicate fails the run, and so does any error or non-2xx answer. Afterwards the
// operation log (each number is committed with its TAKE row) must hold exactly 1 … the counter, and
// every answered number: nothing skipped, nothing handed out twice.
// PostgreSQL (DATABASE_URL; a throwaway database, dropped afterwards); PGlite too with BENCH_SERIAL_PGLITE=1.
// Writes bench/results/serial.json; exits non-zero below target or on any failure.
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createBenchDatabase, withDirectDb } from '../lib/db.mjs';
import { machineInfo, waitForQuiet, warnIfBusy } from '../lib/machine.mjs';
import { sleep } from '../lib/net.mjs';
import { isMain } from '../lib/paths.mjs';
import { sampleProcess } from '../lib/proc.mjs';
import { printTable, round, writeResult } from '../lib/report.mjs';
import { ADMIN_PASSWORD, makeTempDir, removeDir, startServer } from '../lib/server.mjs';

const BENCH_DB = 'dandelion_bench_serial';
const NEXT_PATH = '/rest/serial/next';
/** Numbers a second the median run must reach on PostgreSQL (issue 19, point 5). */
export const SERIAL_TARGET_PER_SEC = 2_000;
const RULE = { ruleCode: 'BENCH_NO', ruleName: '压测编号', prefix: 'BN', datePattern: '', separator: '-', seqLength: 10, resetPeriod: 'NEVER', step: 1, startValue: 1 };

function settings() {
  const clamp = (v, lo, hi, dflt) => (Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : dflt);
  return {
    connections: clamp(Number(process.env.BENCH_SERIAL_CONNECTIONS), 10, 200, 100),
    durationS: clamp(Number(process.env.BENCH_DURATION), 1, 30, 10),
    runs: clamp(Number(process.env.BENCH_SERIAL_RUNS), 1, 9, 3),
    warmupS: 2,
  };
}

async function postJson(url, body, headers = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const json = await res.json().catch(() => null);
  if (res.status !== 200 || json?.code !== '0000') throw new Error(`${url}: HTTP ${res.status} ${JSON.stringify(json)?.slice(0, 300)}`);
  return json.data;
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);

/**
 * One autocannon run that keeps every body: the numbers handed out go into `seen` (a Map of value →
 * times seen) and each answer's latency into `latencies`.
 */
function takeNumbers({ url, token, connections, durationS, seen, latencies }) {
  const bad = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: durationS,
        timeout: 10,
        requests: [
          {
            method: 'POST',
            path: NEXT_PATH,
            headers: { 'content-type': 'application/json', authorization: token },
            body: JSON.stringify({ ruleCode: RULE.ruleCode }),
            onResponse: (status, body) => {
              if (status !== 200) {
                if (bad.length < 5) bad.push(`${status} ${String(body).slice(0, 200)}`);
                return;
              }
              for (const value of JSON.parse(body).data.values) seen.set(value, (seen.get(value) ?? 0) + 1);
            },
          },
        ],
        setupClient: (client) => client.on('response', (_status, _bytes, durationMs) => latencies.push(durationMs)),
      },
      (err, result) => (err ? reject(err) : resolve({ result, bad })),
    );
    const abort = () => instance.stop();
    process.once('SIGINT', abort);
    instance.once('done', () => process.removeListener('SIGINT', abort));
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const load1 = () => round(os.loadavg()[0], 2);

/** The sequence number of a value (the part after the separator). */
const seqOf = (value) => Number(value.split('-').at(-1));

/**
 * What the server committed, read from the database once it has stopped (no request in flight):
 * the rule's counter, and every number handed out, each in the TAKE row of the operation log
 * written in the same transaction.
 */
async function committedNumbers(engine, where) {
  return withDirectDb(engine, where, async (query) => {
    const { rows } = await query(
      `select "after"->'values' as values from sys_oper_log where module = 'base:serial' and action = 'TAKE' and "after"->>'ruleCode' = $1`,
      [RULE.ruleCode],
    );
    const counter = await query('select current_value from base_serial_rule where rule_code = $1 and del_flag = 0', [RULE.ruleCode]);
    return { counter: Number(counter.rows[0].current_value), logged: rows.flatMap((row) => row.values).map(seqOf).sort((a, b) => a - b) };
  });
}

/** One measured run: its throughput, latencies and the machine's load at its start and end. */
async function measuredRun(server, token, load, seen) {
  const latencies = [];
  const loadBefore = load1();
  const watch = sampleProcess(server.pid);
  const before = seen.size;
  const { result, bad } = await takeNumbers({ url: server.url, token, connections: load.connections, durationS: load.durationS, seen, latencies });
  const process_ = watch.stop();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    numbersPerSec: round((seen.size - before) / load.durationS, 1),
    requestsPerSec: round(result.requests.average, 1),
    requestsTotal: result.requests.total,
    latencyMs: { p50: round(percentile(sorted, 50), 2), p95: round(percentile(sorted, 95), 2), p99: round(percentile(sorted, 99), 2), max: round(sorted.at(-1), 2) },
    load1: { before: loadBefore, after: load1() },
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bad,
    process: { ...process_, cpuMsPerRequest: process_.cpuSeconds != null && result.requests.total ? round((process_.cpuSeconds * 1000) / result.requests.total, 3) : null },
  };
}

async function benchEngine(engine, { databaseUrl, load, failures }) {
  const label = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const say = (msg) => console.log(`[serial:${engine}] ${msg}`);
  const dataDir = makeTempDir(`serial-${engine}`);
  let server = null;
  try {
    const machineBefore = await waitForQuiet(`serial:${engine}`);
    say('starting the built server on a fresh database …');
    server = await startServer({ dataDir, databaseUrl });
    const startupMs = server.startupMs;
    const login = await postJson(`${server.url}/callback?client_name=myform_client`, { username: 'admin', password: ADMIN_PASSWORD });
    await postJson(`${server.url}/rest/serial/add`, RULE, { authorization: login.token });

    const seen = new Map();
    say(`warm-up ${load.warmupS} s, ${load.connections} connections …`);
    const warm = await takeNumbers({ url: server.url, token: login.token, connections: load.connections, durationS: load.warmupS, seen, latencies: [] });
    const runs = [];
    for (let i = 0; i < load.runs; i++) {
      await sleep(1_000);
      const run = await measuredRun(server, login.token, load, seen);
      say(`run ${i + 1}/${load.runs}: ${run.numbersPerSec} numbers/s, p50 ${run.latencyMs.p50} ms (load ${run.load1.before} → ${run.load1.after})`);
      runs.push(run);
    }
    const stop = await server.stop();
    server = null;
    if (stop.forced || stop.code !== 0) failures.push(`${label}: the server did not stop cleanly (code ${stop.code}, forced ${stop.forced})`);

    // Distinct: no number answered twice. Gap-free: the numbers committed (the log) are exactly
    // 1 … the counter, and every number answered is among them (answers cut off when a run stopped
    // are committed and logged, just not seen by the client).
    const duplicates = [...seen].filter(([, n]) => n > 1);
    const { counter, logged } = await committedNumbers(engine, { pgdata: path.join(dataDir, 'pgdata'), url: databaseUrl });
    const loggedTwice = logged.filter((v, i) => i > 0 && v === logged[i - 1]).length;
    const missing = counter - new Set(logged).size;
    const outside = logged.filter((v) => v < 1 || v > counter).length;
    const loggedSet = new Set(logged);
    const answeredNotLogged = [...seen.keys()].filter((v) => !loggedSet.has(seqOf(v))).length;
    const errors = warm.result.errors + warm.result.timeouts + runs.reduce((n, r) => n + r.errors, 0);
    const non2xx = warm.result.non2xx + runs.reduce((n, r) => n + r.non2xx, 0);
    const medianPerSec = median(runs.map((r) => r.numbersPerSec));
    const target = engine === 'postgres' ? SERIAL_TARGET_PER_SEC : null;

    if (duplicates.length) failures.push(`${label}: ${duplicates.length} duplicate numbers, e.g. ${duplicates.slice(0, 3).map(([v, n]) => `${v}×${n}`).join(', ')}`);
    if (loggedTwice || outside) failures.push(`${label}: the log holds ${loggedTwice} numbers twice and ${outside} outside 1…${counter}`);
    if (missing) failures.push(`${label}: ${missing} numbers of 1…${counter} were consumed without being committed with a log row (a gap)`);
    if (answeredNotLogged) failures.push(`${label}: ${answeredNotLogged} numbers were answered but not committed`);
    if (errors) failures.push(`${label}: ${errors} errors/timeouts`);
    if (non2xx) failures.push(`${label}: ${non2xx} non-2xx answers: ${runs.flatMap((r) => r.bad).concat(warm.bad).slice(0, 5).join(' | ')}`);
    if (!seen.size) failures.push(`${label}: no request completed`);
    if (target && !(medianPerSec >= target)) failures.push(`${label}: ${medianPerSec} numbers/s (median of ${runs.length} runs) is below the target of ${target}/s`);

    return {
      engine,
      connections: load.connections,
      durationS: load.durationS,
      target,
      numbersPerSec: medianPerSec,
      meetsTarget: target ? medianPerSec >= target : null,
      runs: runs.map(({ bad: _bad, ...run }) => run),
      numbers: { answered: seen.size, counterAfter: counter, logged: logged.length, duplicates: duplicates.length, missing, answeredNotLogged, unseen: counter - seen.size },
      errors,
      non2xx,
      machineBefore,
      startupMs,
    };
  } finally {
    if (server) await server.stop();
    removeDir(dataDir);
  }
}

function printSerialTable(results) {
  const rows = Object.values(results.engines).flatMap((e) => {
    const name = e.engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const runRows = e.runs.map((r, i) => [
      name, `run ${i + 1}`, r.numbersPerSec, r.latencyMs.p50, r.latencyMs.p95, r.latencyMs.p99, `${r.load1.before} → ${r.load1.after}`, r.process?.cpuPct?.process, r.process?.cpuMsPerRequest, '',
    ]);
    const verdict = e.target ? `${e.meetsTarget ? '✓' : '✗'} ≥ ${e.target}/s` : '— (no target)';
    return [...runRows, [name, 'median', e.numbersPerSec, null, null, null, null, null, null, verdict]];
  });
  printTable(['engine', 'run', 'numbers/s', 'p50 ms', 'p95 ms', 'p99 ms', 'load (1 min)', 'proc CPU %', 'CPU ms/req', 'target'], rows, {
    title: `Serial numbers — POST ${NEXT_PATH} (1 number a request), ${results.settings.connections} connections × ${results.settings.durationS} s × ${results.settings.runs} runs (after ${results.settings.warmupS} s warm-up)`,
  });
  const checks = Object.values(results.engines).map((e) => {
    const n = e.numbers;
    const ok = !n.duplicates && !n.missing && !n.answeredNotLogged && !e.errors && !e.non2xx;
    return `${ok ? '✓' : '✗'} ${e.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${n.answered} numbers answered, ${n.logged} committed with their log row = 1…${n.counterAfter}; ${n.duplicates} duplicates, ${n.missing} gaps, ${n.unseen} committed but cut off unseen at a stop`;
  });
  for (const line of checks) console.log(line);
}

export async function runSerialBench({ databaseUrl = process.env.DATABASE_URL } = {}) {
  const load = settings();
  const results = { benchmark: 'serial', date: new Date().toISOString(), machine: machineInfo(), settings: { ...load, path: NEXT_PATH, rule: RULE }, engines: {}, failures: [] };
  const failures = results.failures;
  results.machine.busyAtStart = warnIfBusy('serial');
  try {
    if (databaseUrl) {
      const benchDb = await createBenchDatabase(databaseUrl, BENCH_DB);
      try {
        results.engines.postgres = await benchEngine('postgres', { databaseUrl: benchDb.url, load, failures });
      } finally {
        await benchDb.drop();
      }
    } else {
      failures.push('DATABASE_URL is not set: the PostgreSQL figures (the point of this benchmark) were not measured');
    }
    // PGlite is one connection in the server's process, and the target is PostgreSQL's: on request
    // only (BENCH_SERIAL_PGLITE=1), for comparison and for its distinct/gap-free checks.
    if (process.env.BENCH_SERIAL_PGLITE === '1') results.engines.pglite = await benchEngine('pglite', { load, failures });
  } catch (err) {
    failures.push(`aborted: ${err.message}`);
    throw err;
  } finally {
    const file = writeResult('serial.json', results);
    if (Object.keys(results.engines).length) printSerialTable(results);
    console.log(`[serial] wrote ${path.relative(process.cwd(), file)}`);
  }
  if (failures.length) throw new Error(`serial benchmark FAILED:\n  ${failures.join('\n  ')}`);
  return results;
}

if (isMain(import.meta.url)) {
  runSerialBench().catch((err) => {
    console.error(`\n✖ ${err.message}`);
    process.exitCode = 1;
  });
}
