import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, errorEnvelopeSchema, ok } from '../../../core/envelope';
import { PUBLIC } from '../../../core/permissions';
import { clientMeta, loginResultSchema } from '../routes';
import type { CasService } from './casService';
import type { OidcService } from './oidcService';

const TAG = '单点登录与第三方登录';
const RECORD_GONE = '登录记录不存在或已使用';
const RECORD_ID = /^[A-Za-z0-9_-]{20,128}$/;
const limit = { max: 60, timeWindow: 60_000 };

export function registerSsoRoutes(app: FastifyInstance, deps: { cas: CasService; oidc: OidcService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { cas, oidc } = deps;

  r.get(
    '/cas/client/validateLogin',
    {
      config: { permission: PUBLIC, rateLimit: limit },
      schema: {
        tags: [TAG],
        summary: 'CAS 单点登录：用 CAS 服务端签发的票据（ticket）换取本系统的登录令牌',
        description:
          '服务端以 CAS 3.0 协议（/p3/serviceValidate）向 CAS_SERVER_URL 校验票据；service 必须是本站（PUBLIC_URL）的地址。' +
          '首次登录的 CAS 账号会关联同名本地账号，没有同名账号时自动开通申报人账号。票据只能使用一次。',
        querystring: z.object({
          ticket: z.string({ error: '缺少票据 ticket' }).trim().min(1, '缺少票据 ticket').max(256, '票据 ticket 过长'),
          service: z.string({ error: '缺少回调地址 service' }).trim().min(1, '缺少回调地址 service').max(1024, '回调地址 service 过长'),
        }),
        response: { 200: envelopeOf(loginResultSchema.extend({ success: z.boolean() })) },
      },
    },
    async (request) => {
      const result = await cas.validateLogin(request.query, clientMeta(request));
      return ok({ ...result, success: true }, '登录成功');
    },
  );

  r.get(
    '/thirdLogin/authorize/:provider',
    {
      config: { permission: PUBLIC, rateLimit: limit },
      schema: {
        tags: [TAG],
        summary: '第三方登录：跳转到第三方（OpenID Connect）授权页面（授权码 + PKCE）',
        description: 'returnTo 为登录后返回的本站路径（以单个 / 开头）。失败时跳转到 /login?thirdLoginError=<原因>。',
        params: z.object({ provider: z.string().max(64) }),
        querystring: z.object({ returnTo: z.string().max(512).optional() }),
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const location = await oidc
        .authorize(provider, request.query.returnTo)
        .catch((err) => oidc.failed(provider, err, clientMeta(request), request.log));
      return reply.redirect(location, 302);
    },
  );

  r.get(
    '/thirdLogin/callback/:provider',
    {
      config: { permission: PUBLIC, rateLimit: limit },
      schema: {
        tags: [TAG],
        summary: '第三方登录回调：校验 state、用授权码换取身份，跳转到 /login?thirdLoginId=<一次性登录记录>',
        description: 'state 只能使用一次、10 分钟内有效。失败时跳转到 /login?thirdLoginError=<原因>。',
        params: z.object({ provider: z.string().max(64) }),
        querystring: z.object({
          code: z.string().optional(),
          state: z.string().optional(),
          iss: z.string().optional(),
          error: z.string().optional(),
          error_description: z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const q = request.url.indexOf('?');
      const location = await oidc
        .callback(provider, q >= 0 ? request.url.slice(q) : '', clientMeta(request))
        .catch((err) => oidc.failed(provider, err, clientMeta(request), request.log));
      return reply.redirect(location, 302);
    },
  );

  r.get(
    '/thirdLogin/getLoginUser/:id',
    {
      config: { permission: PUBLIC, rateLimit: limit },
      schema: {
        tags: [TAG],
        summary: '第三方登录：用一次性登录记录换取登录令牌（code 为 "200" 时成功，记录只能使用一次，2 分钟内有效）',
        params: z.object({ id: z.string().max(128) }),
        response: {
          200: z.object({ code: z.literal('200'), success: z.literal(true), msg: z.string(), result: loginResultSchema }),
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const result = RECORD_ID.test(id) ? await oidc.takeLoginRecord(id, clientMeta(request)) : null;
      if (!result) return reply.code(404).send({ code: '404', success: false, msg: RECORD_GONE, data: null });
      return { code: '200' as const, success: true as const, msg: '登录成功', result };
    },
  );
}
