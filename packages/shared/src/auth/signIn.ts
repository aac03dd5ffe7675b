/**
 * Signing in and out (spec §7 Authentication): the password and SMS-code sign-in of /callback, sign-out,
 * and the pre-login check that tells the login page whether a captcha is due and which methods are on.
 */
import { z } from 'zod';
import { defineCall, PUBLIC } from '../contract';
import { zId } from '../schemas';

const TAG = '认证';

/** Spec §3 User info: what the client stores after sign-in. */
export const userInfo = z.object({
  userId: zId,
  username: z.string(),
  loginName: z.string(),
  realname: z.string().nullable(),
  userRealName: z.string().nullable(),
  nickName: z.string().nullable(),
  avatar: z.string().nullable(),
  userSex: z.number(),
  phones: z.string().nullable(),
  mails: z.string().nullable(),
  userType: z.string(),
  roles: z.array(z.object({ roleCode: z.string(), roleName: z.string() })),
});

/** What every sign-in answers: the token, and the user info carrying it too. */
export const loginResult = z.object({ token: z.string(), userInfo: userInfo.extend({ token: z.string() }) });

export const SIGN_IN_CLIENTS = ['myform_client', 'captcha_client'] as const;
export type SignInClient = (typeof SIGN_IN_CLIENTS)[number];

/** Body of /callback: the account fields for myform_client, the phone fields for captcha_client. */
export const signInBody = z.object({
  username: z.string().trim().max(64).optional(),
  password: z.string().max(128).optional(),
  captchaKey: z.string().max(64).optional(),
  captchaCode: z.string().max(16).optional(),
  phone: z.string().trim().max(20).optional(),
  code: z.string().trim().max(10).optional(),
  /** A trusted device's token from an earlier two-factor sign-in ("remember this device"): skips the second step. */
  deviceToken: z.string().max(64).optional(),
});

/** The password (or SMS code) was right and a second factor is due: the client continues at /rest/twoFactor/verifyLogin. */
export const secondStepDue = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  expiresIn: z.number().int(),
  /** How many days "remember this device" lasts (0: not offered). */
  rememberDays: z.number().int(),
});

export const signInCalls = {
  signIn: defineCall({
    method: 'POST',
    path: '/callback',
    access: PUBLIC,
    tag: TAG,
    summary: '登录：client_name=myform_client 账号（或手机号）+ 密码；client_name=captcha_client 手机号 + 短信验证码',
    description:
      '账号登录连续失败 5 次（按账号或 IP，15 分钟内）后需要图形验证码（attributes.captchaRequired），失败 10 次锁定账号 15 分钟（HTTP 423）。' +
      '用户名或密码错误时不提示账号是否存在。成功返回 { token, userInfo }，之后请求头 authorization 携带 token。' +
      '开启了两步验证的账号（且未带有效的 deviceToken）返回 { twoFactorRequired: true, challenge }，再调用 /rest/twoFactor/verifyLogin。',
    query: z.object({ client_name: z.enum(SIGN_IN_CLIENTS, { error: '不支持的登录方式' }) }),
    body: signInBody,
    response: z.union([loginResult, secondStepDue]),
  }),
  signOut: defineCall({
    method: 'POST',
    path: '/logout',
    access: PUBLIC,
    tag: TAG,
    summary: '退出登录：使当前令牌立即失效（所有实例）；cas_client 另返回单点登录的注销地址',
    query: z.object({ client_name: z.enum(['form_client', 'cas_client']).default('form_client') }),
    response: z.object({ casLogoutUrl: z.string().nullable() }),
  }),
  inspect: defineCall({
    method: 'POST',
    path: '/rest/inspect/inspectLoginService',
    access: PUBLIC,
    tag: TAG,
    summary: '登录前检查：该账号 / 当前 IP 是否需要图形验证码、是否被锁定，以及开启了哪些登录方式',
    body: z.object({ username: z.string().trim().max(64).optional() }),
    response: z.object({
      captchaRequired: z.boolean(),
      locked: z.boolean(),
      lockedForSeconds: z.number(),
      /** 'SMS' when phone-code sign-in is on. */
      loginTypes: z.array(z.string()),
      /** The single sign-on and third-party entries the login page offers, when configured. */
      extra: z.object({
        cas: z.object({ enabled: z.boolean(), loginUrl: z.string().nullable() }).optional(),
        oauthProviders: z.array(z.object({ code: z.string(), name: z.string(), authorizeUrl: z.string() })).optional(),
      }),
    }),
  }),
};
