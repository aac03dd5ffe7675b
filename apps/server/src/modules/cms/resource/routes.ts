import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RESOURCE_PERMISSIONS as P } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { pageOf, zId } from '@dandelion/shared';
import { changeOf } from '../../../core/audit';
import type { ResourceService } from './service';
import type { ResourceArticleService } from './toArticle';
import { addArticleBody, resourceBody, resourcePageBody, resourceSchema, zLockVersion } from './schemas';

const TAG = '资源管理';

/** The resource library (/rest/resource/*). */
export function registerResourceRoutes(app: FastifyInstance, { resources, articles }: { resources: ResourceService; articles: ResourceArticleService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/resource/getResourcePage',
    {
      config: { permission: P.list },
      schema: { tags: [TAG], summary: '资源分页：按名称、类型、标签查询，最新在前', body: resourcePageBody, response: { 200: envelopeOf(pageOf(resourceSchema)) } },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await resources.page(filter, pageParameter));
    },
  );

  r.post(
    '/rest/resource/detail',
    { config: { permission: P.detail }, schema: { tags: [TAG], summary: '资源详情', body: z.object({ resourceId: zId }), response: { 200: envelopeOf(resourceSchema) } } },
    async (request) => ok(await resources.detail(request.body.resourceId)),
  );

  r.post(
    '/rest/resource/add',
    {
      config: { permission: P.add },
      schema: { tags: [TAG], summary: '新增资源：文件的真实类型须与资源类型一致；链接须为 http/https', body: resourceBody, response: { 200: envelopeOf(resourceSchema) } },
    },
    async (request) => ok(await resources.add(request.body, changeOf(request)), '新增成功'),
  );

  r.post(
    '/rest/resource/update',
    {
      config: { permission: P.upd },
      schema: {
        tags: [TAG],
        summary: '修改资源（乐观锁：lockVersion 过期返回 409）',
        body: resourceBody.extend({ resourceId: zId, lockVersion: zLockVersion }),
        response: { 200: envelopeOf(resourceSchema) },
      },
    },
    async (request) => {
      const { resourceId, lockVersion, ...input } = request.body;
      return ok(await resources.update(resourceId, lockVersion, input, changeOf(request)), '修改成功');
    },
  );

  r.post(
    '/rest/resource/delete',
    {
      config: { permission: P.del },
      schema: { tags: [TAG], summary: '删除资源（逻辑删除）', body: z.object({ resourceId: zId, lockVersion: zLockVersion.optional() }), response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await resources.remove(request.body.resourceId, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/rest/resource/deleteBatch',
    {
      config: { permission: P.del },
      schema: {
        tags: [TAG],
        summary: '批量删除资源（全部成功或全部不删）',
        body: z.object({ ids: z.array(zId, { error: '请选择要删除的资源' }).min(1, '请选择要删除的资源').max(500, '一次最多删除 500 个资源') }),
        response: { 200: envelopeOf(z.object({ deleted: z.number() })) },
      },
    },
    async (request) => ok({ deleted: await resources.removeMany(request.body.ids, changeOf(request)) }, '删除成功'),
  );

  r.post(
    '/rest/resource/addArticle',
    {
      config: { permission: P.addArticle },
      schema: {
        tags: [TAG],
        summary: '发布文章：由资源在所选栏目下生成一篇草稿（图片放入正文，文档/视频作为附件，链接作为外链），返回文章编号',
        body: addArticleBody,
        response: { 200: envelopeOf(z.object({ contentId: zId })) },
      },
    },
    async (request) => ok({ contentId: await articles.addArticle(request.body, changeOf(request)) }, '已生成文章草稿'),
  );
}
