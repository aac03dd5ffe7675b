/** Server monitor (spec §2 /base/monitor/monitorMain): this process, its machine, its database, caches and log buffers. */
import { z } from 'zod';
import { defineCall, permissionsOf } from '../contract';
import { zDateTime } from '../schemas';

export const MONITOR_PERMISSIONS = permissionsOf('base:monitor', ['list']);

const count = z.number();

export const monitorInfo = z.object({
  time: zDateTime,
  cpu: z.object({ model: z.string(), cores: count, usage: count, processUsage: count, intervalMs: count, loadAverage: z.array(count) }),
  memory: z.object({ totalBytes: count, usedBytes: count, freeBytes: count, usage: count }),
  system: z.object({ hostname: z.string(), platform: z.string(), uptimeSeconds: count }),
  node: z.object({
    version: z.string(),
    pid: count,
    uptimeSeconds: count,
    rssBytes: count,
    heapUsedBytes: count,
    heapTotalBytes: count,
    externalBytes: count,
    eventLoopDelay: z.object({ p50Ms: count, p99Ms: count, maxMs: count, windowSeconds: count }),
  }),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    version: z.string(),
    sizeBytes: count,
    connections: z.object({ total: count, active: count, idle: count, max: count }).nullable(),
    note: z.string().nullable(),
  }),
  caches: z.array(z.object({ name: z.string(), size: count, maxEntries: count, hits: count, misses: count, hitRate: count.nullable() })),
  logWriters: z.array(z.object({ name: z.string(), buffered: count, written: count, dropped: count, failedBatches: count, lastError: z.string().nullable() })),
});

export const monitorCalls = {
  info: defineCall({
    method: 'POST',
    path: '/rest/monitorService/getMonitorInfo',
    access: MONITOR_PERMISSIONS.list,
    tag: '服务监控',
    summary: '服务监控：CPU（按时间间隔测得的使用率）、内存、负载、运行时长、Node（堆、事件循环延迟）、数据库、缓存与日志缓冲',
    body: z.object({}),
    response: monitorInfo,
  }),
};
