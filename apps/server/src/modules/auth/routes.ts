import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../core/envelope';
import { errors } from '../../core/errors';
import { PUBLIC } from '../../core/permissions';
import { zId } from '@dandelion/shared';
import type { BruteForceGuard } from './bruteForce';
import type { CaptchaService } from './captchaService';
import type { ClientMeta, LoginResult, LoginService } from './loginService';
import type { SessionService } from './sessionService';
import { tokenFromHeader } from '../../core/token';

const TAG = '认证';

/** Sign-in methods other parts of the identity module plug in (SMS code, single sign-on). */
export interface LoginMethods {
  /** `client_name=captcha_client`: phone + SMS code. */
  phoneCode?: (input: { phone: string; code: string }, meta: ClientMeta) => Promise<LoginResult>;
  /** Where the browser goes after `client_name=cas_client` sign-out, when CAS is configured. */
  casLogoutUrl?: () => string | null;
  /** Extra entries for the pre-login check (e.g. SSO and third-party providers). */
  describe?: () => Record<string, unknown>;
}

export const clientMeta = (request: FastifyRequest): ClientMeta => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

export const userInfoSchema = z.object({
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
export const loginResultSchema = z.object({ token: z.string(), userInfo: userInfoSchema.extend({ token: z.string() }) });

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { login: LoginService; sessions: SessionService; captchas: CaptchaService; guard: BruteForceGuard; methods: LoginMethods },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { login, sessions, captchas, guard, methods } = deps;

  r.post(
    '/callback',
    {
      config: { permission: PUBLIC },
      schema: {
        tags: [TAG],
        summary: '登录：client_name=myform_client 账号（或手机号）+ 密码；client_name=captcha_client 手机号 + 短信验证码',
        description:
          '账号登录连续失败 5 次（按账号或 IP，15 分钟内）后需要图形验证码（attributes.captchaRequired），失败 10 次锁定账号 15 分钟（HTTP 423）。' +
          '用户名或密码错误时不提示账号是否存在。成功返回 { token, userInfo }，之后请求头 authorization 携带 token。',
        querystring: z.object({ client_name: z.enum(['myform_client', 'captcha_client'], { error: '不支持的登录方式' }) }),
        body: z.object({
          username: z.string().trim().max(64).optional(),
          password: z.string().max(128).optional(),
          captchaKey: z.string().max(64).optional(),
          captchaCode: z.string().max(16).optional(),
          phone: z.string().trim().max(20).optional(),
          code: z.string().trim().max(10).optional(),
        }),
        response: { 200: envelopeOf(loginResultSchema) },
      },
    },
    async (request) => {
      const body = request.body;
      if (request.query.client_name === 'myform_client') {
        if (!body.username) throw errors.badRequest('请输入用户名');
        if (!body.password) throw errors.badRequest('请输入密码');
        const result = await login.loginWithPassword({ username: body.username, password: body.password, captchaKey: body.captchaKey, captchaCode: body.captchaCode }, clientMeta(request));
        return ok(result, '登录成功');
      }
      if (!methods.phoneCode) throw errors.badRequest('手机验证码登录未开启');
      if (!body.phone) throw errors.badRequest('请输入手机号');
      if (!body.code) throw errors.badRequest('请输入短信验证码');
      return ok(await methods.phoneCode({ phone: body.phone, code: body.code }, clientMeta(request)), '登录成功');
    },
  );

  r.post(
    '/logout',
    {
      config: { permission: PUBLIC },
      schema: {
        tags: [TAG],
        summary: '退出登录：使当前令牌立即失效（所有实例）；cas_client 另返回单点登录的注销地址',
        querystring: z.object({ client_name: z.enum(['form_client', 'cas_client']).default('form_client') }),
        response: { 200: envelopeOf(z.object({ casLogoutUrl: z.string().nullable() })) },
      },
    },
    async (request) => {
      // Idempotent: signing out with an unknown or expired token is still a success.
      const token = tokenFromHeader(request.headers.authorization);
      if (token) await sessions.revokeToken(token);
      const casLogoutUrl = request.query.client_name === 'cas_client' ? (methods.casLogoutUrl?.() ?? null) : null;
      return ok({ casLogoutUrl }, '已退出登录');
    },
  );

  r.post(
    '/rest/captcha/png',
    {
      config: { permission: PUBLIC, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: [TAG],
        summary: '获取图形验证码（SVG 图片的 data URL），一次有效，2 分钟内有效',
        response: { 200: envelopeOf(z.object({ captchaKey: z.string(), image: z.string(), expiresIn: z.number() })) },
      },
    },
    async () => ok(await captchas.create()),
  );

  r.post(
    '/rest/inspect/inspectLoginService',
    {
      config: { permission: PUBLIC },
      schema: {
        tags: [TAG],
        summary: '登录前检查：该账号 / 当前 IP 是否需要图形验证码、是否被锁定，以及开启了哪些登录方式',
        body: z.object({ username: z.string().trim().max(64).optional() }),
        response: {
          200: envelopeOf(
            z.object({
              captchaRequired: z.boolean(),
              locked: z.boolean(),
              lockedForSeconds: z.number(),
              loginTypes: z.array(z.string()),
              extra: z.record(z.string(), z.unknown()),
            }),
          ),
        },
      },
    },
    async (request) => {
      const name = request.body.username?.toLowerCase() ?? '';
      const risk = await guard.assess(name, request.ip);
      const loginTypes = ['ACCOUNT', 'MOBILE_PASSWORD', ...(methods.phoneCode ? ['SMS'] : [])];
      return ok({
        captchaRequired: risk.captchaRequired,
        locked: risk.lockedForMs > 0,
        lockedForSeconds: Math.ceil(risk.lockedForMs / 1000),
        loginTypes,
        extra: methods.describe?.() ?? {},
      });
    },
  );
}
