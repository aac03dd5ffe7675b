import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp, type DandelionApp } from '../../../app';
import { createPostgresBus, type EventBus } from '../../../core/bus';
import { openDatabase, type Database } from '../../../core/db';
import { signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, testConfig, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD, testDatabase } from '../../../../test/helpers/testDatabase';
import { baseTaskLog } from './tables';
import { removeHousekeepingTasks } from '../../../../test/kits/schedulerTestKit';

/**
 * Exactly once per fire time across instances: two app instances on one PostgreSQL database, each
 * with its own connection pool and its own LISTEN/NOTIFY bus connection, both running the
 * scheduler. A task fires every second and calls an HTTP counter; every slot must be run by one
 * instance only, and the counter must have been called once per logged run.
 */
const FIRINGS = 6;

let ctx: TestContext;
let second: { app: DandelionApp; database: Database; bus: EventBus };
let firstBus: EventBus;
let admin: Record<string, string>;
let counter: Server;
let counterUrl: string;
let hits = 0;

beforeAll(async () => {
  counter = createServer((_req, res) => {
    hits += 1;
    res.writeHead(200).end(`第 ${hits} 次`);
  });
  await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
  counterUrl = `http://127.0.0.1:${(counter.address() as AddressInfo).port}/tick`;

  // This worker's test database: NOTIFY is per database, so both buses listen on it.
  const shared = await testDatabase();
  const name = ((await shared.db.execute<{ name: string }>(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> }).rows[0]!.name;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const onBusError = (err: Error) => {
    throw err;
  };
  firstBus = await createPostgresBus(url.toString(), onBusError);
  ctx = await createTestApp({ bus: firstBus });
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 5 });
  const bus = await createPostgresBus(url.toString(), onBusError);
  const app = await buildApp({ config: testConfig, database, bus, serveWeb: false });
  await app.ready();
  second = { app, database, bus };
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await removeHousekeepingTasks(ctx.database, ctx.app, admin, [ctx.app, second.app]);
});
afterAll(async () => {
  await second.app.close();
  await ctx.app.close();
  await second.bus.close();
  await firstBus.close();
  await second.database.close();
  await new Promise((resolve) => counter.close(resolve));
});

describe('two instances on one PostgreSQL database', () => {
  it('run each fire time exactly once, and both stop when one disables the task', async () => {
    const added = await post(ctx.app, '/rest/task/addTask', {
      taskCode: 'TICK', taskName: '每秒计数', cron: '* * * * * *', handler: 'base.httpCall',
      params: { url: counterUrl, timeoutSeconds: 5 }, status: 'ENABLE', timeoutSeconds: 5,
    }, admin);
    expect(added.body.code, added.body.msg).toBe('0000');
    const taskId = added.body.data.taskId as string;
    // Both instances heard of the new task through NOTIFY, not through their once-a-minute resync.
    for (const app of [second.app, ctx.app]) {
      await expect.poll(() => app.taskScheduler.armedTasks().map((a) => String(a.taskId)), { timeout: 5000 }).toEqual([taskId]);
    }

    const runs = () => ctx.database.db.select().from(baseTaskLog).where(and(eq(baseTaskLog.taskId, Number(taskId)), eq(baseTaskLog.triggerType, 'SCHEDULE')));
    await expect.poll(async () => (await runs()).length, { timeout: 20_000, interval: 200 }).toBeGreaterThanOrEqual(FIRINGS);

    // Disabled through the other instance: both disarm.
    const current = (await post(second.app, '/rest/task/getTaskById', { taskId }, admin)).body.data;
    expect((await post(second.app, '/rest/task/updateStatus', { taskId, lockVersion: current.lockVersion, status: 'DISABLE' }, admin)).body.msg).toBe('已停用');
    const disabledAt = Date.now();
    await expect.poll(() => [...ctx.app.taskScheduler.armedTasks(), ...second.app.taskScheduler.armedTasks()], { timeout: 5000 }).toEqual([]);
    await expect.poll(async () => (await runs()).filter((r) => r.status === 'RUNNING').length, { timeout: 10_000 }).toBe(0);

    const rows = await runs();
    const slots = rows.map((r) => r.fireTime.getTime());
    expect(rows.length).toBeGreaterThanOrEqual(FIRINGS);
    expect(new Set(slots).size).toBe(rows.length);
    for (const slot of slots) {
      expect(slot % 1000).toBe(0);
      expect(slot).toBeLessThanOrEqual(disabledAt);
    }
    expect(rows.map((r) => r.status)).toEqual(rows.map(() => 'SUCCESS'));
    const instances = new Set([ctx.app.taskScheduler.instanceId, second.app.taskScheduler.instanceId]);
    for (const row of rows) expect(instances.has(row.instanceId)).toBe(true);
    // The job ran once per logged slot: no instance ran a slot it had not claimed.
    expect(hits).toBe(rows.length);
  });
});
