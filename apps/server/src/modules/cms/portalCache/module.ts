import type { EventBus } from '../../../core/bus';
import { createInvalidatingCache } from '../../../core/cache';
import type { Db, Executor } from '../../../core/db';
import { withTransaction } from '../../../core/transaction';

/**
 * The portal's cached reads. Every anonymous call answers from here; every back-office change that
 * the portal could show (site, catalogue, article, banner, template) calls `invalidateAll()`, which
 * empties this cache on every instance through the bus, so a publish or an offline is visible at once.
 * The TTL is only a safety net for a missed bus message.
 */
export interface PortalCache {
  /** The cached answer for `key`, loading it once even when many requests miss together. */
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  invalidateAll(): Promise<void>;
}

export function createPortalCache(bus: EventBus, options: { ttlMs?: number; maxEntries?: number } = {}): PortalCache {
  const cache = createInvalidatingCache<unknown>(bus, 'cms-portal', { ttlMs: options.ttlMs ?? 5 * 60_000, maxEntries: options.maxEntries ?? 2_000 });
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

/**
 * How a back-office change the portal could show is run: in one transaction, then the portal cache is
 * emptied on every instance, so visitors never see the state before it.
 */
export function portalChanges(db: Db, portalCache: PortalCache) {
  return async function change<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await withTransaction(db, fn);
    await portalCache.invalidateAll();
    return result;
  };
}
