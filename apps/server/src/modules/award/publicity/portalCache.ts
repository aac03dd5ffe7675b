import type { EventBus } from '../../../core/bus';
import { createInvalidatingCache } from '../../../core/cache';

/**
 * The portal's publicity reads, cached per call and input. Opening, closing or changing a shown
 * publicity (and the awards module closing an edition, through the facade) empties it on every
 * instance through the bus; the TTL is only a safety net for a missed bus message.
 */
export interface PortalPublicityCache {
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  invalidateAll(): Promise<void>;
}

export function createPortalPublicityCache(bus: EventBus): PortalPublicityCache {
  const cache = createInvalidatingCache<unknown>(bus, 'award-publicity', { ttlMs: 5 * 60_000, maxEntries: 1_000 });
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
