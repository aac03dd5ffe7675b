import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { CallData } from '@dandelion/shared';
import { TASK_LIMITS, TASK_MESSAGES, type schedulerCalls } from '@dandelion/shared/base/scheduler';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { createdBy } from '../../../core/records';
import { sysOperLog } from '../../../core/audit';
import { sysFunc, sysRole, sysRoleFunc } from '../../../db/schema';
import { baseTask, baseTaskLog } from './tables';
import { removeHousekeepingTasks } from '../../../../test/kits/schedulerTestKit';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;
let viewer: Record<string, string>;

/** A small HTTP service the HTTP job calls: answers by path and remembers what it was sent. */
let target: Server;
let base: string;
const received: Array<{ method: string; path: string; headers: Record<string, unknown>; body: string }> = [];

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const opLogs = (action: string) => ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'base:scheduler'), eq(sysOperLog.action, action)));
const urls = [
  'getTaskPage', 'getTaskById', 'addTask', 'updateTask', 'updateStatus', 'deleteTask', 'deleteTaskByIds',
  'runTask', 'getTaskLogPage', 'getTaskLogById', 'getHandlers', 'nextFireTimes',
].map((m) => `/rest/task/${m}`);

/** A task that never fires during the test (03:00 on 1 January) unless run by hand. */
const body = (extra: Record<string, unknown> = {}) => ({
  taskCode: 'PING_SELF',
  taskName: '自检',
  taskGroup: 'OPS',
  cron: '0 0 3 1 1 *',
  handler: 'base.httpCall',
  params: { url: `${base}/ok`, method: 'GET' },
  timeoutSeconds: 10,
  maxRetries: 0,
  retryBackoffSeconds: 1,
  remark: '调用测试服务',
  ...extra,
});

/** Waits until the run has ended and answers its detail (an ended run always has its message). */
async function finished(logId: string) {
  let detail!: CallData<typeof schedulerCalls.runDetail> & { message: string };
  await expect
    .poll(async () => {
      detail = (await call('/rest/task/getTaskLogById', { logId })).body.data;
      return detail.status;
    }, { timeout: 15_000, interval: 100 })
    .not.toBe('RUNNING');
  return detail;
}

async function runTask(taskId: string) {
  const res = await call('/rest/task/runTask', { taskId });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: '0000', msg: '已开始执行' });
  return res.body.data.runId as string;
}

beforeAll(async () => {
  target = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      received.push({ method: req.method!, path: req.url!, headers: req.headers, body: text });
      if (req.url === '/ok') res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"up"}');
      else if (req.url === '/fail') res.writeHead(503, 'Service Unavailable').end('维护中');
      else if (req.url!.startsWith('/big')) res.writeHead(200).end('x'.repeat(100_000));
      else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end('慢'), 1500);
      else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;

  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'clerk', password: 'Clerk@2026x', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'clerk', 'Clerk@2026x') };
  // A watcher may read the list and the run log, nothing else.
  const db = ctx.database.db;
  const [role] = await db.insert(sysRole).values({ roleCode: 'TASK_WATCH', roleName: '任务查看', ...createdBy(null) }).returning();
  for (const code of ['base:scheduler:list', 'base:scheduler:log']) {
    const [func] = await db.select().from(sysFunc).where(eq(sysFunc.funcCode, code));
    await db.insert(sysRoleFunc).values({ roleId: role!.id, funcId: func!.id });
  }
  await createAccount(ctx.database, { username: 'watcher', password: 'Watch@2026x', roleCodes: ['TASK_WATCH'] });
  viewer = { authorization: await signIn(ctx.app, 'watcher', 'Watch@2026x') };
  await removeHousekeepingTasks(ctx.database, ctx.app, admin);
});
afterAll(async () => {
  await ctx.app.close();
  await new Promise((resolve) => target.close(resolve));
});

describe('task routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    await expectRefusedToOutsiders(ctx.app, urls, clerk);
    expect((await call('/rest/task/getTaskPage', {}, viewer)).status).toBe(200);
    for (const url of ['/rest/task/addTask', '/rest/task/runTask', '/rest/task/updateStatus', '/rest/task/deleteTask', '/rest/task/getTaskLogById']) {
      expect((await call(url, {}, viewer)).status, url).toBe(403);
    }
  });

  it('invalid input with 400 and the exact message, storing nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ taskCode: '自检' }, TASK_MESSAGES.codePattern],
      [{ taskCode: '' }, TASK_MESSAGES.codeRequired],
      [{ taskName: '  ' }, TASK_MESSAGES.nameRequired],
      [{ taskGroup: '运维' }, TASK_MESSAGES.groupPattern],
      [{ cron: '' }, TASK_MESSAGES.cronRequired],
      [{ cron: '*/5 * * * *' }, TASK_MESSAGES.cronFields],
      [{ cron: '0 0 24 * * *' }, TASK_MESSAGES.cronInvalid],
      [{ cron: '0 0 0 31 2 *' }, TASK_MESSAGES.cronNever],
      [{ handler: '' }, TASK_MESSAGES.handlerRequired],
      [{ handler: 'shell.exec' }, '任务处理器不存在，请重新选择'],
      [{ params: [1, 2] }, TASK_MESSAGES.paramsObject],
      [{ params: { url: 'ftp://example.com/x' } }, '任务参数 url：URL 只能是 http 或 https 地址'],
      [{ params: { url: `${base}/ok`, sql: 'drop table base_task' } }, '任务参数不正确：不支持的参数：sql'],
      [{ status: 'ON' }, '状态只能是 ENABLE 或 DISABLE'],
      [{ timeoutSeconds: 0 }, TASK_LIMITS.timeoutSeconds.message],
      [{ maxRetries: 11 }, TASK_LIMITS.maxRetries.message],
      [{ retryBackoffSeconds: 1.5 }, TASK_LIMITS.retryBackoffSeconds.message],
      [{ skipIfRunning: 'yes' }, '「跳过重叠执行」只能是 true 或 false'],
      [{ remark: '备'.repeat(513) }, '备注不能超过512个字符'],
    ];
    for (const [change, msg] of cases) {
      const res = await call('/rest/task/addTask', body(change));
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    const params = await call('/rest/task/addTask', body({ params: { url: 'file:///etc/passwd', timeoutSeconds: 0 } }));
    expect(params.body.attributes).toEqual({
      field: 'params',
      paramErrors: [
        { path: 'url', message: 'URL 只能是 http 或 https 地址' },
        { path: 'timeoutSeconds', message: 'HTTP 超时时间必须是 1 到 300 之间的整数（秒）' },
      ],
    });
    expect((await call('/rest/task/addTask', body({ cron: '* * *' }))).body.attributes).toEqual({ field: 'cron' });
    expect((await call('/rest/task/nextFireTimes', { cron: '0 0 0 * *' })).body).toMatchObject({ code: '400', msg: TASK_MESSAGES.cronFields });
    expect((await call('/rest/task/deleteTaskByIds', { ids: [] })).body.msg).toBe('请选择要删除的任务');
    expect((await call('/rest/task/getTaskLogPage', { status: 'DONE' })).body.msg).toBe('执行状态只能是 RUNNING、SUCCESS、FAILED、TIMEOUT 或 SKIPPED');
    expect(await ctx.database.db.select().from(baseTask).where(eq(baseTask.delFlag, 0))).toHaveLength(0);
    expect(await opLogs('CREATE')).toHaveLength(0);
  });
});

describe('task administration', () => {
  let taskId: string;

  it('lists the built-in jobs with their descriptions and example parameters', async () => {
    const res = await call('/rest/task/getHandlers', {});
    expect(res.body.data.map((h: { handler: string }) => h.handler)).toEqual(['base.purgeLogs', 'auth.purgeEndedSessions', 'base.maintainDatabase', 'base.httpCall', 'cms.publishDue', 'award.editionPhases', 'award.fixDeadlines', 'award.declarationReminders', 'award.expertStandingExpiry', 'award.assignmentReminders', 'award.assignmentOverdue', 'award.publicityWindows', 'award.objectionReminders']);
    expect(res.body.data[3]).toMatchObject({ title: '调用 HTTP 接口', example: { url: 'https://example.com/api/ping', method: 'GET', timeoutSeconds: 30 } });
    expect(res.body.data[3].description).toContain('仅限 http/https');
  });

  it('answers the next five fire times of an expression', async () => {
    const res = await call('/rest/task/nextFireTimes', { cron: ' 0 0 2  * * * ' });
    expect(res.body.data.cron).toBe('0 0 2 * * *');
    expect(res.body.data.times).toHaveLength(5);
    // 02:00 in Shanghai is 18:00 UTC the day before.
    for (const time of res.body.data.times) expect(time).toMatch(/T18:00:00\.000Z$/);
  });

  it('adds a task with an operation-log row that masks secret headers, and refuses a duplicate code with 409', async () => {
    const res = await call('/rest/task/addTask', body({ params: { url: `${base}/ok`, headers: { Authorization: 'Bearer s3cret', 'X-Trace': 'e2e' } } }));
    expect(res.body).toMatchObject({
      code: '0000',
      msg: '新增成功',
      data: { taskCode: 'PING_SELF', status: 'DISABLE', skipIfRunning: true, nextFireTime: null, lockVersion: 0, createBy: 'admin' },
    });
    expect(res.body.data.params).toEqual({ url: `${base}/ok`, method: 'GET', timeoutSeconds: 30, headers: { Authorization: 'Bearer s3cret', 'X-Trace': 'e2e' } });
    taskId = res.body.data.taskId;
    const [log] = await opLogs('CREATE');
    expect(log).toMatchObject({ entityId: taskId, username: 'admin', summary: '新增定时任务「自检」' });
    expect((log!.after as { params: unknown }).params).toEqual({ url: `${base}/ok`, method: 'GET', timeoutSeconds: 30, headers: { Authorization: '******', 'X-Trace': 'e2e' } });
    const dup = await call('/rest/task/addTask', body({ taskName: '另一个' }));
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ msg: '任务编码已存在，请更换后重试', attributes: { field: 'taskCode' } });
  });

  it('pages tasks with filters, next fire time and last run', async () => {
    await call('/rest/task/addTask', body({ taskCode: 'PURGE', taskName: '清理日志', taskGroup: 'DEFAULT', handler: 'base.purgeLogs', params: {}, status: 'ENABLE' }));
    const all = await call('/rest/task/getTaskPage', { pageParameter: { pageNum: 1, pageSize: 10 } });
    expect(all.body.data).toMatchObject({ total: 2, pageNum: 1 });
    const purge = all.body.data.list.find((t: { taskCode: string }) => t.taskCode === 'PURGE');
    expect(purge).toMatchObject({ status: 'ENABLE', params: { retentionDays: 180 }, lastRun: null });
    expect(purge.nextFireTime).toMatch(/-12-31T19:00:00\.000Z$/);
    const pick = async (filter: Record<string, string>) =>
      (await call('/rest/task/getTaskPage', filter)).body.data.list.map((t: { taskCode: string }) => t.taskCode);
    expect(await pick({ taskName: '清理' })).toEqual(['PURGE']);
    expect(await pick({ taskCode: 'ping' })).toEqual(['PING_SELF']);
    expect(await pick({ taskGroup: 'OPS' })).toEqual(['PING_SELF']);
    expect(await pick({ status: 'DISABLE' })).toEqual(['PING_SELF']);
    expect(await pick({ handler: 'base.purgeLogs' })).toEqual(['PURGE']);
    expect(await pick({ taskName: '%' })).toEqual([]);
  });

  it('updates with the lock version and refuses a stale one with 409', async () => {
    const headers = { Authorization: 'Bearer s3cret', 'X-Trace': 'e2e' };
    const res = await call('/rest/task/updateTask', { ...body({ taskName: '自检（每日）', maxRetries: 2, params: { url: `${base}/ok`, headers } }), taskId, lockVersion: 0 });
    expect(res.body).toMatchObject({ msg: '修改成功', data: { taskName: '自检（每日）', maxRetries: 2, lockVersion: 1 } });
    const stale = await call('/rest/task/updateTask', { ...body(), taskId, lockVersion: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const [log] = await opLogs('UPDATE');
    expect(log!.before).toMatchObject({ taskName: '自检' });
    expect(log!.after).toMatchObject({ taskName: '自检（每日）' });
    const detail = await call('/rest/task/getTaskById', { taskId });
    expect(detail.body.data).toMatchObject({ taskName: '自检（每日）', lockVersion: 1, remark: '调用测试服务' });
    expect((await call('/rest/task/getTaskById', { taskId: '99999' })).status).toBe(404);
  });

  it('enables and disables under the lock version', async () => {
    const on = await call('/rest/task/updateStatus', { taskId, lockVersion: 1, status: 'ENABLE' });
    expect(on.body).toMatchObject({ msg: '已启用', data: { status: 'ENABLE', lockVersion: 2 } });
    expect(on.body.data.nextFireTime).toMatch(/-12-31T19:00:00\.000Z$/);
    expect((await call('/rest/task/updateStatus', { taskId, lockVersion: 1, status: 'DISABLE' })).status).toBe(409);
    const off = await call('/rest/task/updateStatus', { taskId, lockVersion: 2, status: 'DISABLE' });
    expect(off.body).toMatchObject({ msg: '已停用', data: { status: 'DISABLE', nextFireTime: null } });
    expect((await opLogs('UPDATE')).map((l) => l.summary)).toEqual(expect.arrayContaining(['启用定时任务「自检（每日）」', '停用定时任务「自检（每日）」']));
  });

  it('runs now: the HTTP job’s status and body land in the run log, and the list shows the last run', async () => {
    const logId = await runTask(taskId);
    const detail = await finished(logId);
    expect(detail).toMatchObject({ taskId, taskCode: 'PING_SELF', taskName: '自检（每日）', triggerType: 'MANUAL', status: 'SUCCESS', attempts: 1 });
    expect(detail.message).toMatch(new RegExp(`^HTTP 200 OK（耗时 \\d+ 毫秒）\\nGET ${base}/ok\\n\\n\\{"status":"up"\\}$`));
    expect(detail.durationMs).toBeGreaterThanOrEqual(0);
    expect(received.at(-1)).toMatchObject({ method: 'GET', path: '/ok', headers: { authorization: 'Bearer s3cret', 'x-trace': 'e2e' } });
    const [run] = await opLogs('RUN');
    expect(run).toMatchObject({ entityId: taskId, summary: '立即执行定时任务「自检（每日）」', after: { runId: logId } });
    const page = await call('/rest/task/getTaskPage', { taskCode: 'PING_SELF' });
    expect(page.body.data.list[0].lastRun).toMatchObject({ status: 'SUCCESS' });
  });

  it('records a non-2xx answer as a failure after its retries, with the status and the body', async () => {
    const t = await call('/rest/task/addTask', body({ taskCode: 'FAILING', params: { url: `${base}/fail`, method: 'POST', body: { n: 1 } }, maxRetries: 1 }));
    const detail = await finished(await runTask(t.body.data.taskId));
    expect(detail).toMatchObject({ status: 'FAILED', attempts: 2 });
    expect(detail.message).toMatch(/^第 1 次执行失败：HTTP 503 Service Unavailable（耗时 \d+ 毫秒）：响应状态不是 2xx\nPOST /);
    expect(detail.message).toContain('维护中\n1 秒后重试');
    expect(received.filter((r) => r.path === '/fail').map((r) => [r.body, r.headers['content-type']])).toEqual([
      ['{"n":1}', 'application/json; charset=utf-8'],
      ['{"n":1}', 'application/json; charset=utf-8'],
    ]);
  });

  it('keeps only the start of a long body, and times out by the job’s own or the task’s limit', async () => {
    const big = await call('/rest/task/addTask', body({ taskCode: 'BIG', params: { url: `${base}/big?key=secret` } }));
    const bigRun = await finished(await runTask(big.body.data.taskId));
    expect(bigRun.status, bigRun.message).toBe('SUCCESS');
    expect(bigRun.message).toContain(`GET ${base}/big?…`);
    expect(bigRun.message).not.toContain('secret');
    expect(bigRun.message).toContain('…（响应内容较长，仅保留前 2000 个字符）');
    expect(bigRun.message.length).toBeLessThan(2300);

    const own = await call('/rest/task/addTask', body({ taskCode: 'SLOW_HTTP', params: { url: `${base}/slow`, timeoutSeconds: 1 } }));
    const ownRun = await finished(await runTask(own.body.data.taskId));
    expect(ownRun).toMatchObject({ status: 'FAILED', message: `第 1 次执行失败：GET ${base}/slow\n请求超时：1 秒内没有响应` });

    const task = await call('/rest/task/addTask', body({ taskCode: 'SLOW_TASK', params: { url: `${base}/slow` }, timeoutSeconds: 1 }));
    const taskRun = await finished(await runTask(task.body.data.taskId));
    expect(taskRun).toMatchObject({ status: 'TIMEOUT', message: '第 1 次执行超时：超过 1 秒未完成，已通知任务中止' });
  });

  it('refuses 立即执行 while a run is in progress (409)', async () => {
    const t = await call('/rest/task/addTask', body({ taskCode: 'BUSY', params: { url: `${base}/slow` } }));
    const logId = await runTask(t.body.data.taskId);
    const again = await call('/rest/task/runTask', { taskId: t.body.data.taskId });
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/^任务「自检」正在执行中（开始于 .+），请等本次执行结束后再试$/);
    expect((await finished(logId)).status).toBe('SUCCESS');
  });

  it('runs the log purge job, which removes old run-log rows too', async () => {
    const purge = (await call('/rest/task/getTaskPage', { taskCode: 'PURGE' })).body.data.list[0];
    const old = new Date(Date.now() - 200 * 86_400_000);
    await ctx.database.db.insert(baseTaskLog).values({ taskId: Number(purge.taskId), triggerType: 'SCHEDULE', fireTime: old, instanceId: 'old', status: 'SUCCESS', startTime: old });
    const detail = await finished(await runTask(purge.taskId));
    expect(detail).toMatchObject({ status: 'SUCCESS' });
    expect(detail.message).toMatch(/^已清理 180 天前的日志：接口调用日志 \d+ 条，操作日志 \d+ 条，登录日志 \d+ 条，访问日志 \d+ 条，任务执行日志 1 条$/);
    expect(await ctx.database.db.select().from(baseTaskLog).where(eq(baseTaskLog.instanceId, 'old'))).toHaveLength(0);

    const sessions = await call('/rest/task/addTask', body({ taskCode: 'SESSIONS', handler: 'auth.purgeEndedSessions', params: { keepDays: 30 } }));
    expect((await finished(await runTask(sessions.body.data.taskId))).message).toMatch(/^已清理结束超过 30 天的会话 \d+ 个$/);
  });

  it('runs the database upkeep: vacuum and analyse on the embedded database, analyse on PostgreSQL', async () => {
    const upkeep = await call('/rest/task/addTask', body({ taskCode: 'DB_UPKEEP', handler: 'base.maintainDatabase', params: {} }));
    const detail = await finished(await runTask(upkeep.body.data.taskId));
    expect(detail.status).toBe('SUCCESS');
    expect(detail.message).toBe(
      ctx.database.kind === 'pglite' ? '嵌入式数据库已整理（VACUUM ANALYZE）：回收已删除行的空间并更新统计信息' : 'PostgreSQL 统计信息已更新（ANALYZE）；空间回收由 autovacuum 负责',
    );
    expect((await call('/rest/task/addTask', body({ taskCode: 'DB_UPKEEP2', handler: 'base.maintainDatabase', params: { tables: 'x' } }))).status).toBe(400);
  });

  it('pages the run log by task, status, trigger and start time', async () => {
    const page = async (filter: Record<string, unknown>) => (await call('/rest/task/getTaskLogPage', { pageParameter: { pageNum: 1, pageSize: 50 }, ...filter }, viewer)).body.data;
    const mine = await page({ taskId });
    expect(mine.list.map((r: { status: string }) => r.status)).toEqual(['SUCCESS']);
    expect(mine.list[0]).toMatchObject({ taskName: '自检（每日）', triggerType: 'MANUAL' });
    expect(mine.list[0].message.length).toBeLessThanOrEqual(200);
    const failed = await page({ status: 'FAILED' });
    expect(failed.list.map((r: { taskCode: string }) => r.taskCode).sort()).toEqual(['FAILING', 'SLOW_HTTP']);
    expect((await page({ status: 'TIMEOUT' })).total).toBe(1);
    expect((await page({ triggerType: 'SCHEDULE' })).total).toBe(0);
    expect((await page({ beginTime: new Date(Date.now() + 60_000).toISOString() })).total).toBe(0);
    expect((await page({ beginTime: new Date(Date.now() - 600_000).toISOString(), endTime: new Date().toISOString() })).total).toBe((await page({})).total);
    expect((await call('/rest/task/getTaskLogById', { logId: '99999' })).status).toBe(404);
  });

  it('deletes under the lock version, at once out of the schedule, and in batches all or nothing', async () => {
    const current = (await call('/rest/task/getTaskById', { taskId })).body.data;
    expect((await call('/rest/task/deleteTask', { taskId, lockVersion: current.lockVersion - 1 })).status).toBe(409);
    const res = await call('/rest/task/deleteTask', { taskId, lockVersion: current.lockVersion });
    expect(res.body).toMatchObject({ code: '0000', msg: '删除成功' });
    expect((await call('/rest/task/getTaskById', { taskId })).status).toBe(404);
    expect((await call('/rest/task/runTask', { taskId })).status).toBe(404);
    const [log] = (await opLogs('DELETE')).filter((l) => l.entityId === taskId);
    expect(log).toMatchObject({ entityId: taskId, summary: '删除定时任务「自检（每日）」' });
    // Its run log stays readable.
    expect((await call('/rest/task/getTaskLogPage', { taskId })).body.data.total).toBe(1);

    const list = (await call('/rest/task/getTaskPage', { pageParameter: { pageNum: 1, pageSize: 50 } })).body.data.list;
    const purge = list.find((t: { taskCode: string }) => t.taskCode === 'PURGE');
    expect(ctx.app.taskScheduler.armedTasks().map((a) => String(a.taskId))).toEqual([purge.taskId]);
    const ids = list.map((t: { taskId: string }) => t.taskId);
    expect((await call('/rest/task/deleteTaskByIds', { ids: [...ids, '99999'] })).status).toBe(404);
    expect((await call('/rest/task/getTaskPage', {})).body.data.total).toBe(ids.length);
    const batch = await call('/rest/task/deleteTaskByIds', { ids });
    expect(batch.body).toMatchObject({ msg: '删除成功', data: { deleted: ids.length } });
    expect((await call('/rest/task/getTaskPage', {})).body.data.total).toBe(0);
    await expect.poll(() => ctx.app.taskScheduler.armedTasks()).toEqual([]);
  });
});
