import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { sysRole, sysRoleFunc } from '../role/tables';
import { sysFunc, sysMenuView } from './tables';

let ctx: TestContext;
let admin: string;
let applicant: string;
let systemId: string;

const call = (url: string, body: unknown, token = admin) => post(ctx.app, url, body, { authorization: token });
const lastLog = async () => (await ctx.database.db.select().from(sysOperLog).where(eq(sysOperLog.module, 'system:func')).orderBy(desc(sysOperLog.id)).limit(1))[0]!;
const byCode = async (code: string) => (await ctx.database.db.select().from(sysFunc).where(and(eq(sysFunc.funcCode, code), eq(sysFunc.delFlag, 0))))[0];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
  await createAccount(ctx.database, { username: 'applicant', password: 'Applicant@2026', roleCodes: ['APPLICANT'] });
  applicant = await signIn(ctx.app, 'applicant', 'Applicant@2026');
  systemId = String((await byCode('system'))!.id);
});
afterAll(async () => {
  await ctx.app.close();
});

describe('function administration refusals', () => {
  it('refuses anonymous callers and callers without the code', async () => {
    for (const url of ['/rest/menu/getMenuTree', '/rest/menu/getAllMenuTree', '/rest/menu/getAllMenuListByPage', '/rest/menu/addMenu', '/rest/menu/editMenu', '/rest/menu/delete', '/rest/menu/deleteBatch', '/rest/menu/menuSort', '/rest/menu/addMenuRel', '/rest/menu/delMenuRel', '/rest/button/add', '/rest/button/edit']) {
      expect((await post(ctx.app, url, {})).status, url).toBe(401);
      const res = await call(url, {}, applicant);
      expect(res.status, url).toBe(403);
      expect(res.body.msg).toBe('没有权限执行此操作');
    }
    expect((await post(ctx.app, '/rest/menu/addMenuView', { funcId: systemId })).status).toBe(401);
    expect((await post(ctx.app, '/rest/menu/UserNearMenuList', {})).status).toBe(401);
  });

  it('refuses malformed nodes with Chinese messages and stores nothing', async () => {
    const funcList = String((await byCode('system:func:list'))!.id);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/rest/menu/addMenu', { pid: systemId, funcCode: 'x y', funcName: '甲', funcType: 'MENU' }, '权限标识只能由字母数字组成，用冒号分隔，如 system:user:list'],
      ['/rest/menu/addMenu', { pid: systemId, funcCode: 'demo:a', funcName: '', funcType: 'MENU' }, '请输入菜单名称'],
      ['/rest/menu/addMenu', { pid: systemId, funcCode: 'demo:a', funcName: '甲', funcType: 'PAGE' }, '菜单类型只能是 DIR、MENU 或 BUTTON'],
      ['/rest/menu/addMenu', { pid: '999999', funcCode: 'demo:a', funcName: '甲', funcType: 'MENU' }, '上级菜单不存在或已被删除'],
      ['/rest/button/add', { pid: systemId, funcCode: 'demo:a:b', funcName: '甲' }, '按钮的上级必须是菜单'],
      ['/rest/button/add', { pid: funcList, funcCode: 'demo:a', funcName: '甲' }, '按钮权限标识必须形如 模块:功能:操作'],
    ];
    for (const [url, body, msg] of cases) {
      const res = await call(url, body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await byCode('demo:a')).toBeUndefined();
    const dup = await call('/rest/menu/addMenu', { pid: systemId, funcCode: 'system:func:list', funcName: '重复', funcType: 'MENU' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('权限标识已存在');
  });
});

describe('tree changes', () => {
  it('adds a directory, a page and a button, answers the tree with buttons, and logs each change', async () => {
    const dir = await call('/rest/menu/addMenu', { pid: systemId, funcCode: 'demo', funcName: '演示', funcType: 'DIR', path: '/demo', url: 'Layout', icon: 'AppstoreOutlined' });
    expect(dir.body).toMatchObject({ code: '0000', msg: '新增成功', data: { funcCode: 'demo', funcType: 'DIR', pid: systemId, lockVersion: 0, createBy: 'admin' } });
    const page = await call('/rest/menu/addMenu', { pid: dir.body.data.id, funcCode: 'demo:page', funcName: '演示页', funcType: 'MENU', path: '/demo/page', url: 'demo/page', hidden: true, activeMenu: '/demo' });
    const button = await call('/rest/button/add', { pid: page.body.data.id, funcCode: 'demo:page:add', funcName: '新增', path: '/ignored' });
    expect(button.body.data).toMatchObject({ funcType: 'BUTTON', path: null, pid: page.body.data.id });
    expect(await lastLog()).toMatchObject({ action: 'CREATE', entityId: button.body.data.id, username: 'admin' });

    const tree = (await call('/rest/menu/getMenuTree', {})).body.data;
    const system = tree.find((n: { funcCode: string }) => n.funcCode === 'system');
    const demo = system.children.find((n: { funcCode: string }) => n.funcCode === 'demo');
    expect(demo.children[0]).toMatchObject({ funcCode: 'demo:page', hidden: true, activeMenu: '/demo', children: [{ funcCode: 'demo:page:add', funcType: 'BUTTON' }] });
    const menus = JSON.stringify((await call('/rest/menu/getAllMenuTree', {})).body.data);
    expect(menus).toContain('"demo:page"');
    expect(menus).not.toContain('demo:page:add');
    const paged = await call('/rest/menu/getAllMenuListByPage', { pageParameter: { pageNum: 1, pageSize: 5 }, funcCode: 'demo:', funcType: 'BUTTON' });
    expect(paged.body.data).toMatchObject({ total: 1, list: [{ funcCode: 'demo:page:add' }] });
  });

  it('edits with the lock version, refuses a stale one and cycles', async () => {
    const dir = (await byCode('demo'))!;
    const page = (await byCode('demo:page'))!;
    const body = { id: String(dir.id), pid: systemId, funcCode: 'demo', funcName: '演示目录', funcType: 'DIR', path: '/demo', url: 'Layout' };
    const edited = await call('/rest/menu/editMenu', { ...body, lockVersion: 0 });
    expect(edited.body).toMatchObject({ msg: '修改成功', data: { funcName: '演示目录', lockVersion: 1 } });
    const stale = await call('/rest/menu/editMenu', { ...body, lockVersion: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const cycle = await call('/rest/menu/editMenu', { ...body, pid: String(page.id), lockVersion: 1 });
    expect(cycle.status).toBe(400);
    expect(cycle.body.msg).toBe('不能把菜单移动到它自己或它的下级之下');
  });

  it('sorts within a parent and refuses an incomplete order', async () => {
    const kids = await ctx.database.db.select().from(sysFunc).where(and(eq(sysFunc.pid, Number(systemId)), eq(sysFunc.delFlag, 0)));
    const reversed = kids.map((k) => String(k.id)).reverse();
    expect((await call('/rest/menu/menuSort', { pid: systemId, orderedIds: reversed.slice(1) })).body.msg).toBe('排序列表必须恰好包含该上级下的全部菜单');
    expect((await call('/rest/menu/menuSort', { pid: systemId, orderedIds: reversed })).body.msg).toBe('排序成功');
    const after = await ctx.database.db.select().from(sysFunc).where(and(eq(sysFunc.pid, Number(systemId)), eq(sysFunc.delFlag, 0)));
    expect(after.sort((a, b) => a.sort - b.sort).map((k) => String(k.id))).toEqual(reversed);
    expect((await lastLog()).action).toBe('SORT');
  });

  it('refuses deleting a node with children, deletes leaves with their role bindings', async () => {
    const page = (await byCode('demo:page'))!;
    const button = (await byCode('demo:page:add'))!;
    const [role] = await ctx.database.db.select().from(sysRole).where(eq(sysRole.roleCode, 'APPLICANT'));
    await ctx.database.db.insert(sysRoleFunc).values({ roleId: role!.id, funcId: button.id });
    const refused = await call('/rest/menu/delete', { id: String(page.id) });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('请先删除下级菜单或按钮');
    const batch = await call('/rest/menu/deleteBatch', { ids: [String(page.id), String(button.id)] });
    expect(batch.body.msg).toBe('删除成功');
    expect(await byCode('demo:page:add')).toBeUndefined();
    expect(await ctx.database.db.select().from(sysRoleFunc).where(eq(sysRoleFunc.funcId, button.id))).toHaveLength(0);
    expect(await lastLog()).toMatchObject({ action: 'DELETE' });
  });
});

describe('recent menus', () => {
  it('keeps the newest 16 per user, newest first, only menus the user still holds', async () => {
    const menus = (await ctx.database.db.select().from(sysFunc).where(and(eq(sysFunc.funcType, 'MENU'), eq(sysFunc.delFlag, 0)))).slice(0, 18);
    expect(menus.length).toBe(18);
    for (const m of menus) expect((await call('/rest/menu/addMenuView', { funcId: String(m.id) })).body.code).toBe('0000');
    expect(await ctx.database.db.select().from(sysMenuView)).toHaveLength(16);
    const list = (await call('/rest/menu/UserNearMenuList', {})).body.data;
    expect(list).toHaveLength(16);
    expect(list[0].funcId).toBe(String(menus[17]!.id));
    expect(list.map((m: { funcId: string }) => m.funcId)).not.toContain(String(menus[0]!.id));
    expect((await call('/rest/menu/addMenuView', { funcId: String(menus[0]!.id) }, applicant)).body.code).toBe('0000');
    expect((await call('/rest/menu/UserNearMenuList', {}, applicant)).body.data).toEqual([]);
    const button = (await ctx.database.db.select().from(sysFunc).where(eq(sysFunc.funcType, 'BUTTON')).limit(1))[0]!;
    expect((await call('/rest/menu/addMenuView', { funcId: String(button.id) })).body.msg).toBe('菜单不存在或已被删除');
  });
});
