import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../../test/helpers/accounts';
import { download, sheetRows } from '../../../../../test/helpers/excel';
import { createTestApp, post, type TestContext } from '../../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../../test/helpers/testDatabase';
import { flushLogs, sessionWithCodes } from '../../../../../test/kits/logTestKit';
import { sysAccessLog, sysRestLog } from '../tables';
import { sysLoginLog } from '../../../auth/loginLog/tables';
import { ACCESS_BEACON_LIMIT } from './routes';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;
let exporter: Record<string, string>;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const LOGIN_PAGE = '/rest/log/getSysLoginLogPage';
const LOGIN_EXPORT = '/rest/log/exportSysLoginLog';
const ACCESS_PAGE = '/rest/log/getAccesssLogPage';
const BEACON = '/rest/log/addAccessLog';
const beacon = (body: unknown, headers: Record<string, string> = {}, remoteAddress = '10.20.0.1') => post(ctx.app, BEACON, body, { 'user-agent': 'beacon-test', ...headers }, { remoteAddress });

beforeAll(async () => {
  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'clerk', password: 'Clerk@2026x', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'clerk', 'Clerk@2026x') };
  exporter = await sessionWithCodes(ctx, 'onlyexport', ['base:log:export']);
});
afterAll(async () => {
  await ctx.app.close();
});

describe('sign-in and access log routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    for (const url of [LOGIN_PAGE, LOGIN_EXPORT, ACCESS_PAGE]) {
      expect((await post(ctx.app, url, {})).status, url).toBe(401);
      expect((await call(url, {}, clerk)).status, url).toBe(403);
    }
    // The export code alone does not open the sign-in log.
    const res = await download(ctx.app, LOGIN_EXPORT, {}, exporter);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('没有权限执行此操作');
  });

  it('invalid filters with 400 and the exact message', async () => {
    const cases: Array<[string, unknown, string]> = [
      [LOGIN_PAGE, { success: 'yes' }, '登录结果必须是 true（成功）或 false（失败）'],
      [LOGIN_PAGE, { loginType: 'QQ' }, '登录方式只能是 ACCOUNT、PHONE_PASSWORD、SMS、CAS、OAUTH 之一'],
      [LOGIN_PAGE, { beginTime: 'now' }, '时间格式不正确，应为带时区的 ISO 8601 时间'],
      [ACCESS_PAGE, { client: 'APP' }, '客户端只能是 PORTAL（门户）或 CONSOLE（控制台）'],
      [ACCESS_PAGE, { beginTime: '2026-03-02T00:00:00+08:00', endTime: '2026-03-01T23:00:00+08:00' }, '开始时间不能晚于结束时间'],
    ];
    for (const [url, body, msg] of cases) {
      const res = await call(url, body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
  });
});

describe('the sign-in log', () => {
  beforeAll(async () => {
    await post(ctx.app, '/callback?client_name=myform_client', { username: 'clerk', password: 'wrong-Password1' }, { 'user-agent': 'ua-wrong' }, { remoteAddress: '10.30.0.9' });
  });

  it('lists every attempt, newest first, with filters by name, address, result, type and time', async () => {
    const all = await call(LOGIN_PAGE, {});
    expect(all.body.data.list[0]).toMatchObject({ loginName: 'clerk', success: false, ip: '10.30.0.9', userAgent: 'ua-wrong', loginType: 'ACCOUNT', message: '用户名或密码错误' });
    const failures = await call(LOGIN_PAGE, { success: false });
    expect(failures.body.data.list.map((r: { loginName: string }) => r.loginName)).toEqual(['clerk']);
    const byName = await call(LOGIN_PAGE, { loginName: 'ONLYEXP' });
    expect(byName.body.data.list).toMatchObject([{ loginName: 'onlyexport', success: true }]);
    expect((await call(LOGIN_PAGE, { ip: '10.30.0.9' })).body.data.total).toBe(1);
    expect((await call(LOGIN_PAGE, { loginType: 'SMS' })).body.data.total).toBe(0);
    expect((await call(LOGIN_PAGE, { endTime: new Date(Date.now() - 3_600_000).toISOString() })).body.data.total).toBe(0);
    expect((await call(LOGIN_PAGE, { success: true })).body.data.total).toBe(3);
  });

  it('"login name contains" finds the same attempts through the names\' endings as matching every row, whoever wrote them', async () => {
    // Written straight into the log (as a bulk import would), mixed case: the trigger keeps the names and endings.
    await ctx.database.db.execute(sql`
      insert into sys_login_log (login_name, login_type, ip, success, message, create_time, update_time)
      select case when g % 3 = 0 then 'emp' || lpad((g % 40)::text, 4, '0') else 'Zhang_' || (g % 7) end, 'ACCOUNT', '10.40.0.1', g % 2 = 0, 'x',
        now() - interval '5 days' - make_interval(mins => g), now()
      from generate_series(1, 600) g`);
    try {
      for (const text of ['emp001', 'EMP00', 'zhang_', 'G_3', '_', '%', '0', 'nobody-at-all']) {
        const expected = await ctx.database.db
          .select({ id: sysLoginLog.id })
          .from(sysLoginLog)
          .where(sql`${sysLoginLog.loginName} ilike ${'%' + text.replace(/[\\%_]/g, (c) => '\\' + c) + '%'}`)
          .orderBy(desc(sysLoginLog.createTime), desc(sysLoginLog.id));
        const res = await call(LOGIN_PAGE, { loginName: text, pageParameter: { pageNum: 1, pageSize: 500 } });
        expect(res.status, text).toBe(200);
        expect(res.body.data.list.map((r: { logId: string }) => Number(r.logId)), text).toEqual(expected.slice(0, 500).map((r) => r.id));
        expect(res.body.data.total, text).toBe(expected.length);
      }
      // A sign-in through the API adds its (new) name too.
      await post(ctx.app, '/callback?client_name=myform_client', { username: 'Ghost.Name', password: 'Whatever@2026' });
      const ghost = await call(LOGIN_PAGE, { loginName: 'ST.NA', pageParameter: { pageNum: 1, pageSize: 10 } });
      expect(ghost.body.data.list.map((r: { loginName: string }) => r.loginName)).toEqual(['ghost.name']);
    } finally {
      await ctx.database.db.delete(sysLoginLog).where(eq(sysLoginLog.ip, '10.40.0.1'));
    }
  });

  it('exports the filtered attempts', async () => {
    const res = await download(ctx.app, LOGIN_EXPORT, { loginName: 'clerk' }, admin);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['登录时间', '登录名', '登录方式', '结果', '提示信息', 'IP', '客户端']);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3], r[4]])).toEqual([
      ['clerk', '账号密码', '失败', '用户名或密码错误'],
      ['clerk', '账号密码', '成功', '登录成功'],
    ]);
  });
});

describe('the page-view beacon', () => {
  it('refuses bad input with 400 and the exact message, storing nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ path: '/home' }, '客户端只能是 PORTAL（门户）或 CONSOLE（控制台）'],
      [{ client: 'CONSOLE' }, '请提供页面路径'],
      [{ client: 'CONSOLE', path: 'home' }, '页面路径必须以 / 开头，且不能含空白、查询参数或锚点'],
      [{ client: 'CONSOLE', path: '/login?redirect=/home' }, '页面路径必须以 / 开头，且不能含空白、查询参数或锚点'],
      [{ client: 'CONSOLE', path: `/${'a'.repeat(256)}` }, '页面路径不能超过256个字符'],
      [{ client: 'PORTAL', path: '/', title: '标'.repeat(129) }, '页面标题不能超过128个字符'],
      [{ client: 'PORTAL', path: '/', userId: '1' }, '不支持的字段：userId'],
    ];
    for (const [body, msg] of cases) {
      const res = await beacon(body, {}, '10.20.0.2');
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    await flushLogs(ctx);
    expect(await ctx.database.db.select().from(sysAccessLog)).toEqual([]);
  });

  it('records a page view with the signed-in user, the address and the agent; the referrer loses its query', async () => {
    const res = await beacon({ client: 'CONSOLE', path: '/system/post/postList', title: '岗位管理', referrer: 'http://127.0.0.1/home?token=abc#x' }, admin);
    expect(res.body).toMatchObject({ code: '0000', msg: '已记录', data: null });
    await beacon({ client: 'PORTAL', path: '/', title: '首页' });
    await flushLogs(ctx);
    const rows = await ctx.database.db.select().from(sysAccessLog).orderBy(desc(sysAccessLog.id));
    expect(rows.map(({ client, path, title, referrer, username, ip, userAgent }) => ({ client, path, title, referrer, username, ip, userAgent }))).toEqual([
      { client: 'PORTAL', path: '/', title: '首页', referrer: null, username: null, ip: '10.20.0.1', userAgent: 'beacon-test' },
      { client: 'CONSOLE', path: '/system/post/postList', title: '岗位管理', referrer: 'http://127.0.0.1/home', username: 'admin', ip: '10.20.0.1', userAgent: 'beacon-test' },
    ]);
    // The beacon is the access log; it leaves no interface-log row of its own.
    expect(await ctx.database.db.select().from(sysRestLog).where(eq(sysRestLog.path, BEACON))).toEqual([]);
  });

  it('limits page views per address and minute with 429', async () => {
    const ip = '10.20.7.7';
    for (let i = 0; i < ACCESS_BEACON_LIMIT.max; i++) expect((await beacon({ client: 'PORTAL', path: `/p${i}` }, {}, ip)).status).toBe(200);
    const refused = await beacon({ client: 'PORTAL', path: '/again' }, {}, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe('操作过于频繁，请稍后再试');
    expect((await beacon({ client: 'PORTAL', path: '/other' }, {}, '10.20.7.8')).status).toBe(200);
    await flushLogs(ctx);
    expect(await ctx.database.db.select().from(sysAccessLog).where(eq(sysAccessLog.ip, ip))).toHaveLength(ACCESS_BEACON_LIMIT.max);
  });

  it('lists page views with filters by client, path, user and address', async () => {
    const paths = async (filter: object) => (await call(ACCESS_PAGE, { ...filter, pageParameter: { pageNum: 1, pageSize: 100 } })).body.data.list.map((r: { path: string }) => r.path);
    expect(await paths({ client: 'CONSOLE' })).toEqual(['/system/post/postList']);
    expect(await paths({ username: 'admin' })).toEqual(['/system/post/postList']);
    expect(await paths({ path: '/system/' })).toEqual(['/system/post/postList']);
    expect(await paths({ path: 'p5' })).toEqual(['/p59', '/p58', '/p57', '/p56', '/p55', '/p54', '/p53', '/p52', '/p51', '/p50', '/p5']);
    expect(await paths({ ip: '10.20.7.8' })).toEqual(['/other']);
    const page = await call(ACCESS_PAGE, { client: 'CONSOLE' });
    expect(page.body.data.list[0]).toMatchObject({ title: '岗位管理', username: 'admin', ip: '10.20.0.1', referrer: 'http://127.0.0.1/home' });
  });
});

