// Free ports and polling an HTTP endpoint until it answers.
import net from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on right now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `url` until it answers 200, or throws after `timeoutMs`.
 * `isAlive()` lets the caller stop early when the process it waits for has died.
 */
export async function waitForHttp200(url, { timeoutMs = 60_000, intervalMs = 200, isAlive = () => true } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`the process behind ${url} exited before it became healthy`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err.cause?.code ?? err.message;
    }
    await sleep(intervalMs);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${last})`);
}

/**
 * Sends one GET to `url` every `intervalMs` (never more than one at a time) until `stop()`, which returns
 * { probes, failed, p50Ms, maxMs }: how responsive a server stays to a cheap call while something else loads it.
 */
export function probeLatency(url, intervalMs = 500) {
  const times = [];
  let failed = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
        await res.arrayBuffer();
        if (res.status === 200) times.push(performance.now() - t);
        else failed += 1;
      } catch {
        failed += 1;
      }
      if (running) await sleep(intervalMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const sorted = [...times].sort((a, b) => a - b);
      const r = (n) => (n == null ? null : Math.round(n * 10) / 10);
      return { probes: times.length + failed, failed, p50Ms: r(sorted[Math.floor((sorted.length - 1) / 2)]), maxMs: r(sorted.at(-1)) };
    },
  };
}

/**
 * POSTs JSON (as `token`'s holder when given) and answers the status, the parsed body (null when not
 * JSON), the raw text and the time taken.
 */
export async function postJson(url, body, token) {
  const started = performance.now();
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) };
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  const ms = performance.now() - started;
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: the caller reads `text`
  }
  return { status: res.status, json, text, ms };
}
