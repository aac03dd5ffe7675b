#!/usr/bin/env node
// Where the console list's (d) spends CPU beside the bare (e), on PostgreSQL: one seeded database, the
// built server(s) and the bare app kept running, and rounds of load on each in turn (alternation makes
// before/after pairs on a shared machine comparable). For every run it counts, per answered request:
//   node    the answering process's CPU (/proc/<pid>/stat)
//   pg      the CPU of the PostgreSQL backends connected to the bench database (its pool's and the log's)
//   pgAux   PostgreSQL's own background processes (WAL writer, checkpointer, background writer, autovacuum)
//   client  this process's CPU: autocannon sending and parsing the answers
//   xacts   transactions committed in the bench database (pg_stat_database.xact_commit)
// Usage: DATABASE_URL=postgres://… node bench/api/overhead.mjs [--rounds 3] [--duration 10] [--serve] [--prof DIR]
//        [--server label=path/to/main.js ...] (default: the worktree's apps/server/dist/main.js as "d")
// A server entry other than the default must sit in apps/server/dist/ (it finds its files from there).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { createBenchDatabase, withDirectDb } from '../lib/db.mjs';
import { freePort, postJson, sleep, waitForHttp200 } from '../lib/net.mjs';
import { serverEntry } from '../lib/paths.mjs';
import { procTicks } from '../lib/proc.mjs';
import { round } from '../lib/report.mjs';
import { ADMIN_PASSWORD, childEnv, makeTempDir, removeDir, serverArgs, spawnNode, startServer } from '../lib/server.mjs';
import { CONSOLE_LIST_BODY, CONSOLE_LIST_PATH, captureConsoleListSql } from './consoleList.mjs';
import { seedArticles } from './seed.mjs';

const TICKS_PER_S = 100;
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const rounds = Number(opt('rounds', 3));
const durationS = Number(opt('duration', 10));
const connections = Number(opt('connections', 20));
const servers = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--server') {
    // label=path[?NAME=value&…]: extra environment for that server (experiments switched by a variable).
    const [label, spec] = args[i + 1].split(/=(.*)/s);
    const [file, query = ''] = spec.split('?');
    servers.push({ label, entry: path.resolve(file), env: Object.fromEntries(new URLSearchParams(query)) });
  }
}
if (!servers.length) servers.push({ label: 'd', entry: serverEntry, env: {} });
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const DB_NAME = opt('db', 'dandelion_overhead');
const bareScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-server.mjs');

/** A process's CPU ticks; a process already gone counts as none. */
const ticksOf = (pid) => procTicks(pid) ?? 0;

/** PostgreSQL processes: backends of the bench database and the server's background ones. */
function postgresPids(admin, db) {
  return admin
    .query(`select pid, datname, backend_type from pg_stat_activity where datname = $1 or backend_type not in ('client backend')`, [db])
    .then(({ rows }) => ({ backends: rows.filter((r) => r.datname === db).map((r) => r.pid), aux: rows.filter((r) => r.backend_type !== 'client backend' && r.datname !== db).map((r) => r.pid) }));
}

const commits = (admin, db) => admin.query('select xact_commit::bigint as n from pg_stat_database where datname = $1', [db]).then(({ rows }) => Number(rows[0].n));

function load(url, headers, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, method: 'POST', connections, duration: seconds, timeout: 10, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(CONSOLE_LIST_BODY) },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
  });
}

/**
 * CPU ticks of the PostgreSQL processes while `during` runs: polled every 200 ms (a backend that exits
 * keeps what it had when last seen; one that starts counts from zero).
 */
async function pgTicksDuring(admin, during) {
  const first = new Map();
  const last = new Map();
  const poll = async () => {
    const { backends, aux } = await postgresPids(admin, DB_NAME);
    for (const [kind, pids] of [['pg', backends], ['aux', aux]]) {
      for (const pid of pids) {
        const t = ticksOf(pid);
        if (!t) continue;
        const key = `${kind}:${pid}`;
        if (!first.has(key)) first.set(key, polled ? 0 : t);
        last.set(key, t);
      }
    }
  };
  let polled = false;
  await poll();
  polled = true;
  let running = true;
  const loop = (async () => {
    while (running) {
      await sleep(200);
      await poll();
    }
  })();
  const result = await during();
  running = false;
  await loop;
  const total = { pg: 0, aux: 0 };
  for (const [key, t] of last) total[key.split(':')[0]] += t - first.get(key);
  return { result, ...total };
}

async function measure(admin, target) {
  await load(target.url + CONSOLE_LIST_PATH, target.headers, 2);
  await sleep(500);
  const node0 = ticksOf(target.pid);
  const self0 = process.cpuUsage();
  const xacts0 = await commits(admin, DB_NAME);
  let n = 0;
  let self;
  let node1;
  const ticks = await pgTicksDuring(admin, async () => {
    const r = await load(target.url + CONSOLE_LIST_PATH, target.headers, durationS);
    n = r.requests.total;
    self = process.cpuUsage(self0);
    node1 = ticksOf(target.pid);
    // Let the log writer's last batch of the run go out, so that its backend CPU is counted.
    if (target.flushMs) await sleep(target.flushMs);
    return r;
  });
  const r = ticks.result;
  const per = (t) => round((t * 1000) / TICKS_PER_S / n, 3);
  return {
    rps: round(r.requests.average, 1),
    non2xx: r.non2xx + r.errors,
    node: per(node1 - node0),
    pg: per(ticks.pg),
    pgAux: per(ticks.aux),
    client: round((self.user + self.system) / 1000 / n, 3),
    xacts: round(((await commits(admin, DB_NAME)) - xacts0) / n, 2),
    bytesPerAnswer: Math.round(r.throughput.total / n),
  };
}

async function main() {
  const benchDb = await createBenchDatabase(databaseUrl, DB_NAME);
  const admin = new pg.Client({ connectionString: databaseUrl, application_name: 'dandelion-overhead-admin' });
  await admin.connect();
  const dataDir = makeTempDir('overhead');
  const running = [];
  try {
    const first = await startServer({ dataDir, databaseUrl: benchDb.url });
    await first.stop();
    let statements;
    await withDirectDb('postgres', { url: benchDb.url }, async (query) => {
      await seedArticles(query, 10_000);
      statements = (await captureConsoleListSql(query)).statements;
    });
    const sqlFile = path.join(dataDir, 'console-list-statements.json');
    fs.writeFileSync(sqlFile, JSON.stringify(statements));

    const targets = [];
    for (const { label, entry, env } of servers) {
      const server = await startServerAt(entry, dataDir, benchDb.url, env);
      running.push(server);
      const signIn = await postJson(`${server.url}/callback?client_name=myform_client`, { username: 'admin', password: ADMIN_PASSWORD });
      const token = signIn.json?.data?.token;
      if (!token) throw new Error(`${label}: sign-in failed ${signIn.text.slice(0, 200)}`);
      targets.push({ label, url: server.url, pid: server.pid, headers: { authorization: token }, flushMs: 2_500 });
    }
    const port = await freePort();
    const bare = spawnNode([bareScript], { env: childEnv({ BENCH_ENGINE: 'postgres', BENCH_PORT: String(port), BENCH_CONSOLE_SQL: sqlFile, BENCH_DATABASE_URL: benchDb.url, BENCH_POOL_MAX: '10' }), ipc: true });
    running.push(bare);
    await new Promise((resolve) => bare.child.on('message', (m) => m?.ready && resolve()));
    targets.push({ label: 'e', url: `http://127.0.0.1:${port}`, pid: bare.pid, headers: {}, flushMs: 0 });

    if (args.includes('--serve')) {
      // --serve: keep everything up for other tools (strace, perf, autocannon) until SIGINT or SIGTERM.
      console.log(JSON.stringify({ db: benchDb.url, targets: targets.map(({ label, url, pid, headers }) => ({ label, url, pid, headers })) }));
      await new Promise((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      return;
    }
    const results = Object.fromEntries(targets.map((t) => [t.label, []]));
    for (let i = 0; i < rounds; i++) {
      for (const t of targets) {
        const m = await measure(admin, t);
        results[t.label].push(m);
        console.log(JSON.stringify({ round: i + 1, case: t.label, load: fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 1)[0], ...m }));
      }
    }
    console.log('\nmedians (ms CPU per request):');
    for (const [label, list] of Object.entries(results)) {
      const med = (k) => [...list.map((m) => m[k])].sort((a, b) => a - b)[Math.floor(list.length / 2)];
      const keys = ['rps', 'node', 'pg', 'pgAux', 'client', 'xacts', 'bytesPerAnswer'];
      const m = Object.fromEntries(keys.map((k) => [k, med(k)]));
      console.log(label.padEnd(12), JSON.stringify({ ...m, total: round(m.node + m.pg + m.pgAux + m.client, 3) }));
    }
    // Each server against the first, round by round (neighbours in time see about the same machine).
    const [baseLabel, ...others] = Object.keys(results);
    for (const label of others) {
      const ratios = (k) => results[label].map((m, i) => round(m[k] / results[baseLabel][i][k], 3)).sort((a, b) => a - b);
      console.log(`${label}/${baseLabel} per round, sorted:`, JSON.stringify({ node: ratios('node'), pg: ratios('pg'), rps: ratios('rps') }));
    }
  } finally {
    for (const p of running) await p.stop();
    removeDir(dataDir);
    await admin.end();
    await benchDb.drop();
  }
}

/** startServer's child, from another build (a copy in apps/server/dist/, where it finds its files from). */
async function startServerAt(entry, dataDir, url, extraEnv = {}) {
  if (path.dirname(entry) !== path.dirname(serverEntry)) throw new Error(`${entry}: a server build must sit in apps/server/dist/`);
  const port = await freePort();
  const env = childEnv({ HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_PASSWORD, TWO_FACTOR_REQUIRED_FOR_ADMINS: 'false', DATABASE_URL: url, ...extraEnv });
  // --prof DIR: each server writes a CPU profile (node --cpu-prof) into DIR when it stops.
  const prof = opt('prof', null);
  const proc = spawnNode([...(prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(prof)}`] : []), ...serverArgs(entry, url)], { env });
  await waitForHttp200(`http://127.0.0.1:${port}/healthz`, { timeoutMs: 90_000, isAlive: proc.isRunning });
  return { ...proc, url: `http://127.0.0.1:${port}` };
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
