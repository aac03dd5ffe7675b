import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../../../app';
import { createTestApp, post, testConfig, type TestContext } from '../../../../test/helpers/testApp';
import { sysOperLog } from '../../../core/audit';
import { startFakeSmtp, readMail } from '../../../../test/kits/fakeSmtpServer';
import { createPerson, signInAdmin, type Person } from '../../../../test/kits/messageTestKit';
import { sysMsg } from '../msg/tables';
import { sysSmsLog } from '../sms/tables';
import { sysMsgSendLog, sysMsgTemplate } from './tables';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Person;
let zhang: Person;
let li: Person;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const URLS = ['getTemplateByPage', 'getTemplateById', 'addTemplate', 'updateTemplate', 'deleteTemplateById', 'deleteTemplateByIds', 'sendMsg', 'getSendLogByPage', 'searchRecipients'].map(
  (m) => `/rest/templateService/${m}`,
);
const siteTemplate = {
  templateCode: 'REVIEW_PASSED',
  templateName: '评审通过通知',
  channel: 'SITE',
  title: '${prize}评审结果',
  content: '${name}，您好：您申报的${prize}已通过评审。',
  sampleValues: { name: '张三', prize: '科技进步奖', unused: '丢弃' },
};

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAdmin(ctx);
  clerk = await createPerson(ctx, 'clerk', { roleCodes: ['APPLICANT'] });
  zhang = await createPerson(ctx, 'zhang', { phone: '13800000001', email: 'zhang@example.edu.cn' });
  li = await createPerson(ctx, 'li');
});
afterAll(async () => {
  await ctx.app.close();
});

describe('template calls refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    await expectRefusedToOutsiders(ctx.app, URLS, clerk.headers);
  });

  it('invalid templates with 400 and the exact message, storing nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...siteTemplate, templateCode: '1ABC' }, '模板编码只能包含字母、数字和下划线，且以字母开头'],
      [{ ...siteTemplate, templateName: ' ' }, '请输入模板名称'],
      [{ ...siteTemplate, channel: 'FAX' }, '发送渠道只能是 SITE（站内消息）、SMS（短信）或 EMAIL（电子邮件）'],
      [{ ...siteTemplate, title: '' }, '请输入消息标题'],
      [{ ...siteTemplate, channel: 'EMAIL', title: null }, '请输入邮件主题'],
      [{ ...siteTemplate, content: '' }, '请输入模板内容'],
      [{ ...siteTemplate, content: '您好 ${1name}' }, '变量 ${1name} 写法不正确：变量名只能包含字母、数字和下划线，且不能以数字开头'],
      [{ ...siteTemplate, content: '您好 ${name' }, '第 4 个字符处的 ${ 没有对应的 }'],
      [{ ...siteTemplate, channel: 'SMS', content: '字'.repeat(501) }, '短信模板内容不能超过500个字符'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/templateService/addTemplate', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await ctx.database.db.select().from(sysMsgTemplate)).toHaveLength(0);
  });
});

describe('template administration', () => {
  let templateId: string;

  it('adds a template: its variables listed, sample values kept only for them, an operation-log row', async () => {
    const res = await call('/rest/templateService/addTemplate', siteTemplate);
    expect(res.body).toMatchObject({
      code: '0000',
      msg: '新增成功',
      data: { templateCode: 'REVIEW_PASSED', variables: ['prize', 'name'], sampleValues: { name: '张三', prize: '科技进步奖' }, status: 'NORMAL', lockVersion: 0 },
    });
    templateId = res.body.data.templateId;
    const [log] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'message:template'), eq(sysOperLog.action, 'CREATE')));
    expect(log).toMatchObject({ entityId: templateId, summary: '新增消息模板「评审通过通知」' });
    const dup = await call('/rest/templateService/addTemplate', { ...siteTemplate, templateName: '重复' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('模板编码已存在，请更换后重试');
  });

  it('updates under the lock version; a stale one gets 409', async () => {
    const res = await call('/rest/templateService/updateTemplate', { ...siteTemplate, remark: '年度评审', templateId, lockVersion: 0 });
    expect(res.body).toMatchObject({ msg: '修改成功', data: { remark: '年度评审', lockVersion: 1 } });
    const stale = await call('/rest/templateService/updateTemplate', { ...siteTemplate, templateId, lockVersion: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    expect((await call('/rest/templateService/getTemplateById', { templateId })).body.data).toMatchObject({ lockVersion: 1, variables: ['prize', 'name'] });
  });

  it('pages with filters', async () => {
    await call('/rest/templateService/addTemplate', { templateCode: 'SMS_REMIND', templateName: '短信提醒', channel: 'SMS', content: '【蒲公英】${name}，请于${date}前提交材料。' });
    await call('/rest/templateService/addTemplate', { templateCode: 'MAIL_RESULT', templateName: '邮件结果', channel: 'EMAIL', title: '${prize}结果', content: '${name}：${prize}已公布。' });
    expect((await call('/rest/templateService/getTemplateByPage', {})).body.data.total).toBe(3);
    expect((await call('/rest/templateService/getTemplateByPage', { channel: 'SMS' })).body.data.list.map((t: { templateCode: string }) => t.templateCode)).toEqual(['SMS_REMIND']);
    expect((await call('/rest/templateService/getTemplateByPage', { templateName: '评审' })).body.data.total).toBe(1);
    const sms = (await call('/rest/templateService/getTemplateByPage', { channel: 'SMS' })).body.data.list[0];
    expect(sms.title).toBeNull();
  });

  it('refuses to send with unknown or missing variables, naming them, and to unknown users; sends nothing', async () => {
    const send = (body: Record<string, unknown>) => call('/rest/templateService/sendMsg', { templateId, userIds: [String(zhang.id)], ...body });
    const unknown = await send({ values: { name: '张三', prize: '科技进步奖', year: 2026, city: '北京' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('模板中没有这些变量：year、city');
    const missing = await send({ values: { name: ' ' } });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('缺少模板变量的值：prize、name');
    const nobody = await send({ userIds: ['999999'], values: { name: '张三', prize: '奖' } });
    expect(nobody.status).toBe(400);
    expect(nobody.body.msg).toBe('部分收信人不存在或已被删除');
    expect((await send({ userIds: [], values: {} })).body.msg).toBe('请选择收信人');
    expect((await call('/rest/templateService/sendMsg', { userIds: [String(zhang.id)] })).body.msg).toBe('请选择消息模板');
    expect((await call('/rest/templateService/sendMsg', { templateCode: 'NOPE', userIds: [String(zhang.id)] })).status).toBe(404);
    expect(await ctx.database.db.select().from(sysMsg)).toHaveLength(0);
    expect(await ctx.database.db.select().from(sysMsgSendLog)).toHaveLength(0);
  });

  it('sends an in-site message to each recipient, rendered, with a send-log row each', async () => {
    const res = await call('/rest/templateService/sendMsg', { templateCode: 'REVIEW_PASSED', userIds: [String(zhang.id), String(li.id)], values: { name: '张三', prize: '科技进步奖' } });
    expect(res.body).toMatchObject({ code: '0000', msg: '已发送 2 条', data: { total: 2, sent: 2, failed: 0 } });
    const inbox = await post(ctx.app, '/rest/msg/getMyMsgList', {}, li.headers);
    expect(inbox.body.data.list[0]).toMatchObject({ title: '科技进步奖评审结果', content: '张三，您好：您申报的科技进步奖已通过评审。', category: 'TEMPLATE', createBy: 'admin' });
    const logs = await ctx.database.db.select().from(sysMsgSendLog).where(eq(sysMsgSendLog.batchId, res.body.data.batchId));
    expect(logs.map((l) => [l.recipientName, l.address, l.status, l.provider]).sort()).toEqual([
      ['测试li', 'li', 'SENT', 'SITE'],
      ['测试zhang', 'zhang', 'SENT', 'SITE'],
    ]);
    const [log] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'message:template'), eq(sysOperLog.action, 'SEND')));
    expect(log!.summary).toBe('使用模板「评审通过通知」发送2/2条');
  });

  it('sends SMS through the SMS service and its log; a recipient without a phone is logged FAILED', async () => {
    const res = await call('/rest/templateService/sendMsg', { templateCode: 'SMS_REMIND', userIds: [String(zhang.id), String(li.id)], values: { name: '张三', date: '3月31日' } });
    expect(res.body).toMatchObject({ msg: '已发送 1 条，失败 1 条', data: { total: 2, sent: 1, failed: 1 } });
    const [sms] = await ctx.database.db.select().from(sysSmsLog).where(eq(sysSmsLog.phone, '13800000001'));
    expect(sms).toMatchObject({ purpose: 'TEMPLATE', provider: 'LOG', status: 'SENT', content: '【蒲公英】张三，请于3月31日前提交材料。', createBy: 'admin' });
    const logs = await ctx.database.db.select().from(sysMsgSendLog).where(eq(sysMsgSendLog.batchId, res.body.data.batchId));
    expect(logs.find((l) => l.userId === li.id)).toMatchObject({ status: 'FAILED', error: '用户未绑定手机号', address: null });
    expect(logs.find((l) => l.userId === zhang.id)).toMatchObject({ status: 'SENT', address: '13800000001', provider: 'LOG' });
  });

  it('records e-mail when no SMTP server is set; a recipient without an address is logged FAILED', async () => {
    const res = await call('/rest/templateService/sendMsg', { templateCode: 'MAIL_RESULT', userIds: [String(zhang.id), String(li.id)], values: { name: '张三', prize: '自然科学奖' } });
    expect(res.body.data).toMatchObject({ sent: 1, failed: 1 });
    const logs = await ctx.database.db.select().from(sysMsgSendLog).where(eq(sysMsgSendLog.batchId, res.body.data.batchId));
    expect(logs.find((l) => l.userId === zhang.id)).toMatchObject({ status: 'SENT', provider: 'LOG', address: 'zhang@example.edu.cn', title: '自然科学奖结果' });
    expect(logs.find((l) => l.userId === li.id)).toMatchObject({ status: 'FAILED', error: '用户未设置邮箱' });
  });

  it('sends e-mail through the configured SMTP server, and logs a refusal with its reason', async () => {
    for (const rejectRecipients of [false, true]) {
      const smtp = await startFakeSmtp({ rejectRecipients });
      const app = await buildApp({
        config: { ...testConfig, SMTP_HOST: '127.0.0.1', SMTP_PORT: smtp.port, SMTP_SECURE: false, SMTP_FROM: '蒲公英 <noreply@example.edu.cn>' },
        database: ctx.database,
        serveWeb: false,
      });
      await app.ready();
      try {
        const res = await post(app, '/rest/templateService/sendMsg', { templateCode: 'MAIL_RESULT', userIds: [String(zhang.id)], values: { name: '张三', prize: '技术发明奖' } }, admin);
        const [log] = await ctx.database.db.select().from(sysMsgSendLog).where(eq(sysMsgSendLog.batchId, res.body.data.batchId));
        if (!rejectRecipients) {
          expect(res.body.data).toMatchObject({ sent: 1, failed: 0 });
          expect(log).toMatchObject({ status: 'SENT', provider: 'SMTP' });
          expect(smtp.received[0]!.to).toEqual(['zhang@example.edu.cn']);
          expect(readMail(smtp.received[0]!.data)).toEqual({ subject: '技术发明奖结果', text: '张三：技术发明奖已公布。' });
        } else {
          expect(res.body.data).toMatchObject({ sent: 0, failed: 1 });
          expect(log).toMatchObject({ status: 'FAILED', provider: 'SMTP' });
          expect(log!.error).toContain('550');
        }
      } finally {
        await app.close();
        await smtp.close();
      }
    }
  });

  it('refuses to send from a disabled template', async () => {
    const t = (await call('/rest/templateService/getTemplateByPage', { templateCode: 'SMS_REMIND' })).body.data.list[0];
    await call('/rest/templateService/updateTemplate', { ...t, status: 'DISABLED', templateId: t.templateId, lockVersion: t.lockVersion });
    const res = await call('/rest/templateService/sendMsg', { templateId: t.templateId, userIds: [String(zhang.id)], values: { name: '张三', date: '明天' } });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('消息模板「短信提醒」已停用，不能发送');
  });

  it('pages the send log with filters', async () => {
    const all = await call('/rest/templateService/getSendLogByPage', { pageParameter: { pageNum: 1, pageSize: 50 } });
    expect(all.body.data.total).toBe(8);
    expect(all.body.data.list[0]).toMatchObject({ templateCode: 'MAIL_RESULT', channel: 'EMAIL', createBy: 'admin' });
    expect((await call('/rest/templateService/getSendLogByPage', { status: 'FAILED' })).body.data.total).toBe(3);
    expect((await call('/rest/templateService/getSendLogByPage', { channel: 'SITE', templateId })).body.data.total).toBe(2);
    expect((await call('/rest/templateService/getSendLogByPage', { keyword: '13800000001' })).body.data.total).toBe(1);
  });

  it('finds recipients by name for the send dialog', async () => {
    const res = await call('/rest/templateService/searchRecipients', { keyword: 'zha' });
    expect(res.body.data.map((u: { username: string }) => u.username)).toEqual(['zhang']);
  });

  it('deletes one and many, all or nothing; the send log stays', async () => {
    const list = (await call('/rest/templateService/getTemplateByPage', {})).body.data.list.map((t: { templateId: string }) => t.templateId);
    expect((await call('/rest/templateService/deleteTemplateById', { templateId, lockVersion: 0 })).status).toBe(409);
    expect((await call('/rest/templateService/deleteTemplateById', { templateId })).body).toMatchObject({ msg: '删除成功' });
    const rest = list.filter((id: string) => id !== templateId);
    expect((await call('/rest/templateService/deleteTemplateByIds', { ids: [...rest, templateId] })).status).toBe(404);
    expect((await call('/rest/templateService/getTemplateByPage', {})).body.data.total).toBe(2);
    expect((await call('/rest/templateService/deleteTemplateByIds', { ids: rest })).body.data).toEqual({ deleted: 2 });
    expect((await call('/rest/templateService/getTemplateByPage', {})).body.data.total).toBe(0);
    expect((await call('/rest/templateService/getSendLogByPage', {})).body.data.total).toBe(8);
  });
});
