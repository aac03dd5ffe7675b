// Start and stop the built Dandelion server (apps/server/dist/main.js) as a child process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { freePort, waitForHttp200 } from './net.mjs';
import { repoRoot, serverEntry } from './paths.mjs';

export const ADMIN_PASSWORD = 'Admin@2026!';

// Settings the server reads; the bench decides them, nothing leaks in from the caller's shell.
const SERVER_ENV_KEYS = [
  'NODE_ENV', 'HOST', 'PORT', 'DATA_DIR', 'DATABASE_URL', 'DATABASE_POOL_MAX', 'REDIS_URL', 'ADMIN_PASSWORD',
  'LOG_LEVEL', 'BODY_LIMIT_BYTES', 'TRUST_PROXY', 'SHUTDOWN_TIMEOUT_MS', 'WEB_DIST_DIR',
];

const live = new Set();
// If the bench itself dies, do not leave servers behind holding a data directory.
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** A fresh directory under the OS temp dir; `removeDir` deletes it again. */
export function makeTempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `dandelion-bench-${prefix}-`));
}
export function removeDir(dir) {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

export function assertServerBuilt() {
  if (!fs.existsSync(serverEntry)) {
    throw new Error(`${path.relative(repoRoot, serverEntry)} is missing: run \`node scripts/build.mjs\` first (npm run bench does it).`);
  }
}

/** Keeps what a child prints (the server logs JSON lines at LOG_LEVEL=warn and above). */
function collectOutput(child, keep = 200) {
  const lines = [];
  let total = 0;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop();
      for (const line of parts) {
        if (!line.trim()) continue;
        total += 1;
        if (lines.length < keep) lines.push(line);
      }
    });
  }
  return { lines, count: () => total };
}

/** Spawns a Node child process and tracks it; resolves nothing, the caller waits for readiness. */
export function spawnNode(args, { env, cwd = repoRoot, ipc = false } = {}) {
  const child = spawn(process.execPath, args, {
    cwd,
    env,
    stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve({ code, signal });
    });
  });
  const output = collectOutput(child);
  let running = true;
  exited.then(() => (running = false));

  /** SIGTERM, then wait; SIGKILL only when it does not exit within `timeoutMs` (reported as forced). */
  async function stop({ timeoutMs = 30_000 } = {}) {
    const started = Date.now();
    if (!running) return { ...(await exited), ms: 0, forced: false, alreadyExited: true };
    child.kill('SIGTERM');
    let timer;
    const timedOut = new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    const first = await Promise.race([exited, timedOut]);
    clearTimeout(timer);
    if (first !== 'timeout') return { ...first, ms: Date.now() - started, forced: false };
    child.kill('SIGKILL');
    return { ...(await exited), ms: Date.now() - started, forced: true };
  }

  return { child, pid: child.pid, exited, output, isRunning: () => running, stop };
}

/**
 * What `npm start` (package.json) sets for the server process: glibc's malloc keeps its mmap threshold fixed, so
 * large blocks (argon2's 19 MB per password hash, compiler zones) go back to the system when freed instead of
 * staying in the thread arenas (docs/embedded-memory.md). The benches start the server the same way.
 */
export const SERVER_PROCESS_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };

/**
 * What `npm start` gives Node in PostgreSQL mode (package.json: only when DATABASE_URL is set): young generation
 * semi-spaces of 64 MB instead of 16, fewer scavenges per request (docs/framework-overhead.md, fifth round). Not
 * in embedded mode, where the larger young generation would take the server over its memory targets.
 */
const POSTGRES_NODE_FLAGS = ['--max-semi-space-size=64'];

/** The node arguments that run a server entry as `npm start` would, for the given database. */
export const serverArgs = (entry, databaseUrl) => (databaseUrl ? [...POSTGRES_NODE_FLAGS, entry] : [entry]);

/** Environment for a child: the caller's, minus every server setting, plus what `npm start` sets and `vars`. */
export function childEnv(vars) {
  const env = { ...process.env };
  for (const key of SERVER_ENV_KEYS) delete env[key];
  return { ...env, ...SERVER_PROCESS_ENV, ...vars };
}

/**
 * Starts the built server on a free port and waits for GET /healthz → 200.
 * `databaseUrl` switches it from PGlite (in dataDir/pgdata) to PostgreSQL.
 */
export async function startServer({ dataDir, databaseUrl, logLevel = 'warn', timeoutMs = 90_000 } = {}) {
  assertServerBuilt();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = childEnv({
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: logLevel,
    ADMIN_PASSWORD,
    // The benches drive the API as the seeded admin with a password alone.
    TWO_FACTOR_REQUIRED_FOR_ADMINS: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const started = Date.now();
  const proc = spawnNode(serverArgs(serverEntry, databaseUrl), { env });
  try {
    await waitForHttp200(`${url}/healthz`, { timeoutMs, isAlive: proc.isRunning });
  } catch (err) {
    await proc.stop({ timeoutMs: 10_000 });
    const tail = proc.output.lines.slice(-10).join('\n');
    throw new Error(`${err.message}${tail ? `\nserver output:\n${tail}` : ''}`, { cause: err });
  }
  return { ...proc, port, url, startupMs: Date.now() - started };
}
