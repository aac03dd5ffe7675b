import type { FastifyInstance } from 'fastify';
import { serialCalls as calls } from '@dandelion/shared/base/serial';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { serveRecordCalls } from '../../../core/recordRoutes';
import { serve } from '../../../core/route';
import type { SerialRuleService } from './rules';

/** Serial-number rules (spec §2 /base/serial/serialList; the call names are ours): the rule family, then the counter. */
export function registerSerialRoutes(app: FastifyInstance, rules: SerialRuleService) {
  serveRecordCalls(app, calls, rules);
  serve(app, calls.reset, async (request) => {
    const { ruleId, lockVersion, confirmCode, currentValue } = request.body;
    return ok(await rules.reset(ruleId, lockVersion, confirmCode, currentValue, changeOf(request)), '已重置');
  });
  serve(app, calls.preview, async (request) => ok(await rules.preview(request.body.ruleCode, request.body.count)));
  serve(app, calls.next, async (request) => ok(await rules.take(request.body.ruleCode, request.body.count, changeOf(request)), '取号成功'));
}
