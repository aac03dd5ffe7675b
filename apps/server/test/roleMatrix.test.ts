import { POST_PERMISSIONS } from '@dandelion/shared/system/post';
import { EDITION_PERMISSIONS } from '@dandelion/shared/award/edition';
import { DECLARE_PERMISSIONS, UNIT_REVIEW_PERMISSIONS } from '@dandelion/shared/award/declaration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PUBLIC, SIGNED_IN } from '../src/core/permissions';
import { createdBy } from '../src/core/records';
import { sysFunc } from '../src/modules/system/func/tables';
import { sysRole, sysRoleFunc } from '../src/modules/system/role/tables';
import { BASE_ROLES } from '../src/db/seed';
import { createAccount } from './helpers/accounts';
import { createTestApp, type TestContext } from './helpers/testApp';

/**
 * The route × role matrix: every route, called by a user of every seeded role (and by a user whose
 * role holds one permission, and anonymously), answers as its declared permission and the role's
 * seeded grants say — through (anything but 401/403) when the role holds the code, 403 when not,
 * 401 for anyone signed out. The grants are read from the database, as the guard reads them, and
 * a few landmarks pin what each role must and must not reach, so a seed that drifts is caught.
 */
let ctx: TestContext;
const callers: Array<{ name: string; userId: number; held: Set<string> }> = [];

async function grantsOf(roleCode: string): Promise<Set<string>> {
  const rows = await ctx.database.db
    .select({ code: sysFunc.funcCode })
    .from(sysRoleFunc)
    .innerJoin(sysRole, eq(sysRole.id, sysRoleFunc.roleId))
    .innerJoin(sysFunc, and(eq(sysFunc.id, sysRoleFunc.funcId), eq(sysFunc.delFlag, 0)))
    .where(eq(sysRole.roleCode, roleCode));
  return new Set(rows.map((r) => r.code));
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  // A role holding one permission: the narrowest console user.
  const [narrow] = await db.insert(sysRole).values({ roleCode: 'NARROW', roleName: '岗位查看', roleType: 'CENTER', dataScope: 'SELF', status: 'NORMAL', sort: 99, ...createdBy(null) }).returning({ id: sysRole.id });
  const [postList] = await db.select({ id: sysFunc.id }).from(sysFunc).where(eq(sysFunc.funcCode, POST_PERMISSIONS.list));
  await db.insert(sysRoleFunc).values({ roleId: narrow!.id, funcId: postList!.id });
  for (const roleCode of [...BASE_ROLES.map((r) => r.roleCode), 'NARROW']) {
    const user = await createAccount(ctx.database, { username: `matrix_${roleCode.toLowerCase()}`, password: 'Matrix@2026', roleCodes: [roleCode] });
    callers.push({ name: roleCode, userId: user.id, held: await grantsOf(roleCode) });
  }
});
afterAll(async () => {
  await ctx.app.close();
});

const routes = () => ctx.app.declaredRoutes().filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api-docs'));

async function statusOf(method: string, url: string, userId: number | null): Promise<number> {
  // A fresh session per call: some routes end the caller's session (sign-out).
  const token = userId === null ? null : (await ctx.app.services.sessions.issue(userId, { ip: '127.0.0.1', loginType: 'ACCOUNT' })).token;
  const res = await ctx.app.inject({
    method: method as 'POST',
    url: url.replace(/:(\w+)/g, '1'),
    headers: { ...(token ? { authorization: token } : {}), ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    payload: method === 'GET' ? undefined : '{}',
  });
  return res.statusCode;
}

describe('the route × role matrix', () => {
  it('the seeded roles hold what their work needs, and no more', () => {
    const held = (role: string) => callers.find((c) => c.name === role)!.held;
    expect(held('ADMIN').has(POST_PERMISSIONS.list)).toBe(true);
    expect(held('PRIZE_OFFICE').has(EDITION_PERMISSIONS.list)).toBe(true);
    expect(held('PRIZE_OFFICE').has(POST_PERMISSIONS.list)).toBe(false);
    expect(held('UNIT_ADMIN').has(UNIT_REVIEW_PERMISSIONS.list)).toBe(true);
    expect(held('UNIT_ADMIN').has(EDITION_PERMISSIONS.list)).toBe(false);
    expect(held('APPLICANT').has(DECLARE_PERMISSIONS.submit)).toBe(true);
    expect(held('APPLICANT').has(UNIT_REVIEW_PERMISSIONS.list)).toBe(false);
    expect([...held('NARROW')]).toEqual([POST_PERMISSIONS.list]);
  });

  it('every route answers every caller as its permission and the caller’s grants say', async () => {
    const wrong: string[] = [];
    let cells = 0;
    for (const r of routes()) {
      const anonymous = await statusOf(r.method, r.url, null);
      cells++;
      if (r.permission === PUBLIC ? anonymous === 401 || anonymous === 403 : anonymous !== 401) wrong.push(`${r.method} ${r.url} anonymous → ${anonymous}`);
      for (const caller of callers) {
        const status = await statusOf(r.method, r.url, caller.userId);
        cells++;
        const through = r.permission === PUBLIC || r.permission === SIGNED_IN || caller.held.has(r.permission!);
        if (through ? status === 401 || status === 403 : status !== 403) wrong.push(`${r.method} ${r.url} (${r.permission}) ${caller.name} → ${status}, expected ${through ? 'through' : '403'}`);
      }
    }
    expect(wrong, wrong.slice(0, 40).join('\n')).toEqual([]);
    console.info(`role matrix: ${routes().length} routes × ${callers.length + 1} callers = ${cells} cells`);
  }, 600_000);
});
