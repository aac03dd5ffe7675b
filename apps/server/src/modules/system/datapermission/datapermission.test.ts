import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { sysRole } from '../role/tables';
import { sysDataPermission, sysDataPermissionOrg, sysRoleDataPermission } from './tables';

let ctx: TestContext;
let admin: string;
let applicant: string;
let rootId: string;

const call = (url: string, body: unknown, token = admin) => post(ctx.app, url, body, { authorization: token });
const lastLog = async () =>
  (await ctx.database.db.select().from(sysOperLog).where(eq(sysOperLog.module, 'system:datapermission')).orderBy(desc(sysOperLog.id)).limit(1))[0]!;

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

describe('/rest/datapermission refusals', () => {
  it('refuses anonymous callers and callers without the code', async () => {
    for (const name of ['page', 'add', 'update', 'delete', 'detail', 'updateStatus']) {
      const url = `/rest/datapermission/${name}`;
      expect((await post(ctx.app, url, {})).status, url).toBe(401);
      expect((await call(url, {}, applicant)).status, url).toBe(403);
    }
  });

  it('refuses invalid rules with their messages and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ruleCode: '', ruleName: '甲', scopeType: 'ALL' }, '请输入规则编码'],
      [{ ruleCode: 'R1', ruleName: '', scopeType: 'ALL' }, '请输入规则名称'],
      [{ ruleCode: 'R1', ruleName: '甲', scopeType: 'PLANET' }, '数据范围只能是 全部、本机构及下级、本机构、仅本人 或 自定义'],
      [{ ruleCode: 'R1', ruleName: '甲', scopeType: 'CUSTOM' }, '自定义范围请至少选择一个机构'],
      [{ ruleCode: 'R1', ruleName: '甲', scopeType: 'ORG', orgIds: [rootId] }, '只有自定义范围可以指定机构'],
      [{ ruleCode: 'R1', ruleName: '甲', scopeType: 'CUSTOM', orgIds: ['999999'] }, '机构不存在：999999'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/datapermission/add', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await ctx.database.db.select().from(sysDataPermission)).toHaveLength(0);
  });
});

describe('/rest/datapermission lifecycle', () => {
  let id: string;

  it('adds a CUSTOM rule with its orgs and logs it; a duplicate code is 409', async () => {
    const res = await call('/rest/datapermission/add', { ruleCode: 'CUSTOM_ROOT', ruleName: '根机构', scopeType: 'CUSTOM', orgIds: [rootId], sort: 2, remark: '说明' });
    expect(res.body).toMatchObject({ code: '0000', msg: '新增成功', data: { ruleCode: 'CUSTOM_ROOT', status: 'NORMAL', orgIds: [rootId], orgs: [{ orgId: rootId }], lockVersion: 0 } });
    id = res.body.data.id;
    expect(await ctx.database.db.select().from(sysDataPermissionOrg)).toEqual([{ ruleId: Number(id), orgId: Number(rootId) }]);
    const log = await lastLog();
    expect(log).toMatchObject({ action: 'CREATE', entityId: id, username: 'admin' });
    expect(log.after).toMatchObject({ ruleCode: 'CUSTOM_ROOT', orgIds: [Number(rootId)] });

    const duplicate = await call('/rest/datapermission/add', { ruleCode: 'CUSTOM_ROOT', ruleName: '重复', scopeType: 'ALL' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.msg).toMatch(/^规则编码已存在/);
  });

  it('pages and filters, answers the detail', async () => {
    await call('/rest/datapermission/add', { ruleCode: 'ALL_DATA', ruleName: '全部数据', scopeType: 'ALL' });
    const all = await call('/rest/datapermission/page', { pageParameter: { pageNum: 1, pageSize: 10 } });
    expect(all.body.data.total).toBe(2);
    const filtered = await call('/rest/datapermission/page', { keyword: 'custom', scopeType: 'CUSTOM' });
    expect(filtered.body.data.list.map((r: { ruleCode: string }) => r.ruleCode)).toEqual(['CUSTOM_ROOT']);
    expect((await call('/rest/datapermission/detail', { id })).body.data).toMatchObject({ ruleName: '根机构', orgIds: [rootId] });
  });

  it('refuses a stale lockVersion, then updates (orgs cleared when leaving CUSTOM)', async () => {
    const stale = await call('/rest/datapermission/update', { id, lockVersion: 3, ruleCode: 'CUSTOM_ROOT', ruleName: '改', scopeType: 'ORG' });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const res = await call('/rest/datapermission/update', { id, lockVersion: 0, ruleCode: 'CUSTOM_ROOT', ruleName: '本机构', scopeType: 'ORG' });
    expect(res.body.data).toMatchObject({ ruleName: '本机构', scopeType: 'ORG', orgIds: [], lockVersion: 1 });
    expect(await ctx.database.db.select().from(sysDataPermissionOrg)).toHaveLength(0);
    const log = await lastLog();
    expect(log.before).toMatchObject({ scopeType: 'CUSTOM' });
    expect(log.after).toMatchObject({ scopeType: 'ORG' });
  });

  it('disables and enables a rule', async () => {
    const off = await call('/rest/datapermission/updateStatus', { id, status: 'DISABLED' });
    expect(off.body).toMatchObject({ msg: '已停用', data: { status: 'DISABLED', lockVersion: 2 } });
    expect((await lastLog()).action).toBe('DISABLE');
    expect((await call('/rest/datapermission/updateStatus', { id, status: 'NORMAL', lockVersion: 0 })).status).toBe(409);
  });

  it('refuses to delete a rule bound to a role or an org, then deletes it', async () => {
    const [role] = await ctx.database.db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.roleCode, 'APPLICANT'));
    await ctx.database.db.insert(sysRoleDataPermission).values({ roleId: role!.id, ruleId: Number(id) });
    const byRole = await call('/rest/datapermission/delete', { id });
    expect(byRole.status).toBe(409);
    expect(byRole.body.msg).toBe('该规则已绑定角色，请先解除绑定后再删除');
    await ctx.database.db.delete(sysRoleDataPermission);

    await call('/rest/organ/permissions', { orgId: rootId, ruleIds: [id] });
    const byOrg = await call('/rest/datapermission/delete', { id });
    expect(byOrg.body.msg).toBe('该规则已绑定机构，请先解除绑定后再删除');
    await call('/rest/organ/permissions', { orgId: rootId, ruleIds: [] });

    const res = await call('/rest/datapermission/delete', { id });
    expect(res.body).toMatchObject({ code: '0000', msg: '删除成功' });
    const [row] = await ctx.database.db.select().from(sysDataPermission).where(eq(sysDataPermission.id, Number(id)));
    expect(row!.delFlag).toBe(1);
    expect(await lastLog()).toMatchObject({ action: 'DELETE', entityId: id });
    expect((await call('/rest/datapermission/detail', { id })).status).toBe(404);
  });
});
