import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../core/db';
import { AppError } from '../../../core/errors';
import { resetDatabase, testDatabase } from '../../../../test/helpers/testDatabase';
import { createJobRegistry } from './registry';
import { createTaskRunner, type TaskRunner } from './runner';
import { baseTask, baseTaskLog } from './tables';

/**
 * The runner's rules on the real database: attempts, back-off, timeouts, skip-if-running, the slot
 * claim and abandoned RUNNING rows. The jobs below are test jobs registered through the public
 * registry API, as any module would register its own.
 */
let database: Database;
const problems: unknown[] = [];
const log = { warn: (obj: object) => problems.push(obj), error: (obj: object) => problems.push(obj) };

/** What each run's job saw, by run id. */
const seen = new Map<number, { attempts: number; aborted: boolean }>();
/** A `gated` run holds until the test opens the gate, so its RUNNING row can be read without racing the job. */
let openGate: () => void = () => {};
const gate = () => new Promise<void>((resolve) => (openGate = resolve));
const registry = createJobRegistry();
registry.register({
  handler: 'test.work',
  title: '测试任务',
  description: '按 mode 成功、失败、挂起或忽略中止信号',
  params: z.strictObject({ mode: z.enum(['ok', 'fail', 'failOnce', 'hang', 'ignoreAbort', 'slow', 'gated']), ms: z.number().int().default(0) }),
  example: { mode: 'ok' },
  async run({ mode, ms }, { signal, runId, attempt }) {
    const gated = mode === 'gated' ? gate() : undefined;
    const note = seen.get(runId) ?? { attempts: 0, aborted: false };
    seen.set(runId, note);
    note.attempts = attempt;
    const wait = (t: number, honour: boolean) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, t);
        if (honour)
          signal.addEventListener('abort', () => {
            note.aborted = true;
            clearTimeout(timer);
            reject(signal.reason as Error);
          });
      });
    if (mode === 'fail' || (mode === 'failOnce' && attempt === 1)) throw new Error('下游服务不可用');
    if (mode === 'hang') await wait(60_000, true);
    if (mode === 'ignoreAbort') await wait(1_500, false);
    if (mode === 'slow') await wait(ms, true);
    if (mode === 'gated') await gated;
    return '完成';
  },
});

let runner: TaskRunner;
const newRunner = (instanceId: string, abandonMarginMs?: number) => createTaskRunner({ db: database.db, registry, instanceId, log, abandonMarginMs });

let seq = 0;
async function task(values: Partial<typeof baseTask.$inferInsert> = {}) {
  seq += 1;
  const [row] = await database.db
    .insert(baseTask)
    .values({ taskCode: `T${seq}`, taskName: `测试${seq}`, cron: '* * * * * *', handler: 'test.work', params: { mode: 'ok' }, status: 'ENABLE', ...values })
    .returning();
  return row!;
}
const runRow = async (id: number) => (await database.db.select().from(baseTaskLog).where(eq(baseTaskLog.id, id)))[0]!;
const runsOf = (taskId: number) => database.db.select().from(baseTaskLog).where(eq(baseTaskLog.taskId, taskId));
const nextSecond = () => new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000);

beforeAll(async () => {
  database = await testDatabase();
  await resetDatabase(database);
  runner = newRunner('test-a:1:aaaaaa');
});
afterAll(async () => {
  await runner.close();
  expect(problems).toEqual([]);
});

describe('a run', () => {
  it('records a success with its attempt, timings and the job’s message', async () => {
    const t = await task({ params: { mode: 'gated' } });
    const { runId, done } = await runner.runNow(t.id);
    expect((await runRow(runId)).status).toBe('RUNNING');
    await vi.waitFor(() => expect(seen.has(runId)).toBe(true));
    openGate();
    await done;
    const row = await runRow(runId);
    expect(row).toMatchObject({ status: 'SUCCESS', attempts: 1, triggerType: 'MANUAL', instanceId: 'test-a:1:aaaaaa', message: '完成' });
    expect(row.endTime!.getTime()).toBeGreaterThanOrEqual(row.startTime.getTime());
    expect(row.durationMs).toBe(row.endTime!.getTime() - row.startTime.getTime());
  });

  it('retries a failure with a doubling back-off, then fails with every attempt in the message', async () => {
    const t = await task({ params: { mode: 'fail' }, maxRetries: 2, retryBackoffSeconds: 1 });
    const { runId, done } = await runner.runNow(t.id);
    await done;
    const row = await runRow(runId);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 3 });
    expect(row.message).toBe(
      ['第 1 次执行失败：下游服务不可用\n1 秒后重试', '第 2 次执行失败：下游服务不可用\n2 秒后重试', '第 3 次执行失败：下游服务不可用'].join('\n\n'),
    );
    expect(seen.get(runId)!.attempts).toBe(3);
  });

  it('succeeds on a retry', async () => {
    const t = await task({ params: { mode: 'failOnce' }, maxRetries: 1, retryBackoffSeconds: 1 });
    const { runId, done } = await runner.runNow(t.id);
    await done;
    expect(await runRow(runId)).toMatchObject({ status: 'SUCCESS', attempts: 2, message: '第 1 次执行失败：下游服务不可用\n1 秒后重试\n\n第 2 次执行成功：\n完成' });
  });

  it('times out an attempt, aborting the signal the job holds', async () => {
    const t = await task({ params: { mode: 'hang' }, timeoutSeconds: 1 });
    const { runId, done } = await runner.runNow(t.id);
    await done;
    expect(await runRow(runId)).toMatchObject({ status: 'TIMEOUT', attempts: 1, message: '第 1 次执行超时：超过 1 秒未完成，已通知任务中止' });
    expect(seen.get(runId)!.aborted).toBe(true);
  });

  it('times out a job that ignores its signal too', async () => {
    const t = await task({ params: { mode: 'ignoreAbort' }, timeoutSeconds: 1 });
    const { runId, done } = await runner.runNow(t.id);
    await done;
    expect((await runRow(runId)).status).toBe('TIMEOUT');
  });

  it('checks the parameters again before running, and fails a run whose job is gone', async () => {
    const bad = await task({ params: { mode: 'explode' } });
    const first = await runner.runNow(bad.id);
    await first.done;
    expect(await runRow(first.runId)).toMatchObject({ status: 'FAILED', message: expect.stringContaining('任务参数不正确，未执行：任务参数 mode：') });
    const orphan = await task({ handler: 'cms.removedJob' });
    const second = await runner.runNow(orphan.id);
    await second.done;
    expect(await runRow(second.runId)).toMatchObject({ status: 'FAILED', message: '任务处理器 cms.removedJob 不存在（可能已随模块移除），未执行' });
  });
});

describe('a cron slot', () => {
  it('is claimed by exactly one of two runners', async () => {
    const t = await task();
    const other = newRunner('test-b:2:bbbbbb');
    const slot = nextSecond();
    const outcomes = await Promise.all([runner.fireScheduled(t.id, slot, t.cron), other.fireScheduled(t.id, slot, t.cron)]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['claimed', 'lost']);
    await Promise.all(outcomes.map((o) => o.done));
    const rows = await runsOf(t.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ triggerType: 'SCHEDULE', fireTime: slot, status: 'SUCCESS' });
    await other.close();
  });

  it('is not taken for a disabled task or one whose cron changed since the timer was set', async () => {
    const off = await task({ status: 'DISABLE' });
    expect((await runner.fireScheduled(off.id, nextSecond(), off.cron)).outcome).toBe('stale');
    const moved = await task({ cron: '0 0 2 * * *' });
    expect((await runner.fireScheduled(moved.id, nextSecond(), '* * * * * *')).outcome).toBe('stale');
    expect([...(await runsOf(off.id)), ...(await runsOf(moved.id))]).toEqual([]);
  });

  it('is logged SKIPPED while the previous run is still going, and 立即执行 is refused', async () => {
    const t = await task({ params: { mode: 'slow', ms: 1500 } });
    const first = await runner.fireScheduled(t.id, nextSecond(), t.cron);
    expect(first.outcome).toBe('claimed');
    const second = await newRunner('test-c:3:cccccc').fireScheduled(t.id, new Date(nextSecond().getTime() + 1000), t.cron);
    expect(second.outcome).toBe('skipped');
    const refused = await runner.runNow(t.id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(409);
    expect((refused as AppError).message).toMatch(/^任务「测试\d+」正在执行中（开始于 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d），请等本次执行结束后再试$/);
    await first.done;
    const rows = await runsOf(t.id);
    expect(rows.map((r) => r.status).sort()).toEqual(['SKIPPED', 'SUCCESS']);
    const skipped = rows.find((r) => r.status === 'SKIPPED')!;
    expect(skipped.message).toMatch(/^上一次执行仍在进行（开始于 .+，执行实例 test-a:1:aaaaaa），本次跳过$/);
    expect(skipped).toMatchObject({ attempts: 0, durationMs: 0 });
  });

  it('runs alongside the previous run when the task allows overlaps', async () => {
    const t = await task({ params: { mode: 'slow', ms: 1000 }, skipIfRunning: false });
    const first = await runner.fireScheduled(t.id, nextSecond(), t.cron);
    const second = await runner.fireScheduled(t.id, new Date(nextSecond().getTime() + 1000), t.cron);
    expect([first.outcome, second.outcome]).toEqual(['claimed', 'claimed']);
    await Promise.all([first.done, second.done]);
    expect((await runsOf(t.id)).map((r) => r.status)).toEqual(['SUCCESS', 'SUCCESS']);
  });
});

describe('abandoned runs', () => {
  it('closes a RUNNING row past its budget so the next slot runs, and leaves a young one alone', async () => {
    const sharp = newRunner('test-d:4:dddddd', 0);
    const t = await task({ timeoutSeconds: 1 });
    const [stuck] = await database.db
      .insert(baseTaskLog)
      .values({ taskId: t.id, triggerType: 'MANUAL', fireTime: new Date(Date.now() - 5000), instanceId: 'gone:99:ffffff', status: 'RUNNING', startTime: new Date(Date.now() - 5000) })
      .returning();
    const fired = await sharp.fireScheduled(t.id, nextSecond(), t.cron);
    expect(fired.outcome).toBe('claimed');
    await fired.done;
    const closed = await runRow(stuck!.id);
    expect(closed.status).toBe('FAILED');
    expect(closed.message).toBe('执行实例 gone:99:ffffff 在 1 秒内没有报告结果，判定为执行中断（进程可能已停止或失去数据库连接）。');

    const other = await task({ timeoutSeconds: 1 });
    const [old] = await database.db
      .insert(baseTaskLog)
      .values({ taskId: other.id, triggerType: 'MANUAL', fireTime: new Date(), instanceId: 'gone:99:ffffff', status: 'RUNNING', startTime: new Date(Date.now() - 10_000) })
      .returning();
    const [young] = await database.db
      .insert(baseTaskLog)
      .values({ taskId: other.id, triggerType: 'MANUAL', fireTime: new Date(), instanceId: 'alive:7:eeeeee', status: 'RUNNING', startTime: new Date() })
      .returning();
    expect(await sharp.sweepAbandoned()).toBe(1);
    expect((await runRow(old!.id)).status).toBe('FAILED');
    expect((await runRow(young!.id)).status).toBe('RUNNING');
    // The young row is still "running" under the default margin: the slot is skipped.
    expect((await runner.fireScheduled(other.id, nextSecond(), other.cron)).outcome).toBe('skipped');
    await database.db.update(baseTaskLog).set({ status: 'FAILED' }).where(eq(baseTaskLog.id, young!.id));
    await sharp.close();
  });
});

describe('closing', () => {
  it('stops waiting for a retry, records why, and starts nothing new', async () => {
    const closing = newRunner('test-e:5:eeeeee');
    const t = await task({ params: { mode: 'fail' }, maxRetries: 3, retryBackoffSeconds: 3600 });
    const { runId } = await closing.runNow(t.id);
    await expect.poll(async () => (await runRow(runId)).message ?? '', { timeout: 5000 }).toContain('3600 秒后重试');
    await closing.close();
    expect(await runRow(runId)).toMatchObject({ status: 'FAILED', attempts: 1, message: '第 1 次执行失败：下游服务不可用\n3600 秒后重试\n\n服务正在停止，未再重试' });
    expect((await closing.fireScheduled(t.id, nextSecond(), t.cron)).outcome).toBe('stopped');
  });
});
