import type { FastifyInstance, FastifyRequest } from 'fastify';
import { definitionCalls, instanceCalls } from '@dandelion/shared/base/progress';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { serve } from '../../../core/route';
import type { ProcessActor, ProcessEngine } from './engine';
import type { ProcessInstanceQueries } from './instances';
import type { ProcessDefinitionService } from './service';

/** The signed-in caller as the engine's actor (the route's permission guarantees a principal). */
function actorOf(request: FastifyRequest): ProcessActor {
  const p = request.principal!;
  return { id: p.userId, name: p.username, displayName: p.realname, roleCodes: p.roleCodes, permissions: p.permissions, isSuperAdmin: p.isSuperAdmin, ip: request.ip, requestId: request.id };
}

/** Process definitions (/rest/progress/definition/*). */
export function registerDefinitionRoutes(app: FastifyInstance, { definitions }: { definitions: ProcessDefinitionService }) {
  serve(app, definitionCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await definitions.page(filter, pageParameter));
  });
  serve(app, definitionCalls.versions, async (request) => ok(await definitions.versions(request.body.processCode)));
  serve(app, definitionCalls.detail, async (request) => ok(await definitions.detail(request.body.defId)));
  serve(app, definitionCalls.add, async (request) => ok(await definitions.add(request.body, changeOf(request)), '新增成功'));
  serve(app, definitionCalls.update, async (request) => {
    const { defId, lockVersion, ...input } = request.body;
    return ok(await definitions.update(defId, lockVersion, input, changeOf(request)), '修改成功');
  });
  serve(app, definitionCalls.publish, async (request) => ok(await definitions.publish(request.body.defId, request.body.lockVersion, changeOf(request)), '发布成功'));
  serve(app, definitionCalls.newVersion, async (request) => ok(await definitions.newVersion(request.body.defId, changeOf(request)), '已创建新版本'));
  serve(app, definitionCalls.remove, async (request) => {
    await definitions.remove(request.body.defId, request.body.lockVersion, changeOf(request));
    return ok(null, '删除成功');
  });
}

/** Process instances (/rest/progress/instance/*): the console's list, detail and actions on the engine. */
export function registerInstanceRoutes(app: FastifyInstance, { engine, instances }: { engine: ProcessEngine; instances: ProcessInstanceQueries }) {
  serve(app, instanceCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await instances.page(filter, pageParameter));
  });
  serve(app, instanceCalls.detail, async (request) => ok(await instances.detail(request.body.instanceId)));
  serve(app, instanceCalls.actions, async (request) => ok(await engine.availableActions(request.body.instanceId, request.principal!)));
  serve(app, instanceCalls.start, async (request) => ok(await engine.start({ ...request.body, actor: actorOf(request) }), '流程已发起'));
  serve(app, instanceCalls.act, async (request) => {
    const { instanceId, action, comment, lockVersion } = request.body;
    return ok(await engine.act({ instanceId, action, comment, lockVersion, actor: actorOf(request) }), '办理成功');
  });
  serve(app, instanceCalls.terminate, async (request) => {
    const { instanceId, reason, lockVersion } = request.body;
    return ok(await engine.terminate({ instanceId, reason, lockVersion, actor: actorOf(request) }), '流程已终止');
  });
}
