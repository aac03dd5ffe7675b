import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_PERMISSIONS as P } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { pageOf, zDateTime, zId } from '@dandelion/shared';
import { changeOf } from '../../../core/audit';
import type { Executor } from '../../../core/db';
import type { ContentAdminService } from './admin';
import { catalogTree, type CatalogTreeNode } from './catalogs';
import { contentBody, contentDetail, contentListItem, contentPageBody, idBody, versionedIdBody, zLockVersion } from './schemas';

const TAG = '文章管理';

const catalogNode: z.ZodType<CatalogTreeNode, unknown> = z.lazy(() =>
  z.object({
    catalogId: zId,
    parentCatalogId: zId.nullable(),
    siteId: zId,
    catalogName: z.string(),
    catalogStatus: z.string(),
    children: z.array(catalogNode),
  }),
) as never;
/** A long article (50 000 Chinese characters of markup-heavy HTML) must reach the character check, not the body limit. */
const ARTICLE_BODY_LIMIT = 4 * 1024 * 1024;
const statusAnswer = { 200: envelopeOf(contentListItem) };

/** Articles in the back office (/rest/content/*). */
export function registerContentRoutes(app: FastifyInstance, { contents, db }: { contents: ContentAdminService; db: Executor }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/content/getContentPage',
    {
      config: { permission: P.list },
      schema: {
        tags: [TAG],
        summary: '文章分页：标题关键字、栏目（含下级）、状态、发布时间范围、作者；置顶在前，最新在前',
        body: contentPageBody,
        response: { 200: envelopeOf(pageOf(contentListItem)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await contents.page(filter, pageParameter));
    },
  );

  r.post(
    '/rest/content/getCatalogTree',
    {
      config: { permission: P.list },
      schema: { tags: [TAG], summary: '文章管理左侧的栏目树（含停用栏目）', body: z.object({}).optional(), response: { 200: envelopeOf(z.array(catalogNode)) } },
    },
    async () => ok(await catalogTree(db)),
  );

  r.post(
    '/rest/content/detail',
    { config: { permission: P.detail }, schema: { tags: [TAG], summary: '文章详情（含封面与附件）', body: idBody, response: { 200: envelopeOf(contentDetail) } } },
    async (request) => ok(await contents.detail(request.body.contentId)),
  );

  r.post(
    '/rest/content/add',
    {
      bodyLimit: ARTICLE_BODY_LIMIT,
      config: { permission: P.add },
      schema: { tags: [TAG], summary: '新增文章（草稿）：正文按白名单清理，附件与图片归属文章', body: contentBody, response: { 200: envelopeOf(contentDetail) } },
    },
    async (request) => ok(await contents.add(request.body, changeOf(request)), '新增成功'),
  );

  r.post(
    '/rest/content/update',
    {
      bodyLimit: ARTICLE_BODY_LIMIT,
      config: { permission: P.upd },
      schema: {
        tags: [TAG],
        summary: '修改文章（乐观锁：lockVersion 过期返回 409）',
        body: contentBody.extend({ contentId: zId, lockVersion: zLockVersion }),
        response: { 200: envelopeOf(contentDetail) },
      },
    },
    async (request) => {
      const { contentId, lockVersion, ...input } = request.body;
      return ok(await contents.update(contentId, lockVersion, input, changeOf(request)), '修改成功');
    },
  );

  r.post(
    '/rest/content/delete',
    {
      config: { permission: P.del },
      schema: { tags: [TAG], summary: '删除文章（逻辑删除，文件转为私有）', body: z.object({ contentId: zId, lockVersion: zLockVersion.optional() }), response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await contents.remove(request.body.contentId, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/rest/content/deleteBatch',
    {
      config: { permission: P.del },
      schema: {
        tags: [TAG],
        summary: '批量删除文章（全部成功或全部不删）',
        body: z.object({ ids: z.array(zId, { error: '请选择要删除的文章' }).min(1, '请选择要删除的文章').max(500, '一次最多删除 500 篇文章') }),
        response: { 200: envelopeOf(z.object({ deleted: z.number() })) },
      },
    },
    async (request) => ok({ deleted: await contents.removeMany(request.body.ids, changeOf(request)) }, '删除成功'),
  );

  r.post(
    '/rest/content/publish',
    {
      config: { permission: P.publish },
      schema: {
        tags: [TAG],
        summary: '发布文章：不填或已到的发布时间立即发布（PUBLISHED），未来的时间定时发布（SCHEDULED）；已发布的返回 409',
        body: versionedIdBody.extend({ publishTime: zDateTime.nullish().transform((v) => v ?? null) }),
        response: statusAnswer,
      },
    },
    async (request) => {
      const { contentId, lockVersion, publishTime } = request.body;
      const row = await contents.publish(contentId, lockVersion, publishTime, changeOf(request));
      return ok(row, row.status === 'SCHEDULED' ? '已设置定时发布' : '发布成功');
    },
  );

  r.post(
    '/rest/content/offline',
    { config: { permission: P.offline }, schema: { tags: [TAG], summary: '下线文章（已发布或待发布的文章；其他状态返回 409）', body: versionedIdBody, response: statusAnswer } },
    async (request) => ok(await contents.offline(request.body.contentId, request.body.lockVersion, changeOf(request)), '下线成功'),
  );

  r.post(
    '/rest/content/top',
    {
      config: { permission: P.top },
      schema: {
        tags: [TAG],
        summary: '置顶或取消置顶文章',
        body: versionedIdBody.extend({ isTop: z.boolean({ error: '是否置顶必须是 true 或 false' }) }),
        response: statusAnswer,
      },
    },
    async (request) => {
      const { contentId, lockVersion, isTop } = request.body;
      return ok(await contents.top(contentId, lockVersion, isTop, changeOf(request)), isTop ? '置顶成功' : '已取消置顶');
    },
  );

  r.post(
    '/rest/content/sort',
    {
      config: { permission: P.upd },
      schema: {
        tags: [TAG],
        summary: '调整文章排序号（越大越靠前）',
        body: versionedIdBody.extend({
          sort: z.number({ error: '排序必须是整数' }).int('排序必须是整数').min(0, '排序不能小于0').max(99999, '排序不能大于99999'),
        }),
        response: statusAnswer,
      },
    },
    async (request) => {
      const { contentId, lockVersion, sort } = request.body;
      return ok(await contents.sort(contentId, lockVersion, sort, changeOf(request)), '排序已保存');
    },
  );
}
