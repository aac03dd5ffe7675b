import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { withTransaction } from '../../../core/transaction';
import { sysOperLog } from '../../../core/audit';
import { sysUser } from '../../system/user/tables';
import { createPerson, signInAdmin, type Person } from '../../../../test/kits/messageTestKit';
import { sysMsg } from './tables';

let ctx: TestContext;
let admin: Record<string, string>;
let alice: Person;
let bob: Person;

const call = (url: string, body: unknown, who: Person) => post(ctx.app, url, body, who.headers);
const messages = () => ctx.app.services.messages;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAdmin(ctx);
  alice = await createPerson(ctx, 'alice', { roleCodes: ['APPLICANT'] });
  bob = await createPerson(ctx, 'bob', { roleCodes: ['APPLICANT'] });
});
afterAll(async () => {
  await ctx.app.close();
});

describe('in-site messages refuse', () => {
  it('anonymous callers with 401', async () => {
    for (const url of ['getMyNoReadMsgList', 'getMyMsgList', 'getMyMsgDetailById', 'updateReadStatus']) {
      const res = await post(ctx.app, `/rest/msg/${url}`, {});
      expect(res.status, url).toBe(401);
      expect(res.body).toMatchObject({ code: '401', msg: '未授权，请重新登录' });
    }
  });

  it('a sender mistake with a clear message, writing nothing', async () => {
    const db = ctx.database.db;
    const cases: Array<[Parameters<ReturnType<typeof messages>['send']>[1], string]> = [
      [{ userIds: [alice.id], title: ' ', body: '' }, '消息标题不能为空'],
      [{ userIds: [alice.id], title: 'x'.repeat(201), body: '' }, '消息标题不能超过200个字符'],
      [{ userIds: [alice.id], title: '链接', body: '', link: 'https://evil.example/' }, '链接只能是以 / 开头的站内地址'],
      [{ userIds: [alice.id], title: '链接', body: '', link: '//evil.example/' }, '链接只能是以 / 开头的站内地址'],
      [{ userIds: [alice.id], title: '类别', body: '', category: 'SPAM' as never }, '不支持的消息类别：SPAM'],
    ];
    for (const [input, msg] of cases) await expect(messages().send(db, input)).rejects.toMatchObject({ status: 400, message: msg });
    expect(await db.select().from(sysMsg)).toHaveLength(0);
  });
});

describe('sending from another module', () => {
  it("goes out with the caller's transaction: rolled back, nothing was sent", async () => {
    const db = ctx.database.db;
    await expect(
      withTransaction(db, async (tx) => {
        await messages().send(tx, { userIds: [alice.id], title: '申报已退回', body: '请修改后重新提交' });
        throw new Error('the declaration change failed');
      }),
    ).rejects.toThrow('the declaration change failed');
    expect(await db.select().from(sysMsg)).toHaveLength(0);
    expect(await db.select().from(sysOperLog).where(eq(sysOperLog.module, 'message:msg'))).toHaveLength(0);

    const ids = await withTransaction(db, (tx) =>
      messages().send(tx, { userIds: [alice.id, bob.id, alice.id, 999_999], title: '申报已退回', body: '请修改后重新提交\n第二行', category: 'DECLARATION', link: '/declare?id=7' }),
    );
    expect(ids).toHaveLength(2);
    const rows = await db.select().from(sysMsg);
    expect(rows.map((r) => r.userId).sort()).toEqual([alice.id, bob.id].sort());
    expect(rows[0]).toMatchObject({ title: '申报已退回', content: '请修改后重新提交\n第二行', category: 'DECLARATION', link: '/declare?id=7', createBy: 'system', readTime: null });
    const [log] = await db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'message:msg'), eq(sysOperLog.action, 'SEND')));
    expect(log).toMatchObject({ summary: '发送站内消息「申报已退回」给 2 人', username: 'system' });
  });

  it('skips deleted users and answers nothing for nobody', async () => {
    const gone = await createPerson(ctx, 'gone');
    await ctx.database.db.update(sysUser).set({ delFlag: 1 }).where(eq(sysUser.id, gone.id));
    expect(await messages().send(ctx.database.db, { userIds: [gone.id], title: '无人接收', body: '' })).toEqual([]);
    expect(await messages().send(ctx.database.db, { userIds: [], title: '无人接收', body: '' })).toEqual([]);
  });
});

describe("a user's own messages", () => {
  it('lists the unread and the count, pages with filters, and shows nothing of anyone else', async () => {
    await messages().send(ctx.database.db, { userIds: [alice.id], title: '定时任务失败', body: '任务「清理日志」执行失败', category: 'TASK', link: '/base/scheduler/schedulerMain' });
    const unread = await call('/rest/msg/getMyNoReadMsgList', {}, alice);
    expect(unread.body.data.total).toBe(2);
    expect(unread.body.data.list.map((m: { title: string }) => m.title)).toEqual(['定时任务失败', '申报已退回']);
    expect(unread.body.data.list[0]).toMatchObject({ category: 'TASK', readFlag: 0, readTime: null, createBy: 'system', link: '/base/scheduler/schedulerMain' });
    expect((await call('/rest/msg/getMyNoReadMsgList', { limit: 1 }, alice)).body.data.list).toHaveLength(1);
    expect((await call('/rest/msg/getMyMsgList', { category: 'TASK' }, alice)).body.data.total).toBe(1);
    expect((await call('/rest/msg/getMyMsgList', { title: '退回' }, alice)).body.data.total).toBe(1);
    expect((await call('/rest/msg/getMyMsgList', {}, bob)).body.data.total).toBe(1);
    expect((await call('/rest/msg/getMyMsgList', { category: 'SPAM' }, alice)).body.msg).toBe('不支持的消息类别');
  });

  it('opening one marks it read; another user opening it gets 404', async () => {
    const [task] = (await call('/rest/msg/getMyMsgList', { category: 'TASK' }, alice)).body.data.list;
    const stranger = await call('/rest/msg/getMyMsgDetailById', { msgId: task.msgId }, bob);
    expect(stranger.status).toBe(404);
    expect(stranger.body.msg).toBe('消息不存在或已被删除');
    const opened = await call('/rest/msg/getMyMsgDetailById', { msgId: task.msgId }, alice);
    expect(opened.body.data).toMatchObject({ msgId: task.msgId, content: '任务「清理日志」执行失败', readFlag: 1 });
    expect((await call('/rest/msg/getMyMsgList', { readFlag: 0 }, alice)).body.data.total).toBe(1);
    const header = await call('/rest/noticeService/getHeaderNotice', {}, alice);
    expect(header.body.data).toMatchObject({ msgUnread: 1, noticeUnread: 0, unreadCount: 1 });
    expect(header.body.data.msgs.map((m: { title: string }) => m.title)).toEqual(['申报已退回']);
  });

  it('marks one or all read; never touches another user’s messages', async () => {
    const [bobs] = (await call('/rest/msg/getMyMsgList', {}, bob)).body.data.list;
    expect((await call('/rest/msg/updateReadStatus', { msgIds: [bobs.msgId] }, alice)).status).toBe(404);
    expect((await call('/rest/msg/updateReadStatus', {}, alice)).body.msg).toBe('请选择要标记为已读的消息');
    const all = await call('/rest/msg/updateReadStatus', { all: true }, alice);
    expect(all.body).toMatchObject({ msg: '已标记为已读', data: { updated: 1, unreadCount: 0 } });
    expect((await call('/rest/msg/getMyNoReadMsgList', {}, bob)).body.data.total).toBe(1);
    const one = await call('/rest/msg/updateReadStatus', { msgIds: [bobs.msgId] }, bob);
    expect(one.body.data).toEqual({ updated: 1, unreadCount: 0 });
    expect(admin.authorization).toBeTruthy();
  });
});
