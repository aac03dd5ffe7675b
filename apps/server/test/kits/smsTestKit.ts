/**
 * Test support: reads the latest SMS to a phone the way an auditor would, through the
 * administrator's /rest/smsService/getSmsByPage call. Used by *.test.ts files only.
 */
import { randomUUID } from 'node:crypto';
import type { DandelionApp } from '../../src/app';
import type { Executor } from '../../src/core/db';
import { createdBy } from '../../src/core/records';
import { sha256Hex } from '../../src/core/token';
import { sysCaptcha } from '../../src/db/schema';
import { post } from '../helpers/testApp';

export async function latestSms(app: DandelionApp, adminToken: string, phone: string): Promise<{ content: string; status: string; provider: string; id: string } | null> {
  const res = await post(app, '/rest/smsService/getSmsByPage', { phone, pageParameter: { pageNum: 1, pageSize: 1 } }, { authorization: adminToken });
  if (res.status !== 200) throw new Error(`getSmsByPage failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.list[0] ?? null;
}

/** The code in the latest SMS to a phone; fails the test when there is none. */
export async function latestSmsCode(app: DandelionApp, adminToken: string, phone: string): Promise<string> {
  const sms = await latestSms(app, adminToken, phone);
  const code = /验证码为 (\d{6})/.exec(sms?.content ?? '')?.[1];
  if (!code) throw new Error(`no live code in the SMS log for ${phone}: ${sms?.content}`);
  return code;
}

/** Requests a code and returns it as the user would read it on their phone. */
export async function requestSmsCode(app: DandelionApp, adminToken: string, phone: string, purpose: string, remoteAddress = '127.0.0.1'): Promise<string> {
  const res = await post(app, '/rest/captcha/sms', { phone, purpose }, {}, { remoteAddress });
  if (res.status !== 200) throw new Error(`captcha/sms failed: ${res.status} ${JSON.stringify(res.body)}`);
  return latestSmsCode(app, adminToken, phone);
}

/** A live image captcha whose answer the test knows: the row POST /rest/captcha/png would store. */
export async function knownCaptcha(database: { db: Executor }, answer: string): Promise<string> {
  const captchaKey = `test-${randomUUID()}`;
  await database.db.insert(sysCaptcha).values({ captchaKey, codeHash: sha256Hex(answer.toLowerCase()), expiresAt: new Date(Date.now() + 60_000), ...createdBy(null) });
  return captchaKey;
}

/** A REGISTER code as the registration page gets it: the image captcha answered first, then the code read from the log. */
export async function requestRegisterCode(ctx: { app: DandelionApp; database: { db: Executor } }, adminToken: string, phone: string, remoteAddress = '127.0.0.1'): Promise<string> {
  const captchaKey = await knownCaptcha(ctx.database, 'ab3d');
  const res = await post(ctx.app, '/rest/register/sendRegisterCode', { phone, captchaKey, captchaCode: 'AB3D' }, {}, { remoteAddress });
  if (res.status !== 200) throw new Error(`sendRegisterCode failed: ${res.status} ${JSON.stringify(res.body)}`);
  return latestSmsCode(ctx.app, adminToken, phone);
}
