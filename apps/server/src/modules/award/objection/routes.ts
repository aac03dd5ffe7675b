import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OBJECTION_HANDLER_PERMISSIONS, objectionCalls } from '@dandelion/shared/award/objection';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { serve } from '../../../core/route';
import type { Viewer } from './present';
import type { Actor, ObjectionService } from './service';

const actorOf = (request: FastifyRequest): Actor => ({ change: changeOf(request), name: request.principal!.realname || request.principal!.username });

/** A handler holds one of the handling permissions (or is the super administrator). */
export function viewerOf(request: FastifyRequest): Viewer {
  const p = request.principal!;
  return { userId: p.userId, handler: p.isSuperAdmin || OBJECTION_HANDLER_PERMISSIONS.some((code) => p.permissions.has(code)) };
}

/** /rest/objection/*: contract in, one service call, the answer out. */
export function registerObjectionRoutes(app: FastifyInstance, objections: ObjectionService) {
  serve(app, objectionCalls.file, async (request) => ok(await objections.file(actorOf(request), request.body), '异议已提交，我们将尽快处理'));
  serve(app, objectionCalls.mine, async (request) => ok(await objections.mine(request.principal!.userId, request.body.pageParameter)));
  serve(app, objectionCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await objections.page(viewerOf(request), filter, pageParameter));
  });
  serve(app, objectionCalls.detail, async (request) => ok(await objections.detail(viewerOf(request), request.body.objectionId)));
  serve(app, objectionCalls.accept, async (request) => {
    const { objectionId, lockVersion, opinion } = request.body;
    return ok(await objections.accept(actorOf(request), viewerOf(request), objectionId, lockVersion, opinion || null), '已受理');
  });
  serve(app, objectionCalls.reject, async (request) => {
    const { objectionId, lockVersion, opinion } = request.body;
    return ok(await objections.reject(actorOf(request), viewerOf(request), objectionId, lockVersion, opinion), '已不予受理');
  });
  serve(app, objectionCalls.investigate, async (request) => {
    const { objectionId, lockVersion, opinion } = request.body;
    return ok(await objections.investigate(actorOf(request), viewerOf(request), objectionId, lockVersion, opinion || null), '已开始调查');
  });
  serve(app, objectionCalls.decide, async (request) => {
    const { objectionId, lockVersion, ...input } = request.body;
    return ok(await objections.decide(actorOf(request), viewerOf(request), objectionId, lockVersion, input), '处理结论已保存');
  });
  serve(app, objectionCalls.getSettings, async () => ok(await objections.settings()));
  serve(app, objectionCalls.saveSettings, async (request) => ok(await objections.saveSettings(actorOf(request), request.body), '保存成功'));
}
