import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp, type DandelionApp } from '../../../app';
import { openDatabase, type Database } from '../../../core/db';
import { signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, testConfig, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { baseSerialRule } from './tables';
import { createSerialService } from './service';

// A *.pg.test.ts file runs only in the server-pg project: real concurrency needs a PostgreSQL server.
let ctx: TestContext;
/** A second "instance": its own pool and app on the same database. */
let other: { database: Database; app: DandelionApp };

/** The sequence numbers behind formatted values (the part after the separator). */
const seqOf = (values: string[]) => values.map((v) => Number(v.split('-').at(-1)));
const consecutive = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

beforeAll(async () => {
  ctx = await createTestApp();
  const { rows } = (await ctx.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 5 });
  const app = await buildApp({ config: testConfig, database, serveWeb: false, runScheduler: false });
  await app.ready();
  other = { database, app };
});
afterAll(async () => {
  await other.app.close();
  await other.database.close();
  await ctx.app.close();
});

describe('serial numbers under real concurrency (PostgreSQL)', () => {
  it('1,000 next-value calls at once from two connection pools get 1,000 distinct, consecutive numbers', async () => {
    await ctx.database.db.insert(baseSerialRule).values({ ruleCode: 'LOAD', ruleName: '并发', prefix: 'L', separator: '-', seqLength: 6 });
    const pools = [createSerialService({ db: ctx.database.db }), createSerialService({ db: other.database.db })];
    const values = await Promise.all(Array.from({ length: 1000 }, (_, i) => pools[i % 2]!.next('LOAD')));
    expect(new Set(values).size).toBe(1000);
    expect(seqOf(values).sort((a, b) => a - b)).toEqual(consecutive(1000));
    const [rule] = await ctx.database.db.select().from(baseSerialRule).where(eq(baseSerialRule.ruleCode, 'LOAD'));
    expect(rule).toMatchObject({ currentValue: 1000, currentPeriod: 'ALL' });
  });

  it('numbers taken in transactions that roll back are handed out again: no gaps, no repeats', async () => {
    await ctx.database.db.insert(baseSerialRule).values({ ruleCode: 'TXLOAD', ruleName: '事务', prefix: 'T', separator: '-', seqLength: 4 });
    const serials = createSerialService({ db: ctx.database.db });
    const kept: string[] = [];
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        ctx.database.db
          .transaction(async (tx) => {
            const value = await serials.next('TXLOAD', tx);
            if (i % 3 === 0) throw new Error('rolled back');
            kept.push(value);
          })
          .catch((error: Error) => expect(error.message).toBe('rolled back')),
      ),
    );
    expect(seqOf(kept).sort((a, b) => a - b)).toEqual(consecutive(40));
  });

  it('600 concurrent 取号 requests over HTTP on two app instances: distinct, consecutive, one log row each', async () => {
    const token = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
    const created = await post(ctx.app, '/rest/serial/add', { ruleCode: 'HTTP', ruleName: '接口并发', prefix: 'H', datePattern: 'yyyyMMdd', separator: '-', seqLength: 5, resetPeriod: 'DAY' }, { authorization: token });
    expect(created.status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 600 }, (_, i) => post(i % 2 ? other.app : ctx.app, '/rest/serial/next', { ruleCode: 'HTTP' }, { authorization: token })),
    );
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    const values = answers.map((a) => a.body.data.values[0] as string);
    expect(new Set(values).size).toBe(600);
    expect(seqOf(values).sort((a, b) => a - b)).toEqual(consecutive(600));
    const logs = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'base:serial'), eq(sysOperLog.action, 'TAKE')));
    expect(logs).toHaveLength(600);
  });

  it('100 concurrent callers of every kind on two instances: distinct numbers, none missing, none rolled back kept', async () => {
    const token = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
    await ctx.database.db.insert(baseSerialRule).values({ ruleCode: 'MIXED', ruleName: '混合', prefix: 'M', separator: '-', seqLength: 6 });
    const services = [createSerialService({ db: ctx.database.db }), createSerialService({ db: other.database.db })];
    const databases = [ctx.database.db, other.database.db];
    const apps = [ctx.app, other.app];
    const overHttp: string[] = [];
    /** Each caller, five rounds: 取号 over HTTP (1–3 numbers), a take of its own, or a business transaction (every fourth rolls back). */
    const caller = async (i: number) => {
      const kept: string[] = [];
      for (let round = 0; round < 5; round++) {
        const side = (i + round) % 2;
        const kind = (i + round) % 3;
        if (kind === 0) {
          const res = await post(apps[side]!, '/rest/serial/next', { ruleCode: 'MIXED', count: 1 + (round % 3) }, { authorization: token });
          expect(res.status).toBe(200);
          kept.push(...(res.body.data.values as string[]));
          overHttp.push(...(res.body.data.values as string[]));
        } else if (kind === 1) {
          kept.push(...(await services[side]!.take('MIXED', 1 + (i % 2))).values);
        } else {
          const rollBack = (i + round) % 4 === 0;
          await databases[side]!
            .transaction(async (tx) => {
              const value = await services[side]!.next('MIXED', tx);
              if (rollBack) throw new Error('rolled back');
              kept.push(value);
            })
            .catch((error: Error) => expect(error.message).toBe('rolled back'));
        }
      }
      return kept;
    };
    const values = (await Promise.all(Array.from({ length: 100 }, (_, i) => caller(i)))).flat();
    expect(new Set(values).size).toBe(values.length);
    expect(seqOf(values).sort((a, b) => a - b)).toEqual(consecutive(values.length));
    const [rule] = await ctx.database.db.select().from(baseSerialRule).where(eq(baseSerialRule.ruleCode, 'MIXED'));
    expect(rule!.currentValue).toBe(values.length);
    // The numbers taken over HTTP, and only those, are in the log: each in one row, committed with it.
    const logs = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'base:serial'), eq(sysOperLog.action, 'TAKE')));
    const logged = logs.map((row) => row.after as { ruleCode: string; values: string[] }).flatMap((after) => (after.ruleCode === 'MIXED' ? after.values : []));
    expect(overHttp.length).toBeGreaterThan(0);
    expect(logged.sort()).toEqual(overHttp.sort());
  });
});
