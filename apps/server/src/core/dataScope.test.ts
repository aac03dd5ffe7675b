import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { sysOrg } from '../modules/system/org/tables';
import { orgSubtreeIds } from '../modules/system/org/subtree';
import { sysUser } from '../modules/system/user/tables';
import { createTestApp, type TestContext } from '../../test/helpers/testApp';
import { combineDataScopes, dataScopeCondition, type RoleScope } from './dataScope';
import { createdBy } from './records';

/**
 * Org tree: ROOT → A → A1, ROOT → B. Records are sys_user rows named rec-*,
 * owned by an org (org_id) and created by a user (create_by_id).
 */
let ctx: TestContext;
const org: Record<string, number> = {};
const ME = 7;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const [root] = await db.select().from(sysOrg).where(eq(sysOrg.orgCode, 'ROOT'));
  org.ROOT = root!.id;
  const add = async (code: string, parent: number, parentIds: string) =>
    (await db.insert(sysOrg).values({ orgCode: code, orgName: code, parentOrgId: parent, parentOrgIds: parentIds, ...createdBy(null) }).returning())[0]!.id;
  org.A = await add('A', org.ROOT, `${org.ROOT}`);
  org.A1 = await add('A1', org.A, `${org.ROOT},${org.A}`);
  org.B = await add('B', org.ROOT, `${org.ROOT}`);
  const record = (name: string, orgId: number | null, owner: number) =>
    db.insert(sysUser).values({ username: name, orgId, ...createdBy({ id: owner, name: 'x' }) });
  await record('rec-a', org.A, 100);
  await record('rec-a1', org.A1, 100);
  await record('rec-b', org.B, 100);
  await record('rec-mine', null, ME);
});
afterAll(async () => {
  await ctx.app.close();
});

async function visible(roles: RoleScope[], userOrg: string | null): Promise<string[]> {
  const scope = combineDataScopes(roles, { userId: ME, orgId: userOrg ? org[userOrg]! : null });
  const rows = await ctx.database.db
    .select({ name: sysUser.username })
    .from(sysUser)
    .where(and(like(sysUser.username, 'rec-%'), dataScopeCondition(scope, { orgId: sysUser.orgId, ownerId: sysUser.createById }, orgSubtreeIds)))
    .orderBy(sysUser.username);
  return rows.map((r) => r.name);
}

describe('data scope', () => {
  it('SELF sees only what the user created', async () => {
    expect(await visible([{ dataScope: 'SELF' }], 'A')).toEqual(['rec-mine']);
  });
  it('ORG sees the own organisation, not its children', async () => {
    expect(await visible([{ dataScope: 'ORG' }], 'A')).toEqual(['rec-a', 'rec-mine']);
  });
  it('ORG_AND_CHILDREN sees the whole subtree', async () => {
    expect(await visible([{ dataScope: 'ORG_AND_CHILDREN' }], 'A')).toEqual(['rec-a', 'rec-a1', 'rec-mine']);
    expect(await visible([{ dataScope: 'ORG_AND_CHILDREN' }], 'ROOT')).toEqual(['rec-a', 'rec-a1', 'rec-b', 'rec-mine']);
  });
  it('CUSTOM sees exactly the listed organisations', async () => {
    expect(await visible([{ dataScope: 'CUSTOM', customOrgIds: [org.B!] }], 'A')).toEqual(['rec-b', 'rec-mine']);
  });
  it('ALL sees everything', async () => {
    expect(await visible([{ dataScope: 'ALL' }], null)).toEqual(['rec-a', 'rec-a1', 'rec-b', 'rec-mine']);
  });
  it('several roles: the union, so the widest scope wins', async () => {
    expect(await visible([{ dataScope: 'SELF' }, { dataScope: 'ORG' }], 'A1')).toEqual(['rec-a1', 'rec-mine']);
    expect(await visible([{ dataScope: 'ORG' }, { dataScope: 'CUSTOM', customOrgIds: [org.B!] }], 'A')).toEqual(['rec-a', 'rec-b', 'rec-mine']);
    expect(await visible([{ dataScope: 'SELF' }, { dataScope: 'ALL' }], 'A')).toEqual(['rec-a', 'rec-a1', 'rec-b', 'rec-mine']);
  });
  it('a user without an organisation gets no org-based rows from ORG scopes', async () => {
    expect(await visible([{ dataScope: 'ORG_AND_CHILDREN' }, { dataScope: 'ORG' }], null)).toEqual(['rec-mine']);
  });
});
