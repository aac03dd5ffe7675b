import type { EventBus } from './bus';

/**
 * A small in-process cache whose entries any instance can invalidate through the
 * bus. Used where reads are hot and a change must be seen at once everywhere
 * (session validation). Entries also expire by TTL as a safety net.
 */
export interface InvalidatingCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  /** Drops the key here and on every other instance. */
  invalidate(key: string): Promise<void>;
  clear(): void;
  /** Figures for the monitor page. */
  stats(): CacheStats;
}

export interface CacheStats {
  name: string;
  size: number;
  maxEntries: number;
  hits: number;
  misses: number;
}

/** Every cache made in this process, for the monitor page. */
const registry = new Set<InvalidatingCache<unknown>>();
export function cacheStats(): CacheStats[] {
  return [...registry].map((c) => c.stats());
}

export function createInvalidatingCache<V>(bus: EventBus, name: string, options: { ttlMs: number; maxEntries: number }): InvalidatingCache<V> {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  const channel = `cache:${name}`;
  let hits = 0;
  let misses = 0;
  bus.subscribe(channel, (key) => {
    if (key === '*') entries.clear();
    else entries.delete(key);
  });
  const cache: InvalidatingCache<V> = {
    get(key) {
      const hit = entries.get(key);
      if (!hit || hit.expiresAt <= Date.now()) {
        if (hit) entries.delete(key);
        misses++;
        return undefined;
      }
      hits++;
      // Refresh recency: Map keeps insertion order, so the oldest entry is evicted first.
      entries.delete(key);
      entries.set(key, hit);
      return hit.value;
    },
    set(key, value) {
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expiresAt: Date.now() + options.ttlMs });
    },
    async invalidate(key) {
      entries.delete(key);
      await bus.publish(channel, key);
    },
    clear() {
      entries.clear();
    },
    stats() {
      return { name, size: entries.size, maxEntries: options.maxEntries, hits, misses };
    },
  };
  registry.add(cache as InvalidatingCache<unknown>);
  return cache;
}

/** Cached reads of answers many anonymous visitors share (the portal's calls), emptied as a whole. */
export interface ReadThroughCache {
  /** The cached answer for `key`, loading it once even when many requests miss together. */
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every answer here and, through the bus, on every other instance. */
  invalidateAll(): Promise<void>;
}

/**
 * A read-through cache over `createInvalidatingCache`: concurrent misses of one key share one load,
 * and a load that started before an invalidation does not put its stale answer back afterwards.
 */
export function createReadThroughCache(bus: EventBus, name: string, options: { ttlMs: number; maxEntries: number }): ReadThroughCache {
  const cache = createInvalidatingCache<unknown>(bus, name, options);
  const loading = new Map<string, Promise<unknown>>();
  let generation = 0;
  return {
    async read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = cache.get(key);
      if (hit !== undefined) return hit as T;
      const pending = loading.get(key);
      if (pending) return pending as Promise<T>;
      const startedAt = generation;
      const promise = load()
        .then((value) => {
          if (startedAt === generation) cache.set(key, value);
          return value;
        })
        .finally(() => loading.delete(key));
      loading.set(key, promise);
      return promise;
    },
    async invalidateAll() {
      generation++;
      loading.clear();
      cache.clear();
      await cache.invalidate('*');
    },
  };
}
