import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn } from '../../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../../test/helpers/testDatabase';
import { sysLoginLog } from '../../../../db/schema';
import { chinaMidnight, lastChinaDays } from '../../../../core/chinaDays';
import { sessionWithCodes } from '../../../../../test/kits/logTestKit';
import { sysAccessLog } from '../tables';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;
let viewer: Record<string, string>;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const LOGINFO = '/rest/index/loginfo';
const VISITINFO = '/rest/index/visitInfo';
/** An instant `hours` into the China day `daysAgo` days back. */
const on = (daysAgo: number, hours = 1) => new Date(chinaMidnight(daysAgo).getTime() + hours * 3_600_000);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'clerk', password: 'Clerk@2026x', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'clerk', 'Clerk@2026x') };
  viewer = await sessionWithCodes(ctx, 'dashviewer', ['base:log:login']);
});
afterAll(async () => {
  await ctx.app.close();
});

describe('home-page statistics refuse', () => {
  it('anonymous callers with 401 and console users without the sign-in log right with 403', async () => {
    for (const url of [LOGINFO, VISITINFO]) {
      expect((await post(ctx.app, url, {})).status, url).toBe(401);
      const denied = await call(url, {}, clerk);
      expect(denied.status, url).toBe(403);
    }
  });

  it('invalid ranges with 400 and the exact message', async () => {
    for (const [url, body, msg] of [
      [LOGINFO, { days: 0 }, '统计天数必须是 1 到 90 之间的整数'],
      [LOGINFO, { days: 91 }, '统计天数必须是 1 到 90 之间的整数'],
      [VISITINFO, { days: 7.5 }, '统计天数必须是 1 到 90 之间的整数'],
      [VISITINFO, { top: 0 }, '热门页面数必须是 1 到 50 之间的整数'],
    ] as const) {
      const res = await call(url, body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
  });
});

describe('sign-in statistics', () => {
  it('count today, each of the last N China days (zeros included) and distinct users', async () => {
    const before = (await call(LOGINFO, { days: 7 }, viewer)).body.data;
    expect(before.days.map((d: { date: string }) => d.date)).toEqual(lastChinaDays(7));
    const row = (loginName: string, userId: number | null, success: boolean, createTime: Date) => ({ loginName, userId, success, createTime, loginType: 'ACCOUNT', ip: '10.0.0.1' });
    await ctx.database.db.insert(sysLoginLog).values([
      row('u901', 901, true, on(0, 0.5)),
      row('u901', 901, true, on(0, 2)),
      row('u902', null, false, on(0, 3)),
      row('u901', 901, true, on(1)),
      row('u903', 903, true, on(1, 5)),
      row('u903', null, false, on(1, 6)),
      row('u904', 904, true, on(6, 23.5)),
      // Just before the window opens: not counted.
      row('u905', 905, true, new Date(chinaMidnight(6).getTime() - 1000)),
    ]);
    const after = (await call(LOGINFO, { days: 7 }, viewer)).body.data;
    const delta = (i: number) => ({
      success: after.days[i].success - before.days[i].success,
      failure: after.days[i].failure - before.days[i].failure,
      users: after.days[i].users - before.days[i].users,
    });
    expect(delta(6)).toEqual({ success: 2, failure: 1, users: 1 });
    expect(delta(5)).toEqual({ success: 2, failure: 1, users: 2 });
    expect(delta(0)).toEqual({ success: 1, failure: 0, users: 1 });
    for (const i of [1, 2, 3, 4]) expect(delta(i)).toEqual({ success: 0, failure: 0, users: 0 });
    expect(after.today).toEqual({
      total: before.today.total + 3,
      success: before.today.success + 2,
      failure: before.today.failure + 1,
      users: before.today.users + 1,
    });
    // u901 signed in on two days but is one user of the week; u905 is outside it.
    expect(after.users - before.users).toBe(3);
  });
});

describe('visit statistics', () => {
  it('count views per client and distinct visitors per day, and the most viewed pages', async () => {
    const view = (client: string, path: string, title: string | null, userId: number | null, ip: string, createTime: Date) => ({ client, path, title, userId, ip, createTime });
    await ctx.database.db.insert(sysAccessLog).values([
      view('PORTAL', '/', '首页', null, '1.1.1.1', on(0)),
      view('PORTAL', '/', '首页', null, '1.1.1.1', on(0, 2)),
      view('PORTAL', '/', '门户首页', null, '1.1.1.2', on(0, 3)),
      view('CONSOLE', '/home', '首页', 1, '10.0.0.5', on(0, 4)),
      view('CONSOLE', '/home', '首页', 1, '10.0.0.6', on(0, 5)),
      view('CONSOLE', '/system/post/postList', '岗位管理', 1, '10.0.0.5', on(0, 6)),
      view('PORTAL', '/', null, null, '1.1.1.3', on(2)),
      view('PORTAL', '/old', '旧页', null, '1.1.1.3', on(8)),
    ]);
    const res = await call(VISITINFO, { days: 7, top: 3 }, viewer);
    expect(res.body.data.today).toEqual({ views: 6, portal: 3, console: 3, visitors: 3 });
    expect(res.body.data.days.at(-1)).toEqual({ date: lastChinaDays(1)[0], portal: 3, console: 3, visitors: 3 });
    expect(res.body.data.days.at(-3)).toMatchObject({ portal: 1, console: 0, visitors: 1 });
    expect(res.body.data.views).toBe(7);
    // 1.1.1.1, 1.1.1.2, 1.1.1.3 and user 1 (from two addresses).
    expect(res.body.data.visitors).toBe(4);
    expect(res.body.data.topPages).toEqual([
      { client: 'PORTAL', path: '/', title: '门户首页', views: 4 },
      { client: 'CONSOLE', path: '/home', title: '首页', views: 2 },
      { client: 'CONSOLE', path: '/system/post/postList', title: '岗位管理', views: 1 },
    ]);
  });
});
