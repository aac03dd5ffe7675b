import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, post, type TestContext } from '../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../test/helpers/testDatabase';
import { signIn } from '../../test/helpers/accounts';
import { sysUser } from '../modules/system/user/tables';
import { PUBLIC } from './permissions';

/** Spec §3: every record answers its audit fields, and every envelope carries attributes. */
let ctx: TestContext;
let admin: Record<string, string>;
let adminId: string;

beforeAll(async () => {
  ctx = await createTestApp({
    beforeReady: (app) => {
      app.post('/rest/test/crash', { config: { permission: PUBLIC } }, async () => {
        throw new Error('boom');
      });
    },
  });
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  const [row] = await ctx.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'admin'));
  adminId = String(row!.id);
});
afterAll(async () => {
  await ctx.app.close();
});

describe('audit fields on records (spec §3)', () => {
  it('a record detail and a page row carry createBy/createById/updateBy/updateById, the times, delFlag 0 and lockVersion', async () => {
    const added = await post(ctx.app, '/rest/postService/addPost', { postCode: 'AUDIT_A', postName: '审计岗位' }, admin);
    const postId = added.body.data.postId as string;
    const changed = await post(ctx.app, '/rest/postService/updatePost', { postId, lockVersion: 0, postCode: 'AUDIT_A', postName: '审计岗位二' }, admin);
    expect(changed.status).toBe(200);
    const audit = {
      createBy: 'admin',
      createById: adminId,
      updateBy: 'admin',
      updateById: adminId,
      delFlag: 0,
      lockVersion: 1,
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updateTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    };

    const detail = await post(ctx.app, '/rest/postService/getPostById', { postId }, admin);
    expect(detail.body.data).toMatchObject({ postId, ...audit });
    const page = await post(ctx.app, '/rest/postService/getPostByPage', { postCode: 'AUDIT_A' }, admin);
    expect(page.body.data.list).toEqual([expect.objectContaining({ postId, ...audit })]);
  });

  it('a user row carries them too, with a null id for records the system made', async () => {
    const page = await post(ctx.app, '/rest/user/getUserPage', { username: 'admin' }, admin);
    const row = page.body.data.list.find((u: { username: string }) => u.username === 'admin');
    expect(row).toMatchObject({ createBy: 'system', createById: null, updateById: null, delFlag: 0, lockVersion: expect.any(Number) });
  });
});

describe('the envelope always carries attributes (spec §3)', () => {
  it('on success: {} when the answer has nothing beside its data', async () => {
    const res = await post(ctx.app, '/rest/postService/getPostByPage', {}, admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: '0000', success: true, msg: '操作成功', data: expect.any(Object), attributes: {} });
  });

  it('on refusals: 401, 403 and 400 with their message and attributes {}', async () => {
    const anonymous = await post(ctx.app, '/rest/postService/getPostByPage', {});
    expect(anonymous.body).toEqual({ code: '401', success: false, msg: '未授权，请重新登录', data: null, attributes: {} });
    const invalid = await post(ctx.app, '/rest/postService/addPost', { postCode: '财务', postName: '财务' }, admin);
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ code: '400', success: false, msg: '岗位编码只能包含字母、数字和下划线', data: null, attributes: {} });
  });

  it('on 404 and 500', async () => {
    const missing = await post(ctx.app, '/rest/nothing/here', {}, admin);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: '404', success: false, msg: '请求的接口不存在', data: null, attributes: {} });
    const gone = await post(ctx.app, '/rest/postService/getPostById', { postId: '999999' }, admin);
    expect(gone.status).toBe(404);
    expect(gone.body.attributes).toEqual({});
    const crash = await post(ctx.app, '/rest/test/crash', {});
    expect(crash.status).toBe(500);
    expect(crash.body).toEqual({ code: '500', success: false, msg: '系统繁忙，请稍后重试', data: null, attributes: {} });
  });
});
