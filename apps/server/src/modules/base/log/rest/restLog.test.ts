import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../../test/helpers/accounts';
import { download, sheetRows } from '../../../../../test/helpers/excel';
import { createTestApp, get, post, type TestContext } from '../../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../../test/helpers/testDatabase';
import { MAX_EXPORT_ROWS } from '../../../../core/excel';
import { COUNT_CAP, TOO_DEEP_MESSAGE } from '../../../../core/listing';
import { flushLogs, sessionWithCodes } from '../../../../../test/kits/logTestKit';
import { sysRestLog } from '../tables';
import { expectRefusedToOutsiders } from '../../../../../test/helpers/refusals';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;
let reader: Record<string, string>;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const rowsFor = (path: string) => ctx.database.db.select().from(sysRestLog).where(eq(sysRestLog.path, path)).orderBy(desc(sysRestLog.id));
const PAGE = '/rest/restLog/getRestLogPage';
const DETAIL = '/rest/restLog/getRestLogById';
const EXPORT = '/rest/restLog/export';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'clerk', password: 'Clerk@2026x', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'clerk', 'Clerk@2026x') };
  reader = await sessionWithCodes(ctx, 'restreader', ['base:rest:list', 'base:rest:detail']);
});
afterAll(async () => {
  await ctx.app.close();
});

describe('interface-log routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    await expectRefusedToOutsiders(ctx.app, [PAGE, DETAIL, EXPORT], clerk);
    // Reading the list is not exporting it.
    expect((await download(ctx.app, EXPORT, {}, reader)).statusCode).toBe(403);
  });

  it('invalid filters with 400 and the exact message', async () => {
    const cases: Array<[string, unknown, string]> = [
      [PAGE, { method: 'FETCH' }, '请求方法只能是 GET、POST、PUT、DELETE 或 PATCH'],
      [PAGE, { status: 700 }, 'HTTP 状态码必须是 100 到 599 之间的整数'],
      [PAGE, { status: 200.5 }, 'HTTP 状态码必须是 100 到 599 之间的整数'],
      [PAGE, { statusClass: '6xx' }, '状态类别只能是 2xx、3xx、4xx 或 5xx'],
      [PAGE, { minDuration: -1 }, '最短耗时必须是不小于 0 的整数（毫秒）'],
      [PAGE, { beginTime: '昨天' }, '时间格式不正确，应为带时区的 ISO 8601 时间'],
      [PAGE, { beginTime: '2026-03-02T00:00:00+08:00', endTime: '2026-03-01T00:00:00+08:00' }, '开始时间不能晚于结束时间'],
      [PAGE, { path: 'x'.repeat(257) }, '接口路径不能超过256个字符'],
      [PAGE, { pageParameter: { pageNum: 1, pageSize: 501 } }, '每页条数必须在1到500之间'],
      [DETAIL, { logId: 'abc' }, '编号格式不正确'],
      [EXPORT, { statusClass: '1xx' }, '状态类别只能是 2xx、3xx、4xx 或 5xx'],
    ];
    for (const [url, body, msg] of cases) {
      const res = await call(url, body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    const missing = await call(DETAIL, { logId: '999999' });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('接口日志不存在或已被删除');
  });
});

describe('capture', () => {
  it('records a sign-in with the password and the token masked, after the answer and in a batch', async () => {
    const token = await signIn(ctx.app, 'clerk', 'Clerk@2026x');
    await flushLogs(ctx);
    const [row] = await rowsFor('/callback');
    expect(row).toMatchObject({ method: 'POST', route: '/callback', query: 'client_name=myform_client', status: 200, code: '0000', userId: null });
    expect(row!.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(row!.requestBody!)).toEqual({ username: 'clerk', password: '******' });
    expect(JSON.parse(row!.responseBody!)).toMatchObject({ code: '0000', data: { token: '******' } });
    // Neither secret is stored anywhere in the log.
    const leaks = await ctx.database.db
      .select({ id: sysRestLog.id })
      .from(sysRestLog)
      .where(sql`${sysRestLog.requestBody} like ${'%Clerk@2026x%'} or ${sysRestLog.responseBody} like ${`%${token}%`} or ${sysRestLog.query} like ${`%${token}%`}`);
    expect(leaks).toEqual([]);
  });

  it('records who called, the envelope code of a refusal, and masks ID numbers and secret query parameters', async () => {
    const added = await call('/rest/postService/addPost', { postCode: 'LOG_T', postName: '日志测试岗', remark: '身份证 110101199003071234 已核验' }, { ...admin, 'user-agent': 'vitest-agent', 'x-request-id': 'req-log-1' });
    expect(added.status).toBe(200);
    await post(ctx.app, '/rest/postService/getPostByPage', {});
    await get(ctx.app, '/stream/fms/downloads/1?fileId=7&authorization=abc.def&filename=a.txt');
    await flushLogs(ctx);

    const [addRow] = await rowsFor('/rest/postService/addPost');
    expect(addRow).toMatchObject({ username: 'admin', status: 200, code: '0000', userAgent: 'vitest-agent', requestId: 'req-log-1', route: '/rest/postService/addPost' });
    expect(addRow!.requestBody).toContain('身份证 ****** 已核验');
    expect(addRow!.requestBody).not.toContain('110101199003071234');
    expect(addRow!.responseBody).not.toContain('110101199003071234');
    expect(JSON.parse(addRow!.responseBody!)).toMatchObject({ code: '0000', msg: '新增成功', data: { postCode: 'LOG_T' } });

    const [refused] = await rowsFor('/rest/postService/getPostByPage');
    expect(refused).toMatchObject({ status: 401, code: '401', username: null, userId: null });

    const [download] = await rowsFor('/stream/fms/downloads/1');
    expect(download).toMatchObject({ method: 'GET', status: 404, route: '/stream/fms/downloads/1', code: '404', query: 'fileId=7&authorization=******&filename=a.txt' });
  });

  it('leaves out probes, web pages and the monitor polling; log-reading calls keep no answer', async () => {
    const before = (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(sysRestLog))[0]!.n;
    await get(ctx.app, '/healthz');
    await get(ctx.app, '/readyz');
    await get(ctx.app, '/system/post/postList');
    await call('/rest/monitorService/getMonitorInfo', {});
    await flushLogs(ctx);
    expect((await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(sysRestLog))[0]!.n).toBe(before);

    await call(PAGE, {});
    await flushLogs(ctx);
    const [read] = await rowsFor(PAGE);
    expect(read).toMatchObject({ username: 'admin', status: 200, code: '0000', responseBody: null });
  });
});

describe('reading the interface log', () => {
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  const sample = [
    { method: 'POST', path: '/rest/user/getUserPage', status: 200, code: '0000', durationMs: 12, username: 'alice', ip: '10.1.1.1', requestId: 'f-1', createTime: at(50) },
    { method: 'POST', path: '/rest/user/addUser', status: 400, code: '400', durationMs: 8, username: 'alice', ip: '10.1.1.1', requestId: 'f-2', createTime: at(40) },
    { method: 'GET', path: '/rest/role/getAllRole', status: 200, code: '0000', durationMs: 950, username: 'bob', ip: '10.1.1.2', requestId: 'f-3', createTime: at(30) },
    { method: 'POST', path: '/rest/role/update', status: 500, code: '500', durationMs: 40, username: 'bob', ip: '10.1.1.2', requestId: 'f-4', createTime: at(20) },
    { method: 'POST', path: '/rest/dict/getdictlists', status: 200, code: '0000', durationMs: 3, username: null, ip: '10.1.1.3', requestId: 'f-5', createTime: at(10) },
  ];
  const ids = (res: { body: { data: { list: Array<{ requestId: string }> } } }) => res.body.data.list.map((r) => r.requestId);
  const filtered = (filter: object) => call(PAGE, { ...filter, requestId: undefined, pageParameter: { pageNum: 1, pageSize: 50 } });
  const only = async (filter: object) => ids(await filtered({ ...filter, ip: undefined })).filter((id) => id.startsWith('f-'));

  beforeAll(async () => {
    await ctx.database.db.insert(sysRestLog).values(sample.map((s) => ({ ...s, route: s.path, userId: null })));
  });

  it('lists newest first and filters by path, user, method, status, code, duration, time and address', async () => {
    expect(await only({})).toEqual(['f-5', 'f-4', 'f-3', 'f-2', 'f-1']);
    expect(await only({ path: '/rest/user/' })).toEqual(['f-2', 'f-1']);
    expect(await only({ path: 'role' })).toEqual(['f-4', 'f-3']);
    expect(await only({ path: '/user' })).toEqual([]);
    // Text not starting with '/' is matched over the log's distinct paths: case-insensitive, wildcards as text.
    expect(await only({ path: 'GETUSER' })).toEqual(['f-1']);
    expect(await only({ path: 'ole/' })).toEqual(['f-4', 'f-3']);
    expect(await only({ path: '%' })).toEqual([]);
    expect(await only({ path: 'rest_' })).toEqual([]);
    expect(await only({ username: 'bob' })).toEqual(['f-4', 'f-3']);
    expect(await only({ method: 'GET' })).toEqual(['f-3']);
    expect(await only({ status: 400 })).toEqual(['f-2']);
    expect(await only({ statusClass: '5xx' })).toEqual(['f-4']);
    expect(await only({ code: '0000', username: 'alice' })).toEqual(['f-1']);
    expect(await only({ minDuration: 900 })).toEqual(['f-3']);
    expect(await only({ beginTime: at(45).toISOString(), endTime: at(15).toISOString() })).toEqual(['f-4', 'f-3', 'f-2']);
    expect(ids(await filtered({ ip: '10.1.1.3' }))).toEqual(['f-5']);
    const paged = await call(PAGE, { username: 'alice', pageParameter: { pageNum: 2, pageSize: 1 } });
    expect(paged.body.data).toMatchObject({ total: 2, totalCapped: false, pageNum: 2, pageSize: 1, list: [{ requestId: 'f-1', path: '/rest/user/getUserPage', durationMs: 12 }] });
  });

  it('counts at most COUNT_CAP matching rows and refuses pages beyond them', async () => {
    await ctx.database.db.execute(sql`
      insert into sys_rest_log (method, path, status, duration_ms, username, create_time)
      select 'POST', '/rest/many', 200, 1, 'many', now() - interval '2 days' - make_interval(secs => g)
      from generate_series(1, ${COUNT_CAP + 1}) g`);
    const first = await call(PAGE, { username: 'many', pageParameter: { pageNum: 1, pageSize: 20 } });
    expect(first.body.data).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(first.body.data.list).toHaveLength(20);
    const last = await call(PAGE, { username: 'many', pageParameter: { pageNum: COUNT_CAP / 500, pageSize: 500 } });
    expect(last.body.data.list).toHaveLength(500);
    const beyond = await call(PAGE, { username: 'many', pageParameter: { pageNum: COUNT_CAP / 500 + 1, pageSize: 500 } });
    expect(beyond.status).toBe(400);
    expect(beyond.body.msg).toBe(TOO_DEEP_MESSAGE);
    await ctx.database.db.delete(sysRestLog).where(eq(sysRestLog.username, 'many'));
  });

  it('a path filter pages newest first (ties by id) from each path\'s own calls, with the other filters, shallow and deep', async () => {
    // 4 paths under /rest/merge/ and one beside them; creation times repeat, so the id decides among equals.
    await ctx.database.db.execute(sql`
      insert into sys_rest_log (method, path, status, duration_ms, username, create_time)
      select case when g % 4 = 0 then 'GET' else 'POST' end,
        case when g % 9 = 0 then '/rest/mergeX/other' else '/rest/merge/p' || (g % 4) end,
        case when g % 5 = 0 then 500 else 200 end, 1, 'merger', now() - interval '4 days' - make_interval(mins => g / 4)
      from generate_series(1, 2400) g`);
    try {
      const reference = (where: ReturnType<typeof sql>) =>
        ctx.database.db.select({ id: sysRestLog.id }).from(sysRestLog).where(sql`${sysRestLog.username} = 'merger' and ${where}`).orderBy(desc(sysRestLog.createTime), desc(sysRestLog.id));
      const cases = [
        { filter: { path: '/rest/merge/' }, where: sql`${sysRestLog.path} like '/rest/merge/%'` },
        { filter: { path: 'MERGE/P' }, where: sql`${sysRestLog.path} ilike '%merge/p%'` },
        { filter: { path: '/rest/merge/p1', method: 'POST' }, where: sql`${sysRestLog.path} like '/rest/merge/p1%' and ${sysRestLog.method} = 'POST'` },
        { filter: { path: '/rest/merge', statusClass: '5xx' }, where: sql`${sysRestLog.path} like '/rest/merge%' and ${sysRestLog.status} >= 500` },
      ];
      for (const { filter, where } of cases) {
        const all = await reference(where);
        // Page 1, a middle page, and a deep page of 500 (each path's newest 2 000 calls merged).
        for (const [pageNum, pageSize] of [[1, 10], [7, 13], [4, 500]] as const) {
          const res = await call(PAGE, { ...filter, username: 'merger', pageParameter: { pageNum, pageSize } });
          expect(res.status).toBe(200);
          const got = res.body.data.list.map((r: { logId: string }) => Number(r.logId));
          expect(got, `${JSON.stringify(filter)} page ${pageNum}×${pageSize}`).toEqual(all.slice((pageNum - 1) * pageSize, pageNum * pageSize).map((r) => r.id));
        }
        const first = await call(PAGE, { ...filter, username: 'merger', pageParameter: { pageNum: 1, pageSize: 10 } });
        expect(first.body.data).toMatchObject({ total: all.length, totalCapped: false });
      }
      // A prefix nothing starts with: no rows, no error.
      const none = await call(PAGE, { path: '/rest/nothing-here/', username: 'merger', pageParameter: { pageNum: 1, pageSize: 10 } });
      expect(none.body.data).toMatchObject({ total: 0, list: [] });
    } finally {
      await ctx.database.db.delete(sysRestLog).where(eq(sysRestLog.username, 'merger'));
    }
  });

  it('a minimum duration: pages newest first (ties by id), whether few calls match (found first) or many (a walk in time order)', async () => {
    // 6 000 slow calls, 40 of them slower still; creation times repeat, so the id decides among equals.
    await ctx.database.db.execute(sql`
      insert into sys_rest_log (method, path, status, duration_ms, username, create_time)
      select 'POST', '/rest/slow', 200, case when g % 150 = 0 then 9100 else 9000 end, 'slow', now() - interval '3 days' - make_interval(mins => g / 3)
      from generate_series(1, 6000) g`);
    await ctx.database.db.execute(sql`analyze sys_rest_log`);
    try {
      for (const minDuration of [9100, 9000]) {
        const all = await ctx.database.db
          .select({ id: sysRestLog.id })
          .from(sysRestLog)
          .where(sql`${sysRestLog.durationMs} >= ${minDuration}`)
          .orderBy(desc(sysRestLog.createTime), desc(sysRestLog.id));
        for (const pageNum of [1, 2, 5]) {
          const res = await call(PAGE, { minDuration, pageParameter: { pageNum, pageSize: 7 } });
          expect(res.body.data.list.map((r: { logId: string }) => Number(r.logId))).toEqual(all.slice((pageNum - 1) * 7, pageNum * 7).map((r) => r.id));
          expect(res.body.data).toMatchObject({ total: all.length, totalCapped: false });
        }
      }
    } finally {
      await ctx.database.db.delete(sysRestLog).where(eq(sysRestLog.username, 'slow'));
    }
  });

  it('shows one call in detail, to a holder of the detail code', async () => {
    await call('/rest/postService/getPostByPage', { postName: '财务' });
    await flushLogs(ctx);
    const [row] = await rowsFor('/rest/postService/getPostByPage');
    const res = await call(DETAIL, { logId: String(row!.id) }, reader);
    expect(res.body).toMatchObject({ code: '0000', data: { logId: String(row!.id), username: 'admin', requestBody: JSON.stringify({ postName: '财务' }) } });
    expect(JSON.parse(res.body.data.responseBody)).toMatchObject({ code: '0000', data: { total: 0 } });
  });

  it('exports the filtered list as a workbook, and at most MAX_EXPORT_ROWS rows', async () => {
    const res = await download(ctx.app, EXPORT, { path: '/rest/role/' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('接口调用日志_'));
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['调用时间', '请求方法', '接口路径', 'HTTP 状态', '业务码', '耗时（毫秒）', '用户', 'IP', '请求编号', '客户端']);
    expect(rows.slice(1).map((r) => [r[2], r[6], r[8]])).toEqual([
      ['/rest/role/update', 'bob', 'f-4'],
      ['/rest/role/getAllRole', 'bob', 'f-3'],
    ]);

    await ctx.database.db.execute(sql`
      insert into sys_rest_log (method, path, route, status, code, duration_ms, username, create_time)
      select 'POST', '/rest/bulk/call', '/rest/bulk/call', 200, '0000', 1, 'bulk', now() - make_interval(secs => g)
      from generate_series(1, ${MAX_EXPORT_ROWS + 5}) g`);
    const bulk = await download(ctx.app, EXPORT, { username: 'bulk' }, admin);
    expect((await sheetRows(bulk.rawPayload)).length).toBe(MAX_EXPORT_ROWS + 1);
    // The export itself is logged, without the workbook.
    await flushLogs(ctx);
    const [exported] = await rowsFor(EXPORT);
    expect(exported).toMatchObject({ username: 'admin', status: 200, requestBody: JSON.stringify({ username: 'bulk' }), responseBody: null });
  });
});
