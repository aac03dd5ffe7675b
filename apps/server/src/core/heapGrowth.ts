import v8 from 'node:v8';

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
