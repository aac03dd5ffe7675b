/** Self-registration and the forgotten password (spec §7 /rest/register/*): the public calls of /enroll and /forgotPassword. */
import { z } from 'zod';
import { defineCall, PUBLIC } from '../contract';
import { CHINESE_ID_PATTERN, isValidChineseIdNumber } from '../checksums';
import { ID_NUMBER_MESSAGE, isIdNumber, zEmail, zMobile, zPassword, zUnifiedSocialCreditCode } from '../validators';
import { loginResult } from './signIn';

const TAG = '注册与找回密码';

/** Account field rules that are not in spec §5 (the shared validators cover those). */
export const USERNAME_MESSAGE = '用户名为4-32位字母、数字或下划线，且以字母开头';
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;
export const isUsername = (value: unknown): boolean => typeof value === 'string' && USERNAME_PATTERN.test(value);

export const REALNAME_MESSAGE = '请输入真实姓名（不超过64个字符）';
export const UNIT_NAME_MESSAGE = '请输入单位名称（2-64个字符）';
export const SMS_CODE_MESSAGE = '请输入6位短信验证码';

export const zUsername = z.string({ error: USERNAME_MESSAGE }).trim().refine(isUsername, USERNAME_MESSAGE);
export const zRealname = z.string({ error: REALNAME_MESSAGE }).trim().min(1, REALNAME_MESSAGE).max(64, REALNAME_MESSAGE);
export const zUnitName = z.string({ error: UNIT_NAME_MESSAGE }).trim().min(2, UNIT_NAME_MESSAGE).max(64, UNIT_NAME_MESSAGE);
export const zSmsCode = z.string({ error: SMS_CODE_MESSAGE }).trim().regex(/^\d{6}$/, SMS_CODE_MESSAGE);

/** 证件类型 (spec §5 ID rule: a resident ID card or a passport). */
export const ID_TYPES = ['ID_CARD', 'PASSPORT'] as const;
export type IdType = (typeof ID_TYPES)[number];
export const ID_TYPE_LABELS: Readonly<Record<IdType, string>> = { ID_CARD: '居民身份证', PASSPORT: '护照' };
export const ID_TYPE_MESSAGE = '证件类型只能是身份证（ID_CARD）或护照（PASSPORT）';
export const zIdType = z.enum(ID_TYPES, { error: ID_TYPE_MESSAGE });

/** The number fits its type: an 18-character ID with its check digit and birth date, or a 6–15 letter/digit passport. */
export const idNumberFits = (idType: IdType, idNumber: string): boolean =>
  idType === 'ID_CARD'
    ? CHINESE_ID_PATTERN.test(idNumber) && isValidChineseIdNumber(idNumber)
    : !CHINESE_ID_PATTERN.test(idNumber) && isIdNumber(idNumber);

export const CONSENT_MESSAGE = '请阅读并同意《用户协议》和《隐私政策》';
export const CAPTCHA_ANSWER_MESSAGE = '请输入图形验证码';

export const AVAILABILITY_FIELDS = ['username', 'phone', 'email'] as const;
export type AvailabilityField = (typeof AVAILABILITY_FIELDS)[number];

export const registrationBody = z
  .object({
    username: zUsername,
    password: zPassword,
    realname: zRealname,
    phone: zMobile,
    smsCode: zSmsCode,
    email: zEmail.pipe(z.string().max(128, '邮箱不能超过128个字符')),
    idType: zIdType,
    idNumber: z.string({ error: ID_NUMBER_MESSAGE }).trim().toUpperCase(),
    unitName: zUnitName,
    unitCode: zUnifiedSocialCreditCode.optional(),
    /** The 用户协议 and 隐私政策 were shown and accepted: nothing else is an agreement. */
    agreed: z.literal(true, { error: CONSENT_MESSAGE }),
  })
  .refine((b) => idNumberFits(b.idType, b.idNumber), { message: ID_NUMBER_MESSAGE, path: ['idNumber'] });

/** The SMS code of a registration is sent only with a right image-captcha answer: the call cannot be used to flood a phone. */
export const registrationCodeBody = z.object({
  phone: zMobile,
  captchaKey: z.string({ error: CAPTCHA_ANSWER_MESSAGE }).trim().min(1, CAPTCHA_ANSWER_MESSAGE).max(64, CAPTCHA_ANSWER_MESSAGE),
  captchaCode: z.string({ error: CAPTCHA_ANSWER_MESSAGE }).trim().min(1, CAPTCHA_ANSWER_MESSAGE).max(8, CAPTCHA_ANSWER_MESSAGE),
});

export const registerCalls = {
  register: defineCall({
    method: 'POST',
    path: '/rest/register/AddRegisterUser',
    access: PUBLIC,
    tag: TAG,
    summary: '申报人注册：证件类型与号码相符、同意用户协议与隐私政策、REGISTER 短信验证码；注册成功即登录，新账号获得申报人（APPLICANT）角色',
    description: '用户名、手机号、邮箱重复时返回 409（attributes.field 指明字段）。答复与账号登录相同：token 与 userInfo。',
    body: registrationBody,
    response: loginResult,
  }),
  sendCode: defineCall({
    method: 'POST',
    path: '/rest/register/sendRegisterCode',
    access: PUBLIC,
    tag: TAG,
    summary: '获取注册短信验证码：须先答对图形验证码（/rest/captcha/png，一次有效）；手机号已注册返回 409',
    description: '发送频率限制与 /rest/captcha/sms 相同（同一手机号 60 秒一次、每天 10 条，每个 IP 每小时 20 条，HTTP 429）。',
    body: registrationCodeBody,
    response: z.object({ expiresIn: z.number(), resendIn: z.number() }),
  }),
  checkAvailable: defineCall({
    method: 'POST',
    path: '/rest/register/checkAvailable',
    access: PUBLIC,
    tag: TAG,
    summary: '注册表单实时校验：用户名 / 手机号 / 邮箱的格式与是否已被注册',
    body: z.object({
      field: z.enum(AVAILABILITY_FIELDS, { error: '只能校验 username、phone 或 email' }),
      value: z.string({ error: '请输入要校验的内容' }).max(254, '输入内容过长'),
    }),
    response: z.object({ available: z.boolean(), msg: z.string() }),
  }),
  verifyUnit: defineCall({
    method: 'POST',
    path: '/rest/register/verifyUnitService',
    access: PUBLIC,
    tag: TAG,
    summary: '校验单位名称与统一社会信用代码（GB 32100-2015 校验码）',
    body: z.object({ unitName: zUnitName, unitCode: zUnifiedSocialCreditCode }),
    response: z.object({ unitName: z.string(), unitCode: z.string(), valid: z.literal(true) }),
  }),
  startReset: defineCall({
    method: 'POST',
    path: '/rest/register/getMyPassword',
    access: PUBLIC,
    tag: TAG,
    summary: '找回密码第一步：手机号 + RESET_PASSWORD 短信验证码换取一次性重置凭证（10 分钟内有效）',
    body: z.object({ phone: zMobile, code: zSmsCode }),
    response: z.object({ resetToken: z.string(), expiresIn: z.number() }),
  }),
  finishReset: defineCall({
    method: 'POST',
    path: '/rest/register/updMyPassword',
    access: PUBLIC,
    tag: TAG,
    summary: '找回密码第二步：用重置凭证设置新密码；该账号的所有登录会话立即失效',
    body: z.object({ resetToken: z.string({ error: '缺少重置凭证' }).min(20, '重置凭证不正确').max(128, '重置凭证不正确'), newPassword: zPassword }),
    response: z.null(),
  }),
};
