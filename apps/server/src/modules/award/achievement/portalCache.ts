import type { EventBus } from '../../../core/bus';
import { createInvalidatingCache } from '../../../core/cache';

/**
 * The cache of the portal's prize pages (/apply, /fund, /national, /show): anonymous reads answer from
 * here. Changes the pages show (an edition, a lookup, an award) call `invalidateAll()`, which empties
 * it on every instance through the bus. The TTL is short because an edition's phase also moves by
 * date alone and an award is a declaration's move this module does not see; it is the safety net.
 */
export interface AwardPortalCache {
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  invalidateAll(): Promise<void>;
}

export function createAwardPortalCache(bus: EventBus, options: { ttlMs?: number; maxEntries?: number } = {}): AwardPortalCache {
  const cache = createInvalidatingCache<unknown>(bus, 'award-portal', { ttlMs: options.ttlMs ?? 60_000, maxEntries: options.maxEntries ?? 2_000 });
  const loading = new Map<string, Promise<unknown>>();
  // A load that started before an invalidation must not put its stale answer back afterwards.
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

/** A cache that keeps nothing (a module wired without the bus, e.g. a unit test of its service). */
export const noAwardPortalCache: AwardPortalCache = { read: (_key, load) => load(), invalidateAll: async () => {} };
