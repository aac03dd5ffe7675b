import type { FastifyInstance } from 'fastify';
import { duplicateCalls } from '@dandelion/shared/system/duplicate';
import { ok } from '../../../core/envelope';
import { serve } from '../../../core/route';
import type { DuplicateService } from './service';

/** The duplicate check of spec §3/§5, over the fields features register with the duplicate-check registry. */
export function registerDuplicateRoutes(app: FastifyInstance, duplicates: DuplicateService) {
  serve(app, duplicateCalls.check, async (request) => {
    const answer = await duplicates.check(request.body);
    return ok(answer, answer.message);
  });
}
