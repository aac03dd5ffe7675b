import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildApp, type DandelionApp } from '../../../app';
import { createPostgresBus, type EventBus } from '../../../core/bus';
import { signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, testConfig, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { baseDict } from './tables';

// Two instances on one PostgreSQL database, each with its own LISTEN/NOTIFY connection, as two
// processes behind a load balancer would be. Runs only in the server-pg project.
let busA: EventBus;
let busB: EventBus;
let ctx: TestContext;
let other: DandelionApp;
let token: string;

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL!;
  busA = await createPostgresBus(url, () => {});
  busB = await createPostgresBus(url, () => {});
  ctx = await createTestApp({ bus: busA });
  other = await buildApp({ config: testConfig, database: ctx.database, bus: busB, serveWeb: false });
  await other.ready();
  token = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await other.close();
  await ctx.app.close();
  await busA.close();
  await busB.close();
});

const labels = async (app: DandelionApp, category: string): Promise<string[]> =>
  (await post(app, '/rest/dict/getdictlists', { dictCategorys: [category] }, { authorization: token })).body.data[category].map((i: { label: string }) => i.label);

/** The notification travels through the server: wait for it (bounded), never assert how long it took. */
async function eventually(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not seen within the bound: ${what}`);
}

describe('dictionary cache over LISTEN/NOTIFY', () => {
  it('a refresh on one instance reaches the other instance’s cache', async () => {
    expect(await labels(ctx.app, 'SITE_STATUS')).toEqual(['下线', '上线']);
    await ctx.database.db.update(baseDict).set({ dictName: '已上线' }).where(and(eq(baseDict.dictFullCode, 'SITE_STATUS|2'), eq(baseDict.delFlag, 0)));
    // Cached: the hand-made change is not seen yet.
    expect(await labels(ctx.app, 'SITE_STATUS')).toEqual(['下线', '上线']);
    expect((await post(other, '/rest/dict/refresh', {}, { authorization: token })).status).toBe(200);
    await eventually(async () => (await labels(ctx.app, 'SITE_STATUS'))[1] === '已上线', 'refresh on instance B seen by instance A');
  });

  it('an item added on one instance appears on the other', async () => {
    expect(await labels(other, 'CATALOG_STATUS')).toEqual(['启用', '停用']);
    const category = (await ctx.database.db.select().from(baseDict).where(eq(baseDict.dictFullCode, 'CATALOG_STATUS')))[0]!;
    const added = await post(ctx.app, '/rest/dictItem/add', { parentId: String(category.id), dictCode: 'ARCHIVED', dictName: '归档' }, { authorization: token });
    expect(added.status).toBe(200);
    await eventually(async () => (await labels(other, 'CATALOG_STATUS')).includes('归档'), 'item added on A seen by B');
    // The instance that made the change sees it at once, without waiting for its own notification.
    expect(await labels(ctx.app, 'CATALOG_STATUS')).toEqual(['启用', '停用', '归档']);
  });
});
