/** Server monitor (/rest/monitorService/getMonitorInfo); server: modules/base/monitor. */
import { postJson } from '../../../api/http';

export const MONITOR_PERMISSION = 'base:monitor:list';

export interface MonitorInfo {
  time: string;
  cpu: { model: string; cores: number; usage: number; processUsage: number; intervalMs: number; loadAverage: number[] };
  memory: { totalBytes: number; usedBytes: number; freeBytes: number; usage: number };
  system: { hostname: string; platform: string; uptimeSeconds: number };
  node: {
    version: string;
    pid: number;
    uptimeSeconds: number;
    rssBytes: number;
    heapUsedBytes: number;
    heapTotalBytes: number;
    externalBytes: number;
    eventLoopDelay: { p50Ms: number; p99Ms: number; maxMs: number; windowSeconds: number };
  };
  database: {
    kind: 'pglite' | 'postgres';
    version: string;
    sizeBytes: number;
    connections: { total: number; active: number; idle: number; max: number } | null;
    note: string | null;
  };
  caches: Array<{ name: string; size: number; maxEntries: number; hits: number; misses: number; hitRate: number | null }>;
  logWriters: Array<{ name: string; buffered: number; written: number; dropped: number; failedBatches: number; lastError: string | null }>;
}

// A few seconds beyond the server's own CPU sampling interval; silent: the page shows the failure itself.
export const fetchMonitorInfo = (signal?: AbortSignal) => postJson<MonitorInfo>('/rest/monitorService/getMonitorInfo', {}, { signal, silent: true, timeoutMs: 15_000 });
