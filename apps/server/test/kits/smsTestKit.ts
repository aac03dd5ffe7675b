/**
 * Test support: reads the latest SMS to a phone the way an auditor would, through the
 * administrator's /rest/smsService/getSmsByPage call. Used by *.test.ts files only.
 */
import type { DandelionApp } from '../../src/app';
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
