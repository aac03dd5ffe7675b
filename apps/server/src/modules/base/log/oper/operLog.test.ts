import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../../test/helpers/accounts';
import { download, sheetRows } from '../../../../../test/helpers/excel';
import { createTestApp, post, type TestContext } from '../../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../../test/helpers/testDatabase';
import { sessionWithCodes } from '../../../../../test/kits/logTestKit';
import { sysOperLog } from '../../../../core/audit';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;
let reader: Record<string, string>;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const PAGE = '/rest/log/getOperLogPage';
const DETAIL = '/rest/log/getOperLogById';
const MODULES = '/rest/log/getOperLogModules';
const EXPORT = '/rest/log/exportOperLog';
type Item = { logId: string; module: string; action: string; entityId: string | null; summary: string; username: string };
const summaries = (res: { body: { data: { list: Item[] } } }) => res.body.data.list.map((r) => r.summary);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'clerk', password: 'Clerk@2026x', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'clerk', 'Clerk@2026x') };
  reader = await sessionWithCodes(ctx, 'operreader', ['base:log:list']);
});
afterAll(async () => {
  await ctx.app.close();
});

describe('operation-log routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    for (const url of [PAGE, DETAIL, MODULES, EXPORT]) {
      expect((await post(ctx.app, url, {})).status, url).toBe(401);
      expect((await call(url, {}, clerk)).status, url).toBe(403);
    }
    // The list code opens neither the detail nor the export.
    expect((await call(DETAIL, { logId: '1' }, reader)).status).toBe(403);
    expect((await download(ctx.app, EXPORT, {}, reader)).statusCode).toBe(403);
  });

  it('invalid filters with 400 and the exact message', async () => {
    const cases: Array<[string, unknown, string]> = [
      [PAGE, { beginTime: '2026-13-01' }, '时间格式不正确，应为带时区的 ISO 8601 时间'],
      [PAGE, { beginTime: '2026-03-02T00:00:00Z', endTime: '2026-03-01T00:00:00Z' }, '开始时间不能晚于结束时间'],
      [PAGE, { module: 'm'.repeat(65) }, '模块不能超过64个字符'],
      [PAGE, { text: 't'.repeat(101) }, '摘要关键字不能超过100个字符'],
      [PAGE, { username: 42 }, '操作人必须是文本'],
      [DETAIL, {}, '编号格式不正确'],
      [EXPORT, { action: 'a'.repeat(33) }, '操作类型不能超过32个字符'],
    ];
    for (const [url, body, msg] of cases) {
      const res = await call(url, body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    const missing = await call(DETAIL, { logId: '987654' });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('操作日志不存在或已被删除');
  });
});

describe('reading the operation log', () => {
  let postId: string;

  beforeAll(async () => {
    const added = await call('/rest/postService/addPost', { postCode: 'OPER_T', postName: '档案员', remark: '初稿' });
    postId = added.body.data.postId;
    await call('/rest/postService/updatePost', { postCode: 'OPER_T', postName: '档案管理员', status: 'NORMAL', sort: 0, remark: null, postId, lockVersion: 0 });
  });

  it('lists who changed what, newest first, and filters by module, action, record, text, user and time', async () => {
    const all = await call(PAGE, { module: 'system:post' }, reader);
    expect(all.body.data.list.map((r: Item) => [r.action, r.entityId, r.username])).toEqual([
      ['UPDATE', postId, 'admin'],
      ['CREATE', postId, 'admin'],
    ]);
    expect(summaries(await call(PAGE, { module: 'system:post', action: 'UPDATE' }))).toEqual(['修改岗位「档案管理员」']);
    expect(summaries(await call(PAGE, { entityId: postId, module: 'system:post' }))).toEqual(['修改岗位「档案管理员」', '新增岗位「档案员」']);
    // A record number alone: every module the log holds is named (its index is module first), the same rows.
    const sameNumber = await ctx.database.db.select({ summary: sysOperLog.summary }).from(sysOperLog).where(eq(sysOperLog.entityId, postId)).orderBy(desc(sysOperLog.createTime), desc(sysOperLog.id));
    expect(sameNumber.map((r) => r.summary)).toContain('新增岗位「档案员」');
    expect(summaries(await call(PAGE, { entityId: postId }))).toEqual(sameNumber.map((r) => r.summary));
    expect((await call(PAGE, { entityId: 'no-such-record' })).body.data).toMatchObject({ total: 0, list: [] });
    expect(summaries(await call(PAGE, { text: '档案员' }))).toEqual(['新增岗位「档案员」']);
    // Han text is matched with LIKE (nothing to fold), the same rows as ILIKE.
    expect(summaries(await call(PAGE, { module: 'system:post', text: '档案' }))).toEqual(['修改岗位「档案管理员」', '新增岗位「档案员」']);
    expect((await call(PAGE, { module: 'system:post', username: 'ADM' })).body.data.total).toBe(2);
    expect((await call(PAGE, { module: 'system:post', username: 'clerk' })).body.data.total).toBe(0);
    expect((await call(PAGE, { module: 'system:post', endTime: new Date(Date.now() - 3_600_000).toISOString() })).body.data.total).toBe(0);
    expect((await call(PAGE, { module: 'system:post', beginTime: new Date(Date.now() - 3_600_000).toISOString() })).body.data.total).toBe(2);
  });

  it('shows a change with the record before and after', async () => {
    const [update] = (await call(PAGE, { module: 'system:post', action: 'UPDATE' })).body.data.list as Item[];
    const res = await call(DETAIL, { logId: update!.logId });
    expect(res.body.data).toMatchObject({
      module: 'system:post',
      action: 'UPDATE',
      before: { postName: '档案员', remark: '初稿', lockVersion: 0 },
      after: { postName: '档案管理员', remark: null, lockVersion: 1 },
    });
  });

  it('lists the modules that logged changes with their counts', async () => {
    const res = await call(MODULES, {}, reader);
    expect(res.body.data).toEqual(expect.arrayContaining([{ module: 'system:post', total: 2 }]));
  });

  it('exports the filtered list as a workbook', async () => {
    const res = await download(ctx.app, EXPORT, { module: 'system:post' }, admin);
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['操作时间', '模块', '操作', '记录编号', '摘要', '操作人', 'IP', '请求编号']);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3], r[4], r[5]])).toEqual([
      ['system:post', 'UPDATE', postId, '修改岗位「档案管理员」', 'admin'],
      ['system:post', 'CREATE', postId, '新增岗位「档案员」', 'admin'],
    ]);
    expect(rows[1]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
