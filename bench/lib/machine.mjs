// What the figures were measured on.
import os from 'node:os';
import { systemTicks } from './proc.mjs';

export function machineInfo() {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model?.trim() ?? 'unknown',
    totalMemMB: Math.round(os.totalmem() / 1024 / 1024),
    freeMemMB: Math.round(os.freemem() / 1024 / 1024),
    loadAvg: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

/** Benchmarks on a busy machine measure the other work too: say so, loudly, before starting. */
export function warnIfBusy(tag) {
  const [one] = os.loadavg();
  const cpus = os.cpus().length;
  if (one > cpus * 0.5) {
    console.warn(`[${tag}] ⚠ load average ${one.toFixed(2)} on ${cpus} CPUs: other work is running, the figures will be lower and noisier`);
    return true;
  }
  return false;
}

/** Share of all CPUs that was busy over the next `ms` milliseconds (0–100), or null off Linux. */
export async function machineBusyPct(ms = 2_000) {
  const a = systemTicks();
  await new Promise((r) => setTimeout(r, ms));
  const b = systemTicks();
  if (!a || !b || b.total === a.total) return null;
  return Math.round(((b.busy - a.busy) / (b.total - a.total)) * 1000) / 10;
}

/**
 * With BENCH_WAIT_QUIET=<seconds>, waits (at most that long) until the machine is less than
 * `belowPct` % busy, so that other work does not share the CPUs with a measurement. Off by default.
 * Returns { waitedS, busyPct } for the report.
 */
export async function waitForQuiet(tag, { belowPct = 35 } = {}) {
  const maxS = Math.min(600, Number(process.env.BENCH_WAIT_QUIET) || 0);
  const started = Date.now();
  let busy = await machineBusyPct(1_000);
  while (maxS > 0 && busy != null && busy >= belowPct && Date.now() - started < maxS * 1000) {
    if (Date.now() - started < 1_500) console.log(`[${tag}] machine ${busy} % busy: waiting up to ${maxS} s for it to quieten …`);
    busy = await machineBusyPct(2_000);
  }
  return { waitedS: Math.round((Date.now() - started) / 1000), busyPct: busy };
}
