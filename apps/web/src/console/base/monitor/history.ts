import type { MonitorInfo } from './api';

/** One reading kept for the charts. */
export interface Sample {
  /** Server time of the reading, ms since the epoch. */
  at: number;
  cpu: number;
  processCpu: number;
  heapUsedMB: number;
  heapTotalMB: number;
  rssMB: number;
}

/** How far back the charts look: the readings are kept in the browser only. */
export const HISTORY_MS = 5 * 60_000;

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The history with `info` added (once per reading) and readings older than HISTORY_MS dropped. */
export function appendSample(history: readonly Sample[], info: MonitorInfo): Sample[] {
  const at = new Date(info.time).getTime();
  if (history.length && history[history.length - 1]!.at >= at) return history as Sample[];
  const sample: Sample = {
    at,
    cpu: info.cpu.usage,
    processCpu: info.cpu.processUsage,
    heapUsedMB: mb(info.node.heapUsedBytes),
    heapTotalMB: mb(info.node.heapTotalBytes),
    rssMB: mb(info.node.rssBytes),
  };
  return [...history.filter((s) => s.at > at - HISTORY_MS), sample];
}
