// The plans of what the server really runs for a list call: auto_explain (a contrib module shipped with
// PostgreSQL) is preloaded for new sessions of the bench database only, logging every statement's
// EXPLAIN (ANALYZE, BUFFERS) to the PostgreSQL server log; the bench reads what one call added to that
// log. Needs the log readable (BENCH_PG_LOG, default Debian's /var/log/postgresql/postgresql-<major>-main.log):
// otherwise the plans are reported as unavailable and only HTTP figures are kept.
import fs from 'node:fs';
import { sleep } from '../lib/net.mjs';
import { round } from '../lib/report.mjs';

/** Turns auto_explain on for new sessions of `dbName` (the server must be restarted to pick it up). */
export async function enableAutoExplain(client, dbName) {
  const set = (name, value) => client.query(`alter database "${dbName}" set ${name} = ${value}`);
  await set('session_preload_libraries', `'auto_explain'`);
  await set('auto_explain.log_min_duration', '0');
  await set('auto_explain.log_analyze', 'on');
  await set('auto_explain.log_buffers', 'on');
  await set('auto_explain.log_timing', 'on');
  await set('auto_explain.log_format', 'text');
}

export async function logFileOf(client) {
  if (process.env.BENCH_PG_LOG) return process.env.BENCH_PG_LOG;
  const { rows: [v] } = await client.query(`select current_setting('server_version_num')::int / 10000 as major, pg_current_logfile() as current, current_setting('data_directory', true) as data`);
  const candidates = [v.current && (v.current.startsWith('/') ? v.current : `${v.data}/${v.current}`), `/var/log/postgresql/postgresql-${v.major}-main.log`].filter(Boolean);
  return candidates.find((f) => {
    try {
      fs.accessSync(f, fs.constants.R_OK);
      return true;
    } catch {
      return false;
    }
  }) ?? null;
}

/** The statements auto_explain logged in `text`: duration, query text and plan. */
function parsePlans(text) {
  const out = [];
  let cur = null;
  for (const line of text.split('\n')) {
    const m = /LOG:\s+duration: ([\d.]+) ms\s+plan:/.exec(line);
    if (m) {
      cur = { durationMs: Number(m[1]), query: '', plan: [] };
      out.push(cur);
      continue;
    }
    if (!cur) continue;
    if (/^\s/.test(line) && line.trim()) {
      const q = /^\s*Query Text: (.*)$/.exec(line);
      if (q) cur.query = q[1];
      else cur.plan.push(line.replace(/^\t/, ''));
    } else cur = null;
  }
  return out;
}

/**
 * Runs `callOnce()` and answers the `keep` slowest statements the server ran meanwhile, with plans.
 * Other databases' statements never reach the log (auto_explain is loaded only in the bench database).
 */
export async function plansOf(logFile, callOnce, keep = 3) {
  const from = fs.statSync(logFile).size;
  await callOnce();
  await sleep(400);
  const to = fs.statSync(logFile).size;
  const fd = fs.openSync(logFile, 'r');
  const buf = Buffer.alloc(Math.max(0, to - from));
  fs.readSync(fd, buf, 0, buf.length, from);
  fs.closeSync(fd);
  return parsePlans(buf.toString('utf8'))
    .sort((a, b) => b.durationMs - a.durationMs)
    .slice(0, keep)
    .map((p) => ({ durationMs: round(p.durationMs, 2), query: p.query.slice(0, 2000), plan: p.plan.slice(0, 60) }));
}
