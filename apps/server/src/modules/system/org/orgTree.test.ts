import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { createdBy } from '../../../core/records';
import { sysOrg } from './tables';

let ctx: TestContext;
let adminToken: string;
let rootId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
  await createAccount(ctx.database, { username: 'applicant', password: 'Applicant@2026', roleCodes: ['APPLICANT'] });
});
afterAll(async () => {
  await ctx.app.close();
});

describe('POST /rest/organ/tree', () => {
  const url = '/rest/organ/tree';

  it('refuses anonymous callers and users without system:org:list', async () => {
    expect((await post(ctx.app, url, {})).status).toBe(401);
    const token = await signIn(ctx.app, 'applicant', 'Applicant@2026');
    const res = await post(ctx.app, url, {}, { authorization: token });
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
  });

  it('answers the roots, then one level of children at a time, sorted, leaves marked', async () => {
    const roots = await post(ctx.app, url, {}, { authorization: adminToken });
    expect(roots.body).toMatchObject({ code: '0000' });
    expect(roots.body.data).toHaveLength(1);
    expect(roots.body.data[0]).toMatchObject({ orgCode: 'ROOT', parentOrgId: null, isLeaf: true });
    rootId = roots.body.data[0].orgId;

    const parent = Number(rootId);
    const [b] = await ctx.database.db.insert(sysOrg).values({ orgCode: 'B', orgName: '乙处', parentOrgId: parent, parentOrgIds: rootId, orgSort: 2, ...createdBy(null) }).returning();
    await ctx.database.db.insert(sysOrg).values({ orgCode: 'A', orgName: '甲处', parentOrgId: parent, parentOrgIds: rootId, orgSort: 1, ...createdBy(null) });
    await ctx.database.db.insert(sysOrg).values({ orgCode: 'B1', orgName: '乙处一科', parentOrgId: b!.id, parentOrgIds: `${rootId},${b!.id}`, ...createdBy(null) });
    await ctx.database.db.insert(sysOrg).values({ orgCode: 'GONE', orgName: '已撤销', parentOrgId: parent, parentOrgIds: rootId, delFlag: 1, ...createdBy(null) });

    expect((await post(ctx.app, url, {}, { authorization: adminToken })).body.data[0].isLeaf).toBe(false);
    const children = await post(ctx.app, url, { parentId: rootId }, { authorization: adminToken });
    expect(children.body.data.map((o: { orgCode: string; isLeaf: boolean }) => [o.orgCode, o.isLeaf])).toEqual([['A', true], ['B', false]]);
    expect(children.body.data[1].parentOrgId).toBe(rootId);
  });

  it('refuses a malformed parent id with 400', async () => {
    const res = await post(ctx.app, url, { parentId: 'abc' }, { authorization: adminToken });
    expect(res.status).toBe(400);
  });
});
