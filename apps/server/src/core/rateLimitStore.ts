import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Executor } from './db';

/**
 * The counters behind the per-route rate limits (captcha image, SMS sending, sign-in, complaint and
 * purchase forms …), shared by every instance: with N instances behind a balancer a caller still gets
 * the limit once, not N times. Redis when REDIS_URL is set, else a PostgreSQL table; both count a
 * fixed window per key, timed by the store's own clock so instances whose clocks drift agree.
 *
 * A Redis outage does not take sign-in down, nor lift the limits: while Redis cannot answer, hits are
 * counted in PostgreSQL (still shared); when PostgreSQL cannot answer either, the request passes
 * uncounted (the route itself needs the database and answers its own error). docs/scale-out.md.
 */
export interface RateCounter {
  /** Counts one hit of `key` in its window of `windowMs`: the hits so far in the window, and ms until it ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  close(): Promise<void>;
}

/** One row per key and window; rows whose window ended are purged lazily by the instances that count. */
export const sysRateCounter = pgTable(
  'sys_rate_counter',
  {
    key: varchar('key', { length: 512 }).primaryKey(),
    count: integer('count').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
  },
  (t) => [index('sys_rate_counter_window_end_idx').on(t.windowEnd)],
);

const PURGE_EVERY_MS = 60_000;

/** Counters in PostgreSQL: one atomic upsert per hit, so concurrent instances never lose a count. */
export function createPostgresRateCounter(db: Executor): RateCounter {
  let lastPurge = 0;
  const purge = () => {
    lastPurge = Date.now();
    db.delete(sysRateCounter)
      .where(sql`${sysRateCounter.windowEnd} < now()`)
      .catch(() => undefined);
  };
  return {
    async hit(key, windowMs) {
      if (Date.now() - lastPurge > PURGE_EVERY_MS) purge();
      const interval = sql`(${windowMs} * interval '1 millisecond')`;
      const expired = sql`${sysRateCounter.windowEnd} <= now()`;
      const [row] = await db
        .insert(sysRateCounter)
        .values({ key: clipKey(key), count: 1, windowStart: sql`now()`, windowEnd: sql`now() + ${interval}` })
        .onConflictDoUpdate({
          target: sysRateCounter.key,
          set: {
            count: sql`case when ${expired} then 1 else ${sysRateCounter.count} + 1 end`,
            windowStart: sql`case when ${expired} then now() else ${sysRateCounter.windowStart} end`,
            windowEnd: sql`case when ${expired} then excluded.window_end else ${sysRateCounter.windowEnd} end`,
          },
        })
        .returning({
          count: sysRateCounter.count,
          // now() is each transaction's start: a hit that waited on the row lock behind the one that opened
          // the window started earlier than it, so the difference may exceed the window by that wait.
          resetInMs: sql<number>`least(${windowMs}, greatest(0, ceil(extract(epoch from (${sysRateCounter.windowEnd} - now())) * 1000)))::integer`,
        });
      return { count: row!.count, resetInMs: Number(row!.resetInMs) };
    },
    async close() {},
  };
}

/** INCR and, on the window's first hit, its expiry: one round trip, atomic on the Redis server. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

type RedisWithHit = Redis & { rateCounterHit(key: string, windowMs: number): Promise<[number, number]> };

export interface RedisCounterOptions {
  url: string;
  /** Put before every key: deployments (and test runs) sharing one Redis do not count each other. */
  keyPrefix: string;
  /** How long a hit waits for Redis before it is counted in the fallback instead. */
  commandTimeoutMs?: number;
  onStateChange?: (state: 'down' | 'up', err?: Error) => void;
}

/** Counters in Redis; a command that fails (not connected, timed out) rejects at once, it is never queued. */
export function createRedisRateCounter(options: RedisCounterOptions): RateCounter {
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    // While disconnected, commands fail immediately (and the fallback counts) instead of waiting in a queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? 500,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 5_000),
  }) as RedisWithHit;
  redis.defineCommand('rateCounterHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  let down = false;
  // Without an error listener ioredis prints every failed reconnect; one line per outage is enough.
  redis.on('error', (err: Error) => {
    if (!down) options.onStateChange?.('down', err);
    down = true;
  });
  redis.on('ready', () => {
    if (down) options.onStateChange?.('up');
    down = false;
  });
  return {
    async hit(key, windowMs) {
      const [count, ttl] = await redis.rateCounterHit(`rate:${key}`, windowMs);
      return { count: Number(count), resetInMs: Number(ttl) };
    },
    async close() {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}

/** Counts in `primary`; a hit `primary` cannot count is counted in `fallback`. */
export function withFallback(primary: RateCounter, fallback: RateCounter): RateCounter {
  return {
    async hit(key, windowMs) {
      try {
        return await primary.hit(key, windowMs);
      } catch {
        return fallback.hit(key, windowMs);
      }
    },
    async close() {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}

/** Keys are the route and the caller (an address, a user id); a key longer than the column is cut, never refused. */
function clipKey(key: string): string {
  return key.length <= 512 ? key : key.slice(0, 512);
}

/**
 * The store @fastify/rate-limit counts with (its `store` option): the plugin builds the root with
 * its settings, then one child per limited route, whose keys carry the route.
 */
export function rateLimitStoreOf(counter: RateCounter): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string;
    constructor(scope?: unknown) {
      this.scope = typeof scope === 'string' ? scope : '';
    }
    incr(key: string, done: (err: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      counter.hit(`${this.scope}${key}`, timeWindow).then(
        (r) => done(null, { current: r.count, ttl: r.resetInMs }),
        (err: Error) => done(err),
      );
    }
    // The plugin passes the route's merged limit settings, the route itself under routeInfo (its typings say RouteOptions).
    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo: { method: string | string[]; url: string } }).routeInfo;
      return new SharedRateLimitStore(`${String(route.method)} ${route.url}|`);
    }
  };
}
