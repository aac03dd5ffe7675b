import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, gt } from 'drizzle-orm';
import { buildApp, type DandelionApp } from '../../../app';
import { createMemoryBus } from '../../../core/bus';
import { signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, testConfig, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { baseTaskLog } from './tables';
import { removeHousekeepingTasks } from '../../../../test/kits/schedulerTestKit';

/**
 * The scheduler's timers, in two app instances on one database that hear each other through a
 * shared bus (in memory here; PostgreSQL LISTEN/NOTIFY in scheduler.pg.test.ts). The periodic
 * resync runs once a minute, so within these tests only the bus can carry a change across.
 */
let ctx: TestContext;
let other: DandelionApp;
let admin: Record<string, string>;

const call = (url: string, body: unknown) => post(ctx.app, url, body, admin);
const scheduledRuns = (taskId: string) =>
  ctx.database.db.select().from(baseTaskLog).where(and(eq(baseTaskLog.taskId, Number(taskId)), eq(baseTaskLog.triggerType, 'SCHEDULE')));
const armedOn = (app: DandelionApp) => app.taskScheduler.armedTasks().map((a) => String(a.taskId));

async function addTask(extra: Record<string, unknown>) {
  const res = await call('/rest/task/addTask', {
    taskName: '清理会话',
    cron: '* * * * * *',
    handler: 'auth.purgeEndedSessions',
    params: { keepDays: 30 },
    ...extra,
  });
  expect(res.body.code, res.body.msg).toBe('0000');
  return res.body.data as { taskId: string; lockVersion: number };
}

beforeAll(async () => {
  const bus = createMemoryBus();
  ctx = await createTestApp({ bus });
  other = await buildApp({ config: testConfig, database: ctx.database, bus, serveWeb: false });
  await other.ready();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await removeHousekeepingTasks(ctx.database, ctx.app, admin, [ctx.app, other]);
});
afterAll(async () => {
  await other.close();
  await ctx.app.close();
});

describe('the scheduler', () => {
  it('fires an enabled task at each slot, and stops at once when it is disabled', async () => {
    const task = await addTask({ taskCode: 'EVERY_SECOND', status: 'ENABLE' });
    await expect.poll(async () => (await scheduledRuns(task.taskId)).length, { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(3);
    const runs = await scheduledRuns(task.taskId);
    for (const run of runs) expect(run.fireTime.getMilliseconds()).toBe(0);
    expect(new Set(runs.map((r) => r.fireTime.getTime())).size).toBe(runs.length);
    expect(new Set(runs.map((r) => r.instanceId)).size).toBeLessThanOrEqual(2);
    await expect.poll(async () => (await scheduledRuns(task.taskId)).filter((r) => r.status === 'SUCCESS').length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);

    const current = (await call('/rest/task/getTaskById', { taskId: task.taskId })).body.data;
    const off = await call('/rest/task/updateStatus', { taskId: task.taskId, lockVersion: current.lockVersion, status: 'DISABLE' });
    expect(off.body.msg).toBe('已停用');
    const disabledAt = new Date();
    await expect.poll(() => [...armedOn(ctx.app), ...armedOn(other)]).toEqual([]);
    // Absence needs time to pass: two more slots would have come in this wait.
    await new Promise((resolve) => setTimeout(resolve, 2200));
    const late = await ctx.database.db
      .select()
      .from(baseTaskLog)
      .where(and(eq(baseTaskLog.taskId, Number(task.taskId)), gt(baseTaskLog.fireTime, disabledAt)));
    expect(late).toEqual([]);
  });

  it('carries a change made on one instance to the other through the bus', async () => {
    // 03:00 on 1 January: armed, but never due during the test.
    const task = await addTask({ taskCode: 'YEARLY', cron: '0 0 3 1 1 *', status: 'DISABLE' });
    expect(armedOn(other)).toEqual([]);
    const on = await call('/rest/task/updateStatus', { taskId: task.taskId, lockVersion: task.lockVersion, status: 'ENABLE' });
    await expect.poll(() => armedOn(other)).toEqual([task.taskId]);
    const firstSlot = other.taskScheduler.armedTasks()[0]!.next;

    // Re-timed on one instance: the other re-arms for the new slot (04:00 instead of 03:00).
    const moved = await call('/rest/task/updateTask', {
      taskCode: 'YEARLY', taskName: '清理会话', cron: '0 0 4 1 1 *', handler: 'auth.purgeEndedSessions', params: { keepDays: 30 },
      status: 'ENABLE', taskId: task.taskId, lockVersion: on.body.data.lockVersion,
    });
    expect(moved.body.code, moved.body.msg).toBe('0000');
    await expect.poll(() => other.taskScheduler.armedTasks()[0]?.next.getTime()).toBe(firstSlot.getTime() + 3_600_000);

    const removed = await post(other, '/rest/task/deleteTask', { taskId: task.taskId }, admin);
    expect(removed.body.msg).toBe('删除成功');
    await expect.poll(() => [...armedOn(ctx.app), ...armedOn(other)]).toEqual([]);
  });

  it('lets a run in flight finish when its instance closes', async () => {
    const slow = createServer((_req, res) => setTimeout(() => res.writeHead(200).end('完成'), 1000));
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const leaving = await buildApp({ config: testConfig, database: ctx.database, serveWeb: false });
    await leaving.ready();
    try {
      const task = await addTask({ taskCode: 'SLOW_CALL', handler: 'base.httpCall', params: { url: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/` } });
      const started = await post(leaving, '/rest/task/runTask', { taskId: task.taskId }, admin);
      expect(started.body.msg).toBe('已开始执行');
      expect(leaving.taskScheduler.activeRuns()).toBe(1);
      await leaving.close();
      const [run] = await ctx.database.db.select().from(baseTaskLog).where(eq(baseTaskLog.id, Number(started.body.data.runId)));
      expect(run).toMatchObject({ status: 'SUCCESS', instanceId: leaving.taskScheduler.instanceId });
      expect(run!.message).toContain('HTTP 200 OK');
    } finally {
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});
