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
}

export function createInvalidatingCache<V>(bus: EventBus, name: string, options: { ttlMs: number; maxEntries: number }): InvalidatingCache<V> {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  const channel = `cache:${name}`;
  bus.subscribe(channel, (key) => {
    if (key === '*') entries.clear();
    else entries.delete(key);
  });
  return {
    get(key) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expiresAt <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
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
  };
}
