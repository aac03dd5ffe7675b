import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CAPTCHA_WRONG_MESSAGE, COMPLAINT_RATE_LIMIT, COMPLAINT_SUCCESS_MESSAGE, complaintCalls } from '@dandelion/shared/cms/complaint';
import { changeOf } from '../../../core/audit';
import { ok, portalOk } from '../../../core/envelope';
import { errors } from '../../../core/errors';
import { checkRange } from '../../../core/listing';
import type { Principal } from '../../../core/permissions';
import { serve } from '../../../core/route';
import type { ComplaintService } from './service';

/** Checks an image captcha once (it is spent whatever the answer); the identity module answers. */
export type ConsumeCaptcha = (captchaKey: string, code: string) => Promise<boolean>;
/** Who is signed in on a public call (a complaint records its sender); anonymous when absent. */
export type Identify = (request: FastifyRequest) => Promise<Principal | null>;

export interface ComplaintRouteDeps {
  complaints: ComplaintService;
  consumeCaptcha: ConsumeCaptcha;
  identify?: Identify;
}

/** Complaints (spec §7 /rest/complain/*): the portal form, and the back office's answers. */
export function registerComplaintRoutes(app: FastifyInstance, { complaints, consumeCaptcha, identify }: ComplaintRouteDeps) {
  serve(
    app,
    complaintCalls.submit,
    async (request) => {
      const { captchaKey, captchaCode, ...input } = request.body;
      if (!(await consumeCaptcha(captchaKey, captchaCode))) throw errors.badRequest(CAPTCHA_WRONG_MESSAGE);
      const principal = identify ? await identify(request).catch(() => null) : null;
      return portalOk(await complaints.submit(input, { ip: request.ip, userId: principal?.userId ?? null }), COMPLAINT_SUCCESS_MESSAGE);
    },
    // Anonymous and stored: a few per address, so the form cannot be used to flood the back office.
    { config: { rateLimit: { max: COMPLAINT_RATE_LIMIT.max, timeWindow: COMPLAINT_RATE_LIMIT.windowMs, keyGenerator: (request: FastifyRequest) => `complain:${request.ip}` } } },
  );
  serve(app, complaintCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    checkRange(filter);
    return ok(await complaints.page(filter, pageParameter));
  });
  serve(app, complaintCalls.detail, async (request) => ok(await complaints.detail(request.body.complaintId)));
  serve(app, complaintCalls.reply, async (request) => {
    const { complaintId, lockVersion, reply } = request.body;
    return ok(await complaints.reply(complaintId, lockVersion, reply, changeOf(request)), '回复成功');
  });
  serve(app, complaintCalls.close, async (request) => ok(await complaints.close(request.body.complaintId, request.body.lockVersion, changeOf(request)), '已关闭'));
  serve(app, complaintCalls.remove, async (request) => {
    await complaints.remove(request.body.complaintId, request.body.lockVersion, changeOf(request));
    return ok(null, '删除成功');
  });
}
