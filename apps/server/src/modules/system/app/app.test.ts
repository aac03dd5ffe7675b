import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { sysFunc } from '../func/tables';
import { sysApp, sysAppFunc } from './tables';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const logs = (action: string) => ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'system:app'), eq(sysOperLog.action, action)));
const funcId = async (code: string) => String((await ctx.database.db.select({ id: sysFunc.id }).from(sysFunc).where(eq(sysFunc.funcCode, code)))[0]!.id);
const appBody = { appCode: 'declare', appName: '申报系统', visitUrl: 'https://declare.example.cn/', path: '/declare', status: 'NORMAL', sort: 1, remark: null };
const urls = ['page', 'detail', 'add', 'update', 'updateStatus', 'delete', 'bindMenus'].map((m) => `/rest/app/${m}`);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'clerk', password: 'Clerk@2026x', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'clerk', 'Clerk@2026x') };
});
afterAll(async () => {
  await ctx.app.close();
});

describe('app routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    for (const url of urls) {
      expect((await post(ctx.app, url, {})).status, url).toBe(401);
      expect((await call(url, {}, clerk)).status, url).toBe(403);
    }
  });

  it('invalid input with 400 and the exact message', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...appBody, visitUrl: 'javascript:alert(1)' }, '访问地址必须是 http/https 网址或以 / 开头的路径'],
      [{ ...appBody, visitUrl: '//evil.example.com' }, '访问地址必须是 http/https 网址或以 / 开头的路径'],
      [{ ...appBody, visitUrl: '' }, '请输入访问地址'],
      [{ ...appBody, path: 'declare' }, '应用路径必须以 / 开头'],
      [{ ...appBody, appCode: 'a-b' }, '应用编码只能包含字母、数字和下划线'],
      [{ ...appBody, appName: '' }, '请输入应用名称'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/app/add', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await ctx.database.db.select().from(sysApp)).toHaveLength(0);
  });
});

describe('app administration', () => {
  let appId: string;

  it('adds apps (URL or site path), logs it, refuses a duplicate code with 409', async () => {
    const res = await call('/rest/app/add', appBody);
    expect(res.body).toMatchObject({ code: '0000', data: { ...appBody, lockVersion: 0, funcIds: [] } });
    appId = res.body.data.appId;
    expect((await call('/rest/app/add', { ...appBody, appCode: 'portal', visitUrl: '/portal/home', sort: 2 })).status).toBe(200);
    const dup = await call('/rest/app/add', appBody);
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('应用编码已存在，请更换后重试');
    const [log] = await logs('CREATE');
    expect(log).toMatchObject({ entityId: appId, summary: '新增应用「申报系统」', username: 'admin' });
  });

  it('answers in-force apps in /rest/index/init, in order, and drops disabled ones', async () => {
    const init = await call('/rest/index/init', {}, clerk);
    expect(init.body.data.apps).toEqual([
      { appCode: 'declare', visitUrl: 'https://declare.example.cn/', path: '/declare', menus: [] },
      { appCode: 'portal', visitUrl: '/portal/home', path: '/declare', menus: [] },
    ]);
    const off = await call('/rest/app/updateStatus', { appId, lockVersion: 0, status: 'DISABLED' });
    expect(off.body).toMatchObject({ msg: '已停用', data: { status: 'DISABLED', lockVersion: 1 } });
    expect((await call('/rest/index/init', {}, clerk)).body.data.apps.map((a: { appCode: string }) => a.appCode)).toEqual(['portal']);
    expect((await call('/rest/app/page', { status: 'DISABLED' })).body.data).toMatchObject({ total: 1 });
  });

  it('updates under the lock version, 409 when stale', async () => {
    const res = await call('/rest/app/update', { ...appBody, appName: '奖项申报', status: 'NORMAL', appId, lockVersion: 1 });
    expect(res.body.data).toMatchObject({ appName: '奖项申报', lockVersion: 2 });
    const stale = await call('/rest/app/update', { ...appBody, appId, lockVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const updates = await logs('UPDATE');
    expect(updates.at(-1)!.before).toMatchObject({ appName: '申报系统' });
    expect(updates.at(-1)!.after).toMatchObject({ appName: '奖项申报' });
  });

  it('binds menus (not buttons), replacing the previous ones', async () => {
    const button = await funcId('system:role:perm');
    const refused = await call('/rest/app/bindMenus', { appId, funcIds: [button] });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(`应用只能绑定目录或菜单，不能绑定按钮：${button}`);
    expect((await call('/rest/app/bindMenus', { appId, funcIds: ['987654'] })).body.msg).toBe('菜单不存在：987654');
    const first = [await funcId('system'), await funcId('system:role:main')];
    await call('/rest/app/bindMenus', { appId, funcIds: first });
    const second = [await funcId('center:main')];
    const res = await call('/rest/app/bindMenus', { appId, funcIds: second });
    expect(res.body).toMatchObject({ msg: '菜单已绑定', data: { funcIds: second } });
    expect((await call('/rest/app/detail', { appId })).body.data.funcIds).toEqual(second);
    const [log] = (await logs('BIND')).slice(-1);
    expect(log!.before).toEqual({ funcIds: first.map(Number).sort((a, b) => a - b) });
  });

  it('each app in /rest/index/init carries its menu tree: the linked entries the user holds, under their groups (spec §3 apps[].menus)', async () => {
    const userMenu = await funcId('system:user:main');
    const center = await funcId('center:main');
    const portal = (await call('/rest/app/page', { appCode: 'portal' })).body.data.list[0];
    expect((await call('/rest/app/bindMenus', { appId: portal.appId, funcIds: [userMenu, center] })).status).toBe(200);
    const names = (nodes: Array<{ name: string; children: unknown[] }>): unknown[] =>
      nodes.map((n) => (n.children.length ? [n.name, names(n.children as typeof nodes)] : n.name));

    const mine = (await call('/rest/index/init', {})).body.data.apps.find((a: { appCode: string }) => a.appCode === 'portal');
    expect(names(mine.menus)).toEqual([['system', ['system:user:main']], 'center:main']);
    // An applicant holds 个人中心 only: the app's tree holds only what its user may open.
    const theirs = (await call('/rest/index/init', {}, clerk)).body.data.apps.find((a: { appCode: string }) => a.appCode === 'portal');
    expect(names(theirs.menus)).toEqual(['center:main']);
    await call('/rest/app/bindMenus', { appId: portal.appId, funcIds: [] });
  });

  it('deletes an app with its menu bindings', async () => {
    const res = await call('/rest/app/delete', { appId, lockVersion: 2 });
    expect(res.body).toMatchObject({ code: '0000', msg: '删除成功' });
    expect(await ctx.database.db.select().from(sysAppFunc).where(eq(sysAppFunc.appId, Number(appId)))).toHaveLength(0);
    expect((await call('/rest/app/detail', { appId })).status).toBe(404);
    expect((await logs('DELETE'))[0]).toMatchObject({ entityId: appId, summary: '删除应用「奖项申报」' });
  });
});
