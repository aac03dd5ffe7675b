import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * How far V8 lets the old generation grow past what survived the last full collection before it collects
 * again, in per cent, in embedded mode. V8's own factor goes up to 4× for a small heap: under a burst of
 * requests the application's ~65 MB of live objects sat in a heap of ~300 MB of garbage, and with PGlite's
 * WebAssembly memory in the same process the server peaked at ~500 MB resident. At 50 % it peaks at
 * ~360 MB for the same load (docs/embedded-memory.md). Unlike `--max-old-space-size` this is not a cap:
 * an export that needs more memory still gets it, the heap only collects sooner on its way there.
 */
export const EMBEDDED_HEAP_GROWING_PERCENT = 50;

/**
 * Set at start, before the load comes. V8 reads the flag at every full collection, so setting it once the
 * VM runs takes effect from the next one; `NODE_OPTIONS` does not accept it, and the README's start
 * command should stay a plain `npm start`.
 */
export function collectSoonerForEmbeddedMode(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${EMBEDDED_HEAP_GROWING_PERCENT}`);
}

/** How often the embedded server looks whether it has been idle. */
export const IDLE_CHECK_MS = 5_000;
/** Full collections in a row, at idle, after which V8 has given back its young generation. */
const IDLE_COLLECTIONS = 2;

/** V8's `gc()`, exposed at run time: the README's start command stays `npm start`, without `--expose-gc`. */
function exposedGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * After the start and after each burst of requests, once a whole check interval has passed without a request,
 * the embedded server runs two full collections. V8 grows its young generation to 2 × 16 MB under the start's
 * allocations and keeps it resident when the work stops; a collection made while the allocation rate is low
 * shrinks it back to ~1 MB (docs/embedded-memory.md: idle RSS ~325 → ~290 MB). Nothing runs while requests
 * come, and nothing again until one has come.
 */
export function trimHeapWhenIdle(server: { on(event: 'request', listener: () => void): unknown }, collect: () => void = exposedGc()): { stop(): void } {
  let requests = 0;
  let seen = 0;
  let collectionsLeft = IDLE_COLLECTIONS;
  server.on('request', () => {
    requests += 1;
  });
  const timer = setInterval(() => {
    if (requests !== seen) {
      seen = requests;
      collectionsLeft = IDLE_COLLECTIONS;
      return;
    }
    if (collectionsLeft === 0) return;
    collectionsLeft -= 1;
    collect();
  }, IDLE_CHECK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
