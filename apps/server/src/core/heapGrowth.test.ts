import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_CHECK_MS, trimHeapWhenIdle } from './heapGrowth';

afterEach(() => {
  vi.useRealTimers();
});

describe('the embedded server trims its heap when idle', () => {
  it('collects twice once a whole interval passed without a request, and again only after new requests', () => {
    vi.useFakeTimers();
    const server = new EventEmitter();
    const collect = vi.fn();
    const trimmer = trimHeapWhenIdle(server, collect);

    // Idle since the start: two collections, one per idle interval, then none.
    vi.advanceTimersByTime(IDLE_CHECK_MS * 4);
    expect(collect).toHaveBeenCalledTimes(2);

    // Requests keep coming: nothing runs while they do.
    for (let i = 0; i < 3; i++) {
      server.emit('request');
      vi.advanceTimersByTime(IDLE_CHECK_MS);
    }
    expect(collect).toHaveBeenCalledTimes(2);

    // Quiet again: two more, then none.
    vi.advanceTimersByTime(IDLE_CHECK_MS * 5);
    expect(collect).toHaveBeenCalledTimes(4);

    trimmer.stop();
    server.emit('request');
    vi.advanceTimersByTime(IDLE_CHECK_MS * 5);
    expect(collect).toHaveBeenCalledTimes(4);
  });
});
