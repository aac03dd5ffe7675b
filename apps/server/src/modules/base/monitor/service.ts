import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { CacheStats } from '../../../core/cache';
import type { Database } from '../../../core/db';

/**
 * The server monitor's figures (/rest/monitorService/getMonitorInfo): this process, the machine it
 * runs on, the database and the in-process caches. Everything is read when asked; the only standing
 * cost is the event-loop delay histogram.
 */

/** CPU usage needs two readings: a reading older than this is too stale to compare against. */
const CPU_BASE_MAX_AGE_MS = 60_000;
/** The shortest interval usage is measured over. */
const CPU_MIN_INTERVAL_MS = 500;
/** The event-loop delay percentiles cover at most about this window. */
const LOOP_WINDOW_MS = 60_000;

interface CpuReading {
  at: number;
  idle: number;
  total: number;
  process: NodeJS.CpuUsage;
}

function readCpu(): CpuReading {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { at: performance.now(), idle, total, process: process.cpuUsage() };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface MonitorDeps {
  database: Database;
  caches: () => CacheStats[];
  /** The log writers' buffers (written, buffered, dropped), when the log module runs. */
  logWriters?: () => Array<{ name: string; buffered: number; written: number; dropped: number; failedBatches: number; lastError: string | null }>;
}

export function createMonitorService({ database, caches, logWriters }: MonitorDeps) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let loopSince = Date.now();
  let lastCpu: CpuReading | null = null;

  /** CPU busy share of the machine and of this process (100 = every core busy) since the previous reading. */
  async function cpuUsage() {
    let base = lastCpu;
    const now = performance.now();
    if (!base || now - base.at > CPU_BASE_MAX_AGE_MS || now - base.at < CPU_MIN_INTERVAL_MS) {
      base = readCpu();
      await sleep(CPU_MIN_INTERVAL_MS);
    }
    const current = readCpu();
    lastCpu = current;
    const cores = os.cpus().length || 1;
    const total = current.total - base.total;
    const elapsedMs = current.at - base.at;
    const processMs = (current.process.user - base.process.user + current.process.system - base.process.system) / 1000;
    return {
      usage: total > 0 ? round1((1 - (current.idle - base.idle) / total) * 100) : 0,
      processUsage: elapsedMs > 0 ? round1(Math.min(100, (processMs / elapsedMs / cores) * 100)) : 0,
      intervalMs: Math.round(elapsedMs),
    };
  }

  function loopDelay() {
    const ms = (ns: number) => (Number.isFinite(ns) ? Math.round(ns / 1e4) / 100 : 0);
    const figures = {
      p50Ms: ms(loop.percentile(50)),
      p99Ms: ms(loop.percentile(99)),
      maxMs: ms(loop.max),
      windowSeconds: Math.round((Date.now() - loopSince) / 1000),
    };
    if (Date.now() - loopSince >= LOOP_WINDOW_MS) {
      loop.reset();
      loopSince = Date.now();
    }
    return figures;
  }

  async function databaseInfo() {
    const db = database.db;
    const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)) as unknown as { rows: T[] };
    const [{ version, size }] = (await rows<{ version: string; size: string | number }>(sql`select version() as version, pg_database_size(current_database()) as size`)).rows as [
      { version: string; size: string | number },
    ];
    let connections: { total: number; active: number; idle: number; max: number } | null = null;
    let note: string | null = null;
    if (database.kind === 'postgres') {
      const [row] = (
        await rows<{ total: number; active: number; idle: number; max: number }>(sql`
          select count(*)::int as total,
                 count(*) filter (where state = 'active')::int as active,
                 count(*) filter (where state like 'idle%')::int as idle,
                 current_setting('max_connections')::int as max
          from pg_stat_activity where datname = current_database()`)
      ).rows;
      connections = row ?? null;
    } else {
      note = '嵌入式数据库（PGlite）在本进程内运行，只有一个连接，没有连接数统计';
    }
    return { kind: database.kind, version: version.split(',')[0]!.trim(), sizeBytes: Number(size), connections, note };
  }

  return {
    async info() {
      const [cpu, db] = await Promise.all([cpuUsage(), databaseInfo()]);
      const memory = process.memoryUsage();
      const cpus = os.cpus();
      const total = os.totalmem();
      const free = os.freemem();
      return {
        time: new Date(),
        cpu: { model: cpus[0]?.model.trim() ?? '未知', cores: cpus.length, ...cpu, loadAverage: os.loadavg().map(round1) },
        memory: { totalBytes: total, usedBytes: total - free, freeBytes: free, usage: round1(((total - free) / total) * 100) },
        system: { hostname: os.hostname(), platform: `${os.type()} ${os.release()} ${os.arch()}`, uptimeSeconds: Math.round(os.uptime()) },
        node: {
          version: process.version,
          pid: process.pid,
          uptimeSeconds: Math.round(process.uptime()),
          rssBytes: memory.rss,
          heapUsedBytes: memory.heapUsed,
          heapTotalBytes: memory.heapTotal,
          externalBytes: memory.external,
          eventLoopDelay: loopDelay(),
        },
        database: db,
        caches: caches().map((c) => ({ ...c, hitRate: c.hits + c.misses > 0 ? round1((c.hits / (c.hits + c.misses)) * 100) : null })),
        logWriters: logWriters?.() ?? [],
      };
    },
    close() {
      loop.disable();
    },
  };
}
export type MonitorService = ReturnType<typeof createMonitorService>;
