import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { download, sheetRows } from '../../../../test/helpers/excel';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { createdBy } from '../../../core/records';
import { sysOperLog } from '../../../core/audit';
import { sysDataPermission } from '../datapermission/tables';
import { sysFunc } from '../func/tables';
import { sysRole, sysRoleFunc } from '../role/tables';
import { sysUser, sysUserRole } from '../user/tables';
import { sysOrg, sysOrgAdmin, sysOrgFunc } from './tables';

let ctx: TestContext;
let admin: string;
let applicant: string;
let rootId: string;

const call = (url: string, body: unknown, token = admin) => post(ctx.app, url, body, { authorization: token });
const lastLog = async () => (await ctx.database.db.select().from(sysOperLog).where(eq(sysOperLog.module, 'system:org')).orderBy(desc(sysOperLog.id)).limit(1))[0]!;
const add = async (body: Record<string, unknown>) => {
  const res = await call('/rest/organ/add', { parentOrgId: rootId, ...body });
  expect(res.body.msg, JSON.stringify(res.body)).toBe('新增成功');
  return res.body.data as { orgId: string; lockVersion: number; parentOrgIds: string };
};

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
  await createAccount(ctx.database, { username: 'applicant', password: 'Applicant@2026', roleCodes: ['APPLICANT'] });
  applicant = await signIn(ctx.app, 'applicant', 'Applicant@2026');
  rootId = (await call('/rest/organ/tree', {})).body.data[0].orgId;
});
afterAll(async () => {
  await ctx.app.close();
});

describe('organisation administration refusals', () => {
  it('refuses anonymous callers and callers without the code', async () => {
    for (const url of ['/rest/organ/add', '/rest/organ/update', '/rest/organ/delete', '/rest/organ/detail', '/rest/organ/users', '/rest/organ/admins', '/rest/organ/permissions', '/rest/organ/sort', '/rest/organ/export']) {
      expect((await post(ctx.app, url, {})).status, url).toBe(401);
      const res = await call(url, { orgId: rootId }, applicant);
      expect(res.status, url).toBe(403);
      expect(res.body.msg).toBe('没有权限执行此操作');
    }
  });

  it('refuses invalid fields with the spec messages and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ orgCode: 'X1', orgName: '甲', orgLinkemail: 'not-mail' }, '请输入正确格式的邮箱!'],
      [{ orgCode: 'X1', orgName: '甲', orgLinktel: '12-ab' }, '输入正确格式的联系方式'],
      [{ orgCode: 'X1', orgName: '' }, '请输入机构名称'],
      [{ orgCode: 'X1', orgName: '甲', orgType: 'PLANET' }, '机构类型不正确：PLANET'],
      [{ orgCode: 'X1', orgName: '甲', orgLevel: 'GALAXY' }, '机构级别不正确：GALAXY'],
      [{ orgCode: 'X1', orgName: '甲', orgStatus: 'GONE' }, '机构状态只能是正常（NORMAL）或停用（DISABLED）'],
      [{ orgCode: 'X1', orgName: '甲', parentOrgId: '999999' }, '上级机构不存在或已被删除'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/organ/add', { parentOrgId: rootId, ...body });
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await ctx.database.db.select().from(sysOrg).where(eq(sysOrg.orgCode, 'X1'))).toHaveLength(0);
  });
});

describe('add, update, move, delete', () => {
  it('adds an org with every field, answers it and logs the change', async () => {
    const res = await call('/rest/organ/add', {
      orgCode: 'FIN', orgName: '财务处', orgType: 'OFFICE', orgLevel: 'PROVINCE', parentOrgId: rootId, orgAddr: '人民路1号',
      orgLinkman: '张三', orgLinktel: '010-12345678', orgLinkemail: 'fin@example.cn', orgSort: 3, remark: '备注',
    });
    expect(res.body).toMatchObject({ code: '0000', msg: '新增成功', data: { orgCode: 'FIN', parentOrgId: rootId, parentOrgIds: rootId, orgStatus: 'NORMAL', lockVersion: 0, createBy: 'admin' } });
    const log = await lastLog();
    expect(log).toMatchObject({ action: 'CREATE', entityId: res.body.data.orgId, username: 'admin', before: null });
    expect(log.after).toMatchObject({ orgCode: 'FIN', orgName: '财务处' });
    expect(log.requestId).toBeTruthy();

    const duplicate = await call('/rest/organ/add', { orgCode: 'FIN', orgName: '另一个', parentOrgId: rootId });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.msg).toBe('机构编码已存在，请更换后重试');
  });

  it('refuses a stale lockVersion, then updates and logs before/after', async () => {
    const org = await add({ orgCode: 'HR', orgName: '人事处' });
    const stale = await call('/rest/organ/update', { orgId: org.orgId, lockVersion: 5, orgCode: 'HR', orgName: '人事处（新）', parentOrgId: rootId });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const res = await call('/rest/organ/update', { orgId: org.orgId, lockVersion: 0, orgCode: 'HR', orgName: '人事处（新）', parentOrgId: rootId, orgStatus: 'DISABLED' });
    expect(res.body.data).toMatchObject({ orgName: '人事处（新）', orgStatus: 'DISABLED', lockVersion: 1 });
    const log = await lastLog();
    expect(log).toMatchObject({ action: 'UPDATE', entityId: org.orgId });
    expect(log.before).toMatchObject({ orgName: '人事处' });
    expect(log.after).toMatchObject({ orgName: '人事处（新）' });
  });

  it('moves a subtree, rewriting every descendant path, and refuses cycles', async () => {
    const a = await add({ orgCode: 'MA', orgName: '甲' });
    const a1 = await add({ orgCode: 'MA1', orgName: '甲一', parentOrgId: a.orgId });
    const a11 = await add({ orgCode: 'MA11', orgName: '甲一一', parentOrgId: a1.orgId });
    const b = await add({ orgCode: 'MB', orgName: '乙' });

    const self = await call('/rest/organ/update', { orgId: a.orgId, lockVersion: 0, orgCode: 'MA', orgName: '甲', parentOrgId: a.orgId });
    expect(self.body.msg).toBe('上级机构不能是机构自身');
    const cycle = await call('/rest/organ/update', { orgId: a.orgId, lockVersion: 0, orgCode: 'MA', orgName: '甲', parentOrgId: a11.orgId });
    expect(cycle.status).toBe(400);
    expect(cycle.body.msg).toBe('上级机构不能是本机构的下级机构');

    const moved = await call('/rest/organ/update', { orgId: a1.orgId, lockVersion: 0, orgCode: 'MA1', orgName: '甲一', parentOrgId: b.orgId });
    expect(moved.body.data).toMatchObject({ parentOrgId: b.orgId, parentOrgIds: `${rootId},${b.orgId}` });
    const [deep] = await ctx.database.db.select().from(sysOrg).where(eq(sysOrg.id, Number(a11.orgId)));
    expect(deep!.parentOrgIds).toBe(`${rootId},${b.orgId},${a1.orgId}`);
    expect((await lastLog()).action).toBe('MOVE');
  });

  it('refuses to delete an org with children or users, with the reason; deletes a bare one', async () => {
    const parent = await add({ orgCode: 'DP', orgName: '待删上级' });
    const child = await add({ orgCode: 'DC', orgName: '待删下级', parentOrgId: parent.orgId });
    const withChildren = await call('/rest/organ/delete', { orgId: parent.orgId });
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.msg).toBe('该机构下还有下级机构，不能删除');

    const member = await createAccount(ctx.database, { username: 'member1', password: 'Member@2026' });
    await ctx.database.db.update(sysUser).set({ orgId: Number(child.orgId) }).where(eq(sysUser.id, member.id));
    const withUsers = await call('/rest/organ/delete', { orgId: child.orgId });
    expect(withUsers.body.msg).toBe('该机构下还有用户，不能删除');
    await ctx.database.db.update(sysUser).set({ orgId: null }).where(eq(sysUser.id, member.id));

    expect((await call('/rest/organ/delete', { orgId: child.orgId, lockVersion: 9 })).status).toBe(409);
    const res = await call('/rest/organ/delete', { orgId: child.orgId, lockVersion: 0 });
    expect(res.body).toMatchObject({ code: '0000', msg: '删除成功' });
    const [row] = await ctx.database.db.select().from(sysOrg).where(eq(sysOrg.id, Number(child.orgId)));
    expect(row!.delFlag).toBe(1);
    expect(await lastLog()).toMatchObject({ action: 'DELETE', entityId: child.orgId });
    expect((await call('/rest/organ/detail', { orgId: child.orgId })).status).toBe(404);
  });

  it('re-numbers siblings in the given order and refuses an incomplete list', async () => {
    const p = await add({ orgCode: 'SP', orgName: '排序上级' });
    const x = await add({ orgCode: 'SX', orgName: '子甲', parentOrgId: p.orgId });
    const y = await add({ orgCode: 'SY', orgName: '子乙', parentOrgId: p.orgId });
    const partial = await call('/rest/organ/sort', { parentOrgId: p.orgId, orderedIds: [y.orgId] });
    expect(partial.body.msg).toBe('排序列表必须恰好包含该上级机构的全部直接下级');
    expect((await call('/rest/organ/sort', { parentOrgId: p.orgId, orderedIds: [y.orgId, x.orgId] })).body.msg).toBe('排序已保存');
    const children = await call('/rest/organ/tree', { parentId: p.orgId });
    expect(children.body.data.map((o: { orgCode: string }) => o.orgCode)).toEqual(['SY', 'SX']);
    expect((await lastLog()).action).toBe('SORT');
  });
});

describe('tree search and data scope', () => {
  it('finds orgs by name or code (case-insensitive) together with their ancestors', async () => {
    const up = await add({ orgCode: 'SEARCHUP', orgName: '检索上级' });
    await add({ orgCode: 'needle-x', orgName: '针尖科', parentOrgId: up.orgId });
    const res = await call('/rest/organ/tree', { keyword: 'NEEDLE' });
    expect(res.body.data.map((o: { orgCode: string }) => o.orgCode).sort()).toEqual(['ROOT', 'SEARCHUP', 'needle-x'].sort());
    expect((await call('/rest/organ/tree', { keyword: '针尖' })).body.data).toHaveLength(3);
  });

  it('limits a scoped caller to its own subtree', async () => {
    const unit = await add({ orgCode: 'SCOPE', orgName: '范围单位' });
    await add({ orgCode: 'SCOPE1', orgName: '范围科室', parentOrgId: unit.orgId });
    const [role] = await ctx.database.db.insert(sysRole).values({ roleCode: 'ORG_VIEWER', roleName: '机构查看', dataScope: 'ORG_AND_CHILDREN', ...createdBy(null) }).returning();
    const codes = await ctx.database.db.select({ id: sysFunc.id }).from(sysFunc).where(inArray(sysFunc.funcCode, ['system:org:list', 'system:org:del', 'system:org:export']));
    await ctx.database.db.insert(sysRoleFunc).values(codes.map((f) => ({ roleId: role!.id, funcId: f.id })));
    const viewer = await createAccount(ctx.database, { username: 'viewer', password: 'Viewer@2026' });
    await ctx.database.db.insert(sysUserRole).values({ userId: viewer.id, roleId: role!.id });
    await ctx.database.db.update(sysUser).set({ orgId: Number(unit.orgId) }).where(eq(sysUser.id, viewer.id));
    const token = await signIn(ctx.app, 'viewer', 'Viewer@2026');

    const roots = await call('/rest/organ/tree', {}, token);
    expect(roots.body.data.map((o: { orgCode: string; isLeaf: boolean }) => [o.orgCode, o.isLeaf])).toEqual([['SCOPE', false]]);
    expect((await call('/rest/organ/tree', { keyword: 'SCOPE' }, token)).body.data).toHaveLength(2);
    expect((await call('/rest/organ/tree', { keyword: '财务' }, token)).body.data).toHaveLength(0);
    const outside = await call('/rest/organ/delete', { orgId: rootId }, token);
    expect(outside.status).toBe(403);

    // The export holds exactly what the caller may see, parents first.
    const scoped = await sheetRows((await download(ctx.app, '/rest/organ/export', {}, { authorization: token })).rawPayload);
    expect(scoped.map((r) => r.slice(0, 3))).toEqual([
      ['机构编码', '机构名称', '上级机构'],
      ['SCOPE', '范围单位', expect.any(String)],
      ['SCOPE1', '范围科室', '范围单位'],
    ]);
  });

  it('exports the filtered organisations as xlsx with dictionary names', async () => {
    await add({ orgCode: 'EXPORT1', orgName: '导出单位', orgType: 'UNIT', orgLinkman: '张三' });
    const res = await download(ctx.app, '/rest/organ/export', { keyword: 'EXPORT' }, { authorization: admin });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/filename\*=UTF-8''%E6%9C%BA%E6%9E%84%E5%88%97%E8%A1%A8_\d{8}\.xlsx/);
    const rows = await sheetRows(res.rawPayload);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 6)).toEqual(['EXPORT1', '导出单位', expect.any(String), '单位', '', '张三']);
    const tooLong = await call('/rest/organ/export', { keyword: 'x'.repeat(65) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.msg).toBe('关键字不能超过64个字符');
  });
});

describe('members, admins and bindings', () => {
  it('pages the users of an org (and its subtree) with masked phones', async () => {
    const unit = await add({ orgCode: 'USERS', orgName: '用户单位' });
    const dept = await add({ orgCode: 'USERS1', orgName: '用户科室', parentOrgId: unit.orgId });
    const u1 = await createAccount(ctx.database, { username: 'staff1', password: 'Staff@2026', phone: '13800000001' });
    const u2 = await createAccount(ctx.database, { username: 'staff2', password: 'Staff@2026' });
    await ctx.database.db.update(sysUser).set({ orgId: Number(unit.orgId) }).where(eq(sysUser.id, u1.id));
    await ctx.database.db.update(sysUser).set({ orgId: Number(dept.orgId) }).where(eq(sysUser.id, u2.id));

    const own = await call('/rest/organ/users', { orgId: unit.orgId, pageParameter: { pageNum: 1, pageSize: 10 } });
    expect(own.body.data).toMatchObject({ total: 1, pageNum: 1, list: [{ username: 'staff1', phone: '138****0001', status: 'NORMAL' }] });
    const all = await call('/rest/organ/users', { orgId: unit.orgId, includeChildren: true });
    expect(all.body.data.list.map((u: { username: string }) => u.username)).toEqual(['staff1', 'staff2']);

    const unknown = await call('/rest/organ/admins', { orgId: unit.orgId, userIds: ['999999'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('用户不存在：999999');
    const set = await call('/rest/organ/admins', { orgId: unit.orgId, userIds: [String(u1.id)] });
    expect(set.body).toMatchObject({ msg: '管理员已保存', data: [{ username: 'staff1', phone: '138****0001' }] });
    expect((await call('/rest/organ/admins', { orgId: unit.orgId })).body.data).toHaveLength(1);
    expect(await ctx.database.db.select().from(sysOrgAdmin).where(eq(sysOrgAdmin.orgId, Number(unit.orgId)))).toEqual([{ orgId: Number(unit.orgId), userId: u1.id }]);
    expect(await lastLog()).toMatchObject({ action: 'BIND', after: { userIds: [u1.id] } });
  });

  it('binds menus and rules, refusing unknown ids', async () => {
    const unit = await add({ orgCode: 'BIND', orgName: '绑定单位' });
    const [menu] = await ctx.database.db.select({ id: sysFunc.id }).from(sysFunc).where(eq(sysFunc.funcCode, 'system:org:list'));
    const [rule] = await ctx.database.db.insert(sysDataPermission).values({ ruleCode: 'R_BIND', ruleName: '绑定规则', scopeType: 'ORG', ...createdBy(null) }).returning();

    expect((await call('/rest/organ/permissions', { orgId: unit.orgId, funcIds: ['999999'] })).body.msg).toBe('菜单不存在：999999');
    expect((await call('/rest/organ/permissions', { orgId: unit.orgId, ruleIds: ['999999'] })).body.msg).toBe('数据权限规则不存在：999999');
    const res = await call('/rest/organ/permissions', { orgId: unit.orgId, funcIds: [String(menu!.id)], ruleIds: [String(rule!.id)] });
    expect(res.body).toMatchObject({ msg: '绑定已保存', data: { funcIds: [String(menu!.id)], ruleIds: [String(rule!.id)] } });
    const onlyRules = await call('/rest/organ/permissions', { orgId: unit.orgId, ruleIds: [] });
    expect(onlyRules.body.data).toEqual({ funcIds: [String(menu!.id)], ruleIds: [] });
    expect((await call('/rest/organ/permissions', { orgId: unit.orgId })).body.data.funcIds).toEqual([String(menu!.id)]);
    expect(await ctx.database.db.select().from(sysOrgFunc).where(and(eq(sysOrgFunc.orgId, Number(unit.orgId))))).toHaveLength(1);
    expect(await lastLog()).toMatchObject({ action: 'BIND', entityId: unit.orgId });
  });
});
