import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startServer, waitReady, type ServerProcess } from '../helpers/serverProcess';

/**
 * The real process: `main.ts` started the way `npm start` starts it, on a real
 * data directory. Slow (each start opens PGlite), so the cases share one directory.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-process-'));
const running: ServerProcess[] = [];

async function start(env: Record<string, string> = {}) {
  const server = await startServer({ DATA_DIR: dataDir, ...env });
  running.push(server);
  return server;
}

async function stop(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') {
  server.child.kill(signal);
  return server.exited;
}

async function markers(): Promise<string[]> {
  const db = await PGlite.create(path.join(dataDir, 'pgdata'));
  try {
    const res = await db.query<{ org_code: string }>("select org_code from sys_org where org_code like 'CYCLE%' order by id");
    return res.rows.map((r) => r.org_code);
  } finally {
    await db.close();
  }
}

async function addMarker(code: string) {
  const db = await PGlite.create(path.join(dataDir, 'pgdata'));
  try {
    await db.query("insert into sys_org (org_code, org_name, create_by, update_by) values ($1, '重启标记', 'test', 'test')", [code]);
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  const first = await start();
  await waitReady(first, 120_000);
  expect(first.output()).toContain('已创建管理员账号 admin');
  expect(await stop(first)).toBe(0);
}, 180_000);

afterAll(async () => {
  for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('start-up', () => {
  it('stops with exit code 1 and names the setting when a value is bad', async () => {
    const server = await start({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
    expect(server.output()).toContain('配置无效');
  });

  it('refuses a second server on the same data directory with a clear message, leaving the first untouched', async () => {
    const first = await start();
    await waitReady(first);
    const second = await start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('正被另一个蒲公英进程使用');
    expect(second.output()).toContain(`PID ${first.child.pid}`);
    expect((await request(first.port, 'POST', '/rest/cms/index', {})).status).toBe(200);
    expect(await stop(first)).toBe(0);
  }, 90_000);

  it('starts again at once after the previous server was killed (-9), with its data intact', async () => {
    const crashed = await start();
    await waitReady(crashed);
    await stop(crashed, 'SIGKILL');
    const next = await start();
    await waitReady(next);
    const index = JSON.parse((await request(next.port, 'POST', '/rest/cms/index', {})).body);
    expect(index.dataSet.site.siteCode).toBe('dandelion');
    expect(await stop(next)).toBe(0);
  }, 90_000);
});

describe('restart cycles', () => {
  it('survives 20 start/stop cycles with requests in flight: every answered request is whole, data persists', async () => {
    for (let cycle = 1; cycle <= 20; cycle++) {
      const server = await start();
      await waitReady(server);
      // Four clients send back-to-back requests; SIGTERM arrives while they are flowing. Each
      // request completes whole, or is turned away with the 503 envelope (it arrived while the
      // server drained), or was never accepted. Never a 500 and never a cut-off answer.
      const outcomes: Array<{ status: number; body: string } | { error: string }> = [];
      let served = 0;
      let refused = false;
      let signalled: (() => void) | null = null;
      const enoughServed = new Promise<void>((resolve) => (signalled = resolve));
      const client = async () => {
        while (!refused) {
          try {
            const r = await request(server.port, 'POST', '/rest/content/queryClientListByPage', { catalogCode: 'news' });
            outcomes.push(r);
            if (r.status === 200 && ++served === 10) signalled!();
          } catch (err) {
            outcomes.push({ error: (err as NodeJS.ErrnoException).code ?? 'unknown' });
            refused = true;
          }
        }
      };
      const clients = Promise.all([client(), client(), client(), client()]);
      await enoughServed;
      const exitCode = await stop(server);
      await clients;
      expect(exitCode, server.output()).toBe(0);
      for (const r of outcomes) {
        if ('error' in r) {
          expect(['ECONNREFUSED', 'ECONNRESET']).toContain(r.error);
        } else if (r.status === 503) {
          expect(JSON.parse(r.body)).toEqual({ rtnCode: '503', rtnMessage: '服务正在重启，请稍后重试', dataSet: null });
        } else {
          expect(r.status).toBe(200);
          expect(JSON.parse(r.body).dataSet.total).toBe(2);
        }
      }
      expect(served).toBeGreaterThanOrEqual(10);
      if (cycle % 5 === 0) await addMarker(`CYCLE${cycle}`);
    }
    expect(await markers()).toEqual(['CYCLE5', 'CYCLE10', 'CYCLE15', 'CYCLE20']);
    const last = await start();
    await waitReady(last);
    const page = JSON.parse((await request(last.port, 'POST', '/rest/content/queryClientListByPage', { catalogCode: 'notification' })).body);
    expect(page.dataSet.total).toBe(3);
    expect(await stop(last)).toBe(0);
  }, 600_000);
});
