import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { sysPost, sysUserPost } from './tables';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const logs = (action: string) => ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'system:post'), eq(sysOperLog.action, action)));
const postBody = { postCode: 'FIN_MGR', postName: '财务经理', status: 'NORMAL', sort: 3, remark: '财务' };
const urls = ['getPostByPage', 'getPostById', 'addPost', 'updatePost', 'updateStatus', 'deletePostById', 'deletePostByIds'].map((m) => `/rest/postService/${m}`);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  const user = await createAccount(ctx.database, { username: 'clerk', password: 'Clerk@2026x', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'clerk', 'Clerk@2026x') };
  clerkId = user.id;
});
let clerkId: number;
afterAll(async () => {
  await ctx.app.close();
});

describe('post routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    await expectRefusedToOutsiders(ctx.app, urls, clerk);
  });

  it('invalid input with 400 and the exact message', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...postBody, postCode: '财务' }, '岗位编码只能包含字母、数字和下划线'],
      [{ ...postBody, postName: '' }, '请输入岗位名称'],
      [{ ...postBody, status: 'ON' }, '状态只能是 NORMAL 或 DISABLED'],
      [{ ...postBody, sort: 1.5 }, '排序必须是整数'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/postService/addPost', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect((await call('/rest/postService/deletePostByIds', { ids: [] })).body.msg).toBe('请选择要删除的岗位');
    expect(await ctx.database.db.select().from(sysPost)).toHaveLength(0);
  });
});

describe('post administration', () => {
  let postId: string;

  it('adds a post with an operation-log row, and refuses a duplicate code with 409', async () => {
    const res = await call('/rest/postService/addPost', postBody);
    expect(res.body).toMatchObject({ code: '0000', msg: '新增成功', data: { ...postBody, lockVersion: 0, createBy: 'admin' } });
    postId = res.body.data.postId;
    const [log] = await logs('CREATE');
    expect(log).toMatchObject({ entityId: postId, username: 'admin', summary: '新增岗位「财务经理」' });
    expect(log!.after).toMatchObject({ postCode: 'FIN_MGR' });
    const dup = await call('/rest/postService/addPost', { ...postBody, postName: '另一个' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('岗位编码已存在，请更换后重试');
  });

  it('pages posts with filters', async () => {
    await call('/rest/postService/addPost', { ...postBody, postCode: 'HR', postName: '人事专员', status: 'DISABLED' });
    const all = await call('/rest/postService/getPostByPage', { pageParameter: { pageNum: 1, pageSize: 10 } });
    expect(all.body.data).toMatchObject({ total: 2, pageNum: 1 });
    const disabled = await call('/rest/postService/getPostByPage', { pageParameter: { pageNum: 1, pageSize: 10 }, status: 'DISABLED' });
    expect(disabled.body.data.list.map((p: { postCode: string }) => p.postCode)).toEqual(['HR']);
    const byName = await call('/rest/postService/getPostByPage', { postName: '财务' });
    expect(byName.body.data.list).toHaveLength(1);
  });

  it('updates with the lock version and refuses a stale one with 409', async () => {
    const res = await call('/rest/postService/updatePost', { ...postBody, postName: '财务总监', postId, lockVersion: 0 });
    expect(res.body.data).toMatchObject({ postName: '财务总监', lockVersion: 1 });
    const stale = await call('/rest/postService/updatePost', { ...postBody, postId, lockVersion: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const [log] = await logs('UPDATE');
    expect(log!.before).toMatchObject({ postName: '财务经理' });
    expect(log!.after).toMatchObject({ postName: '财务总监' });
  });

  it('switches the status (停用/启用) under the lock version', async () => {
    const off = await call('/rest/postService/updateStatus', { postId, lockVersion: 1, status: 'DISABLED' });
    expect(off.body).toMatchObject({ msg: '已停用', data: { status: 'DISABLED', lockVersion: 2 } });
    expect((await call('/rest/postService/updateStatus', { postId, lockVersion: 1, status: 'NORMAL' })).status).toBe(409);
    const on = await call('/rest/postService/updateStatus', { postId, lockVersion: 2, status: 'NORMAL' });
    expect(on.body).toMatchObject({ msg: '已启用', data: { status: 'NORMAL' } });
    expect((await logs('UPDATE')).map((l) => l.summary)).toEqual(expect.arrayContaining(['停用岗位「财务总监」', '启用岗位「财务总监」']));
    const detail = await call('/rest/postService/getPostById', { postId });
    expect(detail.body.data).toMatchObject({ status: 'NORMAL', lockVersion: 3 });
  });

  it('refuses to delete a post users hold, then deletes it once released', async () => {
    await ctx.database.db.insert(sysUserPost).values({ userId: clerkId, postId: Number(postId) });
    const held = await call('/rest/postService/deletePostById', { postId });
    expect(held.status).toBe(409);
    expect(held.body.msg).toBe('岗位「财务总监」下还有 1 个用户，请先解除用户与岗位的绑定再删除');
    const batch = await call('/rest/postService/deletePostByIds', { ids: [postId] });
    expect(batch.status).toBe(409);
    await ctx.database.db.delete(sysUserPost).where(eq(sysUserPost.postId, Number(postId)));
    const res = await call('/rest/postService/deletePostById', { postId });
    expect(res.body).toMatchObject({ code: '0000', msg: '删除成功' });
    expect((await call('/rest/postService/getPostById', { postId })).status).toBe(404);
    const [log] = await logs('DELETE');
    expect(log).toMatchObject({ entityId: postId, summary: '删除岗位「财务总监」' });
  });

  it('deletes in a batch, all or nothing', async () => {
    const list = await call('/rest/postService/getPostByPage', {});
    const hrId = list.body.data.list[0].postId;
    const missing = await call('/rest/postService/deletePostByIds', { ids: [hrId, '99999'] });
    expect(missing.status).toBe(404);
    expect((await call('/rest/postService/getPostById', { postId: hrId })).status).toBe(200);
    const res = await call('/rest/postService/deletePostByIds', { ids: [hrId] });
    expect(res.body).toMatchObject({ msg: '删除成功', data: { deleted: 1 } });
    expect((await call('/rest/postService/getPostByPage', {})).body.data.total).toBe(0);
  });
});
