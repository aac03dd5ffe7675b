import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zPassword } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { SIGNED_IN, type Principal } from '../../../core/permissions';
import type { Actor } from '../../../core/records';
import { zId } from '@dandelion/shared';
import type { PasswordService } from './passwordService';

const TAG = '密码';
const actorOf = (p: Principal | null): Actor => ({ id: p!.userId, name: p!.username });

const OLD_PASSWORD_MISSING = '请输入原密码';
const changeBody = z.object({
  oldPassword: z.string({ error: OLD_PASSWORD_MISSING }).min(1, OLD_PASSWORD_MISSING).max(128, OLD_PASSWORD_MISSING),
  newPassword: zPassword,
});
const changeSchema = {
  tags: [TAG],
  summary: '修改本人密码（原密码 + 新密码）；除当前会话外的其他登录会话立即失效',
  body: changeBody,
  response: { 200: envelopeOf(z.null()) },
};
const CHANGED = '密码修改成功';

/** Spec §7 password calls. The three change paths share one schema and one service method. */
export function registerPasswordRoutes(app: FastifyInstance, deps: { passwords: PasswordService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { passwords } = deps;
  const change = async (request: { principal: Principal | null; body: z.infer<typeof changeBody> }) => {
    await passwords.change(actorOf(request.principal), request.principal!.sessionId, request.body.oldPassword, request.body.newPassword);
    return ok(null, CHANGED);
  };

  r.post('/rest/user/UpdPwd', { config: { permission: SIGNED_IN, rateLimit: { max: 10, timeWindow: 60_000 } }, schema: changeSchema }, change);
  r.post('/rest/setting/updatepassword', { config: { permission: SIGNED_IN, rateLimit: { max: 10, timeWindow: 60_000 } }, schema: changeSchema }, change);
  r.post('/rest/common/UpdPwd', { config: { permission: SIGNED_IN, rateLimit: { max: 10, timeWindow: 60_000 } }, schema: changeSchema }, change);

  r.post(
    '/rest/user/valPwd',
    {
      config: { permission: SIGNED_IN, rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: [TAG],
        summary: '校验本人当前密码是否正确',
        body: z.object({ password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '请输入密码') }),
        response: { 200: envelopeOf(z.object({ valid: z.boolean() })) },
      },
    },
    async (request) => {
      const valid = await passwords.validate(request.principal!.userId, request.body.password);
      return ok({ valid }, valid ? '密码正确' : '密码不正确');
    },
  );

  r.post(
    '/rest/user/UpdPwdUser',
    {
      config: { permission: 'system:user:reset' },
      schema: {
        tags: [TAG],
        summary: '管理员重置用户密码：不传 newPassword 时生成强密码并仅在本次答复中返回；该用户的所有登录会话立即失效',
        body: z.object({ userId: zId, newPassword: zPassword.optional() }),
        response: { 200: envelopeOf(z.object({ userId: zId, generatedPassword: z.string().nullable() })) },
      },
    },
    async (request) => ok(await passwords.adminReset(actorOf(request.principal), request.body.userId, request.body.newPassword), '密码已重置'),
  );
}
