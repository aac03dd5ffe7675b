import type { FastifyInstance } from 'fastify';
import { twoFactorCalls as calls } from '@dandelion/shared/auth/twoFactor';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { serve } from '../../../core/route';
import { clientMeta, type LoginService } from '../login/module';
import { holdsSystemAdministration, type TwoFactorService } from './service';

/** Guessing is slowed per address too, on top of the per-challenge and per-account limits. */
const VERIFY_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };

export function registerTwoFactorRoutes(app: FastifyInstance, deps: { twoFactor: TwoFactorService; login: Pick<LoginService, 'completeLogin'> }) {
  const { twoFactor, login } = deps;

  serve(app, calls.getStatus, async (request) => ok(await twoFactor.status(request.principal!.userId, holdsSystemAdministration(request.principal!))));

  serve(app, calls.beginEnrol, async (request) => ok(await twoFactor.beginEnrol(request.principal!.userId, request.principal!.username)));

  serve(app, calls.confirmEnrol, async (request) => ok(await twoFactor.confirmEnrol(changeOf(request), request.body.code), '两步验证已开启，请妥善保存恢复码'), {
    config: VERIFY_RATE_LIMIT,
  });

  serve(app, calls.disable, async (request) => {
    await twoFactor.disable(changeOf(request), request.body.password, request.body.code);
    return ok(null, '两步验证已关闭');
  }, { config: VERIFY_RATE_LIMIT });

  serve(app, calls.regenerateRecoveryCodes, async (request) => ok(await twoFactor.regenerateRecoveryCodes(changeOf(request), request.body.code), '已生成新的恢复码，旧恢复码已作废'), {
    config: VERIFY_RATE_LIMIT,
  });

  serve(app, calls.forgetDevices, async (request) => ok(await twoFactor.forgetDevices(changeOf(request)), '已取消全部受信任设备'));

  serve(app, calls.resetForUser, async (request) => {
    await twoFactor.resetForUser(changeOf(request), request.body.userId);
    return ok(null, '已关闭该用户的两步验证');
  });

  serve(app, calls.verifyLogin, async (request) => {
    const meta = clientMeta(request);
    const passed = await twoFactor.verifyLogin(request.body, meta);
    const result = await login.completeLogin(passed.user, passed.loginName, passed.loginType, meta, passed.note);
    return ok(passed.deviceToken ? { ...result, deviceToken: passed.deviceToken } : result, '登录成功');
  }, { config: VERIFY_RATE_LIMIT });
}
