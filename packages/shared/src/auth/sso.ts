/**
 * Single sign-on (CAS 3.0) and third-party sign-in (OpenID Connect): the ticket exchange, the two
 * redirects of the authorization-code flow, and the one-time login record the browser turns into a session.
 */
import { z } from 'zod';
import { defineCall, PUBLIC } from '../contract';
import { loginResult } from './signIn';

const TAG = '单点登录与第三方登录';

/** The one-time login record's own answer: `code` '200' and `result`, not the console envelope (spec §5). */
export const thirdLoginAnswer = z.object({ code: z.literal('200'), success: z.literal(true), msg: z.string(), result: loginResult });

export const ssoCalls = {
  casValidate: defineCall({
    method: 'GET',
    path: '/cas/client/validateLogin',
    access: PUBLIC,
    tag: TAG,
    summary: 'CAS 单点登录：用 CAS 服务端签发的票据（ticket）换取本系统的登录令牌',
    description:
      '服务端以 CAS 3.0 协议（/p3/serviceValidate）向 CAS_SERVER_URL 校验票据；service 必须是本站（PUBLIC_URL）的地址。' +
      '首次登录的 CAS 账号会关联同名本地账号，没有同名账号时自动开通申报人账号。票据只能使用一次。',
    query: z.object({
      ticket: z.string({ error: '缺少票据 ticket' }).trim().min(1, '缺少票据 ticket').max(256, '票据 ticket 过长'),
      service: z.string({ error: '缺少回调地址 service' }).trim().min(1, '缺少回调地址 service').max(1024, '回调地址 service 过长'),
    }),
    response: loginResult.extend({ success: z.boolean() }),
  }),
  oidcAuthorize: defineCall({
    method: 'GET',
    path: '/thirdLogin/authorize/:provider',
    access: PUBLIC,
    tag: TAG,
    summary: '第三方登录：跳转到第三方（OpenID Connect）授权页面（授权码 + PKCE）',
    description: 'returnTo 为登录后返回的本站路径（以单个 / 开头）。失败时跳转到 /login?thirdLoginError=<原因>。',
    params: z.object({ provider: z.string().max(64) }),
    query: z.object({ returnTo: z.string().max(512).optional() }),
    answer: 'raw',
  }),
  oidcCallback: defineCall({
    method: 'GET',
    path: '/thirdLogin/callback/:provider',
    access: PUBLIC,
    tag: TAG,
    summary: '第三方登录回调：校验 state、用授权码换取身份，跳转到 /login?thirdLoginId=<一次性登录记录>',
    description: 'state 只能使用一次、10 分钟内有效。失败时跳转到 /login?thirdLoginError=<原因>。',
    params: z.object({ provider: z.string().max(64) }),
    query: z.object({
      code: z.string().optional(),
      state: z.string().optional(),
      iss: z.string().optional(),
      error: z.string().optional(),
      error_description: z.string().optional(),
    }),
    answer: 'raw',
  }),
  thirdLoginUser: defineCall({
    method: 'GET',
    path: '/thirdLogin/getLoginUser/:id',
    access: PUBLIC,
    tag: TAG,
    summary: '第三方登录：用一次性登录记录换取登录令牌（code 为 "200" 时成功，记录只能使用一次，2 分钟内有效）',
    params: z.object({ id: z.string().max(128) }),
    response: thirdLoginAnswer,
    answer: 'raw',
  }),
};
