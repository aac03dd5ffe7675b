import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { download, sheetRows } from '../../../../test/helpers/excel';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { sysOperLog } from '../../../core/audit';
import { sysFile } from '../../file/tables';
import { sysRole } from '../../system/role/tables';
import { sysUserRole } from '../../system/user/tables';
import { addNotice, createOrg, createPerson, createRole, inboxOf, noticeOf, signInAdmin, upload, type Person } from '../../../../test/kits/messageTestKit';
import { sysNotice, sysNoticeAudience, sysNoticeReceiver } from './tables';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Person;
let writer: Person;
let reviewer: Person;
let reviewerRoleId: number;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
/** In the order they were written: PostgreSQL answers an unordered select in no promised order. */
const logs = (action: string) =>
  ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'message:notice'), eq(sysOperLog.action, action))).orderBy(asc(sysOperLog.id));
const ADMIN_URLS = [
  'getNoticeByPage',
  'getNoticeById',
  'addNotice',
  'updateNotice',
  'updateStatus',
  'SyncNoticeByIds',
  'deleteNoticeById',
  'deleteNoticeByIds',
  'getReadReceiptSummary',
  'getReadReceiptByPage',
  'exportReadReceipt',
  'getAudienceOptions',
  'searchAudienceUsers',
].map((m) => `/rest/noticeService/${m}`);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAdmin(ctx);
  clerk = await createPerson(ctx, 'clerk', { roleCodes: ['APPLICANT'] });
  // May write notices but not release them.
  await createRole(ctx, 'NOTICE_WRITER', ['message:notice:list', 'message:notice:add', 'message:notice:upd']);
  writer = await createPerson(ctx, 'writer', { roleCodes: ['NOTICE_WRITER'] });
  reviewer = await createPerson(ctx, 'reviewer', { roleCodes: ['REVIEWER'] });
  reviewerRoleId = (await ctx.database.db.select().from(sysRole).where(eq(sysRole.roleCode, 'REVIEWER')))[0]!.id;
});
afterAll(async () => {
  await ctx.app.close();
});

describe('notice administration refuses', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    for (const url of ADMIN_URLS) {
      expect((await post(ctx.app, url, {})).status, url).toBe(401);
      const denied = await call(url, {}, clerk.headers);
      expect(denied.status, url).toBe(403);
      expect(denied.body).toMatchObject({ code: '403', success: false, msg: '没有权限执行此操作' });
    }
    for (const url of ['getNoticeByUserPage', 'getMyNoticeById', 'getHeaderNotice', 'updateReadStatus']) {
      expect((await post(ctx.app, `/rest/noticeService/${url}`, {})).status, url).toBe(401);
    }
  });

  it('saving and releasing at once without message:notice:release with 403, storing nothing', async () => {
    const res = await call('/rest/noticeService/addNotice', { ...noticeOf('越权发布'), release: true }, writer.headers);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('没有发布通知的权限，请保存为草稿');
    const draft = await call('/rest/noticeService/addNotice', noticeOf('普通草稿'), writer.headers);
    expect(draft.body).toMatchObject({ code: '0000', msg: '保存成功', data: { status: 'DRAFT', createBy: 'writer' } });
    expect((await call('/rest/noticeService/updateStatus', { noticeId: draft.body.data.noticeId, lockVersion: 0, status: 'RELEASED' }, writer.headers)).status).toBe(403);
    await call('/rest/noticeService/deleteNoticeById', { noticeId: draft.body.data.noticeId });
  });

  it('invalid input with 400 and the exact message, storing nothing', async () => {
    const other = await upload(ctx, clerk.headers, '别人的图.png');
    const cases: Array<[Record<string, unknown>, string]> = [
      [noticeOf(''), '请输入通知标题'],
      [{ ...noticeOf('标题'), title: 'x'.repeat(201) }, '通知标题不能超过200个字符'],
      [{ title: '空正文', content: '<p> &nbsp;</p><p></p>' }, '请输入通知内容'],
      [{ title: '只有脚本', content: '<script>alert(1)</script>' }, '请输入通知内容'],
      [{ title: '太长', content: `<p>${'字'.repeat(20_001)}</p>` }, '超出了允许的最大的字数限制：[ 20001/20000 ]!'],
      [noticeOf('优先级', { priority: 'TOP' }), '优先级只能是 NORMAL、IMPORTANT 或 URGENT'],
      [noticeOf('对象', { audienceType: 'ROLE' }), '通知对象只能是 ALL（全体用户）或 SCOPED（指定范围）'],
      [noticeOf('空范围', { audienceType: 'SCOPED' }), '请选择通知对象：角色、机构或用户'],
      [noticeOf('坏角色', { audienceType: 'SCOPED', roleIds: ['999999'] }), '部分角色不存在或已被删除'],
      [noticeOf('坏机构', { audienceType: 'SCOPED', orgIds: ['999999'] }), '部分机构不存在或已被删除'],
      [noticeOf('坏用户', { audienceType: 'SCOPED', userIds: ['999999'] }), '部分用户不存在或已被删除'],
      [noticeOf('坏编号', { audienceType: 'SCOPED', userIds: ['abc'] }), '编号格式不正确'],
      [noticeOf('时间', { publishTime: '2026-05-01T00:00:00.000Z', expireTime: '2026-04-01T00:00:00.000Z' }), '失效时间必须晚于发布时间'],
      [noticeOf('公开', { isPublic: true, audienceType: 'SCOPED', roleIds: [String(reviewerRoleId)] }), '只有面向全体用户的通知可以公开到门户'],
      [noticeOf('附件', { attachmentIds: [other] }), '附件不存在，或不是您上传的文件'],
      [{ ...noticeOf('图片'), content: `<p><img src="/stream/fms/downloads/1?fileId=${other}&amp;filename=a.png"></p>` }, '附件不存在，或不是您上传的文件'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/noticeService/addNotice', body);
      expect(res.status, msg).toBe(400);
      expect(res.body).toMatchObject({ code: '400', success: false, msg });
    }
    // Only the writer's draft (deleted above) was ever stored.
    expect((await ctx.database.db.select().from(sysNotice)).map((n) => n.title)).toEqual(['普通草稿']);
    expect(await ctx.database.db.select().from(sysNoticeAudience)).toHaveLength(0);
    expect(await logs('CREATE')).toHaveLength(1);
    expect((await call('/rest/noticeService/deleteNoticeByIds', { ids: [] })).body.msg).toBe('请选择要删除的通知');
    expect((await call('/rest/noticeService/SyncNoticeByIds', { ids: [] })).body.msg).toBe('请选择要同步的通知');
  });
});

describe('notice lifecycle', () => {
  let noticeId: string;
  let fileId: string;

  it('saves a draft with its audience, attachments and sanitised body, and an operation-log row', async () => {
    fileId = await upload(ctx, admin, '评审须知.png');
    const res = await call('/rest/noticeService/addNotice', {
      title: '关于开展 2026 年度评审的通知',
      content: '<p onclick="x()">请各位<b>评审专家</b>按时完成。</p><script>alert(1)</script>',
      priority: 'IMPORTANT',
      audienceType: 'SCOPED',
      roleIds: [String(reviewerRoleId)],
      attachmentIds: [fileId],
    });
    expect(res.body).toMatchObject({ code: '0000', msg: '保存成功', data: { status: 'DRAFT', priority: 'IMPORTANT', lockVersion: 0, publishTime: null } });
    noticeId = res.body.data.noticeId;
    expect(res.body.data.content).toBe('<p>请各位<strong>评审专家</strong>按时完成。</p>');
    expect(res.body.data.summary).toBe('请各位评审专家按时完成。');
    const [file] = await ctx.database.db.select().from(sysFile).where(eq(sysFile.id, Number(fileId)));
    expect(file).toMatchObject({ bizType: 'NOTICE', bizId: noticeId, visibility: 'PRIVATE' });
    const [, log] = await logs('CREATE');
    expect(log).toMatchObject({ entityId: noticeId, username: 'admin', summary: '新增通知「关于开展 2026 年度评审的通知」' });
    expect(log!.after).toMatchObject({ roleIds: [reviewerRoleId], attachmentIds: [fileId] });
    // A draft reaches nobody.
    expect(await inboxOf(ctx, reviewer)).toEqual([]);
  });

  it('answers the detail with audience names, attachments and counts', async () => {
    const res = await call('/rest/noticeService/getNoticeById', { noticeId });
    expect(res.body.data).toMatchObject({
      noticeId,
      audienceType: 'SCOPED',
      roleIds: [String(reviewerRoleId)],
      roles: [{ value: String(reviewerRoleId), label: '审核员' }],
      attachments: [{ fileId, filename: '评审须知.png' }],
      deliveredCount: 0,
      readCount: 0,
    });
    expect((await call('/rest/noticeService/getNoticeById', { noticeId: '999999' })).status).toBe(404);
  });

  it('updates a draft under the lock version and refuses a stale one with 409', async () => {
    const body = { ...noticeOf('关于开展 2026 年度评审的通知（修订）'), audienceType: 'SCOPED', roleIds: [String(reviewerRoleId)], attachmentIds: [fileId] };
    const res = await call('/rest/noticeService/updateNotice', { ...body, noticeId, lockVersion: 0 });
    expect(res.body).toMatchObject({ msg: '保存成功', data: { title: '关于开展 2026 年度评审的通知（修订）', lockVersion: 1 } });
    const stale = await call('/rest/noticeService/updateNotice', { ...body, title: '另一个人的修改', noticeId, lockVersion: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const [log] = await logs('UPDATE');
    expect(log!.before).toMatchObject({ title: '关于开展 2026 年度评审的通知' });
    expect(log!.after).toMatchObject({ title: '关于开展 2026 年度评审的通知（修订）' });
  });

  it('releases: the audience receives it at once, the publish time defaults to now', async () => {
    expect((await call('/rest/noticeService/updateStatus', { noticeId, lockVersion: 0, status: 'RELEASED' })).status).toBe(409);
    const res = await call('/rest/noticeService/updateStatus', { noticeId, lockVersion: 1, status: 'RELEASED' });
    expect(res.body).toMatchObject({ msg: '发布成功', data: { status: 'RELEASED', releaseBy: 'admin', lockVersion: 2 } });
    expect(Date.now() - new Date(res.body.data.publishTime).getTime()).toBeLessThan(60_000);
    expect(await inboxOf(ctx, reviewer)).toEqual([noticeId]);
    expect(await inboxOf(ctx, clerk)).toEqual([]);
    const [log] = await logs('RELEASE');
    expect(log).toMatchObject({ entityId: noticeId, summary: '发布通知「关于开展 2026 年度评审的通知（修订）」，投递 1 人' });
    const again = await call('/rest/noticeService/updateStatus', { noticeId, lockVersion: 2, status: 'RELEASED' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('通知已发布，无需再次发布');
  });

  it('refuses to change a released notice', async () => {
    const res = await call('/rest/noticeService/updateNotice', { ...noticeOf('改已发布'), noticeId, lockVersion: 2 });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('已发布的通知不能修改，请先撤回');
  });

  it('lists notices with filters, audience names and read counts', async () => {
    await addNotice(ctx, admin, noticeOf('全员草稿'));
    const all = await call('/rest/noticeService/getNoticeByPage', { pageParameter: { pageNum: 1, pageSize: 10 } });
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.list[0]).toMatchObject({ title: '全员草稿', status: 'DRAFT', audienceNames: [], deliveredCount: 0 });
    expect(all.body.data.list[1]).toMatchObject({ noticeId, audienceNames: ['审核员'], deliveredCount: 1, readCount: 0 });
    expect(all.body.data.list[0].content).toBeUndefined();
    const released = await call('/rest/noticeService/getNoticeByPage', { status: 'RELEASED' });
    expect(released.body.data.list.map((n: { noticeId: string }) => n.noticeId)).toEqual([noticeId]);
    const byTitle = await call('/rest/noticeService/getNoticeByPage', { title: '修订' });
    expect(byTitle.body.data.total).toBe(1);
    expect((await call('/rest/noticeService/getNoticeByPage', { priority: 'URGENT' })).body.data.total).toBe(0);
    expect((await call('/rest/noticeService/getNoticeByPage', { status: 'ON' })).body.msg).toBe('状态只能是 DRAFT、RELEASED 或 REVOKED');
  });

  it('shows read receipts: counts, a paged list with the unread first, and an Excel export', async () => {
    const other = await createPerson(ctx, 'reviewer2', { roleCodes: ['REVIEWER'] });
    await call('/rest/noticeService/SyncNoticeByIds', { ids: [noticeId] });
    await post(ctx.app, '/rest/noticeService/getMyNoticeById', { noticeId }, reviewer.headers);
    const summary = await call('/rest/noticeService/getReadReceiptSummary', { noticeId });
    expect(summary.body.data).toMatchObject({ noticeId, deliveredCount: 2, readCount: 1, unreadCount: 1 });
    const page = await call('/rest/noticeService/getReadReceiptByPage', { noticeId, pageParameter: { pageNum: 1, pageSize: 10 } });
    expect(page.body.data.list.map((r: { username: string; readFlag: number }) => [r.username, r.readFlag])).toEqual([
      ['reviewer2', 0],
      ['reviewer', 1],
    ]);
    const read = await call('/rest/noticeService/getReadReceiptByPage', { noticeId, readFlag: 1 });
    expect(read.body.data.list).toHaveLength(1);
    expect((await call('/rest/noticeService/getReadReceiptByPage', { noticeId, keyword: 'reviewer2' })).body.data.total).toBe(1);
    const file = await download(ctx.app, '/rest/noticeService/exportReadReceipt', { noticeId }, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('阅读情况_'));
    const rows = await sheetRows(file.rawPayload);
    expect(rows[0]).toEqual(['用户名', '姓名', '所属机构', '阅读状态', '阅读时间', '投递时间']);
    expect(rows.slice(1).map((r) => [r[0], r[3]])).toEqual([
      ['reviewer2', '未读'],
      ['reviewer', '已读'],
    ]);
    expect(other.id).toBeGreaterThan(0);
  });

  it('syncs idempotently: twice gives nothing new; a new member receives it; a former member loses the unread copy only', async () => {
    const first = await call('/rest/noticeService/SyncNoticeByIds', { ids: [noticeId, noticeId] });
    expect(first.body).toMatchObject({ code: '0000', data: { notices: 1, delivered: 0, withdrawn: 0 } });
    const receivers = async () =>
      (await ctx.database.db.select().from(sysNoticeReceiver).where(eq(sysNoticeReceiver.noticeId, Number(noticeId)))).map((r) => r.userId).sort();
    const before = await receivers();
    // The clerk becomes a reviewer; reviewer2 (unread) and reviewer (read) stop being reviewers.
    await ctx.database.db.insert(sysUserRole).values({ userId: clerk.id, roleId: reviewerRoleId });
    const reviewer2 = (await call('/rest/noticeService/searchAudienceUsers', { keyword: 'reviewer2' })).body.data[0].userId;
    await ctx.database.db.delete(sysUserRole).where(and(eq(sysUserRole.roleId, reviewerRoleId), eq(sysUserRole.userId, Number(reviewer2))));
    await ctx.database.db.delete(sysUserRole).where(and(eq(sysUserRole.roleId, reviewerRoleId), eq(sysUserRole.userId, reviewer.id)));
    const res = await call('/rest/noticeService/SyncNoticeByIds', { ids: [noticeId] });
    expect(res.body).toMatchObject({ msg: '同步完成：新投递 1 人，收回 1 人', data: { delivered: 1, withdrawn: 1 } });
    const after = await receivers();
    expect(after).toEqual([reviewer.id, clerk.id].sort());
    expect(after.length).toBe(before.length);
    expect((await call('/rest/noticeService/SyncNoticeByIds', { ids: [noticeId] })).body.data).toMatchObject({ delivered: 0, withdrawn: 0 });
    // The former member who read it keeps the receipt, but no longer sees the notice.
    expect(await inboxOf(ctx, reviewer)).toEqual([]);
    expect(await inboxOf(ctx, clerk)).toEqual([noticeId]);
    const [log] = (await logs('SYNC')).slice(-2);
    expect(log!.summary).toBe('同步通知「关于开展 2026 年度评审的通知（修订）」：新投递 1 人，收回 1 人');
  });

  it('refuses to sync a draft or a missing notice', async () => {
    const draft = await addNotice(ctx, admin, noticeOf('未发布'));
    const res = await call('/rest/noticeService/SyncNoticeByIds', { ids: [noticeId, draft.noticeId] });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('只有已发布的通知可以同步：「未发布」');
    expect((await call('/rest/noticeService/SyncNoticeByIds', { ids: ['999999'] })).status).toBe(404);
  });

  it('revokes: gone for everyone at once; a draft cannot be revoked; released again it is unread again', async () => {
    const draft = (await call('/rest/noticeService/getNoticeByPage', { status: 'DRAFT' })).body.data.list[0];
    const notReleased = await call('/rest/noticeService/updateStatus', { noticeId: draft.noticeId, lockVersion: draft.lockVersion, status: 'REVOKED' });
    expect(notReleased.status).toBe(409);
    expect(notReleased.body.msg).toBe('只有已发布的通知可以撤回');
    await post(ctx.app, '/rest/noticeService/getMyNoticeById', { noticeId }, clerk.headers);
    const res = await call('/rest/noticeService/updateStatus', { noticeId, lockVersion: 2, status: 'REVOKED' });
    expect(res.body).toMatchObject({ msg: '已撤回', data: { status: 'REVOKED', revokeBy: 'admin', lockVersion: 3 } });
    expect(await inboxOf(ctx, clerk)).toEqual([]);
    expect((await post(ctx.app, '/rest/noticeService/getMyNoticeById', { noticeId }, clerk.headers)).status).toBe(404);
    expect((await logs('REVOKE'))[0]).toMatchObject({ summary: '撤回通知「关于开展 2026 年度评审的通知（修订）」' });
    // Corrected and released again: the clerk sees it unread.
    const fixed = await call('/rest/noticeService/updateNotice', {
      ...noticeOf('关于开展 2026 年度评审的通知（再版）'),
      audienceType: 'SCOPED',
      roleIds: [String(reviewerRoleId)],
      attachmentIds: [fileId],
      noticeId,
      lockVersion: 3,
      release: true,
    });
    expect(fixed.body).toMatchObject({ msg: '发布成功', data: { status: 'RELEASED', revokeTime: null } });
    const header = await post(ctx.app, '/rest/noticeService/getHeaderNotice', {}, clerk.headers);
    expect(header.body.data.notices.map((n: { noticeId: string }) => n.noticeId)).toEqual([noticeId]);
  });

  it('refuses to release a notice whose expiry has passed', async () => {
    const draft = await addNotice(ctx, admin, noticeOf('过期草稿', { expireTime: new Date(Date.now() + 60_000).toISOString() }));
    await ctx.database.db.update(sysNotice).set({ expireTime: new Date(Date.now() - 1000) }).where(eq(sysNotice.id, Number(draft.noticeId)));
    const res = await call('/rest/noticeService/updateStatus', { noticeId: draft.noticeId, lockVersion: 0, status: 'RELEASED' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('失效时间已过，不能发布，请修改失效时间');
  });

  it('deletes one (lock version checked) and many, all or nothing', async () => {
    expect((await call('/rest/noticeService/deleteNoticeById', { noticeId, lockVersion: 0 })).status).toBe(409);
    const one = await call('/rest/noticeService/deleteNoticeById', { noticeId });
    expect(one.body).toMatchObject({ code: '0000', msg: '删除成功' });
    expect(await inboxOf(ctx, clerk)).toEqual([]);
    expect((await call('/rest/noticeService/getNoticeById', { noticeId })).status).toBe(404);
    expect((await logs('DELETE')).at(-1)).toMatchObject({ entityId: noticeId, summary: '删除通知「关于开展 2026 年度评审的通知（再版）」' });
    const rest = (await call('/rest/noticeService/getNoticeByPage', {})).body.data.list.map((n: { noticeId: string }) => n.noticeId);
    const missing = await call('/rest/noticeService/deleteNoticeByIds', { ids: [...rest, noticeId] });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('部分通知不存在或已被删除');
    expect((await call('/rest/noticeService/getNoticeByPage', {})).body.data.total).toBe(rest.length);
    const all = await call('/rest/noticeService/deleteNoticeByIds', { ids: rest });
    expect(all.body).toMatchObject({ msg: '删除成功', data: { deleted: rest.length } });
    expect((await call('/rest/noticeService/getNoticeByPage', {})).body.data.total).toBe(0);
  });

  it('offers the audience pickers: roles, organisations, users by name', async () => {
    await createOrg(ctx, 'ORG_X', '测试研究院');
    const options = await call('/rest/noticeService/getAudienceOptions', {});
    expect(options.body.data.roles.map((r: { roleCode: string }) => r.roleCode)).toEqual(expect.arrayContaining(['ADMIN', 'REVIEWER', 'NOTICE_WRITER']));
    expect(options.body.data.orgs.map((o: { orgName: string }) => o.orgName)).toEqual(expect.arrayContaining(['测试研究院']));
    const users = await call('/rest/noticeService/searchAudienceUsers', { keyword: 'review' });
    expect(users.body.data.map((u: { username: string }) => u.username).sort()).toEqual(['reviewer', 'reviewer2']);
    expect(users.body.data[0].phone).toBeUndefined();
    const byId = await call('/rest/noticeService/searchAudienceUsers', { userIds: [String(clerk.id)] });
    expect(byId.body.data).toEqual([{ userId: String(clerk.id), username: 'clerk', realname: '测试clerk', orgName: null }]);
  });
});
