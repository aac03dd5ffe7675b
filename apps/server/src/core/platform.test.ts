import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, type TestContext } from '../../test/helpers/testApp';

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
