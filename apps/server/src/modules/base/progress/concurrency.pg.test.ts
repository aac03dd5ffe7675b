import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { signIn } from '../../../../test/helpers/accounts';
import { post, createTestApp, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { createProcessEngine, type ProcessActor } from './engine';
import { baseProcessHistory, baseProcessInstance } from './tables';
import { calendarWorkingDays, twoStepReview } from '../../../../test/kits/progressFixtures';

// A *.pg.test.ts file runs only in the server-pg project: real concurrency needs several connections.
let ctx: TestContext;
let admin: Record<string, string>;
const call = (url: string, body: unknown) => post(ctx.app, url, body, admin);
const boss: ProcessActor = { id: 1, name: 'admin', roleCodes: ['ADMIN'], permissions: new Set(), isSuperAdmin: true };

beforeAll(async () => {
  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  const draft = await call('/rest/progress/definition/add', { processCode: 'AUDIT', processName: '项目审核', definition: twoStepReview() });
  await call('/rest/progress/definition/publish', { defId: draft.body.data.defId, lockVersion: 0 });
});
afterAll(async () => {
  await ctx.app.close();
});

const stepsOf = async (instanceId: number, action: string) =>
  (await ctx.database.db.select().from(baseProcessHistory).where(eq(baseProcessHistory.instanceId, instanceId))).filter((h) => h.action === action);

describe('two people acting at once on PostgreSQL', () => {
  it('through the API: one moves the stage, the other gets 409', async () => {
    const started = (await call('/rest/progress/instance/start', { processCode: 'AUDIT', businessKey: 'RACE:1' })).body.data;
    const [a, b] = await Promise.all([
      call('/rest/progress/instance/act', { instanceId: started.instanceId, action: 'SUBMIT', comment: '甲', lockVersion: 0 }),
      call('/rest/progress/instance/act', { instanceId: started.instanceId, action: 'SUBMIT', comment: '乙', lockVersion: 0 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.msg).toBe('数据已被他人修改，请刷新后重试');
    expect(await stepsOf(Number(started.instanceId), 'SUBMIT')).toHaveLength(1);
  });

  it('inside callers\' transactions without a lock version: the one that read the old stage and waited gets 409', async () => {
    const { db } = ctx.database;
    const engine = createProcessEngine({ db, workingDays: calendarWorkingDays });
    const started = await engine.start({ processCode: 'AUDIT', businessKey: 'RACE:2', actor: boss });
    const { instanceId } = await engine.act({ instanceId: started.instanceId, action: 'SUBMIT', actor: boss });

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let moved!: () => void;
    const firstMoved = new Promise<void>((resolve) => (moved = resolve));
    // The first caller moves the stage and keeps its transaction open …
    const first = db.transaction(async (tx) => {
      const view = await engine.act({ instanceId, action: 'PASS', actor: boss }, tx);
      moved();
      await held;
      return view;
    });
    await firstMoved;
    // … the second reads the old stage (the first has not committed) and blocks on the row.
    const second = engine.act({ instanceId, action: 'RETURN', comment: '退回', actor: boss }).then(
      () => ({ status: 200 }),
      (error: { status: number; message: string }) => error,
    );
    await expect.poll(async () => {
      const result = (await db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as { rows: Array<{ n: number }> };
      return result.rows[0]!.n;
    }).toBe(1);
    release();
    expect(await first).toMatchObject({ status: 'COMPLETED' });
    expect(await second).toMatchObject({ status: 409, message: '数据已被他人修改，请刷新后重试' });
    expect(await stepsOf(instanceId, 'RETURN')).toHaveLength(0);
    const [row] = await db.select().from(baseProcessInstance).where(eq(baseProcessInstance.id, instanceId));
    expect(row).toMatchObject({ status: 'COMPLETED', currentStage: 'DONE', lockVersion: 2 });
  });

  it('two simultaneous starts for one business key: exactly one instance', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => call('/rest/progress/instance/start', { processCode: 'AUDIT', businessKey: 'RACE:3' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.msg)).toEqual(['业务「RACE:3」已有进行中的流程，不能重复发起', '业务「RACE:3」已有进行中的流程，不能重复发起']);
    expect(await ctx.database.db.select().from(baseProcessInstance).where(eq(baseProcessInstance.businessKey, 'RACE:3'))).toHaveLength(1);
  });

  it('two simultaneous publishes of one draft: one ACTIVE version', async () => {
    const active = (await call('/rest/progress/definition/versions', { processCode: 'AUDIT' })).body.data[0];
    const draft = (await call('/rest/progress/definition/newVersion', { defId: active.defId })).body.data;
    const answers = await Promise.all([0, 1].map(() => call('/rest/progress/definition/publish', { defId: draft.defId, lockVersion: 0 })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const versions = (await call('/rest/progress/definition/versions', { processCode: 'AUDIT' })).body.data;
    expect(versions.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([[2, 'ACTIVE'], [1, 'RETIRED']]);
  });
});
