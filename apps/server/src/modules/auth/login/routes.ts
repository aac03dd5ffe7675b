import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signInCalls } from '@dandelion/shared/auth/signIn';
import { ok } from '../../../core/envelope';
import { errors } from '../../../core/errors';
import { serve } from '../../../core/route';
import { tokenFromHeader } from '../../../core/token';
import type { LoginLogModule } from '../loginLog/module';
import type { SessionService } from '../session/module';
import type { ClientMeta, LoginService, PhoneCodeSignIn, SignInOutcome } from './service';

const answer = (outcome: SignInOutcome) => ok(outcome, 'twoFactorRequired' in outcome ? '请输入两步验证的动态验证码' : '登录成功');

export const clientMeta = (request: FastifyRequest): ClientMeta => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/** What single sign-on adds to signing in and out: the CAS sign-out address and the login page's extra entries. */
export interface ExternalSignIn {
  /** Where the browser goes after `client_name=cas_client` sign-out; null when CAS is off. */
  casLogoutUrl(): string | null;
  describe(): { cas?: { enabled: boolean; loginUrl: string | null }; oauthProviders?: Array<{ code: string; name: string; authorizeUrl: string }> };
}

export function registerLoginRoutes(
  app: FastifyInstance,
  deps: { login: LoginService; phoneCode: PhoneCodeSignIn; sessions: Pick<SessionService, 'revokeToken'>; loginLogs: Pick<LoginLogModule, 'assess'>; external: ExternalSignIn },
) {
  const { login, phoneCode, sessions, loginLogs, external } = deps;

  serve(app, signInCalls.signIn, async (request) => {
    const body = request.body;
    if (request.query.client_name === 'myform_client') {
      if (!body.username) throw errors.badRequest('请输入用户名');
      if (!body.password) throw errors.badRequest('请输入密码');
      const { username, password, captchaKey, captchaCode, deviceToken } = body;
      return answer(await login.loginWithPassword({ username, password, captchaKey, captchaCode, deviceToken }, clientMeta(request)));
    }
    if (!body.phone) throw errors.badRequest('请输入手机号');
    if (!body.code) throw errors.badRequest('请输入短信验证码');
    return answer(await phoneCode({ phone: body.phone, code: body.code, deviceToken: body.deviceToken }, clientMeta(request)));
  });

  serve(app, signInCalls.signOut, async (request) => {
    // Idempotent: signing out with an unknown or expired token is still a success.
    const token = tokenFromHeader(request.headers.authorization);
    if (token) await sessions.revokeToken(token);
    const casLogoutUrl = request.query.client_name === 'cas_client' ? external.casLogoutUrl() : null;
    return ok({ casLogoutUrl }, '已退出登录');
  });

  serve(app, signInCalls.inspect, async (request) => {
    const name = request.body.username?.toLowerCase() ?? '';
    const risk = await loginLogs.assess(name, request.ip);
    return ok({
      captchaRequired: risk.captchaRequired,
      locked: risk.lockedForMs > 0,
      lockedForSeconds: Math.ceil(risk.lockedForMs / 1000),
      loginTypes: ['ACCOUNT', 'MOBILE_PASSWORD', 'SMS'],
      extra: external.describe(),
    });
  });
}
