import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROCESS_INSTANCE_STATUSES } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { pageOf, zId, zPageParameter } from '@dandelion/shared';
import { zLockVersion } from '@dandelion/shared';
import { actorOf, type ProcessEngine } from './engine';
import type { ProcessInstanceQueries } from './instances';
import { actionOut, instanceDetail, instanceOut, zProcessCode } from './schemas';

const TAG = '流程实例';
const byId = z.object({ instanceId: zId });
const comment = z.string({ error: '意见必须是文本' }).max(1000, '意见不能超过1000个字符').nullish();

/**
 * Process instances in the console. Business modules (declarations, expert review) call the engine
 * in-process inside their own transactions; these routes serve administrators and integrations.
 */
export function registerInstanceRoutes(app: FastifyInstance, { engine, instances }: { engine: ProcessEngine; instances: ProcessInstanceQueries }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/progress/instance/page',
    {
      config: { permission: 'base:progress:instance' },
      schema: {
        tags: [TAG],
        summary: '流程实例分页（新发起的在前）：按流程、状态、业务标识、标题、是否超期筛选',
        body: z.object({
          pageParameter: zPageParameter,
          processCode: z.string().trim().max(64).optional(),
          status: z.enum(PROCESS_INSTANCE_STATUSES, { error: '状态只能是 RUNNING、COMPLETED 或 TERMINATED' }).optional(),
          businessKey: z.string().trim().max(128).optional(),
          title: z.string().trim().max(256).optional(),
          overdue: z.boolean({ error: '是否超期必须是布尔值' }).optional(),
        }),
        response: { 200: envelopeOf(pageOf(instanceOut)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await instances.page(filter, pageParameter));
    },
  );

  r.post(
    '/rest/progress/instance/detail',
    {
      config: { permission: 'base:progress:instance' },
      schema: {
        tags: [TAG],
        summary: '流程实例详情：实例、所用版本的阶段与动作（画流程图）、办理历史',
        body: byId,
        response: { 200: envelopeOf(instanceDetail) },
      },
    },
    async (request) => ok(await instances.detail(request.body.instanceId)),
  );

  r.post(
    '/rest/progress/instance/actions',
    {
      config: { permission: 'base:progress:instance' },
      schema: {
        tags: [TAG],
        summary: '当前用户在当前阶段可办理的动作（按动作的角色和权限码判断，ADMIN 可办理全部）',
        body: byId,
        response: { 200: envelopeOf(z.array(actionOut)) },
      },
    },
    async (request) => ok(await engine.availableActions(request.body.instanceId, request.principal!)),
  );

  r.post(
    '/rest/progress/instance/start',
    {
      config: { permission: 'base:progress:instance' },
      schema: {
        tags: [TAG],
        summary: '发起流程：在该流程的生效版本上、从开始阶段发起；同一业务标识只能有一个进行中的实例',
        body: z.object({
          processCode: zProcessCode,
          businessKey: z.string({ error: '请输入业务标识' }).trim().min(1, '请输入业务标识').max(128, '业务标识不能超过128个字符'),
          title: z.string().trim().max(256, '标题不能超过256个字符').nullish(),
        }),
        response: { 200: envelopeOf(instanceOut) },
      },
    },
    async (request) => ok(await engine.start({ ...request.body, actor: actorOf(request) }), '流程已发起'),
  );

  r.post(
    '/rest/progress/instance/act',
    {
      config: { permission: 'base:progress:instance' },
      schema: {
        tags: [TAG],
        summary: '办理：在当前阶段执行一个动作（需持有动作的角色或权限码）；lockVersion 过期或他人已办理返回 409',
        body: byId.extend({ action: z.string({ error: '请选择动作' }).trim().min(1, '请选择动作').max(64), comment, lockVersion: zLockVersion }),
        response: { 200: envelopeOf(instanceOut) },
      },
    },
    async (request) => {
      const { instanceId, action, comment: text, lockVersion } = request.body;
      return ok(await engine.act({ instanceId, action, comment: text, lockVersion, actor: actorOf(request) }), '办理成功');
    },
  );

  r.post(
    '/rest/progress/instance/terminate',
    {
      config: { permission: 'base:progress:instance' },
      schema: {
        tags: [TAG],
        summary: '终止进行中的流程（须填写原因，记入办理历史）',
        body: byId.extend({ reason: z.string({ error: '请填写终止原因' }).max(1000, '终止原因不能超过1000个字符'), lockVersion: zLockVersion }),
        response: { 200: envelopeOf(instanceOut) },
      },
    },
    async (request) => {
      const { instanceId, reason, lockVersion } = request.body;
      return ok(await engine.terminate({ instanceId, reason, lockVersion, actor: actorOf(request) }), '流程已终止');
    },
  );
}
