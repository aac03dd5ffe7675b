import type { FastifyInstance, FastifyRequest } from 'fastify';
import { achievementCalls, guideCalls, PURCHASE_RATE_LIMIT, PURCHASE_SUCCESS_MESSAGE, purchaseCalls } from '@dandelion/shared/award/achievement';
import { changeOf } from '../../../core/audit';
import type { EffectiveDataScope } from '../../../core/dataScope';
import { ok, portalOk } from '../../../core/envelope';
import { errors } from '../../../core/errors';
import { serve } from '../../../core/route';
import type { PublicPages } from './publicPages';
import type { PurchaseService } from './purchases';

/** Checks an image captcha once (it is spent whatever the answer); the identity module answers. */
export type ConsumeCaptcha = (captchaKey: string, code: string) => Promise<boolean>;
/** The complaint form's message for a wrong captcha: one wording across the portal. */
const CAPTCHA_WRONG_MESSAGE = '图形验证码错误或已过期，请重新获取';

function scopeOf(request: FastifyRequest): EffectiveDataScope {
  const p = request.principal!;
  return p.isSuperAdmin ? { ...p.dataScope, all: true } : p.dataScope;
}

/** The portal's /apply and /show reads, the 有意向合作 form, and the console's list of intentions. */
export function registerAchievementRoutes(app: FastifyInstance, deps: { pages: PublicPages; purchases: PurchaseService; consumeCaptcha: ConsumeCaptcha }) {
  const { pages, purchases, consumeCaptcha } = deps;
  serve(app, guideCalls.page, async (request) => portalOk(await pages.guidePage(request.body.pageParameter)));
  serve(app, guideCalls.detail, async (request) => portalOk(await pages.guideDetail(request.body.editionId)));
  serve(app, achievementCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return portalOk(await pages.achievementPage(filter, pageParameter));
  });
  serve(app, achievementCalls.detail, async (request) => portalOk(await pages.achievementDetail(request.body.achievementId)));

  serve(
    app,
    purchaseCalls.add,
    async (request) => {
      const { captchaKey, captchaCode, ...input } = request.body;
      if (!(await consumeCaptcha(captchaKey, captchaCode))) throw errors.badRequest(CAPTCHA_WRONG_MESSAGE);
      return portalOk(await purchases.submit(input, { ip: request.ip }), PURCHASE_SUCCESS_MESSAGE);
    },
    // Anonymous and stored, and each one messages the unit: a few per address.
    { config: { rateLimit: { max: PURCHASE_RATE_LIMIT.max, timeWindow: PURCHASE_RATE_LIMIT.windowMs, keyGenerator: (request: FastifyRequest) => `purchase:${request.ip}` } } },
  );
  serve(app, purchaseCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await purchases.page(filter, scopeOf(request), pageParameter));
  });
  serve(app, purchaseCalls.updateStatus, async (request) => {
    const { purchaseId, lockVersion, status } = request.body;
    return ok(await purchases.updateStatus(purchaseId, lockVersion, status, scopeOf(request), changeOf(request)), '状态已更新');
  });
}
