import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/helpers/accounts';
import { createTestApp, get, type TestContext } from '../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../test/helpers/testDatabase';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.app.close();
});

describe('health', () => {
  it('GET /healthz says the process is up', async () => {
    const res = await get(ctx.app, '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: '0000', success: true, msg: '操作成功', data: { status: 'up' }, attributes: {} });
  });
  it('GET /readyz checks the database', async () => {
    const res = await get(ctx.app, '/readyz');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ status: 'ready' });
  });
});

describe('security headers', () => {
  it('sends a content security policy and related headers, and no CORS grant', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://evil.example' } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('documents the routes from their schemas at /api-docs/json', async () => {
    const res = await get(ctx.app, '/api-docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const listCall = res.body.paths['/rest/content/queryClientListByPage'];
    expect(listCall.post.summary).toBe('按栏目分页查询已发布文章');
    expect(JSON.stringify(listCall.post.requestBody)).toContain('pageParameter');
    expect(res.body.paths['/healthz']).toBeDefined();
  });
  it('gives every operation a summary and the permission it needs', async () => {
    const res = await get(ctx.app, '/api-docs/json');
    const operations = Object.entries(res.body.paths as Record<string, Record<string, { summary?: string; 'x-permission'?: string }>>)
      // Swagger UI's own pages are framework plumbing, not calls of the product.
      .filter(([path]) => !path.startsWith('/api-docs'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ call: `${method.toUpperCase()} ${path}`, ...op })));
    expect(operations.length).toBeGreaterThan(300);
    expect(operations.filter((op) => !op.summary?.trim()).map((op) => op.call)).toEqual([]);
    expect(operations.filter((op) => !op['x-permission']).map((op) => op.call)).toEqual([]);
  });
  it('serves the interactive UI at /api-docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api-docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });
});

describe('a NUL character in the input', () => {
  // PostgreSQL refuses U+0000 in text; the caller gets a 400 with the reason, nothing reaches the database.
  const message = '请求内容包含不允许的空字符（\\u0000），请删除后重试';
  it('is refused in a JSON body, a nested value and a key, on public and signed-in calls alike', async () => {
    const authorization = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
    // The portal's calls answer { rtnCode, rtnMessage }, the console's { code, msg }.
    const portal = { rtnCode: '400', rtnMessage: message };
    const console = { code: '400', msg: message };
    for (const [url, payload, refusal] of [
      ['/rest/content/searchContent', { keyword: 'a\u0000b' }, portal],
      ['/rest/content/queryClientListByPage', { pageParameter: { pageNum: 1, pageSize: 10 }, title: ['x', 'y\u0000'] }, portal],
      ['/rest/organ/add', { 'org\u0000Name': '机构' }, console],
      ['/rest/noticeService/addNotice', { title: '通知', content: '<p>a\u0000</p>' }, console],
    ] as const) {
      const res = await ctx.app.inject({ method: 'POST', url, payload, headers: { authorization } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject(refusal);
    }
  });
  it('is refused in a query string', async () => {
    const authorization = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
    const res = await get(ctx.app, '/api/user?keyword=a%00b', { authorization });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: '400', msg: message });
  });
});
