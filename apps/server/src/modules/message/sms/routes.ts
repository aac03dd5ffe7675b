import type { FastifyInstance } from 'fastify';
import { smsCalls } from '@dandelion/shared/message/sms';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { sendWorkbook } from '../../../core/excel';
import { serve } from '../../../core/route';
import type { SmsService } from './service';
import type { VerifyCodeService } from './verifyCodes';

/** The verification-code request (public, rate limited) and the administrators' SMS log (spec §7 /rest/smsService/*). */
export function registerSmsRoutes(app: FastifyInstance, { sms, codes }: { sms: SmsService; codes: VerifyCodeService }) {
  serve(
    app,
    smsCalls.sendCode,
    async (request) => ok(await codes.request({ phone: request.body.phone, purpose: request.body.purpose, ip: request.ip }), '验证码已发送'),
    { config: { rateLimit: { max: 20, timeWindow: 60_000 } } },
  );

  serve(app, smsCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await sms.page(filter, pageParameter));
  });

  serve(app, smsCalls.export, async (request, reply) => sendWorkbook(reply, '短信日志', 'sms-log', await sms.export(request.body)));

  serve(app, smsCalls.remove, async (request) => {
    await sms.deleteById(request.body.id, changeOf(request));
    return ok(null, '删除成功');
  });

  serve(app, smsCalls.removeMany, async (request) => ok({ deleted: await sms.deleteByIds(request.body.ids, changeOf(request)) }, '删除成功'));
}
