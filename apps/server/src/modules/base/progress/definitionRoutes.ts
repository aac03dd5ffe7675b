import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROCESS_DEF_STATUSES } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { pageOf, zId, zPageParameter } from '@dandelion/shared';
import { zLockVersion } from '@dandelion/shared';
import { changeOf } from '../../../core/audit';
import { defDetail, defListItem, definitionBody, defVersion, zProcessCode } from './schemas';
import type { ProcessDefinitionService } from './service';

const TAG = '流程定义';
const lockVersion = zLockVersion;
const byId = z.object({ defId: zId });

/** Process definitions (spec §2 /base/progress; the spec names no calls, these are ours in its style). */
export function registerDefinitionRoutes(app: FastifyInstance, { definitions }: { definitions: ProcessDefinitionService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/progress/definition/page',
    {
      config: { permission: 'base:progress:list' },
      schema: {
        tags: [TAG],
        summary: '流程定义分页：每个流程编码一行（符合条件的最新版本），附版本数、生效版本和草稿版本',
        body: z.object({
          pageParameter: zPageParameter,
          processCode: z.string().trim().max(64).optional(),
          processName: z.string().trim().max(64).optional(),
          status: z.enum(PROCESS_DEF_STATUSES, { error: '状态只能是 DRAFT、ACTIVE 或 RETIRED' }).optional(),
        }),
        response: { 200: envelopeOf(pageOf(defListItem)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await definitions.page(filter, pageParameter));
    },
  );

  r.post(
    '/rest/progress/definition/versions',
    {
      config: { permission: 'base:progress:list' },
      schema: {
        tags: [TAG],
        summary: '一个流程编码的全部版本（新的在前），附各版本的实例数',
        body: z.object({ processCode: zProcessCode }),
        response: { 200: envelopeOf(z.array(defVersion)) },
      },
    },
    async (request) => ok(await definitions.versions(request.body.processCode)),
  );

  r.post(
    '/rest/progress/definition/detail',
    {
      config: { permission: 'base:progress:list' },
      schema: {
        tags: [TAG],
        summary: '流程定义详情：阶段、动作、发布前需要解决的问题（problems）和实例数',
        body: byId,
        response: { 200: envelopeOf(defDetail) },
      },
    },
    async (request) => ok(await definitions.detail(request.body.defId)),
  );

  r.post(
    '/rest/progress/definition/add',
    {
      config: { permission: 'base:progress:add' },
      schema: {
        tags: [TAG],
        summary: '新增流程（草稿 v1）；流程编码唯一。草稿可以不完整，发布时校验',
        body: definitionBody.extend({ processCode: zProcessCode }),
        response: { 200: envelopeOf(defDetail) },
      },
    },
    async (request) => ok(await definitions.add(request.body, changeOf(request)), '新增成功'),
  );

  r.post(
    '/rest/progress/definition/update',
    {
      config: { permission: 'base:progress:upd' },
      schema: {
        tags: [TAG],
        summary: '修改草稿版本（乐观锁：lockVersion 过期返回 409；已发布的版本不能修改）',
        body: definitionBody.extend({ defId: zId, lockVersion }),
        response: { 200: envelopeOf(defDetail) },
      },
    },
    async (request) => {
      const { defId, lockVersion: version, ...input } = request.body;
      return ok(await definitions.update(defId, version, input, changeOf(request)), '修改成功');
    },
  );

  r.post(
    '/rest/progress/definition/publish',
    {
      config: { permission: 'base:progress:publish' },
      schema: {
        tags: [TAG],
        summary: '发布草稿：校验通过后生效，原生效版本停用（同一事务）；运行中的实例留在原版本',
        body: byId.extend({ lockVersion }),
        response: { 200: envelopeOf(defDetail) },
      },
    },
    async (request) => ok(await definitions.publish(request.body.defId, request.body.lockVersion, changeOf(request)), '发布成功'),
  );

  r.post(
    '/rest/progress/definition/newVersion',
    {
      config: { permission: 'base:progress:add' },
      schema: {
        tags: [TAG],
        summary: '新版本：把已发布（生效或停用）的版本复制为下一个草稿版本；每个流程同时只能有一个草稿',
        body: byId,
        response: { 200: envelopeOf(defDetail) },
      },
    },
    async (request) => ok(await definitions.newVersion(request.body.defId, changeOf(request)), '已创建新版本'),
  );

  r.post(
    '/rest/progress/definition/delete',
    {
      config: { permission: 'base:progress:del' },
      schema: {
        tags: [TAG],
        summary: '删除一个版本（逻辑删除）：草稿随时可删；已发布的版本只在没有任何实例时可删',
        body: byId.extend({ lockVersion }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await definitions.remove(request.body.defId, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    },
  );
}
