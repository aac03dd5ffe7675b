import type { EventBus } from '../../../core/bus';
import { createReadThroughCache, type ReadThroughCache } from '../../../core/cache';

/**
 * The cache of the portal's prize pages (/apply, /fund, /national, /show): anonymous reads answer from
 * here. Changes the pages show (an edition, a lookup, an award) call `invalidateAll()`, which empties
 * it on every instance through the bus. The TTL is short because an edition's phase also moves by
 * date alone and an award is a declaration's move this module does not see; it is the safety net.
 */
export type AwardPortalCache = ReadThroughCache;

export function createAwardPortalCache(bus: EventBus, options: { ttlMs?: number; maxEntries?: number } = {}): AwardPortalCache {
  return createReadThroughCache(bus, 'award-portal', { ttlMs: options.ttlMs ?? 60_000, maxEntries: options.maxEntries ?? 2_000 });
}

/** A cache that keeps nothing (a module wired without the bus, e.g. a unit test of its service). */
export const noAwardPortalCache: AwardPortalCache = { read: (_key, load) => load(), invalidateAll: async () => {} };
