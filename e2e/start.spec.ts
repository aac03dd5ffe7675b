import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * `npm start` as people and supervisors stop it: SIGTERM to the process they started (the npm process).
 * The server must stop with it, gracefully: every request either gets its whole answer or is refused
 * cleanly (503 while draining, or no connection once closed), never cut off mid-answer. Runs after the
 * build, so `npm start` starts at once.
 */
const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

type Outcome = { status: number } | { error: string };

function get(port: number, urlPath: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      res.on('error', (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
    });
    req.on('error', (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('SIGTERM to `npm start` stops the server gracefully, with no request cut off', async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-start-'));
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: 'Admin@2026!', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout!.on('data', (d) => (output += d));
  npm.stderr!.on('data', (d) => (output += d));
  const npmExited = new Promise<void>((resolve) => npm.on('exit', () => resolve()));
  try {
    await expect.poll(async () => ('status' in (await get(port, '/readyz')) ? 'up' : 'down'), { timeout: 90_000 }).toBe('up');
    const serverPid = Number(/"pid":(\d+)/.exec(output)?.[1]);
    expect(serverPid).toBeGreaterThan(0);

    // Requests in flight while the stop arrives.
    const inFlight = Array.from({ length: 30 }, (_, i) => get(port, i % 2 ? '/readyz' : '/api-docs/json'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    npm.kill('SIGTERM');
    const outcomes = await Promise.all(inFlight);
    await npmExited;

    await expect.poll(() => alive(serverPid), { timeout: 15_000 }).toBe(false);
    expect(output).toContain('已停止');
    for (const outcome of outcomes) {
      if ('status' in outcome) expect([200, 503]).toContain(outcome.status);
      else expect(outcome.error, 'a request was cut off').toBe('ECONNREFUSED');
    }
    expect(outcomes.some((o) => 'status' in o && o.status === 200)).toBe(true);
  } finally {
    if (npm.exitCode === null) npm.kill('SIGKILL');
    const pid = Number(/"pid":(\d+)/.exec(output)?.[1]);
    if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
