import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { createdBy } from '../../../core/records';
import { sysCaptcha } from '../../../db/schema';
import { sha256Hex } from '../../../core/token';
import { sysOperLog } from '../../../core/audit';
import { createPerson, createRole, signInAdmin, type Person } from '../../../../test/kits/messageTestKit';
import { sysMsg } from '../../message/msg/tables';
import { cmsComplaint } from './tables';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Person;
let lister: Person;
let applicant: Person;

const ADD = '/rest/complain/addComplain';
const CONSOLE_URLS = ['getComplainPage', 'detail', 'reply', 'close', 'delete'].map((m) => `/rest/complain/${m}`);
let address = 0;
/** Each submission test comes from its own address so the rate limit does not couple them. */
const nextIp = () => `10.0.0.${++address}`;

/** A captcha whose answer the test knows: the row /rest/captcha/png stores. */
async function knownCaptcha(code = 'abcd'): Promise<{ captchaKey: string; captchaCode: string }> {
  const captchaKey = `test-${Math.random().toString(36).slice(2)}`;
  await ctx.database.db.insert(sysCaptcha).values({ captchaKey, codeHash: sha256Hex(code), expiresAt: new Date(Date.now() + 60_000), ...createdBy(null) });
  return { captchaKey, captchaCode: code };
}

const valid = { title: '申报系统无法上传附件', content: '上传PDF时提示失败，请尽快处理。', complainantName: '王五', contact: '13800000000', email: 'wang@example.com' };
const submit = async (body: Record<string, unknown>, ip = nextIp(), headers: Record<string, string> = {}) =>
  post(ctx.app, ADD, { ...(await knownCaptcha()), ...body }, headers, { remoteAddress: ip });
const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAdmin(ctx);
  clerk = await createPerson(ctx, 'clerk');
  await createRole(ctx, 'COMPLAINT_READER', ['cms:complaint:list']);
  lister = await createPerson(ctx, 'lister', { roleCodes: ['COMPLAINT_READER'] });
  applicant = await createPerson(ctx, 'applicant');
});
afterAll(async () => {
  await ctx.app.close();
});

describe('POST /rest/complain/addComplain refuses', () => {
  it('invalid input with 400 and the exact Chinese message in the portal envelope, storing nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, title: '' }, '请输入标题'],
      [{ ...valid, title: '<b></b>' }, '请输入标题'],
      [{ ...valid, title: '长'.repeat(101) }, '标题不能超过100个字符'],
      [{ ...valid, content: undefined }, '请输入投诉建议内容'],
      [{ ...valid, content: '字'.repeat(2001) }, '投诉建议内容不能超过2000个字符'],
      [{ ...valid, complainantName: ' ' }, '请输入姓名'],
      [{ ...valid, contact: '' }, '请输入联系方式'],
      [{ ...valid, contact: '12345' }, '输入正确格式的联系方式'],
      [{ ...valid, contact: '138-0000-0000' }, '输入正确格式的联系方式'],
      [{ ...valid, email: 'not-an-email' }, '请输入正确格式的邮箱!'],
    ];
    for (const [body, message] of cases) {
      const res = await submit(body);
      expect(res.status, message).toBe(400);
      expect(res.body).toEqual({ rtnCode: '400', rtnMessage: message, dataSet: null });
    }
    const noCaptcha = await post(ctx.app, ADD, valid, {}, { remoteAddress: nextIp() });
    expect(noCaptcha.body.rtnMessage).toBe('请输入图形验证码');
    expect(await ctx.database.db.select().from(cmsComplaint)).toEqual([]);
  });

  it('a wrong, expired or spent captcha with 400', async () => {
    const wrong = await post(ctx.app, ADD, { ...valid, ...(await knownCaptcha('abcd')), captchaCode: 'zzzz' }, {}, { remoteAddress: nextIp() });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ rtnCode: '400', rtnMessage: '图形验证码错误或已过期，请重新获取', dataSet: null });
    const captchaKey = 'expired-captcha';
    await ctx.database.db.insert(sysCaptcha).values({ captchaKey, codeHash: sha256Hex('abcd'), expiresAt: new Date(Date.now() - 1000), ...createdBy(null) });
    expect((await post(ctx.app, ADD, { ...valid, captchaKey, captchaCode: 'abcd' }, {}, { remoteAddress: nextIp() })).body.rtnMessage).toBe('图形验证码错误或已过期，请重新获取');
    const captcha = await knownCaptcha();
    expect((await post(ctx.app, ADD, { ...valid, ...captcha }, {}, { remoteAddress: nextIp() })).status).toBe(200);
    expect((await post(ctx.app, ADD, { ...valid, ...captcha }, {}, { remoteAddress: nextIp() })).status).toBe(400);
    await ctx.database.db.delete(cmsComplaint);
  });

  it('a sixth submission from one address within ten minutes with 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await submit(valid, ip)).status).toBe(200);
    const sixth = await submit(valid, ip);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ rtnCode: '429', rtnMessage: '操作过于频繁，请稍后再试', dataSet: null });
    // Another address is not affected.
    expect((await submit(valid)).status).toBe(200);
    await ctx.database.db.delete(cmsComplaint);
  });
});

describe('POST /rest/complain/addComplain', () => {
  it('stores the complaint as plain text with the address, anonymous or with the signed-in user', async () => {
    const ip = nextIp();
    const res = await submit({ ...valid, content: '<p>上传失败<script>x</script></p>', email: '' }, ip);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rtnCode: '0000', rtnMessage: '提交成功，感谢您的反馈' });
    const id = Number(res.body.dataSet.complaintId);
    const [row] = await ctx.database.db.select().from(cmsComplaint).where(eq(cmsComplaint.id, id));
    expect(row).toMatchObject({ title: valid.title, content: '上传失败x', contact: '13800000000', email: null, ip, userId: null, status: 'PENDING' });

    for (const contact of ['010-12345678', '12345678', '123456']) expect((await submit({ ...valid, contact })).status, contact).toBe(200);
    const signed = await submit(valid, nextIp(), applicant.headers);
    const [mine] = await ctx.database.db.select().from(cmsComplaint).where(eq(cmsComplaint.id, Number(signed.body.dataSet.complaintId)));
    expect(mine!.userId).toBe(applicant.id);
  });
});

describe('complaint back office refuses', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    await expectRefusedToOutsiders(ctx.app, CONSOLE_URLS, clerk.headers);
    // The list code alone opens the list only.
    expect((await call('/rest/complain/getComplainPage', {}, lister.headers)).status).toBe(200);
    expect((await call('/rest/complain/reply', {}, lister.headers)).status).toBe(403);
  });

  it('bad filters and replies with 400 and the exact message', async () => {
    expect((await call('/rest/complain/getComplainPage', { status: 'OPEN' })).body.msg).toBe('状态只能是 PENDING、REPLIED 或 CLOSED');
    expect((await call('/rest/complain/getComplainPage', { beginTime: '2026-03-02T00:00:00Z', endTime: '2026-03-01T00:00:00Z' })).body.msg).toBe('开始时间不能晚于结束时间');
    const [row] = await ctx.database.db.select().from(cmsComplaint).limit(1);
    const empty = await call('/rest/complain/reply', { complaintId: String(row!.id), lockVersion: row!.lockVersion, reply: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('请输入回复内容');
    expect((await call('/rest/complain/detail', { complaintId: '99999999' })).status).toBe(404);
  });
});

describe('complaint back office', () => {
  it('lists by status, keyword and time, newest first', async () => {
    await submit({ ...valid, title: '专家库遴选建议', complainantName: '赵六' });
    const all = await call('/rest/complain/getComplainPage', { pageParameter: { pageNum: 1, pageSize: 50 } });
    expect(all.status).toBe(200);
    expect(all.body.data.list[0].title).toBe('专家库遴选建议');
    expect(all.body.data.list[0]).toMatchObject({ status: 'PENDING', reply: null, lockVersion: 0 });
    const byKeyword = await call('/rest/complain/getComplainPage', { keyword: '赵六' });
    expect(byKeyword.body.data.total).toBe(1);
    const later = await call('/rest/complain/getComplainPage', { beginTime: new Date(Date.now() + 60_000).toISOString() });
    expect(later.body.data.total).toBe(0);
    expect((await call('/rest/complain/getComplainPage', { status: 'CLOSED' })).body.data.total).toBe(0);
  });

  it('replies (messaging a signed-in sender), refuses a stale version, closes, then refuses to reply or close again', async () => {
    const sent = await submit({ ...valid, title: '请增加夜间客服' }, nextIp(), applicant.headers);
    const complaintId = sent.body.dataSet.complaintId;
    const detail = await call('/rest/complain/detail', { complaintId });
    expect(detail.body.data).toMatchObject({ complaintId, title: '请增加夜间客服', userId: String(applicant.id), status: 'PENDING' });

    const replied = await call('/rest/complain/reply', { complaintId, lockVersion: 0, reply: '已安排夜间值班。' });
    expect(replied.status).toBe(200);
    expect(replied.body.data).toMatchObject({ status: 'REPLIED', reply: '已安排夜间值班。', replyBy: 'admin', lockVersion: 1 });
    expect(replied.body.data.replyTime).toMatch(/^\d{4}-/);
    const [message] = await ctx.database.db.select().from(sysMsg).where(eq(sysMsg.userId, applicant.id)).orderBy(desc(sysMsg.id));
    expect(message).toMatchObject({ title: '您的投诉建议「请增加夜间客服」已回复', content: '已安排夜间值班。' });
    const [log] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'cms:complaint'), eq(sysOperLog.action, 'REPLY')));
    expect(log).toMatchObject({ entityId: complaintId, username: 'admin', summary: '回复投诉建议「请增加夜间客服」' });

    const stale = await call('/rest/complain/reply', { complaintId, lockVersion: 0, reply: '再次回复' });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');

    const closed = await call('/rest/complain/close', { complaintId, lockVersion: 1 });
    expect(closed.status).toBe(200);
    expect(closed.body.data.status).toBe('CLOSED');
    const again = await call('/rest/complain/reply', { complaintId, lockVersion: 2, reply: '补充' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('该投诉建议已关闭，不能再回复');
    expect((await call('/rest/complain/close', { complaintId, lockVersion: 2 })).body.msg).toBe('该投诉建议已关闭');
    expect((await call('/rest/complain/getComplainPage', { status: 'CLOSED' })).body.data.total).toBe(1);
  });

  it('deletes softly, with a log row, and the complaint is gone from list and detail', async () => {
    const sent = await submit({ ...valid, title: '待删除的投诉' });
    const complaintId = sent.body.dataSet.complaintId;
    expect((await call('/rest/complain/delete', { complaintId, lockVersion: 5 })).status).toBe(409);
    const res = await call('/rest/complain/delete', { complaintId, lockVersion: 0 });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('删除成功');
    expect((await call('/rest/complain/detail', { complaintId })).status).toBe(404);
    expect((await call('/rest/complain/getComplainPage', { keyword: '待删除' })).body.data.total).toBe(0);
    const [row] = await ctx.database.db.select().from(cmsComplaint).where(eq(cmsComplaint.id, Number(complaintId)));
    expect(row!.delFlag).toBe(1);
    const [log] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'cms:complaint'), eq(sysOperLog.action, 'DELETE')));
    expect(log!.entityId).toBe(complaintId);
  });
});
