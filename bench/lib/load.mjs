// One bounded autocannon run against 127.0.0.1, reduced to the figures the reports keep.
import autocannon from 'autocannon';
import { sleep } from './net.mjs';
import { sampleProcess } from './proc.mjs';
import { waitForQuiet } from './machine.mjs';
import { round } from './report.mjs';

export const DEFAULT_LOAD = { connections: 20, durationS: 10, warmupS: 2 };

function runAutocannon(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
    // Never leave a run going if the bench is interrupted.
    const abort = () => instance.stop();
    process.once('SIGINT', abort);
    instance.once('done', () => process.removeListener('SIGINT', abort));
  });
}

/**
 * Load `url` with `connections` for `durationS` seconds (after an unrecorded warm-up of `warmupS`).
 * `body` (an object) is sent as JSON, with `headers` (e.g. a session's authorization). With `watchPid`, that process's memory and CPU are sampled during the
 * measured run (not the warm-up) and returned as `process`.
 */
export async function runLoad({ url, method = 'GET', body, headers = {}, connections = DEFAULT_LOAD.connections, durationS = DEFAULT_LOAD.durationS, warmupS = DEFAULT_LOAD.warmupS, watchPid }) {
  const { hostname } = new URL(url);
  if (hostname !== '127.0.0.1') throw new Error(`benchmarks only target 127.0.0.1, not ${hostname}`);
  const opts = {
    url,
    method,
    connections,
    timeout: 10,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  };
  const machineBefore = await waitForQuiet('load');
  if (warmupS > 0) {
    const warm = await runAutocannon({ ...opts, duration: warmupS });
    // Requests still queued in the server when the warm-up stops would eat into the measured run:
    // give the server about as long as its slowest warm-up answer took to drain them.
    await sleep(Math.min(10_000, (warm.latency.max || 0) + 500));
  }
  const watch = watchPid ? sampleProcess(watchPid) : null;
  const r = await runAutocannon({ ...opts, duration: durationS });
  const watched = watch?.stop() ?? null;
  return {
    method,
    path: new URL(url).pathname,
    connections,
    durationS,
    requestsPerSec: round(r.requests.average, 1),
    requestsTotal: r.requests.total,
    latencyMs: { mean: round(r.latency.average, 2), p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    throughputKBps: round(r.throughput.average / 1024, 1),
    errors: r.errors,
    timeouts: r.timeouts,
    resets: r.resets,
    non2xx: r.non2xx,
    machineBefore,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
    // CPU the watched process spent per answered request: robust to other work on the machine.
    ...(watched ? { process: { ...watched, cpuMsPerRequest: watched.cpuSeconds != null && r.requests.total ? round((watched.cpuSeconds * 1000) / r.requests.total, 3) : null } } : {}),
  };
}

/** What went wrong in a run (errors, timeouts, non-2xx answers); empty when it is clean. */
export function failuresOf(label, run) {
  const problems = [];
  if (run.errors) problems.push(`${run.errors} errors`);
  if (run.timeouts) problems.push(`${run.timeouts} timeouts`);
  if (run.resets) problems.push(`${run.resets} resets`);
  if (run.non2xx) problems.push(`${run.non2xx} non-2xx (${JSON.stringify(run.statusCodes)})`);
  if (!run.requestsTotal) problems.push('no request completed');
  return problems.map((p) => `${label}: ${p}`);
}

/** Connections and duration from BENCH_CONNECTIONS (10–50) and BENCH_DURATION (1–30 s), as bench/README.md describes. */
export function loadSettingsFromEnv() {
  const clamp = (v, lo, hi, dflt) => (Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : dflt);
  return {
    connections: clamp(Number(process.env.BENCH_CONNECTIONS), 10, 50, DEFAULT_LOAD.connections),
    durationS: clamp(Number(process.env.BENCH_DURATION), 1, 30, DEFAULT_LOAD.durationS),
    warmupS: DEFAULT_LOAD.warmupS,
  };
}
