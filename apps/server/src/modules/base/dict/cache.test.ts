import { describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../../core/bus';
import { createDictCache, type DictSnapshot } from './cache';

const snapshotOf = (label: string): DictSnapshot => new Map([['C', [{ dictId: 1, dictCode: 'A', dictName: label, label, value: 'A', dictSort: 1 }]]]);
const labelIn = (s: DictSnapshot) => s.get('C')![0]!.label;

/** A loader whose answers the test releases by hand, to interleave a slow read with a change. */
function gatedLoader() {
  const pending: Array<(s: DictSnapshot) => void> = [];
  let calls = 0;
  return {
    load: () => {
      calls += 1;
      return new Promise<DictSnapshot>((resolve) => pending.push(resolve));
    },
    release: (label: string) => pending.shift()!(snapshotOf(label)),
    calls: () => calls,
  };
}

describe('dictionary cache', () => {
  it('loads once, shares a load between concurrent readers and serves later reads from memory', async () => {
    const loader = gatedLoader();
    const cache = createDictCache(createMemoryBus(), loader.load);
    const a = cache.snapshot();
    const b = cache.snapshot();
    loader.release('v1');
    expect(labelIn(await a)).toBe('v1');
    expect(labelIn(await b)).toBe('v1');
    expect(labelIn(await cache.snapshot())).toBe('v1');
    expect(loader.calls()).toBe(1);
  });

  it('a read that started before a change never puts the old snapshot back', async () => {
    const loader = gatedLoader();
    const cache = createDictCache(createMemoryBus(), loader.load);
    const slow = cache.snapshot(); // reads the old data…
    await cache.invalidate(); // …while a change commits
    loader.release('old');
    expect(labelIn(await slow)).toBe('old');
    const next = cache.snapshot();
    expect(loader.calls()).toBe(2); // not served the old snapshot from the cache
    loader.release('new');
    expect(labelIn(await next)).toBe('new');
  });

  it('an invalidation from another instance drops this instance’s snapshot', async () => {
    const bus = createMemoryBus();
    const here = gatedLoader();
    const cache = createDictCache(bus, here.load);
    const first = cache.snapshot();
    here.release('v1');
    await first;
    const elsewhere = createDictCache(bus, async () => snapshotOf('x'));
    await elsewhere.invalidate();
    const again = cache.snapshot();
    here.release('v2');
    expect(labelIn(await again)).toBe('v2');
    expect(here.calls()).toBe(2);
  });
});
