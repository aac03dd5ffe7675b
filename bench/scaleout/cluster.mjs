// Dandelion instances on one PostgreSQL database and one file directory, as a scale-out runs them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { freePort } from '../lib/net.mjs';
import { ADMIN_PASSWORD } from '../lib/server.mjs';

// The scale-out test imports these from here (cluster.d.mts types them).
export { ADMIN_PASSWORD, freePort };

/**
 * Starts one instance: `args` is what node runs (the built main.js, or `--import tsx src/main.ts`).
 * Every instance of a cluster gets the same DATABASE_URL, FILES_DIR and seal key, its own DATA_DIR and
 * port, and TRUST_PROXY (it sits behind nginx). Resolves once GET /readyz answers 200.
 */
export async function startInstance({ args, cwd, databaseUrl, filesDir, redisUrl, redisKeyPrefix, timeoutMs = 120_000 }) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-scaleout-data-'));
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: '8',
    FILES_DIR: filesDir,
    AUDIT_SEAL_KEY: 'dandelion-scaleout-bench-seal-key-0123456789',
    ADMIN_PASSWORD,
    TRUST_PROXY: 'true',
    TWO_FACTOR_REQUIRED_FOR_ADMINS: 'false',
    LOG_LEVEL: 'warn',
    SHUTDOWN_TIMEOUT_MS: '5000',
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: redisKeyPrefix ?? `dandelion-scaleout-${process.pid}:` } : {}),
  };
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d) => {
    output = (output + d).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let running = true;
  exited.then(() => (running = false));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!running) throw new Error(`instance on ${port} exited before it was ready:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`instance on ${port} not ready within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    url,
    pid: child.pid,
    output: () => output,
    isRunning: () => running,
    /** SIGKILL: the instance dies with its requests in flight, as a crash or an OOM kill would. Answers when its exit was seen. */
    async kill() {
      child.kill('SIGKILL');
      await exited;
      return Date.now();
    },
    async stop() {
      if (running) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts `count` instances at once (migrations and the seed run once, under PostgreSQL's advisory lock); none is left running on failure. */
export async function startInstances(count, options) {
  const started = await Promise.allSettled(Array.from({ length: count }, () => startInstance(options)));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(started.filter((s) => s.status === 'fulfilled').map((s) => s.value.stop()));
    throw failed.reason;
  }
  return started.map((s) => s.value);
}
