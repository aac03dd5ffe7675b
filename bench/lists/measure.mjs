// Latency of one list call: sequential (one user) and with N users calling back to back. The API is a
// black box: an answer counts when it is HTTP 200 with the success envelope and a list of rows.
import { sleep } from '../lib/net.mjs';
import { sampleProcess } from '../lib/proc.mjs';
import { percentile, round } from '../lib/report.mjs';

/** Why `res` is not a good page answer (null when it is). */
export function problemOf(res, { expectRows = true } = {}) {
  if (res.status !== 200) return `HTTP ${res.status} ${res.text.slice(0, 160)}`;
  if (!res.json || res.json.success !== true || res.json.code !== '0000') return `envelope ${res.text.slice(0, 160)}`;
  const list = res.json.data?.list;
  if (!Array.isArray(list)) return `no list in ${res.text.slice(0, 160)}`;
  if (expectRows && list.length === 0) return 'no rows (the case should match some)';
  return null;
}

async function call(url, payload, token) {
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: payload });
  const text = await res.text();
  const ms = performance.now() - started;
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: problemOf reports the text
  }
  return { status: res.status, json, text, ms };
}

const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.length ? { n: sorted.length, p50: round(percentile(sorted, 50), 1), p95: round(percentile(sorted, 95), 1), max: round(sorted.at(-1), 1) } : null;
};

/** `warmup` unrecorded calls, then `samples` recorded ones, one after the other. */
export async function sequential(url, body, token, { warmup, samples }) {
  const payload = JSON.stringify(body);
  const times = [];
  let answer = null;
  for (let i = 0; i < warmup + samples; i++) {
    const res = await call(url, payload, token);
    const problem = problemOf(res);
    if (problem) return { error: problem };
    answer = res.json.data;
    if (i >= warmup) times.push(res.ms);
  }
  return { latencyMs: summary(times), total: answer.total, totalEstimated: answer.totalEstimated ?? answer.totalCapped ?? null, rows: answer.list.length };
}

/**
 * `users` clients each calling back to back for `durationS` seconds (after `warmupS` unrecorded):
 * latency of every answer, answers per second, and the server process's CPU meanwhile.
 */
export async function concurrent(url, body, token, { users, durationS, warmupS, serverPid }) {
  const payload = JSON.stringify(body);
  const times = [];
  let failed = 0;
  let firstProblem = null;
  let phase = 'warmup';
  let stopAt = Date.now() + warmupS * 1000;
  const worker = async () => {
    while (Date.now() < stopAt) {
      const recording = phase === 'measure';
      let res;
      try {
        res = await call(url, payload, token);
      } catch (err) {
        res = { status: 0, text: err.message, json: null };
      }
      const problem = problemOf(res);
      if (!recording) continue;
      if (problem) {
        failed += 1;
        firstProblem ??= problem;
      } else times.push(res.ms);
    }
  };
  await Promise.all(Array.from({ length: users }, worker));
  await sleep(200);
  phase = 'measure';
  stopAt = Date.now() + durationS * 1000;
  const watch = serverPid ? sampleProcess(serverPid) : null;
  const started = performance.now();
  await Promise.all(Array.from({ length: users }, worker));
  const elapsedS = (performance.now() - started) / 1000;
  const watched = watch?.stop() ?? null;
  return {
    users,
    latencyMs: summary(times),
    requestsPerSec: round(times.length / elapsedS, 1),
    failed,
    ...(firstProblem ? { error: firstProblem } : {}),
    ...(watched ? { serverCpuPct: watched.cpuPct.process, machineBusyPct: watched.cpuPct.machineBusy } : {}),
  };
}
