import type { EventBus } from '../../../core/bus';
import { createReadThroughCache, type ReadThroughCache } from '../../../core/cache';

/**
 * The portal's publicity reads, cached per call and input. Opening, closing or changing a shown
 * publicity (and the awards module closing an edition, through the facade) empties it on every
 * instance through the bus; the TTL is only a safety net for a missed bus message.
 */
export type PortalPublicityCache = ReadThroughCache;

export function createPortalPublicityCache(bus: EventBus): PortalPublicityCache {
  return createReadThroughCache(bus, 'award-publicity', { ttlMs: 5 * 60_000, maxEntries: 1_000 });
}
