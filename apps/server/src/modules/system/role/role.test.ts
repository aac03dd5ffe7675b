import { DECLARE_PERMISSIONS } from '@dandelion/shared/award/declaration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { download, sheetRows } from '../../../../test/helpers/excel';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { createdBy } from '../../../core/records';
import { sysOperLog } from '../../../core/audit';
import { sysDataPermission, sysRoleDataPermission } from '../datapermission/tables';
import { sysFunc } from '../func/tables';
import { sysRole, sysRoleFunc } from './tables';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const funcId = async (code: string) => (await ctx.database.db.select({ id: sysFunc.id }).from(sysFunc).where(eq(sysFunc.funcCode, code)))[0]!.id;
const lastLog = async (action: string) =>
  (await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'system:role'), eq(sysOperLog.action, action)))).at(-1);
const roleBody = { roleCode: 'AUDITOR_1', roleName: '稽核员', roleType: 'CENTER', dataScope: 'ORG', status: 'NORMAL', sort: 5, remark: '稽核' };

beforeAll(async () => {
  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  // A signed-in portal user: APPLICANT holds no system:role code.
  await createAccount(ctx.database, { username: 'clerk', password: 'Clerk@2026x', phone: '13800000001', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'clerk', 'Clerk@2026x') };
});
afterAll(async () => {
  await ctx.app.close();
});

describe('role routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    for (const url of ['/rest/role/getAllRole', '/rest/role/add', '/rest/role/update', '/rest/role/detail', '/rest/role/delete', '/rest/role/users', '/rest/role/getRolePermission', '/rest/role/bindPermission', '/rest/role/permissionTree', '/rest/role/export']) {
      const anonymous = await post(ctx.app, url, {});
      expect(anonymous.status, url).toBe(401);
      const denied = await call(url, {}, clerk);
      expect(denied.status, url).toBe(403);
      expect(denied.body).toMatchObject({ code: '403', success: false, msg: '没有权限执行此操作' });
    }
  });

  it('invalid input with 400 and the exact message, storing nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...roleBody, roleCode: 'bad code!' }, '角色编码只能包含字母、数字和下划线'],
      [{ ...roleBody, roleCode: '' }, '请输入角色编码'],
      [{ ...roleBody, roleName: '  ' }, '请输入角色名称'],
      [{ ...roleBody, roleType: 'BOSS' }, '角色类型不正确：BOSS'],
      [{ ...roleBody, dataScope: 'EVERYTHING' }, '数据范围只能是 ALL、ORG_AND_CHILDREN、ORG、SELF 或 CUSTOM'],
      [{ ...roleBody, status: 'ON' }, '状态只能是 NORMAL 或 DISABLED'],
      [{ ...roleBody, dataScope: 'CUSTOM', dataOrgIds: ['99999'] }, '机构不存在：99999'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/role/add', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await ctx.database.db.select().from(sysRole).where(eq(sysRole.roleCode, 'AUDITOR_1'))).toHaveLength(0);
  });

  it('a duplicate code with 409 and the ADMIN role keeps its code and existence', async () => {
    const dup = await call('/rest/role/add', { ...roleBody, roleCode: 'REVIEWER' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('角色编码已存在，请更换后重试');
    const [adminRole] = await ctx.database.db.select().from(sysRole).where(eq(sysRole.roleCode, 'ADMIN'));
    const del = await call('/rest/role/delete', { roleId: String(adminRole!.id) });
    expect(del.status).toBe(400);
    expect(del.body.msg).toBe('超级管理员角色不能删除');
    const rename = await call('/rest/role/update', { ...roleBody, roleCode: 'ROOT', roleId: String(adminRole!.id), lockVersion: adminRole!.lockVersion });
    expect(rename.status).toBe(400);
    expect(rename.body.msg).toBe('超级管理员角色的编码不能修改');
    const disable = await call('/rest/role/update', { ...roleBody, roleCode: 'ADMIN', status: 'DISABLED', roleId: String(adminRole!.id), lockVersion: adminRole!.lockVersion });
    expect(disable.body.msg).toBe('超级管理员角色不能停用');
  });

  it('deleting a role users hold, saying so', async () => {
    const [applicant] = await ctx.database.db.select().from(sysRole).where(eq(sysRole.roleCode, 'APPLICANT'));
    const res = await call('/rest/role/delete', { roleId: String(applicant!.id) });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('该角色下还有 1 个用户，请先解除用户与角色的绑定再删除');
  });
});

describe('role administration', () => {
  let roleId: string;

  it('adds a role, storing it with audit fields and an operation-log row', async () => {
    const res = await call('/rest/role/add', roleBody);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: '0000', msg: '新增成功', data: { ...roleBody, lockVersion: 0, createBy: 'admin', dataOrgIds: [] } });
    roleId = res.body.data.roleId;
    const [row] = await ctx.database.db.select().from(sysRole).where(eq(sysRole.id, Number(roleId)));
    expect(row).toMatchObject({ roleCode: 'AUDITOR_1', roleType: 'CENTER', dataScope: 'ORG', createBy: 'admin' });
    const log = await lastLog('CREATE');
    expect(log).toMatchObject({ entityId: roleId, username: 'admin', summary: '新增角色「稽核员」' });
    expect(log!.after).toMatchObject({ roleCode: 'AUDITOR_1' });
  });

  it('lists roles paged with filters, and all in-force roles without pageParameter', async () => {
    const paged = await call('/rest/role/getAllRole', { pageParameter: { pageNum: 1, pageSize: 2 }, roleType: 'CLIENT' });
    expect(paged.body.data).toMatchObject({ total: 2, pageNum: 1, pageSize: 2 });
    expect(paged.body.data.list.map((r: { roleCode: string }) => r.roleCode).sort()).toEqual(['APPLICANT', 'EXPERT']);
    const byName = await call('/rest/role/getAllRole', { pageParameter: { pageNum: 1, pageSize: 10 }, roleName: '稽核' });
    expect(byName.body.data.list).toHaveLength(1);
    const all = await call('/rest/role/getAllRole', {});
    expect(Array.isArray(all.body.data)).toBe(true);
    expect(all.body.data.map((r: { roleCode: string }) => r.roleCode)).toEqual(expect.arrayContaining(['ADMIN', 'APPLICANT', 'AUDITOR_1']));
  });

  it('exports the filtered roles, disabled ones included, with type and scope names', async () => {
    const res = await download(ctx.app, '/rest/role/export', { roleCode: 'AUDITOR' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['角色编码', '角色名称', '角色类型', '数据范围', '状态', '排序', '备注', '创建时间']);
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toContainEqual(['AUDITOR_1', '稽核员', '中心', '本机构', '正常']);
  });

  it('updates with the lock version, refusing a stale one with 409', async () => {
    const ok = await call('/rest/role/update', { ...roleBody, roleName: '高级稽核员', roleId, lockVersion: 0 });
    expect(ok.body).toMatchObject({ code: '0000', data: { roleName: '高级稽核员', lockVersion: 1 } });
    const stale = await call('/rest/role/update', { ...roleBody, roleName: '过期', roleId, lockVersion: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const log = await lastLog('UPDATE');
    expect(log!.before).toMatchObject({ roleName: '稽核员' });
    expect(log!.after).toMatchObject({ roleName: '高级稽核员' });
    const detail = await call('/rest/role/detail', { roleId });
    expect(detail.body.data).toMatchObject({ roleName: '高级稽核员', lockVersion: 1 });
  });

  it('lists the users holding a role with masked phones', async () => {
    const [applicant] = await ctx.database.db.select().from(sysRole).where(eq(sysRole.roleCode, 'APPLICANT'));
    const res = await call('/rest/role/users', { roleId: String(applicant!.id), pageParameter: { pageNum: 1, pageSize: 10 } });
    expect(res.body.data).toMatchObject({ total: 1, list: [{ username: 'clerk', realname: '测试clerk', phone: '138****0001', status: 'NORMAL' }] });
  });

  it('answers the whole function tree with buttons, and the data-permission rules', async () => {
    const res = await call('/rest/role/permissionTree', {});
    const system = res.body.data.funcs.find((n: { funcCode: string }) => n.funcCode === 'system');
    expect(system.funcType).toBe('DIR');
    const role = system.children.find((n: { funcCode: string }) => n.funcCode === 'system:role:main');
    expect(role.children.map((n: { funcCode: string; funcType: string }) => `${n.funcCode}/${n.funcType}`)).toContain('system:role:perm/BUTTON');
    expect(Array.isArray(res.body.data.rules)).toBe(true);
  });

  it('bindPermission refuses unknown ids with 400 and changes nothing', async () => {
    const unknown = await call('/rest/role/bindPermission', { roleId, funcIds: ['987654'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('菜单或按钮不存在：987654');
    const rules = await call('/rest/role/bindPermission', { roleId, funcIds: [], ruleIds: ['55555'] });
    expect(rules.body.msg).toBe('数据权限规则不存在：55555');
    expect(await ctx.database.db.select().from(sysRoleFunc).where(eq(sysRoleFunc.roleId, Number(roleId)))).toHaveLength(0);
  });

  it('bindPermission replaces menus and rules, logs it, and a signed-in holder is allowed at once', async () => {
    const [rule] = await ctx.database.db
      .insert(sysDataPermission)
      .values({ ruleCode: 'R_ORG', ruleName: '本机构', scopeType: 'ORG', ...createdBy(null) })
      .returning();
    const [applicant] = await ctx.database.db.select().from(sysRole).where(eq(sysRole.roleCode, 'APPLICANT'));
    const applicantId = String(applicant!.id);
    expect((await call('/rest/role/getAllRole', { pageParameter: { pageNum: 1, pageSize: 10 } }, clerk)).status).toBe(403);

    const funcIds = [await funcId('center:main'), await funcId('system'), await funcId('system:role:main'), await funcId('system:role:list')].map(String);
    const bound = await call('/rest/role/bindPermission', { roleId: applicantId, funcIds, ruleIds: [String(rule!.id)] });
    expect(bound.body).toMatchObject({ code: '0000', msg: '权限已保存' });
    const read = await call('/rest/role/getRolePermission', { roleId: applicantId });
    expect(read.body.data.funcIds.sort()).toEqual([...funcIds].sort());
    expect(read.body.data.ruleIds).toEqual([String(rule!.id)]);
    const stored = await ctx.database.db.select().from(sysRoleDataPermission).where(eq(sysRoleDataPermission.roleId, applicant!.id));
    expect(stored.map((r) => r.ruleId)).toEqual([rule!.id]);
    const log = await lastLog('BIND');
    expect(log).toMatchObject({ entityId: applicantId, summary: '为角色「申报人」分配权限' });
    const applicantGrants = await Promise.all(['center:main', ...Object.values(DECLARE_PERMISSIONS).filter((c) => !c.endsWith(':main'))].map(funcId));
    expect([...(log!.before as { funcIds: number[] }).funcIds].sort()).toEqual(applicantGrants.sort());

    // The clerk's cached session now carries system:role:list.
    const allowed = await call('/rest/role/getAllRole', { pageParameter: { pageNum: 1, pageSize: 10 } }, clerk);
    expect(allowed.status).toBe(200);
    const init = await call('/rest/index/init', {}, clerk);
    expect(init.body.data.permissions).toContain('system:role:list');

    // ruleIds left out keep the bound rules.
    await call('/rest/role/bindPermission', { roleId: applicantId, funcIds: [String(await funcId('center:main'))] });
    expect((await call('/rest/role/getRolePermission', { roleId: applicantId })).body.data.ruleIds).toEqual([String(rule!.id)]);
    expect((await call('/rest/role/getAllRole', { pageParameter: { pageNum: 1, pageSize: 10 } }, clerk)).status).toBe(403);
  });

  it('deletes a role nobody holds with its bindings, logging it', async () => {
    await call('/rest/role/bindPermission', { roleId, funcIds: [String(await funcId('center:main'))] });
    const res = await call('/rest/role/delete', { roleId });
    expect(res.body).toMatchObject({ code: '0000', msg: '删除成功' });
    const [row] = await ctx.database.db.select().from(sysRole).where(eq(sysRole.id, Number(roleId)));
    expect(row!.delFlag).toBe(1);
    expect(await ctx.database.db.select().from(sysRoleFunc).where(inArray(sysRoleFunc.roleId, [Number(roleId)]))).toHaveLength(0);
    expect(await lastLog('DELETE')).toMatchObject({ entityId: roleId, summary: '删除角色「高级稽核员」' });
    expect((await call('/rest/role/detail', { roleId })).status).toBe(404);
    // The code is free again.
    expect((await call('/rest/role/add', roleBody)).status).toBe(200);
  });
});
