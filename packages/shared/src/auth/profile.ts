/** The signed-in user's phone, email and verified identity (spec §7 bindPhone, updUserPhoneAndMail, identify). */
import { z } from 'zod';
import { defineCall, SIGNED_IN } from '../contract';
import { zDateTime } from '../schemas';
import { ID_NUMBER_MESSAGE, zEmail, zMobile } from '../validators';
import { idNumberFits, zIdType, zRealname, zSmsCode } from './register';

export { ID_TYPES, type IdType } from './register';

/** ID_CARD: 18-character resident ID with its check digit and birth date; PASSPORT: 6–15 letters or digits. */
export const identityBody = z
  .object({
    realname: zRealname,
    idType: zIdType,
    idNumber: z.string({ error: ID_NUMBER_MESSAGE }).trim().toUpperCase(),
  })
  .refine((b) => idNumberFits(b.idType, b.idNumber), { message: ID_NUMBER_MESSAGE, path: ['idNumber'] });

export const identityStatus = z.object({
  identityVerified: z.boolean(),
  realname: z.string().nullable(),
  idType: z.string().nullable(),
  idNumberMasked: z.string().nullable(),
  verifiedAt: zDateTime.nullable(),
});

export const profileCalls = {
  bindPhone: defineCall({
    method: 'POST',
    path: '/rest/user/bindPhone',
    access: SIGNED_IN,
    tag: '账号绑定',
    summary: '绑定或更换手机号：需先向新号码获取 BIND_PHONE 短信验证码；号码已被其他账号绑定时返回 409',
    body: z.object({ phone: zMobile, code: zSmsCode }),
    response: z.object({ phone: z.string() }),
  }),
  updatePhoneAndMail: defineCall({
    method: 'POST',
    path: '/rest/register/updUserPhoneAndMail',
    access: SIGNED_IN,
    tag: '账号绑定',
    summary: '修改本人手机号和/或邮箱：更换手机号需 BIND_PHONE 短信验证码',
    body: z.object({ phone: zMobile.optional(), code: zSmsCode.optional(), email: zEmail.optional() }),
    response: z.object({ phone: z.string().nullable(), email: z.string().nullable() }),
  }),
  verifyIdentity: defineCall({
    method: 'POST',
    path: '/rest/identify/verify',
    access: SIGNED_IN,
    tag: '实名认证',
    summary: '实名认证：真实姓名 + 证件号（身份证校验位与出生日期、护照格式）；认证后不可自行更改',
    body: identityBody,
    response: identityStatus,
  }),
  identity: defineCall({
    method: 'POST',
    path: '/rest/identify/get',
    access: SIGNED_IN,
    tag: '实名认证',
    summary: '本人的实名认证状态（证件号脱敏）',
    response: identityStatus,
  }),
};
