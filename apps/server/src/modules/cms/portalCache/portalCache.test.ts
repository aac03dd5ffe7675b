import { describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../../core/bus';
import { createPortalCache } from './module';

describe('portal cache', () => {
  it('loads once for concurrent misses and answers later reads from memory', async () => {
    const cache = createPortalCache(createMemoryBus());
    let loads = 0;
    const load = async () => {
      loads++;
      return { n: loads };
    };
    const [a, b] = await Promise.all([cache.read('k', load), cache.read('k', load)]);
    expect(a).toEqual({ n: 1 });
    expect(b).toBe(a);
    expect(await cache.read('k', load)).toBe(a);
    expect(loads).toBe(1);
  });

  it('invalidateAll empties this instance and every other one on the bus', async () => {
    const bus = createMemoryBus();
    const here = createPortalCache(bus);
    const there = createPortalCache(bus);
    let version = 1;
    const load = async () => version;
    await here.read('k', load);
    await there.read('k', load);
    version = 2;
    await here.invalidateAll();
    expect(await here.read('k', load)).toBe(2);
    expect(await there.read('k', load)).toBe(2);
  });

  it('does not keep an answer whose load began before an invalidation', async () => {
    const cache = createPortalCache(createMemoryBus());
    let release!: (v: string) => void;
    const slow = cache.read('k', () => new Promise<string>((r) => (release = r)));
    await cache.invalidateAll();
    release('stale');
    expect(await slow).toBe('stale');
    expect(await cache.read('k', async () => 'fresh')).toBe('fresh');
  });
});
