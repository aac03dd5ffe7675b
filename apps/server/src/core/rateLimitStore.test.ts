import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from './db';
import { resetDatabase, testDatabase } from '../../test/helpers/testDatabase';
import { createPostgresRateCounter, sysRateCounter, withFallback, type RateCounter } from './rateLimitStore';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
  await resetDatabase(database);
});

describe('rate counters in PostgreSQL', () => {
  it('counts hits per key, every concurrent hit once', async () => {
    const counter = createPostgresRateCounter(database.db);
    const counts = await Promise.all(Array.from({ length: 40 }, () => counter.hit('k:concurrent', 60_000)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(counts.every((c) => c.resetInMs > 0 && c.resetInMs <= 60_000)).toBe(true);
    expect((await counter.hit('k:other', 60_000)).count).toBe(1);
  });

  it('starts a new window once the last one has ended, and purges ended windows', async () => {
    const counter = createPostgresRateCounter(database.db);
    expect((await counter.hit('k:short', 200)).count).toBe(1);
    expect((await counter.hit('k:short', 200)).count).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect((await counter.hit('k:short', 200)).count).toBe(1);
    const [row] = await database.db.select().from(sysRateCounter).where(eq(sysRateCounter.key, 'k:short'));
    expect(row!.windowEnd.getTime() - row!.windowStart.getTime()).toBe(200);

    await counter.hit('k:ended', 1);
    await new Promise((r) => setTimeout(r, 20));
    // A new counter purges on its first hit.
    await createPostgresRateCounter(database.db).hit('k:purger', 60_000);
    await expect.poll(async () => (await database.db.select().from(sysRateCounter).where(eq(sysRateCounter.key, 'k:ended'))).length).toBe(0);
  });

  it('counts in the fallback what the primary store cannot count', async () => {
    const broken: RateCounter = { hit: async () => Promise.reject(new Error('Connection is closed.')), close: async () => {} };
    const counter = withFallback(broken, createPostgresRateCounter(database.db));
    expect((await counter.hit('k:fallback', 60_000)).count).toBe(1);
    expect((await counter.hit('k:fallback', 60_000)).count).toBe(2);
  });
});
