import type { DictOption } from '@dandelion/shared/base/dict';
import type { EventBus } from '../../../core/bus';
import { createInvalidatingCache } from '../../../core/cache';

/** Every category's items by category code: the whole vocabulary is small, so it is cached as one snapshot. */
export type DictSnapshot = ReadonlyMap<string, readonly DictOption[]>;

const CACHE_NAME = 'dict';
const SNAPSHOT_KEY = 'all';

/**
 * The dictionaries every form reads, held in memory on each instance and dropped on every
 * instance when any dictionary changes (the bus carries the message; PostgreSQL LISTEN/NOTIFY
 * when several instances share a database).
 *
 * A read that started before a change and finishes after it must not put the old snapshot back:
 * each invalidation bumps a generation, and a load only fills the cache if none happened meanwhile.
 */
export function createDictCache(bus: EventBus, load: () => Promise<DictSnapshot>) {
  // Dictionaries change through this module only, and every change invalidates; the TTL only
  // bounds how long a change made behind the application's back (SQL by hand) stays unseen.
  const cache = createInvalidatingCache<DictSnapshot>(bus, CACHE_NAME, { ttlMs: 10 * 60_000, maxEntries: 1 });
  let generation = 0;
  let loading: { generation: number; promise: Promise<DictSnapshot> } | null = null;
  bus.subscribe(`cache:${CACHE_NAME}`, () => {
    generation += 1;
  });

  return {
    async snapshot(): Promise<DictSnapshot> {
      const hit = cache.get(SNAPSHOT_KEY);
      if (hit) return hit;
      // Concurrent misses share one query.
      if (loading && loading.generation === generation) return loading.promise;
      const started = generation;
      const promise = load().then((snapshot) => {
        if (generation === started) cache.set(SNAPSHOT_KEY, snapshot);
        return snapshot;
      });
      loading = { generation: started, promise };
      try {
        return await promise;
      } finally {
        if (loading?.promise === promise) loading = null;
      }
    },

    /** Drops the snapshot here at once and on every other instance when the bus delivers. Call after the change committed. */
    async invalidate(): Promise<void> {
      generation += 1;
      cache.clear();
      await cache.invalidate('*');
    },
  };
}
export type DictCache = ReturnType<typeof createDictCache>;
