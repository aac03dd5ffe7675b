import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, post, testConfig, type TestContext } from '../../test/helpers/testApp';
import { testDatabase } from '../../test/helpers/testDatabase';
import { ok } from './envelope';
import { PUBLIC, SIGNED_IN, type Authenticator, type Principal } from './permissions';

/**
 * A caller identified by a fixed header: the identity module supplies the real
 * authenticator; the guard only needs something that answers "who is this".
 */
const principals: Record<string, Principal> = {
  editor: { userId: 2, username: 'editor', realname: '编辑', orgId: 1, roleCodes: ['EDITOR'], permissions: new Set(['cms:resource:list']), isSuperAdmin: false, dataScope: { all: false, subtreeOf: null, orgIds: [], userId: 2 }, sessionId: 's2' },
  admin: { userId: 1, username: 'admin', realname: '管理员', orgId: 1, roleCodes: ['ADMIN'], permissions: new Set(), isSuperAdmin: true, dataScope: { all: true, subtreeOf: null, orgIds: [], userId: 1 }, sessionId: 's1' },
};
const headerAuthenticator: Authenticator = {
  authenticate: async (request) => principals[String(request.headers['x-test-user'] ?? '')] ?? null,
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    authenticator: headerAuthenticator,
    beforeReady: (app) => {
      app.post('/rest/test/resources', { config: { permission: 'cms:resource:list' } }, async (request) => ok({ who: request.principal?.username }));
      app.post('/rest/test/me', { config: { permission: SIGNED_IN } }, async (request) => ok({ who: request.principal?.username }));
      app.post('/rest/test/open', { config: { permission: PUBLIC } }, async () => ok('open'));
    },
  });
});
afterAll(async () => {
  await ctx.app.close();
});

describe('route permission declaration', () => {
  it('refuses to start when a route declares no permission', async () => {
    const app = await buildApp({ config: testConfig, database: await testDatabase(), serveWeb: false });
    app.post('/rest/test/undeclared', async () => ok(null));
    await expect(app.ready()).rejects.toThrow(/没有声明权限.*\/rest\/test\/undeclared/);
    await app.close().catch(() => {});
  });

  it('refuses to start when a permission code is malformed', async () => {
    const app = await buildApp({ config: testConfig, database: await testDatabase(), serveWeb: false });
    app.post('/rest/test/bad', { config: { permission: 'not a code' } }, async () => ok(null));
    await expect(app.ready()).rejects.toThrow(/权限码格式不正确/);
    await app.close().catch(() => {});
  });

  it('every registered route declares a permission', () => {
    const routes = ctx.app.declaredRoutes();
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) expect(route.permission, `${route.method} ${route.url}`).toBeTruthy();
  });
});

describe('permission enforcement', () => {
  it('answers 401 with the spec message to an anonymous caller', async () => {
    const res = await post(ctx.app, '/rest/test/resources', {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: '401', success: false, msg: '未授权，请重新登录', data: null, attributes: {} });
  });

  it('answers 403 to a signed-in caller without the code', async () => {
    principals.editor!.permissions = new Set(['cms:setting:main']);
    const res = await post(ctx.app, '/rest/test/resources', {}, { 'x-test-user': 'editor' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: '403', success: false, msg: '没有权限执行此操作', data: null, attributes: {} });
    principals.editor!.permissions = new Set(['cms:resource:list']);
  });

  it('lets a caller with the code through, and the administrator through everything', async () => {
    expect((await post(ctx.app, '/rest/test/resources', {}, { 'x-test-user': 'editor' })).body.data).toEqual({ who: 'editor' });
    expect((await post(ctx.app, '/rest/test/resources', {}, { 'x-test-user': 'admin' })).body.data).toEqual({ who: 'admin' });
  });

  it('SIGNED_IN routes need a session but no code; PUBLIC routes need nothing', async () => {
    expect((await post(ctx.app, '/rest/test/me', {})).status).toBe(401);
    expect((await post(ctx.app, '/rest/test/me', {}, { 'x-test-user': 'editor' })).status).toBe(200);
    expect((await post(ctx.app, '/rest/test/open', {})).status).toBe(200);
  });

  it('every non-public route of the real app refuses an anonymous caller with 401', async () => {
    const guarded = ctx.app.declaredRoutes().filter((r) => r.permission !== PUBLIC && r.method !== 'HEAD');
    for (const route of guarded) {
      const res = await ctx.app.inject({ method: route.method as 'POST', url: route.url.replace(/:(\w+)/g, '1') });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().msg).toBe('未授权，请重新登录');
    }
  });
});
