// Scale-out, measured: three built instances on one PostgreSQL behind nginx, a mixed load, one instance
// SIGKILLed mid-run. Prints throughput for 1, 2 and 3 instances and each correctness check with ✓/✗;
// writes bench/results/scaleout.json. Expects apps/server/dist/main.js (npm run bench builds it).
// DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres); REDIS_URL: count
// the rate limits in Redis instead of PostgreSQL. SCALEOUT_SECONDS: length of each throughput run (default 10).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createBenchDatabase } from '../lib/db.mjs';
import { machineInfo } from '../lib/machine.mjs';
import { isMain, serverEntry, repoRoot } from '../lib/paths.mjs';
import { assertServerBuilt, serverArgs } from '../lib/server.mjs';
import { printTable, round, writeResult } from '../lib/report.mjs';
import { freePort, startInstances } from './cluster.mjs';
import { startNginx } from './nginx.mjs';
import { checkCache, checkRateLimit, checkSessions, createCounters, failuresOutsideKill, runMix, signIn, verifyStored } from './workload.mjs';

const CONCURRENCY = 24;

export async function runScaleoutBench() {
  assertServerBuilt();
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const seconds = Number(process.env.SCALEOUT_SECONDS ?? 10);
  const database = await createBenchDatabase(serverUrl, `dandelion_bench_scaleout_${process.pid}`);
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-scaleout-files-'));
  let instances = [];
  let nginx = null;
  const checks = [];
  const check = (name, ok, detail = '') => {
    checks.push({ name, ok: Boolean(ok), detail });
    console.log(`${ok ? '✓' : '✗'} ${name}${detail ? ` — ${detail}` : ''}`);
  };
  try {
    instances = await startInstances(3, { args: serverArgs(serverEntry, database.url), cwd: repoRoot, databaseUrl: database.url, filesDir, redisUrl: process.env.REDIS_URL });
    const ports = instances.map((i) => i.port);
    const fronts = [
      { port: await freePort(), upstreams: ports.slice(0, 1) },
      { port: await freePort(), upstreams: ports.slice(0, 2) },
      { port: await freePort(), upstreams: ports },
    ];
    nginx = await startNginx(fronts, { waitUntilUp: true });
    const frontUrl = (n) => `http://127.0.0.1:${fronts[n - 1].port}`;
    const token = await signIn(frontUrl(3));
    const counters = await createCounters(frontUrl(3), token, 24, 'B');

    // Throughput through the balancer with 1, 2 and 3 instances behind it (same mix, same clients).
    const throughput = [];
    for (const n of [1, 2, 3]) {
      const run = await runMix({ base: frontUrl(n), token, counters, durationMs: seconds * 1000, concurrency: CONCURRENCY, tag: `T${n}` });
      const problems = await verifyStored({ bases: [frontUrl(3)], token, acked: run.acked, failures: run.failures });
      throughput.push({ instances: n, requestsPerSec: round(run.requestsPerSec, 1), requests: run.counts.requests, failures: run.failures.length, byKind: run.counts.byKind, problems });
    }
    const base1 = throughput[0].requestsPerSec;
    printTable(
      ['instances', 'req/s', '× one instance', 'requests', 'failed'],
      throughput.map((t) => [t.instances, t.requestsPerSec, `${round(t.requestsPerSec / base1, 2)}×`, t.requests, t.failures]),
      { title: `Mixed load through nginx, ${CONCURRENCY} clients, ${seconds} s each (machine: ${os.cpus().length} cores)` },
    );
    check('no request failed with every instance up', throughput.every((t) => t.failures === 0), throughput.map((t) => `${t.instances}: ${t.failures}`).join(', '));
    check('every acknowledged write stored, no lost update (1, 2, 3 instances)', throughput.every((t) => t.problems.length === 0), throughput.flatMap((t) => t.problems).slice(0, 3).join('; '));

    // Correctness across instances, then the kill.
    const bases = instances.map((i) => i.url);
    const sessions = await checkSessions({ front: frontUrl(3), bases });
    check('a session made through the balancer is valid on every instance', sessions.validEverywhere);
    check('signed out on one instance, refused on the others', sessions.signedOut && sessions.refusedEverywhereAfter);
    const categoryId = await dictCategoryId(database.url);
    const cache = await checkCache({ bases, token, categoryId, tag: String(process.pid).slice(-6) });
    check('a dictionary change on one instance is seen fresh on the others', cache.added && cache.seenEverywhere, cache.detail);
    const limit = await checkRateLimit({ front: frontUrl(3), ip: `10.77.${process.pid % 250}.1` });
    check('the complaint limit (5 per address) holds across the 3 instances', limit.sixth === 429 && limit.statuses.slice(0, 5).every((s) => s === 400) && limit.upstreams.length >= 3, `answers ${limit.statuses.join(',')} from ${limit.upstreams.length} instances; ${limit.message ?? ''}`);

    const victim = instances[2];
    let diedAt = 0;
    const killTimer = setTimeout(() => {
      void victim.kill().then((at) => (diedAt = at));
    }, (seconds * 1000) / 2);
    const resilienceStart = Date.now();
    const resilience = await runMix({ base: frontUrl(3), token, counters, durationMs: seconds * 1000, concurrency: CONCURRENCY, tag: 'K' });
    clearTimeout(killTimer);
    const outside = failuresOutsideKill(resilience.failures, { killedPort: victim.port, diedAt });
    const survivors = instances.slice(0, 2).map((i) => i.url);
    const problems = await verifyStored({ bases: survivors, token, acked: resilience.acked, failures: resilience.failures });
    check('instance 3 SIGKILLed mid-run', diedAt > 0 && !victim.isRunning());
    check('errors limited to requests in flight on the killed instance', outside.length === 0, `${resilience.failures.length} failed of ${resilience.counts.requests} (≤ ${CONCURRENCY} in flight); outside the kill: ${outside.length}`);
    check('after the kill: every acknowledged write stored, no lost update, uploads served by the survivors', problems.length === 0, problems.slice(0, 3).join('; '));
    const after = await checkSessions({ front: frontUrl(3), bases: survivors });
    check('after the kill: sign-in through the balancer and sessions on the survivors', after.validEverywhere && after.refusedEverywhereAfter);

    const result = {
      bench: 'scaleout',
      at: new Date().toISOString(),
      machine: machineInfo(),
      rateLimitStore: process.env.REDIS_URL ? 'redis' : 'postgres',
      concurrency: CONCURRENCY,
      secondsPerRun: seconds,
      throughput,
      kill: { diedAfterMs: diedAt - resilienceStart, requests: resilience.counts.requests, failures: resilience.failures.length, outsideKill: outside.length, requestsPerSec: round(resilience.requestsPerSec, 1), failed: resilience.failures.slice(0, 30) },
      checks,
      passed: checks.every((c) => c.ok),
    };
    console.log(`wrote ${path.relative(repoRoot, writeResult('scaleout.json', result))}`);
    return result;
  } finally {
    await nginx?.stop();
    await Promise.all(instances.map((i) => i.stop()));
    fs.rmSync(filesDir, { recursive: true, force: true });
    await database.drop();
  }
}

async function dictCategoryId(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("select id from base_dict where dict_full_code = 'CATALOG_STATUS' and del_flag = 0");
    return rows[0].id;
  } finally {
    await client.end();
  }
}

if (isMain(import.meta.url)) {
  runScaleoutBench().then(
    (r) => process.exit(r.passed ? 0 : 1),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
