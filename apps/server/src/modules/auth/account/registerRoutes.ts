import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zEmail, zIdNumber, zMobile, zPassword, zUnifiedSocialCreditCode } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { PUBLIC } from '../../../core/permissions';
import { zId } from '@dandelion/shared';
import type { PasswordService } from './passwordService';
import { PASSWORD_RESET_DONE } from './passwordService';
import type { RegisterService } from './registerService';
import { zRealname, zSmsCode, zUnitName, zUsername } from './schemas';

const TAG = '注册与找回密码';

/** Spec §7 /rest/register/*: public calls of the /enroll pages. */
export function registerRegistrationRoutes(app: FastifyInstance, deps: { register: RegisterService; passwords: PasswordService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { register, passwords } = deps;

  r.post(
    '/rest/register/AddRegisterUser',
    {
      config: { permission: PUBLIC, rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: [TAG],
        summary: '申报人注册：手机号需先获取 REGISTER 短信验证码；新账号获得申报人（APPLICANT）角色',
        description: '用户名、手机号、邮箱重复时返回 409（attributes.field 指明字段）。',
        body: z.object({
          username: zUsername,
          password: zPassword,
          realname: zRealname,
          phone: zMobile,
          smsCode: zSmsCode,
          email: zEmail.pipe(z.string().max(128, '邮箱不能超过128个字符')),
          idNumber: zIdNumber,
          unitName: zUnitName,
          unitCode: zUnifiedSocialCreditCode.optional(),
        }),
        response: { 200: envelopeOf(z.object({ userId: zId })) },
      },
    },
    async (request) => ok(await register.register(request.body), '注册成功'),
  );

  r.post(
    '/rest/register/checkAvailable',
    {
      config: { permission: PUBLIC, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: [TAG],
        summary: '注册表单实时校验：用户名 / 手机号 / 邮箱的格式与是否已被注册',
        body: z.object({
          field: z.enum(['username', 'phone', 'email'], { error: '只能校验 username、phone 或 email' }),
          value: z.string({ error: '请输入要校验的内容' }).max(254, '输入内容过长'),
        }),
        response: { 200: envelopeOf(z.object({ available: z.boolean(), msg: z.string() })) },
      },
    },
    async (request) => {
      const result = await register.checkAvailable(request.body.field, request.body.value);
      return ok(result, result.msg);
    },
  );

  r.post(
    '/rest/register/verifyUnitService',
    {
      config: { permission: PUBLIC, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: [TAG],
        summary: '校验单位名称与统一社会信用代码（GB 32100-2015 校验码）',
        body: z.object({ unitName: zUnitName, unitCode: zUnifiedSocialCreditCode }),
        response: { 200: envelopeOf(z.object({ unitName: z.string(), unitCode: z.string(), valid: z.literal(true) })) },
      },
    },
    async (request) => ok(register.verifyUnit(request.body), '单位信息校验通过'),
  );

  r.post(
    '/rest/register/getMyPassword',
    {
      config: { permission: PUBLIC, rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: [TAG],
        summary: '找回密码第一步：手机号 + RESET_PASSWORD 短信验证码换取一次性重置凭证（10 分钟内有效）',
        body: z.object({ phone: zMobile, code: zSmsCode }),
        response: { 200: envelopeOf(z.object({ resetToken: z.string(), expiresIn: z.number() })) },
      },
    },
    async (request) => ok(await passwords.startReset(request.body.phone, request.body.code), '验证通过，请设置新密码'),
  );

  r.post(
    '/rest/register/updMyPassword',
    {
      config: { permission: PUBLIC, rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: [TAG],
        summary: '找回密码第二步：用重置凭证设置新密码；该账号的所有登录会话立即失效',
        body: z.object({ resetToken: z.string({ error: '缺少重置凭证' }).min(20, '重置凭证不正确').max(128, '重置凭证不正确'), newPassword: zPassword }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await passwords.finishReset(request.body.resetToken, request.body.newPassword);
      return ok(null, PASSWORD_RESET_DONE);
    },
  );
}

