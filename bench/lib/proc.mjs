// Memory and CPU of a running process, read from /proc (Linux).
import fs from 'node:fs';
import os from 'node:os';

const TICKS_PER_S = 100; // USER_HZ on Linux

/** VmRSS of `pid` in bytes, or null when it cannot be read (process gone, not Linux). */
export function readRss(pid) {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** utime + stime of `pid` in clock ticks, or null. */
export function procTicks(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may contain spaces: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Busy and total ticks of all CPUs together, or null. */
export function systemTicks() {
  try {
    const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = cpu[3] + (cpu[4] ?? 0);
    const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

export const toMB = (bytes) => (bytes == null ? null : Math.round((bytes / 1024 / 1024) * 10) / 10);
const pct = (n) => (n == null || !Number.isFinite(n) ? null : Math.round(n * 10) / 10);

/**
 * Watches `pid` until `stop()`: VmRSS every `intervalMs`, and CPU over the whole span — the process's own
 * (100 % = one core), this bench process's (the load generator) and the machine's busy share (100 % = all cores).
 */
export function sampleProcess(pid, intervalMs = 250) {
  const values = [];
  const take = () => {
    const v = readRss(pid);
    if (v !== null) values.push(v);
  };
  const t0 = process.hrtime.bigint();
  const proc0 = procTicks(pid);
  const self0 = process.cpuUsage();
  const sys0 = systemTicks();
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      const elapsedS = Number(process.hrtime.bigint() - t0) / 1e9;
      const proc1 = procTicks(pid);
      const self1 = process.cpuUsage(self0);
      const sys1 = systemTicks();
      const sum = values.reduce((a, b) => a + b, 0);
      return {
        rssMB: values.length
          ? { samples: values.length, min: toMB(Math.min(...values)), max: toMB(Math.max(...values)), mean: toMB(sum / values.length), last: toMB(values.at(-1)) }
          : null,
        cpuSeconds: proc0 != null && proc1 != null ? (proc1 - proc0) / TICKS_PER_S : null,
        cpuPct: {
          process: proc0 != null && proc1 != null ? pct(((proc1 - proc0) / TICKS_PER_S / elapsedS) * 100) : null,
          loadGenerator: pct(((self1.user + self1.system) / 1e6 / elapsedS) * 100),
          machineBusy: sys0 && sys1 ? pct(((sys1.busy - sys0.busy) / (sys1.total - sys0.total)) * 100) : null,
        },
        loadAvgAfter: os.loadavg().map((l) => Math.round(l * 100) / 100),
      };
    },
  };
}
