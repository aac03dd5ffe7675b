import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../../../app';
import { createdBy } from '../../../core/records';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, testConfig, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysLoginLog } from '../../../db/schema';
import { webhookSignature } from './providers';
import { sysSmsLog, sysVerifyCode } from './tables';
import { latestSms, latestSmsCode } from '../../../../test/kits/smsTestKit';
import { download, sheetRows } from '../../../../test/helpers/excel';
import { sysOperLog } from '../../../core/audit';

let ctx: TestContext;
let adminToken: string;
let applicantToken: string;
const SMS = '/rest/captcha/sms';
const PHONE_LOGIN = '/callback?client_name=captcha_client';
const from = (ip: string) => ({ remoteAddress: ip });

beforeAll(async () => {
  ctx = await createTestApp();
  await createAccount(ctx.database, { username: 'smsuser', password: 'Smsuser@2026', phone: '13900139000', roleCodes: ['APPLICANT'] });
  adminToken = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
  applicantToken = await signIn(ctx.app, 'smsuser', 'Smsuser@2026');
});
afterAll(async () => {
  await ctx.app.close();
});

describe('SMS log: refusals', () => {
  it('answers 401 anonymously and 403 without message:sms:list / message:sms:del', async () => {
    for (const [url, body] of [['/rest/smsService/getSmsByPage', {}], ['/rest/smsService/deleteSmsById', { id: '1' }], ['/rest/smsService/deleteSmsByIds', { ids: ['1'] }], ['/rest/smsService/exportSms', {}]] as const) {
      expect((await post(ctx.app, url, body)).status).toBe(401);
      const res = await post(ctx.app, url, body, { authorization: applicantToken });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: '403', msg: '没有权限执行此操作' });
    }
  });
});

describe('POST /rest/captcha/sms', () => {
  it('refuses a malformed phone or purpose with the spec message', async () => {
    for (const body of [{ phone: '12345' }, {}, { phone: '12800138000' }]) {
      const res = await post(ctx.app, SMS, body, {}, from('10.0.1.1'));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: '400', success: false, msg: '您的手机号码格式不正确!' });
    }
    expect((await post(ctx.app, SMS, { phone: '13900139000', purpose: 'OTHER' }, {}, from('10.0.1.1'))).body.msg).toBe('不支持的验证码用途');
  });

  it('refuses REGISTER: a registration code is sent only behind an image captcha (/rest/register/sendRegisterCode)', async () => {
    const res = await post(ctx.app, SMS, { phone: '13700000020', purpose: 'REGISTER' }, {}, from('10.0.1.2'));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: '400', success: false, msg: '注册验证码请在注册页输入图形验证码后获取' });
    expect(await latestSms(ctx.app, adminToken, '13700000020')).toBeNull();
  });

  it('refuses BIND_PHONE for a phone another account holds with 409', async () => {
    const res = await post(ctx.app, SMS, { phone: '13900139000', purpose: 'BIND_PHONE' }, {}, from('10.0.1.2'));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: '409', msg: '该手机号已被其他账号绑定' });
  });

  it('sends a 6-digit code through the log provider, stores only its hash, and refuses a resend within 60 s', async () => {
    const res = await post(ctx.app, SMS, { phone: '13900139000' }, {}, from('10.0.1.3'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: '0000', data: { expiresIn: 300, resendIn: 60 } });
    const sms = await latestSms(ctx.app, adminToken, '13900139000');
    expect(sms).toMatchObject({ status: 'SENT', provider: 'LOG' });
    expect(sms!.content).toMatch(/^【蒲公英】您的验证码为 \d{6}，5 分钟内有效。如非本人操作请忽略。$/);
    const code = await latestSmsCode(ctx.app, adminToken, '13900139000');
    const [stored] = await ctx.database.db.select().from(sysVerifyCode).where(eq(sysVerifyCode.phone, '13900139000'));
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored!.expiresAt.getTime() - stored!.createTime.getTime()).toBeGreaterThan(299_000);

    const again = await post(ctx.app, SMS, { phone: '13900139000', purpose: 'LOGIN' }, {}, from('10.0.1.3'));
    expect(again.status).toBe(429);
    expect(again.body.msg).toMatch(/^发送过于频繁，请 (60|59|58) 秒后重试$/);
    // Another purpose is a different stream.
    expect((await post(ctx.app, SMS, { phone: '13900139000', purpose: 'RESET_PASSWORD' }, {}, from('10.0.1.3'))).status).toBe(200);
  });

  it('answers an unregistered phone the same way for LOGIN, but sends nothing', async () => {
    const res = await post(ctx.app, SMS, { phone: '13700000001' }, {}, from('10.0.1.4'));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ expiresIn: 300, resendIn: 60 });
    expect(await latestSms(ctx.app, adminToken, '13700000001')).toBeNull();
    // …and is limited the same way.
    expect((await post(ctx.app, SMS, { phone: '13700000001' }, {}, from('10.0.1.4'))).status).toBe(429);
  });

  it('stops at 10 codes per phone per day', async () => {
    const rows = Array.from({ length: 10 }, () => ({ phone: '13700000002', purpose: 'REGISTER', codeHash: 'x'.repeat(64), expiresAt: new Date(), ...createdBy(null) }));
    await ctx.database.db.insert(sysVerifyCode).values(rows);
    const res = await post(ctx.app, SMS, { phone: '13700000002', purpose: 'BIND_PHONE' }, {}, from('10.0.1.5'));
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: '429', msg: '今日发送次数已达上限' });
  });

  it('stops at 20 codes per IP per hour', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({ phone: `1360000${String(i).padStart(4, '0')}`, purpose: 'REGISTER', codeHash: 'x'.repeat(64), expiresAt: new Date(), ip: '10.0.1.6', ...createdBy(null) }));
    await ctx.database.db.insert(sysVerifyCode).values(rows);
    const res = await post(ctx.app, SMS, { phone: '13700000003', purpose: 'BIND_PHONE' }, {}, from('10.0.1.6'));
    expect(res.status).toBe(429);
    expect(res.body.msg).toBe('当前网络发送验证码过于频繁，请稍后再试');
    expect((await post(ctx.app, SMS, { phone: '13700000003', purpose: 'BIND_PHONE' }, {}, from('10.0.1.7'))).status).toBe(200);
  });
});

describe('phone + SMS code sign-in', () => {
  it('refuses a wrong code and an unknown phone with the same 401, and logs both', async () => {
    const wrong = await post(ctx.app, PHONE_LOGIN, { phone: '13900139000', code: '000000' }, {}, from('10.0.2.1'));
    const unknown = await post(ctx.app, PHONE_LOGIN, { phone: '13700000001', code: '123456' }, {}, from('10.0.2.1'));
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: '401', success: false, msg: '验证码错误或已过期' });
    }
    const logged = await ctx.database.db.select().from(sysLoginLog).where(and(eq(sysLoginLog.loginType, 'SMS'), eq(sysLoginLog.success, false)));
    expect(logged.map((l) => l.loginName)).toEqual(expect.arrayContaining(['13900139000', '13700000001']));
  });

  it('signs in with the code from the SMS, once; the code is then masked in the log', async () => {
    await ctx.database.db.delete(sysVerifyCode).where(eq(sysVerifyCode.phone, '13900139000'));
    const res = await post(ctx.app, SMS, { phone: '13900139000' }, {}, from('10.0.2.2'));
    expect(res.status).toBe(200);
    const code = await latestSmsCode(ctx.app, adminToken, '13900139000');
    const ok = await post(ctx.app, PHONE_LOGIN, { phone: '13900139000', code }, {}, from('10.0.2.2'));
    expect(ok.status).toBe(200);
    expect(ok.body.data.userInfo).toMatchObject({ username: 'smsuser', phones: '13900139000' });
    expect(ok.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await post(ctx.app, PHONE_LOGIN, { phone: '13900139000', code }, {}, from('10.0.2.2'))).status).toBe(401);
    expect((await latestSms(ctx.app, adminToken, '13900139000'))!.content).toBe('【蒲公英】您的验证码为 ******，5 分钟内有效。如非本人操作请忽略。');
  });

  it('kills a code after 5 wrong guesses', async () => {
    await ctx.database.db.delete(sysVerifyCode).where(eq(sysVerifyCode.phone, '13900139000'));
    await post(ctx.app, SMS, { phone: '13900139000' }, {}, from('10.0.2.3'));
    const code = await latestSmsCode(ctx.app, adminToken, '13900139000');
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) expect((await post(ctx.app, PHONE_LOGIN, { phone: '13900139000', code: wrong }, {}, from('10.0.2.3'))).status).toBe(401);
    expect((await post(ctx.app, PHONE_LOGIN, { phone: '13900139000', code }, {}, from('10.0.2.3'))).status).toBe(401);
  });

  it('masks an expired code when the log is listed', async () => {
    await ctx.database.db.delete(sysVerifyCode).where(eq(sysVerifyCode.phone, '13900139000'));
    await post(ctx.app, SMS, { phone: '13900139000' }, {}, from('10.0.2.4'));
    expect((await latestSms(ctx.app, adminToken, '13900139000'))!.content).toMatch(/\d{6}/);
    await ctx.database.db.update(sysVerifyCode).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sysVerifyCode.phone, '13900139000'));
    expect((await latestSms(ctx.app, adminToken, '13900139000'))!.content).toContain('******');
  });
});

describe('SMS log administration', () => {
  it('lists newest first with filters, and soft-deletes one or many', async () => {
    const page = await post(ctx.app, '/rest/smsService/getSmsByPage', { pageParameter: { pageNum: 1, pageSize: 100 }, status: 'SENT', purpose: 'LOGIN' }, { authorization: adminToken });
    expect(page.status).toBe(200);
    const list = page.body.data.list as Array<{ id: string; createTime: string; purpose: string }>;
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.every((s) => s.purpose === 'LOGIN')).toBe(true);
    expect([...list].sort((a, b) => b.createTime.localeCompare(a.createTime)).map((s) => s.id)).toEqual(list.map((s) => s.id));
    expect(typeof list[0]!.id).toBe('string');

    const one = await post(ctx.app, '/rest/smsService/deleteSmsById', { id: list[0]!.id }, { authorization: adminToken });
    expect(one.body).toMatchObject({ code: '0000', msg: '删除成功' });
    const many = await post(ctx.app, '/rest/smsService/deleteSmsByIds', { ids: [list[1]!.id, list[2]!.id] }, { authorization: adminToken });
    expect(many.body.data).toEqual({ deleted: 2 });
    const [row] = await ctx.database.db.select().from(sysSmsLog).where(eq(sysSmsLog.id, Number(list[0]!.id)));
    expect(row).toMatchObject({ delFlag: 1, updateBy: 'admin' });
    const after = await post(ctx.app, '/rest/smsService/getSmsByPage', { pageParameter: { pageNum: 1, pageSize: 100 }, status: 'SENT', purpose: 'LOGIN' }, { authorization: adminToken });
    expect(after.body.data.total).toBe(page.body.data.total - 3);
    const gone = await post(ctx.app, '/rest/smsService/deleteSmsById', { id: list[0]!.id }, { authorization: adminToken });
    expect(gone.status).toBe(404);
    expect(gone.body.msg).toBe('短信日志不存在或已被删除');
  });
});

describe('SMS log audit', () => {
  it('logs each deletion with the phone masked, and deletes a batch all or nothing', async () => {
    await post(ctx.app, SMS, { phone: '13900139000', purpose: 'LOGIN' }, {}, from('10.0.4.1'));
    const [row] = (await post(ctx.app, '/rest/smsService/getSmsByPage', { phone: '13900139000' }, { authorization: adminToken })).body.data.list;
    const missing = await post(ctx.app, '/rest/smsService/deleteSmsByIds', { ids: [row.id, '999999'] }, { authorization: adminToken });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('部分短信日志不存在或已被删除');
    expect((await latestSms(ctx.app, adminToken, '13900139000'))!.id).toBe(row.id);
    await post(ctx.app, '/rest/smsService/deleteSmsByIds', { ids: [row.id] }, { authorization: adminToken });
    const [log] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'message:sms'), eq(sysOperLog.entityId, row.id)));
    expect(log).toMatchObject({ action: 'DELETE', username: 'admin', summary: '删除短信日志（139****9000）' });
    expect(JSON.stringify(log!.before)).not.toContain('13900139000');
    expect(JSON.stringify(log!.before)).not.toMatch(/\d{6}/);
  });

  it('exports the filtered log to Excel with every verification code masked, spent or not', async () => {
    await ctx.database.db.delete(sysVerifyCode).where(eq(sysVerifyCode.phone, '13900139000'));
    await post(ctx.app, SMS, { phone: '13900139000', purpose: 'LOGIN' }, {}, from('10.0.4.2'));
    expect((await latestSms(ctx.app, adminToken, '13900139000'))!.content).toMatch(/\d{6}/);
    const file = await download(ctx.app, '/rest/smsService/exportSms', { phone: '13900139000' }, { authorization: adminToken });
    expect(file.statusCode).toBe(200);
    const rows = await sheetRows(file.rawPayload);
    expect(rows[0]).toEqual(['手机号', '用途', '内容', '服务商', '状态', '失败原因', '请求 IP', '发送时间']);
    expect(rows.length).toBeGreaterThan(1);
    for (const r of rows.slice(1)) {
      expect(r[0]).toBe('13900139000');
      expect(r[2]).not.toMatch(/\d{6}/);
    }
    expect(rows[1]!.slice(1, 5)).toEqual(['登录', '【蒲公英】您的验证码为 ******，5 分钟内有效。如非本人操作请忽略。', '仅记录', '发送成功']);
  });
});

describe('webhook provider', () => {
  it('POSTs a signed JSON body; a gateway failure is logged FAILED and answered 503', async () => {
    const received: Array<{ body: string; signature: string | undefined }> = [];
    let status = 200;
    const gateway = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ body, signature: req.headers['x-dandelion-signature'] as string | undefined });
        res.statusCode = status;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const secret = 'webhook-secret-0123456789';
    const app = await buildApp({
      config: { ...testConfig, SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`, SMS_WEBHOOK_SECRET: secret },
      database: ctx.database,
      serveWeb: false,
    });
    await app.ready();
    try {
      const sent = await post(app, SMS, { phone: '13700000009', purpose: 'BIND_PHONE' }, {}, from('10.0.3.1'));
      expect(sent.status).toBe(200);
      expect(received).toHaveLength(1);
      const payload = JSON.parse(received[0]!.body);
      expect(payload).toMatchObject({ phone: '13700000009', content: expect.stringMatching(/验证码为 \d{6}/) });
      expect(new Date(payload.sentAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(received[0]!.signature).toBe(webhookSignature(received[0]!.body, secret));
      expect(await latestSms(ctx.app, adminToken, '13700000009')).toMatchObject({ provider: 'WEBHOOK', status: 'SENT' });

      status = 500;
      const failed = await post(app, SMS, { phone: '13700000010', purpose: 'BIND_PHONE' }, {}, from('10.0.3.1'));
      expect(failed.status).toBe(503);
      expect(failed.body).toMatchObject({ code: '503', success: false, msg: '短信发送失败，请稍后重试' });
      const [row] = await ctx.database.db.select().from(sysSmsLog).where(eq(sysSmsLog.phone, '13700000010'));
      expect(row).toMatchObject({ status: 'FAILED', provider: 'WEBHOOK' });
      expect(row!.error).toContain('500');
      // The undelivered code does not hold back a retry.
      status = 200;
      expect((await post(app, SMS, { phone: '13700000010', purpose: 'BIND_PHONE' }, {}, from('10.0.3.1'))).status).toBe(200);
    } finally {
      await app.close();
      await new Promise((resolve) => gateway.close(resolve));
    }
  });
});
