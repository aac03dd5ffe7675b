import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MOBILE_MESSAGE, zMobile } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { sendWorkbook } from '../../../core/excel';
import { PUBLIC } from '../../../core/permissions';
import { changeOf } from '../../../core/audit';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import type { SmsService } from './service';
import { CODE_PURPOSES, type VerifyCodeService } from './verifyCodeService';

const TAG = '短信';

const smsLogSchema = z.object({
  id: zId,
  phone: z.string(),
  content: z.string(),
  purpose: z.string(),
  provider: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  ip: z.string().nullable(),
  createTime: zDateTime,
});

const smsFilter = z.object({
  phone: z.string().trim().max(20, MOBILE_MESSAGE).optional(),
  purpose: z.string().trim().max(32).optional(),
  status: z.enum(['SENT', 'FAILED'], { error: '状态只能是 SENT 或 FAILED' }).optional(),
  beginTime: zDateTime.optional(),
  endTime: zDateTime.optional(),
});

export function registerSmsRoutes(app: FastifyInstance, deps: { sms: SmsService; codes: VerifyCodeService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sms, codes } = deps;

  r.post(
    '/rest/captcha/sms',
    {
      config: { permission: PUBLIC, rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags: [TAG],
        summary: '发送短信验证码（6 位，5 分钟内有效，一次有效）',
        description:
          'purpose：LOGIN（默认）、REGISTER、RESET_PASSWORD、BIND_PHONE。同一手机号同一用途 60 秒内只发一次，每个手机号每天最多 10 条，每个 IP 每小时最多 20 条（HTTP 429）。' +
          'LOGIN 与 RESET_PASSWORD 时未注册的手机号也得到同样的成功答复但不会收到短信，不暴露哪些号码已注册；REGISTER 时已注册返回 409。',
        body: z.object({ phone: zMobile, purpose: z.enum(CODE_PURPOSES, { error: '不支持的验证码用途' }).default('LOGIN') }),
        response: { 200: envelopeOf(z.object({ expiresIn: z.number(), resendIn: z.number() })) },
      },
    },
    async (request) => ok(await codes.request({ phone: request.body.phone, purpose: request.body.purpose, ip: request.ip }), '验证码已发送'),
  );

  r.post(
    '/rest/smsService/getSmsByPage',
    {
      config: { permission: 'message:sms:list' },
      schema: {
        tags: [TAG],
        summary: '短信日志分页（最新在前）；验证码在使用或过期后显示为 ******',
        body: smsFilter.extend({ pageParameter: zPageParameter }),
        response: { 200: envelopeOf(pageOf(smsLogSchema)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await sms.page(filter, pageParameter));
    },
  );

  r.post(
    '/rest/smsService/exportSms',
    {
      config: { permission: 'message:sms:export' },
      schema: {
        tags: [TAG],
        summary: '导出短信日志（Excel，按当前筛选，最多 10000 行；验证码一律显示为 ******）',
        body: smsFilter,
      },
    },
    async (request, reply) => sendWorkbook(reply, '短信日志', 'sms-log', await sms.export(request.body)),
  );

  r.post(
    '/rest/smsService/deleteSmsById',
    {
      config: { permission: 'message:sms:del' },
      schema: { tags: [TAG], summary: '删除一条短信日志（逻辑删除）', body: z.object({ id: zId }), response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await sms.deleteById(request.body.id, changeOf(request));
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/rest/smsService/deleteSmsByIds',
    {
      config: { permission: 'message:sms:del' },
      schema: {
        tags: [TAG],
        summary: '批量删除短信日志（逻辑删除；全部成功或全部不删）',
        body: z.object({ ids: z.array(zId).min(1, '请选择要删除的短信日志').max(500, '一次最多删除 500 条') }),
        response: { 200: envelopeOf(z.object({ deleted: z.number() })) },
      },
    },
    async (request) => ok({ deleted: await sms.deleteByIds(request.body.ids, changeOf(request)) }, '删除成功'),
  );
}
