import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sysOrg } from '../modules/system/org/tables';
import { createTestApp, post, type TestContext } from '../../test/helpers/testApp';
import { ok } from './envelope';
import { errors } from './errors';
import { PUBLIC } from './permissions';
import { createdBy } from './records';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({
    beforeReady: (app) => {
      const r = app.withTypeProvider<ZodTypeProvider>();
      const config = { permission: PUBLIC };
      r.post('/rest/test/conflict', { config }, async () => {
        throw errors.staleVersion();
      });
      r.post('/rest/test/crash', { config }, async () => {
        throw new Error('secret internal detail at /srv/app.ts:42');
      });
      r.post('/rest/test/duplicate', { config }, async () => {
        const values = { orgCode: 'DUP', orgName: '重复', ...createdBy(null) };
        await ctx.database.db.insert(sysOrg).values(values);
        await ctx.database.db.insert(sysOrg).values(values);
        return ok(null);
      });
      r.post(
        '/rest/test/validated',
        { config, schema: { body: z.object({ email: z.email('请输入正确格式的邮箱!'), age: z.number().int() }) } },
        async (request) => ok(request.body),
      );
    },
  });
});
afterAll(async () => {
  await ctx.app.close();
});

describe('error envelope', () => {
  it('maps a typed error to its status, code and Chinese message', async () => {
    const res = await post(ctx.app, '/rest/test/conflict', {});
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: '409', success: false, msg: '数据已被他人修改，请刷新后重试', data: null, attributes: {} });
  });

  it('answers 500 without leaking the error text or a stack trace', async () => {
    const res = await post(ctx.app, '/rest/test/crash', {});
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: '500', success: false, msg: '系统繁忙，请稍后重试', data: null, attributes: {} });
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  it('turns a unique-index violation into 409 instead of 500', async () => {
    const res = await post(ctx.app, '/rest/test/duplicate', {});
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: '409', success: false, msg: '机构编码已存在，请更换后重试', data: null, attributes: {} });
  });

  it('answers 400 with the schema message for invalid input', async () => {
    const res = await post(ctx.app, '/rest/test/validated', { email: 'not-an-email', age: 3 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: '400', success: false, msg: '请输入正确格式的邮箱!', data: null, attributes: {} });
  });

  it('names the field when zod falls back to its generic message', async () => {
    const res = await post(ctx.app, '/rest/test/validated', { email: 'a@b.cn', age: 'three' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^参数 age 不正确/);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/rest/test/validated', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: '400', success: false, msg: '请求体不是有效的 JSON' });
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/rest/test/validated',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.cn', age: 1, filler: 'x'.repeat(128 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: '413', success: false, msg: '请求内容过大' });
  });

  it('answers 404 in the envelope for an unknown API path', async () => {
    const res = await post(ctx.app, '/rest/nothing/here', {});
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: '404', success: false, msg: '请求的接口不存在', data: null, attributes: {} });
  });
});

describe('request id', () => {
  it('is in every response header, taken from the caller when it is plain', async () => {
    const mine = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
    expect(mine.headers['x-request-id']).toBe('trace-123');
    const made = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id <script>' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const failed = await post(ctx.app, '/rest/test/crash', {});
    expect(failed.headers['x-request-id']).toBeTruthy();
  });
});
