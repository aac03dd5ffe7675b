import type { FastifyInstance } from 'fastify';
import { ssoCalls, thirdLoginAnswer } from '@dandelion/shared/auth/sso';
import { ok } from '../../../core/envelope';
import { serve } from '../../../core/route';
import { clientMeta } from '../login/module';
import type { CasService } from './cas';
import type { OidcService } from './oidc';

const RECORD_GONE = '登录记录不存在或已使用';
const RECORD_ID = /^[A-Za-z0-9_-]{20,128}$/;
const limited = { config: { rateLimit: { max: 60, timeWindow: 60_000 } } };

export function registerSsoRoutes(app: FastifyInstance, { cas, oidc }: { cas: CasService; oidc: OidcService }) {
  serve(
    app,
    ssoCalls.casValidate,
    async (request) => {
      const result = await cas.validateLogin(request.query, clientMeta(request));
      return ok({ ...result, success: true }, '登录成功');
    },
    limited,
  );

  serve(
    app,
    ssoCalls.oidcAuthorize,
    async (request, reply) => {
      const { provider } = request.params;
      const location = await oidc
        .authorize(provider, request.query.returnTo)
        .catch((err) => oidc.failed(provider, err, clientMeta(request), request.log));
      return reply.redirect(location, 302);
    },
    limited,
  );

  serve(
    app,
    ssoCalls.oidcCallback,
    async (request, reply) => {
      const { provider } = request.params;
      const q = request.url.indexOf('?');
      const location = await oidc
        .callback(provider, q >= 0 ? request.url.slice(q) : '')
        .catch((err) => oidc.failed(provider, err, clientMeta(request), request.log));
      return reply.redirect(location, 302);
    },
    limited,
  );

  // The one-time record answers its own envelope (code '200' and result), encoded here through the contract's schema.
  serve(
    app,
    ssoCalls.thirdLoginUser,
    async (request, reply) => {
      const { id } = request.params;
      const result = RECORD_ID.test(id) ? await oidc.takeLoginRecord(id, clientMeta(request)) : null;
      if (!result) return reply.code(404).send({ code: '404', success: false, msg: RECORD_GONE, data: null, attributes: {} });
      return reply.send(thirdLoginAnswer.encode({ code: '200', success: true, msg: '登录成功', result }));
    },
    limited,
  );
}
