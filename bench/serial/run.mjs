#!/usr/bin/env node
// Serial-number benchmark: POST /rest/serial/next (取号) on the built server under 100 concurrent
// connections. Every number handed out is collected; a duplicate fails the run, and so does any
// error or non-2xx answer. Afterwards the rule's counter must equal the numbers seen (no gaps).
// PostgreSQL (DATABASE_URL; a throwaway database, dropped afterwards); PGlite too with BENCH_SERIAL_PGLITE=1.
// Writes bench/results/serial.json; exits non-zero on failure.
import path from 'node:path';
import autocannon from 'autocannon';
import { createBenchDatabase } from '../lib/db.mjs';
import { machineInfo, waitForQuiet, warnIfBusy } from '../lib/machine.mjs';
import { sleep } from '../lib/net.mjs';
import { isMain } from '../lib/paths.mjs';
import { sampleProcess } from '../lib/proc.mjs';
import { printTable, round, writeResult } from '../lib/report.mjs';
import { ADMIN_PASSWORD, makeTempDir, removeDir, startServer } from '../lib/server.mjs';

const BENCH_DB = 'dandelion_bench_serial';
const NEXT_PATH = '/rest/serial/next';
const RULE = { ruleCode: 'BENCH_NO', ruleName: '压测编号', prefix: 'BN', datePattern: '', separator: '-', seqLength: 10, resetPeriod: 'NEVER', step: 1, startValue: 1 };

function settings() {
  const clamp = (v, lo, hi, dflt) => (Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : dflt);
  return {
    connections: clamp(Number(process.env.BENCH_SERIAL_CONNECTIONS), 10, 200, 100),
    durationS: clamp(Number(process.env.BENCH_DURATION), 1, 30, 10),
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

async function benchEngine(engine, { databaseUrl, load, failures }) {
  const label = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const say = (msg) => console.log(`[serial:${engine}] ${msg}`);
  const dataDir = makeTempDir(`serial-${engine}`);
  let server = null;
  try {
    const machineBefore = await waitForQuiet(`serial:${engine}`);
    say('starting the built server on a fresh database …');
    server = await startServer({ dataDir, databaseUrl });
    const login = await postJson(`${server.url}/callback?client_name=myform_client`, { username: 'admin', password: ADMIN_PASSWORD });
    const auth = { authorization: login.token };
    await postJson(`${server.url}/rest/serial/add`, RULE, auth);

    const seen = new Map();
    const latencies = [];
    say(`warm-up ${load.warmupS} s, ${load.connections} connections …`);
    const warm = await takeNumbers({ url: server.url, token: login.token, connections: load.connections, durationS: load.warmupS, seen, latencies: [] });
    await sleep(Math.min(10_000, (warm.result.latency.max || 0) + 500));
    say(`measuring ${load.durationS} s …`);
    const watch = sampleProcess(server.pid);
    const { result, bad } = await takeNumbers({ url: server.url, token: login.token, connections: load.connections, durationS: load.durationS, seen, latencies });
    const process_ = watch.stop();
    await sleep(500);

    const rule = (await postJson(`${server.url}/rest/serial/page`, { ruleCode: RULE.ruleCode }, auth)).list[0];
    const duplicates = [...seen].filter(([, n]) => n > 1);
    const sequence = [...seen.keys()].map((v) => Number(v.split('-').at(-1))).sort((a, b) => a - b);
    // Numbers the server handed out whose answers autocannon dropped: requests still in flight when
    // the warm-up or the measured run stopped. At most one per connection and run.
    const unseen = rule.currentValue - sequence.length;
    const sorted = [...latencies].sort((a, b) => a - b);
    const errors = result.errors + result.timeouts + warm.result.errors + warm.result.timeouts;
    const non2xx = result.non2xx + warm.result.non2xx;

    if (duplicates.length) failures.push(`${label}: ${duplicates.length} duplicate numbers, e.g. ${duplicates.slice(0, 3).map(([v, n]) => `${v}×${n}`).join(', ')}`);
    if (errors) failures.push(`${label}: ${errors} errors/timeouts`);
    if (non2xx) failures.push(`${label}: ${non2xx} non-2xx answers: ${bad.concat(warm.bad).join(' | ')}`);
    if (sequence.length && (sequence[0] < 1 || sequence.at(-1) > rule.currentValue)) failures.push(`${label}: numbers outside 1…${rule.currentValue} were answered`);
    if (unseen < 0 || unseen > 2 * load.connections) failures.push(`${label}: ${unseen} numbers consumed without an answer (more than the requests cut off at the two stops)`);
    if (!result.requests.total) failures.push(`${label}: no request completed`);

    return {
      engine,
      connections: load.connections,
      durationS: load.durationS,
      requestsPerSec: round(result.requests.average, 1),
      requestsTotal: result.requests.total,
      latencyMs: { p50: round(percentile(sorted, 50), 2), p95: round(percentile(sorted, 95), 2), p99: round(percentile(sorted, 99), 2), max: round(sorted.at(-1), 2), samples: sorted.length },
      numbers: { answered: seen.size, counterAfter: rule.currentValue, duplicates: duplicates.length, unseen, first: sequence[0], last: sequence.at(-1) },
      errors,
      non2xx,
      statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
      process: { ...process_, cpuMsPerRequest: process_.cpuSeconds != null && result.requests.total ? round((process_.cpuSeconds * 1000) / result.requests.total, 3) : null },
      machineBefore,
      startupMs: server.startupMs,
    };
  } finally {
    if (server) {
      const stop = await server.stop();
      if (stop.forced || stop.code !== 0) failures.push(`${label}: the server did not stop cleanly (code ${stop.code}, forced ${stop.forced})`);
    }
    removeDir(dataDir);
  }
}


function printSerialTable(results) {
  printTable(
    ['engine', 'connections', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'numbers', 'duplicates', 'unseen', 'errors', 'non-2xx', 'proc CPU %', 'CPU ms/req'],
    Object.values(results.engines).map((e) => [
      e.engine === 'pglite' ? 'PGlite' : 'PostgreSQL', e.connections, e.requestsPerSec, e.latencyMs.p50, e.latencyMs.p95, e.latencyMs.p99, e.latencyMs.max,
      e.numbers.answered, e.numbers.duplicates, e.numbers.unseen, e.errors, e.non2xx, e.process?.cpuPct.process, e.process?.cpuMsPerRequest,
    ]),
    { title: `Serial numbers — POST ${NEXT_PATH}, ${results.settings.connections} connections × ${results.settings.durationS} s (after ${results.settings.warmupS} s warm-up)` },
  );
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
    // PGlite is one connection in the server's process: 100 queued callers measure that queue, not the
    // statement. On request only (BENCH_SERIAL_PGLITE=1), for comparison.
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
