import type { EventBus } from '../../../core/bus';
import { createReadThroughCache, type ReadThroughCache } from '../../../core/cache';
import type { Db, Executor } from '../../../core/db';
import { withTransaction } from '../../../core/transaction';

/**
 * The portal's cached reads. Every anonymous call answers from here; every back-office change that
 * the portal could show (site, catalogue, article, banner, template) calls `invalidateAll()`, which
 * empties this cache on every instance through the bus, so a publish or an offline is visible at once.
 * The TTL is only a safety net for a missed bus message.
 */
export type PortalCache = ReadThroughCache;

export function createPortalCache(bus: EventBus, options: { ttlMs?: number; maxEntries?: number } = {}): PortalCache {
  return createReadThroughCache(bus, 'cms-portal', { ttlMs: options.ttlMs ?? 5 * 60_000, maxEntries: options.maxEntries ?? 2_000 });
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
