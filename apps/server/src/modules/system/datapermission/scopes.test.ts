import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, type TestContext } from '../../../../test/helpers/testApp';
import { createdBy } from '../../../core/records';
import { sysUser, sysUserRole } from '../user/tables';
import { sysRole } from '../role/tables';
import { sysOrg } from '../org/tables';
import { sysDataPermission, sysDataPermissionOrg, sysOrgDataPermission, sysRoleDataPermission } from './tables';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.app.close();
});

const principalOf = async (token: string) => (await ctx.app.services.sessions.resolve(token))!;

describe('data-permission rules widen the holder’s data scope', () => {
  it('a rule bound to a role, and a CUSTOM rule bound to the user’s organisation, add to what the role alone allows', async () => {
    const db = ctx.database.db;
    const [org] = await db.insert(sysOrg).values({ orgCode: 'R1', orgName: '规则处', parentOrgIds: '', ...createdBy(null) }).returning();
    const [other] = await db.insert(sysOrg).values({ orgCode: 'R2', orgName: '别处', parentOrgIds: '', ...createdBy(null) }).returning();
    const user = await createAccount(ctx.database, { username: 'scoped', password: 'Scoped@2026', roleCodes: ['APPLICANT'] });
    await db.update(sysUser).set({ orgId: org!.id }).where(eq(sysUser.id, user.id));

    let token = await signIn(ctx.app, 'scoped', 'Scoped@2026');
    expect((await principalOf(token)).dataScope).toMatchObject({ all: false, subtreeOf: null, orgIds: [] });

    const [custom] = await db.insert(sysDataPermission).values({ ruleCode: 'C1', ruleName: '别处数据', scopeType: 'CUSTOM', ...createdBy(null) }).returning();
    await db.insert(sysDataPermissionOrg).values({ ruleId: custom!.id, orgId: other!.id });
    await db.insert(sysOrgDataPermission).values({ orgId: org!.id, ruleId: custom!.id });
    token = await signIn(ctx.app, 'scoped', 'Scoped@2026');
    expect((await principalOf(token)).dataScope.orgIds).toEqual([other!.id]);

    const [all] = await db.insert(sysDataPermission).values({ ruleCode: 'A1', ruleName: '全部数据', scopeType: 'ALL', status: 'DISABLED', ...createdBy(null) }).returning();
    const [applicant] = await db.select().from(sysRole).where(eq(sysRole.roleCode, 'APPLICANT'));
    await db.insert(sysRoleDataPermission).values({ roleId: applicant!.id, ruleId: all!.id });
    token = await signIn(ctx.app, 'scoped', 'Scoped@2026');
    // A disabled rule counts for nothing.
    expect((await principalOf(token)).dataScope.all).toBe(false);
    await db.update(sysDataPermission).set({ status: 'NORMAL' }).where(eq(sysDataPermission.id, all!.id));
    token = await signIn(ctx.app, 'scoped', 'Scoped@2026');
    expect((await principalOf(token)).dataScope.all).toBe(true);
    expect(await db.select().from(sysUserRole).where(eq(sysUserRole.userId, user.id))).toHaveLength(1);
  });
});
