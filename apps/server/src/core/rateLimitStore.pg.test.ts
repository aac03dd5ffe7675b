import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { COMPLAINT_RATE_LIMIT } from '@dandelion/shared/cms/complaint';
import { buildApp, type AppDeps, type DandelionApp } from '../app';
import { createTestApp, post, testConfig, type TestContext } from '../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../test/helpers/testDatabase';
import { sysRateCounter } from './rateLimitStore';

// Instances on one PostgreSQL database, as processes behind a load balancer would be: a caller gets
// each route's limit once, not once per instance. Runs only in the server-pg project (and needs the
// machine's Redis for the REDIS_URL cases: TEST_REDIS_URL, default redis://127.0.0.1:6379).
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// This run's keys only: other runs (and other deployments) may share the Redis.
const REDIS_KEY_PREFIX = `dandelion-test-${process.pid}-${Date.now()}:`;
const TOO_MANY = '操作过于频繁，请稍后再试';

let ctx: TestContext;
const started: DandelionApp[] = [];
let redis: Redis;

async function instance(config: Partial<AppDeps['config']> = {}): Promise<DandelionApp> {
  const app = await buildApp({ config: { ...testConfig, ...config }, database: ctx.database, serveWeb: false });
  await app.ready();
  started.push(app);
  return app;
}

beforeAll(async () => {
  ctx = await createTestApp();
  redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
  await redis.connect().catch((err: Error) => {
    throw new Error(`these tests need Redis at ${REDIS_URL} (apt-get install redis-server; or set TEST_REDIS_URL): ${err.message}`);
  });
});
afterAll(async () => {
  for (const app of started) await app.close();
  await ctx.app.close();
  const keys = await redis.keys(`${REDIS_KEY_PREFIX}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

/** The complaint form (a portal call: the portal envelope) counts every submission from an address, even one refused for its content. */
const complain = (app: DandelionApp, ip: string) => post(app, '/rest/complain/addComplain', {}, {}, { remoteAddress: ip });

/** Spreads the limit's allowance over the instances in turn, then answers the next submission (on the last instance). */
async function exhaust(apps: DandelionApp[], ip: string) {
  for (let i = 0; i < COMPLAINT_RATE_LIMIT.max; i++) {
    const res = await complain(apps[i % apps.length]!, ip);
    expect(res.status, `submission ${i + 1} of ${COMPLAINT_RATE_LIMIT.max}`).toBe(400);
  }
  return complain(apps[apps.length - 1]!, ip);
}

describe('rate limits shared by the instances', () => {
  it('on PostgreSQL (no REDIS_URL): the limit holds across two instances, counted in sys_rate_counter', async () => {
    const other = await instance();
    const next = await exhaust([ctx.app, other], '10.19.0.1');
    expect(next.status).toBe(429);
    expect(next.body).toMatchObject({ rtnCode: '429', rtnMessage: TOO_MANY });
    // Still refused on the first instance, and another address is not affected.
    expect((await complain(ctx.app, '10.19.0.1')).status).toBe(429);
    expect((await complain(ctx.app, '10.19.0.2')).status).toBe(400);
    const rows = await ctx.database.db.select().from(sysRateCounter).where(like(sysRateCounter.key, '%complain:10.19.0.1'));
    expect(rows.map((r) => r.count)).toEqual([COMPLAINT_RATE_LIMIT.max + 2]);
  });

  it('the captcha image is limited once for all instances too (30 a minute per address)', async () => {
    const a = await instance();
    const b = await instance();
    const apps = [ctx.app, a, b];
    for (let i = 0; i < 30; i++) expect((await post(apps[i % 3]!, '/rest/captcha/png', {}, {}, { remoteAddress: '10.19.1.1' })).status).toBe(200);
    const next = await post(b, '/rest/captcha/png', {}, {}, { remoteAddress: '10.19.1.1' });
    expect(next.status).toBe(429);
    // A console call: the console envelope.
    expect(next.body).toMatchObject({ code: '429', success: false, msg: TOO_MANY });
  });

  it('with REDIS_URL: the limit holds across two instances, counted in Redis under the key prefix', async () => {
    const a = await instance({ REDIS_URL, REDIS_KEY_PREFIX });
    const b = await instance({ REDIS_URL, REDIS_KEY_PREFIX });
    const next = await exhaust([a, b], '10.19.2.1');
    expect(next.status).toBe(429);
    expect(next.body).toMatchObject({ rtnCode: '429', rtnMessage: TOO_MANY });
    const keys = await redis.keys(`${REDIS_KEY_PREFIX}*complain:10.19.2.1`);
    expect(keys).toHaveLength(1);
    expect(Number(await redis.get(keys[0]!))).toBe(COMPLAINT_RATE_LIMIT.max + 1);
    expect(await redis.pttl(keys[0]!)).toBeGreaterThan(0);
    // Redis counted, PostgreSQL did not.
    expect(await ctx.database.db.select().from(sysRateCounter).where(like(sysRateCounter.key, '%complain:10.19.2.1'))).toEqual([]);
  });

  it('while Redis cannot be reached: sign-in works and the limit still holds, counted in PostgreSQL', async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    const down = await instance({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX });
    const plain = await instance();
    const signedIn = await post(down, '/callback?client_name=myform_client', { username: 'admin', password: TEST_ADMIN_PASSWORD });
    expect(signedIn.status).toBe(200);
    expect((await post(down, '/rest/captcha/png', {}, {}, { remoteAddress: '10.19.3.9' })).status).toBe(200);
    // The instance without Redis and the one whose Redis is down count in the same table.
    const next = await exhaust([down, plain], '10.19.3.1');
    expect(next.status).toBe(429);
    expect(next.body.rtnMessage).toBe(TOO_MANY);
  });
});
