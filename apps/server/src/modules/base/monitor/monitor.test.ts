import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import os from 'node:os';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD, testDbKind } from '../../../../test/helpers/testDatabase';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;
const URL = '/rest/monitorService/getMonitorInfo';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'clerk', password: 'Clerk@2026x', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'clerk', 'Clerk@2026x') };
});
afterAll(async () => {
  await ctx.app.close();
});

describe('server monitor', () => {
  it('refuses anonymous callers with 401 and callers without base:monitor:list with 403', async () => {
    expect((await post(ctx.app, URL, {})).status).toBe(401);
    const denied = await post(ctx.app, URL, {}, clerk);
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe('没有权限执行此操作');
  });

  it('answers the figures of this process, this machine and this database', async () => {
    // The first call puts the admin's session in the cache, the second one finds it there.
    await post(ctx.app, '/rest/postService/getPostByPage', {}, admin);
    const res = await post(ctx.app, URL, {}, admin);
    expect(res.status).toBe(200);
    const info = res.body.data;
    expect(info.cpu).toMatchObject({ cores: os.cpus().length, model: os.cpus()[0]!.model.trim() });
    expect(info.cpu.intervalMs).toBeGreaterThanOrEqual(450);
    for (const usage of [info.cpu.usage, info.cpu.processUsage]) {
      expect(usage).toBeGreaterThanOrEqual(0);
      expect(usage).toBeLessThanOrEqual(100);
    }
    expect(info.cpu.loadAverage).toHaveLength(3);
    expect(info.memory.totalBytes).toBe(os.totalmem());
    expect(info.memory.usedBytes + info.memory.freeBytes).toBe(info.memory.totalBytes);
    expect(info.node).toMatchObject({ version: process.version, pid: process.pid });
    expect(info.node.heapUsedBytes).toBeGreaterThan(0);
    expect(info.node.heapUsedBytes).toBeLessThanOrEqual(info.node.heapTotalBytes);
    expect(info.node.rssBytes).toBeGreaterThan(info.node.heapUsedBytes);
    expect(info.node.eventLoopDelay.p99Ms).toBeGreaterThanOrEqual(info.node.eventLoopDelay.p50Ms);
    expect(info.system.uptimeSeconds).toBeGreaterThan(0);
    expect(info.database.kind).toBe(testDbKind());
    expect(info.database.version).toMatch(/^PostgreSQL \d+/);
    expect(info.database.sizeBytes).toBeGreaterThan(1_000_000);
    if (testDbKind() === 'postgres') {
      expect(info.database.connections.total).toBeGreaterThanOrEqual(1);
      expect(info.database.connections.max).toBeGreaterThanOrEqual(info.database.connections.total);
      expect(info.database.note).toBeNull();
    } else {
      expect(info.database.connections).toBeNull();
      expect(info.database.note).toContain('PGlite');
    }
    // The session cache served the admin's calls above (earlier test apps of this worker have caches of their own).
    const sessions = info.caches.filter((c: { name: string }) => c.name === 'session');
    expect(sessions.some((c: { hits: number; size: number }) => c.hits > 0 && c.size > 0)).toBe(true);
    expect(info.logWriters.map((w: { name: string }) => w.name)).toEqual(['接口调用日志', '访问日志']);
  });

  it('measures CPU usage over the time since the previous look when it is recent', async () => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    const res = await post(ctx.app, URL, {}, admin);
    expect(res.body.data.cpu.intervalMs).toBeGreaterThanOrEqual(500);
    expect(res.body.data.cpu.intervalMs).toBeLessThan(60_000);
  });
});
