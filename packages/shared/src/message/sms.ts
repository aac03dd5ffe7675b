/** SMS (spec §7 /rest/captcha/sms, /rest/smsService/*): verification codes and the log of every message sent. */
import { z } from 'zod';
import { defineCall, permissionsOf, PUBLIC } from '../contract';
import { pageOf, zDateTime, zId, zPageParameter } from '../schemas';
import { MOBILE_MESSAGE, zMobile } from '../validators';

export const SMS_PERMISSIONS = permissionsOf('message:sms', ['list', 'del', 'export']);

/** What a verification code is for. */
export const CODE_PURPOSES = ['LOGIN', 'REGISTER', 'RESET_PASSWORD', 'BIND_PHONE'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** The purposes messages are sent for: the codes', and TEMPLATE for template sending. */
export const SMS_PURPOSE_LABELS: Readonly<Record<string, string>> = {
  LOGIN: '登录',
  REGISTER: '注册',
  RESET_PASSWORD: '找回密码',
  BIND_PHONE: '绑定手机',
  TEMPLATE: '模板消息',
};

/** SENT when the provider accepted the message, FAILED with the reason otherwise. */
export const SMS_STATUSES = ['SENT', 'FAILED'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];
export const SMS_STATUS_LABELS: Readonly<Record<SmsStatus, string>> = { SENT: '发送成功', FAILED: '发送失败' };
export const zSmsStatus = z.enum(SMS_STATUSES, { error: '状态只能是 SENT 或 FAILED' });

/** LOG only writes the message to the log; WEBHOOK hands it to the configured gateway. */
export const SMS_PROVIDER_LABELS: Readonly<Record<string, string>> = { LOG: '仅记录', WEBHOOK: '短信网关' };

/** One logged message. The content of a verification code reads ****** once the code is spent. */
export const smsLogRow = z.object({
  id: zId,
  phone: z.string(),
  content: z.string(),
  purpose: z.string(),
  provider: z.string(),
  status: z.enum(SMS_STATUSES),
  error: z.string().nullable(),
  ip: z.string().nullable(),
  createTime: zDateTime,
});

/** The filters of the log and its export; times are ISO instants, both ends included. */
export const smsFilter = z.object({
  phone: z.string().trim().max(20, MOBILE_MESSAGE).optional(),
  purpose: z.string().trim().max(32).optional(),
  status: zSmsStatus.optional(),
  beginTime: zDateTime.optional(),
  endTime: zDateTime.optional(),
});

const tag = '短信';

export const REGISTER_CODE_ELSEWHERE = '注册验证码请在注册页输入图形验证码后获取';

export const smsCalls = {
  sendCode: defineCall({
    method: 'POST',
    path: '/rest/captcha/sms',
    access: PUBLIC,
    tag,
    summary: '发送短信验证码（6 位，5 分钟内有效，一次有效）',
    description:
      'purpose：LOGIN（默认）、REGISTER、RESET_PASSWORD、BIND_PHONE。同一手机号同一用途 60 秒内只发一次，每个手机号每天最多 10 条，每个 IP 每小时最多 20 条（HTTP 429）。' +
      'LOGIN 与 RESET_PASSWORD 时未注册的手机号也得到同样的成功答复但不会收到短信，不暴露哪些号码已注册。' +
      'REGISTER 在此拒绝（400）：注册验证码须经图形验证码，由 /rest/register/sendRegisterCode 发送。',
    // A registration code goes to a phone nobody has bound yet: /rest/register/sendRegisterCode sends it behind an image captcha.
    body: z
      .object({ phone: zMobile, purpose: z.enum(CODE_PURPOSES, { error: '不支持的验证码用途' }).default('LOGIN') })
      .refine((b) => b.purpose !== 'REGISTER', { message: REGISTER_CODE_ELSEWHERE, path: ['purpose'] }),
    response: z.object({ expiresIn: z.number(), resendIn: z.number() }),
  }),
  page: defineCall({
    method: 'POST',
    path: '/rest/smsService/getSmsByPage',
    access: SMS_PERMISSIONS.list,
    tag,
    summary: '短信日志分页（最新在前）；验证码在使用或过期后显示为 ******',
    body: smsFilter.extend({ pageParameter: zPageParameter }),
    response: pageOf(smsLogRow),
  }),
  export: defineCall({
    method: 'POST',
    path: '/rest/smsService/exportSms',
    access: SMS_PERMISSIONS.export,
    tag,
    summary: '导出短信日志（Excel，按当前筛选，最多 10000 行；验证码一律显示为 ******）',
    body: smsFilter,
    answer: 'raw',
  }),
  remove: defineCall({
    method: 'POST',
    path: '/rest/smsService/deleteSmsById',
    access: SMS_PERMISSIONS.del,
    tag,
    summary: '删除一条短信日志（逻辑删除）',
    body: z.object({ id: zId }),
    response: z.null(),
  }),
  removeMany: defineCall({
    method: 'POST',
    path: '/rest/smsService/deleteSmsByIds',
    access: SMS_PERMISSIONS.del,
    tag,
    summary: '批量删除短信日志（逻辑删除；全部成功或全部不删）',
    body: z.object({ ids: z.array(zId).min(1, '请选择要删除的短信日志').max(500, '一次最多删除 500 条') }),
    response: z.object({ deleted: z.number() }),
  }),
};
