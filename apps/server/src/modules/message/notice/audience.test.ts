import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { get, createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { sysRole } from '../../system/role/tables';
import { sysUser, sysUserRole } from '../../system/user/tables';
import { addNotice, createOrg, createPerson, inboxOf, noticeOf, signInAdmin, upload, type Person } from '../../../../test/kits/messageTestKit';
import { sysNotice } from './tables';

/*
 * Who sees which notice, from every angle: everyone, a role, an organisation with and without its
 * sub-organisations, chosen users; and never a draft, a future, expired, revoked or deleted notice.
 */

let ctx: TestContext;
let admin: Record<string, string>;
let reviewerRoleId: number;
const people = {} as Record<'reviewer' | 'instituteStaff' | 'labStaff' | 'universityStaff' | 'loner', Person>;
const n = {} as Record<'all' | 'role' | 'orgTree' | 'orgOnly' | 'user' | 'draft' | 'future' | 'expired' | 'revoked' | 'deleted', string>;
let lockOf: Record<string, number>;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const release = async (id: string) => {
  const res = await call('/rest/noticeService/updateStatus', { noticeId: id, lockVersion: lockOf[id] ?? 0, status: 'RELEASED' });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  lockOf[id] = res.body.data.lockVersion;
};
const sorted = (ids: string[]) => [...ids].sort((a, b) => Number(a) - Number(b));

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAdmin(ctx);
  lockOf = {};
  reviewerRoleId = (await ctx.database.db.select().from(sysRole).where(eq(sysRole.roleCode, 'REVIEWER')))[0]!.id;
  // 研究院 ⊃ 一所; 大学 beside them.
  const institute = await createOrg(ctx, 'INSTITUTE', '研究院');
  const lab = await createOrg(ctx, 'LAB_1', '一所', institute);
  const university = await createOrg(ctx, 'UNIVERSITY', '大学');
  people.reviewer = await createPerson(ctx, 'reviewer', { roleCodes: ['REVIEWER'], orgId: university.id });
  people.instituteStaff = await createPerson(ctx, 'institute', { roleCodes: ['APPLICANT'], orgId: institute.id });
  people.labStaff = await createPerson(ctx, 'labstaff', { roleCodes: ['APPLICANT'], orgId: lab.id });
  people.universityStaff = await createPerson(ctx, 'university', { roleCodes: ['APPLICANT'], orgId: university.id });
  people.loner = await createPerson(ctx, 'loner');

  const scoped = (extra: Record<string, unknown>) => ({ audienceType: 'SCOPED', ...extra });
  n.all = (await addNotice(ctx, admin, noticeOf('全体通知'))).noticeId;
  n.role = (await addNotice(ctx, admin, noticeOf('审核员通知', scoped({ roleIds: [String(reviewerRoleId)] })))).noticeId;
  n.orgTree = (await addNotice(ctx, admin, noticeOf('研究院及下级通知', scoped({ orgIds: [String(institute.id)] })))).noticeId;
  n.orgOnly = (await addNotice(ctx, admin, noticeOf('仅研究院本级通知', scoped({ orgIds: [String(institute.id)], includeSubOrgs: false })))).noticeId;
  n.user = (await addNotice(ctx, admin, noticeOf('个人通知', scoped({ userIds: [String(people.loner.id)] })))).noticeId;
  n.draft = (await addNotice(ctx, admin, noticeOf('草稿通知'))).noticeId;
  n.future = (await addNotice(ctx, admin, noticeOf('明天的通知', { publishTime: new Date(Date.now() + 86_400_000).toISOString() }))).noticeId;
  n.expired = (await addNotice(ctx, admin, noticeOf('已过期通知', { expireTime: new Date(Date.now() + 60_000).toISOString() }))).noticeId;
  n.revoked = (await addNotice(ctx, admin, noticeOf('已撤回通知'))).noticeId;
  n.deleted = (await addNotice(ctx, admin, noticeOf('已删除通知'))).noticeId;
  for (const id of [n.all, n.role, n.orgTree, n.orgOnly, n.user, n.future, n.expired, n.revoked, n.deleted]) await release(id);
  await ctx.database.db.update(sysNotice).set({ expireTime: new Date(Date.now() - 1000) }).where(eq(sysNotice.id, Number(n.expired)));
  await call('/rest/noticeService/updateStatus', { noticeId: n.revoked, lockVersion: lockOf[n.revoked], status: 'REVOKED' });
  await call('/rest/noticeService/deleteNoticeById', { noticeId: n.deleted });
});
afterAll(async () => {
  await ctx.app.close();
});

describe('what each user sees', () => {
  it('everyone gets ALL; the role, the organisation tree, the organisation alone and the chosen user get theirs only', async () => {
    const expected: Record<keyof typeof people, string[]> = {
      reviewer: [n.all, n.role],
      instituteStaff: [n.all, n.orgTree, n.orgOnly],
      labStaff: [n.all, n.orgTree],
      universityStaff: [n.all],
      loner: [n.all, n.user],
    };
    for (const [who, ids] of Object.entries(expected) as Array<[keyof typeof people, string[]]>) {
      expect(sorted(await inboxOf(ctx, people[who])), who).toEqual(sorted(ids));
    }
    // The administrator is in the root organisation above 研究院: a parent is not a sub-organisation.
    expect(await inboxOf(ctx, { headers: admin } as Person)).toEqual([n.all]);
  });

  it('never opens a notice not meant for the caller, a draft, a future, expired, revoked or deleted one', async () => {
    const hidden = [n.role, n.orgTree, n.orgOnly, n.user, n.draft, n.future, n.expired, n.revoked, n.deleted];
    for (const id of hidden) {
      const res = await call('/rest/noticeService/getMyNoticeById', { noticeId: id }, people.universityStaff.headers);
      expect(res.status, id).toBe(404);
      expect(res.body.msg).toBe('通知不存在或已被删除');
      expect((await call('/rest/noticeService/updateReadStatus', { noticeIds: [id] }, people.universityStaff.headers)).status, id).toBe(404);
    }
    const header = await call('/rest/noticeService/getHeaderNotice', {}, people.universityStaff.headers);
    expect(header.body.data).toMatchObject({ noticeUnread: 1, msgUnread: 0, unreadCount: 1 });
    expect(header.body.data.notices.map((x: { noticeId: string }) => x.noticeId)).toEqual([n.all]);
  });

  it('shows a future notice once its publish time comes, without a new release', async () => {
    expect(await inboxOf(ctx, people.loner)).not.toContain(n.future);
    await ctx.database.db.update(sysNotice).set({ publishTime: new Date(Date.now() - 1000) }).where(eq(sysNotice.id, Number(n.future)));
    expect(await inboxOf(ctx, people.loner)).toContain(n.future);
    expect(await inboxOf(ctx, people.reviewer)).toContain(n.future);
  });

  it('reads: opening marks read, the unread filter and count follow; all read clears only what the user sees', async () => {
    const reviewer = people.reviewer;
    const before = await call('/rest/noticeService/getHeaderNotice', { limit: 1 }, reviewer.headers);
    expect(before.body.data).toMatchObject({ noticeUnread: 3, unreadCount: 3 });
    expect(before.body.data.notices).toHaveLength(1);
    const opened = await call('/rest/noticeService/getMyNoticeById', { noticeId: n.role }, reviewer.headers);
    expect(opened.body.data).toMatchObject({ noticeId: n.role, title: '审核员通知', content: '<p>审核员通知的正文</p>', readFlag: 1, attachments: [] });
    expect(opened.body.data.readTime).not.toBeNull();
    expect(await inboxOf(ctx, reviewer, { readFlag: 1 })).toEqual([n.role]);
    expect(sorted(await inboxOf(ctx, reviewer, { readFlag: 0 }))).toEqual(sorted([n.all, n.future]));
    // Another user's copy is untouched.
    expect(await inboxOf(ctx, people.loner, { readFlag: 1 })).toEqual([]);
    const one = await call('/rest/noticeService/updateReadStatus', { noticeIds: [n.all] }, reviewer.headers);
    expect(one.body).toMatchObject({ msg: '已标记为已读', data: { updated: 1, unreadCount: 1 } });
    const all = await call('/rest/noticeService/updateReadStatus', { all: true }, reviewer.headers);
    expect(all.body.data).toEqual({ updated: 1, unreadCount: 0 });
    expect((await call('/rest/noticeService/updateReadStatus', {}, reviewer.headers)).body.msg).toBe('请选择要标记为已读的通知');
    expect((await call('/rest/noticeService/getNoticeByUserPage', { readFlag: 2 }, reviewer.headers)).body.msg).toBe('阅读状态只能是 0（未读）或 1（已读）');
  });

  it('follows audience changes at once: a role taken away hides the notice, a new holder finds it without a sync', async () => {
    await ctx.database.db.delete(sysUserRole).where(and(eq(sysUserRole.userId, people.reviewer.id), eq(sysUserRole.roleId, reviewerRoleId)));
    expect(await inboxOf(ctx, people.reviewer)).not.toContain(n.role);
    expect((await call('/rest/noticeService/getMyNoticeById', { noticeId: n.role }, people.reviewer.headers)).status).toBe(404);
    const newcomer = await createPerson(ctx, 'newcomer', { roleCodes: ['REVIEWER'] });
    expect(sorted(await inboxOf(ctx, newcomer))).toEqual(sorted([n.all, n.role, n.future]));
    // A disabled role counts for nothing.
    await ctx.database.db.update(sysRole).set({ status: 'DISABLED' }).where(eq(sysRole.id, reviewerRoleId));
    expect(await inboxOf(ctx, newcomer)).not.toContain(n.role);
    await ctx.database.db.update(sysRole).set({ status: 'NORMAL' }).where(eq(sysRole.id, reviewerRoleId));
    // Moving to another organisation moves the notices with it.
    const [lab] = await ctx.database.db.select({ orgId: sysUser.orgId }).from(sysUser).where(eq(sysUser.id, people.labStaff.id));
    await ctx.database.db.update(sysUser).set({ orgId: null }).where(eq(sysUser.id, people.labStaff.id));
    expect(await inboxOf(ctx, people.labStaff)).not.toContain(n.orgTree);
    await ctx.database.db.update(sysUser).set({ orgId: lab!.orgId }).where(eq(sysUser.id, people.labStaff.id));
    expect(await inboxOf(ctx, people.labStaff)).toContain(n.orgTree);
  });
});

describe('attachments follow the notice', () => {
  it('its audience and administrators may download them; nobody else, and nobody once it is revoked', async () => {
    const fileId = await upload(ctx, admin, '名单.png');
    const inline = await upload(ctx, admin, '插图.png');
    const notice = await addNotice(ctx, admin, {
      title: '附件通知',
      content: `<p>见附件</p><p><img src="/stream/fms/downloads/1?fileId=${inline}&amp;filename=插图.png"></p>`,
      audienceType: 'SCOPED',
      userIds: [String(people.loner.id)],
      attachmentIds: [fileId],
      release: true,
    });
    const fetchFile = (id: string, token?: string) =>
      get(ctx.app, `/stream/fms/downloads/1?fileId=${id}&filename=x.png${token ? `&authorization=${encodeURIComponent(token)}` : ''}`);
    for (const id of [fileId, inline]) {
      expect((await fetchFile(id, people.loner.token)).status, id).toBe(200);
      expect((await fetchFile(id, people.universityStaff.token)).status, id).toBe(404);
      expect((await fetchFile(id)).status, id).toBe(401);
    }
    const opened = await call('/rest/noticeService/getMyNoticeById', { noticeId: notice.noticeId }, people.loner.headers);
    expect(opened.body.data).toMatchObject({ attachmentCount: 1, attachments: [{ fileId, filename: '名单.png' }] });
    await call('/rest/noticeService/updateStatus', { noticeId: notice.noticeId, lockVersion: notice.lockVersion, status: 'REVOKED' });
    expect((await fetchFile(fileId, people.loner.token)).status).toBe(404);
  });
});

describe('public notices on the portal', () => {
  it('lists and shows released public notices in the portal envelope; others answer 404', async () => {
    const fileId = await upload(ctx, admin, '公示附件.png');
    const open = await addNotice(ctx, admin, { ...noticeOf('面向社会的公示'), isPublic: true, attachmentIds: [fileId], release: true });
    const later = await addNotice(ctx, admin, {
      ...noticeOf('明天公开的公示'),
      isPublic: true,
      publishTime: new Date(Date.now() + 86_400_000).toISOString(),
      release: true,
    });
    const list = await post(ctx.app, '/rest/noticeService/getPublicNoticeByPage', {});
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ rtnCode: '0000', dataSet: { total: 1, pageNum: 1, pageSize: 10 } });
    expect(list.body.dataSet.list).toEqual([
      { noticeId: open.noticeId, title: '面向社会的公示', summary: '面向社会的公示的正文', priority: 'NORMAL', publishTime: expect.any(String) },
    ]);
    const detail = await post(ctx.app, '/rest/noticeService/getPublicNoticeById', { noticeId: open.noticeId });
    expect(detail.body).toMatchObject({ rtnCode: '0000', dataSet: { title: '面向社会的公示', content: '<p>面向社会的公示的正文</p>', attachments: [{ fileId, filename: '公示附件.png' }] } });
    expect((await get(ctx.app, `/stream/fms/downloads/1?fileId=${fileId}&filename=a.png`)).status).toBe(200);
    for (const id of [later.noticeId, n.all, n.revoked]) {
      const hidden = await post(ctx.app, '/rest/noticeService/getPublicNoticeById', { noticeId: id });
      expect(hidden.status, id).toBe(404);
      expect(hidden.body).toEqual({ rtnCode: '404', rtnMessage: '通知不存在或已被删除', dataSet: null });
    }
    await call('/rest/noticeService/updateStatus', { noticeId: open.noticeId, lockVersion: open.lockVersion, status: 'REVOKED' });
    expect((await post(ctx.app, '/rest/noticeService/getPublicNoticeByPage', {})).body.dataSet.total).toBe(0);
    expect((await get(ctx.app, `/stream/fms/downloads/1?fileId=${fileId}&filename=a.png`)).status).toBe(401);
  });
});
