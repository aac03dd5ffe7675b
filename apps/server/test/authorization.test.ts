import { DECLARE_PERMISSIONS } from '@dandelion/shared/award/declaration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC, SIGNED_IN } from '../src/core/permissions';
import { createAccount, signIn } from './helpers/accounts';
import { createTestApp, type TestContext } from './helpers/testApp';
import { TEST_ADMIN_PASSWORD } from './helpers/testDatabase';

/**
 * Every route of the real app, called by three kinds of caller. Bodies are empty,
 * so a permitted call may well answer 400: what matters is that the guard lets
 * it through (not 401/403) or stops it (401/403) exactly as declared.
 */
let ctx: TestContext;
let applicant: string;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await createAccount(ctx.database, { username: 'walker', password: 'Walker@2026', roleCodes: ['APPLICANT'] });
  applicant = await signIn(ctx.app, 'walker', 'Walker@2026');
  admin = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await ctx.app.close();
});

const call = (method: string, url: string, token?: string) =>
  ctx.app.inject({
    method: method as 'POST',
    url: url.replace(/:(\w+)/g, '1'),
    headers: { ...(token ? { authorization: token } : {}), ...(method === 'GET' || method === 'HEAD' ? {} : { 'content-type': 'application/json' }) },
    payload: method === 'GET' || method === 'HEAD' ? undefined : '{}',
  });

const routes = () => ctx.app.declaredRoutes().filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api-docs'));

describe('authorization on every route', () => {
  it('every route declares a permission code, PUBLIC or SIGNED_IN', () => {
    for (const r of routes()) expect(r.permission, `${r.method} ${r.url}`).toMatch(/^(public|signed-in|[a-z]+(:[a-zA-Z]+){2,3})$/);
  });

  it('anonymous callers get 401 on every non-public route', async () => {
    for (const r of routes().filter((x) => x.permission !== PUBLIC)) {
      const res = await call(r.method, r.url);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: '401', msg: '未授权，请重新登录' });
    }
  });

  it('a signed-in user without the code gets 403; SIGNED_IN routes let them through', async () => {
    // The applicant role's own codes (个人中心, the declaration calls) are the ones this caller holds.
    const held = new Set<string | undefined>(['center:main', ...Object.values(DECLARE_PERMISSIONS)]);
    const coded = routes().filter((r) => r.permission !== PUBLIC && r.permission !== SIGNED_IN && !held.has(r.permission));
    expect(coded.length).toBeGreaterThan(0);
    for (const r of coded) {
      const res = await call(r.method, r.url, applicant);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: '403', msg: '没有权限执行此操作' });
    }
    for (const r of routes().filter((x) => x.permission === SIGNED_IN)) {
      const res = await call(r.method, r.url, applicant);
      expect([401, 403], `${r.method} ${r.url}`).not.toContain(res.statusCode);
    }
  });

  it('a user holding the code is let through', async () => {
    for (const r of routes().filter((x) => x.permission !== PUBLIC)) {
      const res = await call(r.method, r.url, admin);
      expect([401, 403], `${r.method} ${r.url} → ${res.body}`).not.toContain(res.statusCode);
    }
  });
});
