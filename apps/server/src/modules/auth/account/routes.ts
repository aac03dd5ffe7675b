import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerBody } from '@dandelion/shared';
import { passwordCalls } from '@dandelion/shared/auth/password';
import { profileCalls } from '@dandelion/shared/auth/profile';
import { registerCalls } from '@dandelion/shared/auth/register';
import { ok } from '../../../core/envelope';
import type { Actor } from '../../../core/records';
import { clientMeta } from '../login/module';
import { serve } from '../../../core/route';
import { PASSWORD_RESET_DONE, type PasswordService } from './password';
import type { ProfileService } from './profile';
import type { RegistrationService } from './register';

const actorOf = (request: FastifyRequest): Actor => ({ id: request.principal!.userId, name: request.principal!.username });
const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: 60_000 } } });

/** Spec §7 /rest/register/*: public calls of the /enroll and /forgotPassword pages. */
function registerRegistrationRoutes(app: FastifyInstance, { registration, passwords }: { registration: RegistrationService; passwords: PasswordService }) {
  serve(app, registerCalls.register, async (request) => ok(await registration.register(request.body, clientMeta(request)), '注册成功'), perMinute(10));

  serve(
    app,
    registerCalls.sendCode,
    async (request) => ok(await registration.sendCode(request.body, request.ip), '验证码已发送'),
    perMinute(20),
  );

  serve(
    app,
    registerCalls.checkAvailable,
    async (request) => {
      const result = await registration.checkAvailable(request.body.field, request.body.value);
      return ok(result, result.msg);
    },
    perMinute(60),
  );

  serve(app, registerCalls.verifyUnit, async (request) => ok(registration.verifyUnit(request.body), '单位信息校验通过'), perMinute(30));

  serve(
    app,
    registerCalls.startReset,
    async (request) => ok(await passwords.startReset(request.body.phone, request.body.code), '验证通过，请设置新密码'),
    perMinute(10),
  );

  serve(
    app,
    registerCalls.finishReset,
    async (request) => {
      await passwords.finishReset(request.body.resetToken, request.body.newPassword);
      return ok(null, PASSWORD_RESET_DONE);
    },
    perMinute(10),
  );
}

/** Spec §7 password calls. The three change paths share one schema and one service method. */
function registerPasswordRoutes(app: FastifyInstance, passwords: PasswordService) {
  const change = async (request: FastifyRequest<{ Body: ServerBody<typeof passwordCalls.change> }>) => {
    await passwords.change(actorOf(request), request.principal!.sessionId, request.body.oldPassword, request.body.newPassword);
    return ok(null, '密码修改成功');
  };
  serve(app, passwordCalls.change, change, perMinute(10));
  serve(app, passwordCalls.changeInSettings, change, perMinute(10));
  serve(app, passwordCalls.changeInCommon, change, perMinute(10));

  serve(
    app,
    passwordCalls.validate,
    async (request) => {
      const valid = await passwords.validate(request.principal!.userId, request.body.password);
      return ok({ valid }, valid ? '密码正确' : '密码不正确');
    },
    perMinute(10),
  );

  serve(app, passwordCalls.adminReset, async (request) =>
    ok(await passwords.adminReset(actorOf(request), request.body.userId, request.body.newPassword), '密码已重置'),
  );
}

/** The signed-in user's phone, email and identity (spec §7 bindPhone, updUserPhoneAndMail, identify). */
function registerProfileRoutes(app: FastifyInstance, profile: ProfileService) {
  serve(app, profileCalls.bindPhone, async (request) => ok(await profile.bindPhone(actorOf(request), request.body.phone, request.body.code), '手机号绑定成功'));
  serve(app, profileCalls.updatePhoneAndMail, async (request) => ok(await profile.updatePhoneAndMail(actorOf(request), request.body), '修改成功'));
  serve(app, profileCalls.verifyIdentity, async (request) => ok(await profile.verifyIdentity(actorOf(request), request.body), '实名认证成功'));
  serve(app, profileCalls.identity, async (request) => ok(await profile.identity(actorOf(request))));
}

/** Registration, password recovery and change, binding and identity verification. */
export function registerAccountRoutes(app: FastifyInstance, deps: { registration: RegistrationService; passwords: PasswordService; profile: ProfileService }) {
  registerRegistrationRoutes(app, deps);
  registerPasswordRoutes(app, deps.passwords);
  registerProfileRoutes(app, deps.profile);
}
