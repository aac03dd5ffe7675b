import type { FastifyInstance } from 'fastify';
import { captchaCalls } from '@dandelion/shared/auth/captcha';
import { ok } from '../../../core/envelope';
import { serve } from '../../../core/route';
import type { CaptchaService } from './service';

export function registerCaptchaRoutes(app: FastifyInstance, captchas: CaptchaService) {
  serve(app, captchaCalls.image, async () => ok(await captchas.create()), { config: { rateLimit: { max: 30, timeWindow: 60_000 } } });
}
