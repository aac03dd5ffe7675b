import type { FastifyInstance } from 'fastify';
import { contentCalls } from '@dandelion/shared/cms/content';
import { changeOf } from '../../../core/audit';
import type { Executor } from '../../../core/db';
import { ok } from '../../../core/envelope';
import { serve } from '../../../core/route';
import { editorCatalogTree } from '../catalog/module';
import type { ContentService } from './service';

/** A long article (50 000 Chinese characters of markup-heavy HTML) must reach the character check, not the body limit. */
const ARTICLE_BODY_LIMIT = 4 * 1024 * 1024;

/** Articles in the back office (/rest/content/*): the contract's calls on the content service. */
export function registerContentRoutes(app: FastifyInstance, { contents, db }: { contents: ContentService; db: Executor }) {
  serve(app, contentCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await contents.page(filter, pageParameter));
  });
  serve(app, contentCalls.catalogTree, async () => ok(await editorCatalogTree(db)));
  serve(app, contentCalls.detail, async (request) => ok(await contents.detail(request.body.contentId)));
  serve(app, contentCalls.add, async (request) => ok(await contents.add(request.body, changeOf(request)), '新增成功'), { bodyLimit: ARTICLE_BODY_LIMIT });
  serve(
    app,
    contentCalls.update,
    async (request) => {
      const { contentId, lockVersion, ...input } = request.body;
      return ok(await contents.update(contentId, lockVersion, input, changeOf(request)), '修改成功');
    },
    { bodyLimit: ARTICLE_BODY_LIMIT },
  );
  serve(app, contentCalls.remove, async (request) => {
    await contents.remove(request.body.contentId, request.body.lockVersion, changeOf(request));
    return ok(null, '删除成功');
  });
  serve(app, contentCalls.removeMany, async (request) => ok({ deleted: await contents.removeMany(request.body.ids, changeOf(request)) }, '删除成功'));
  serve(app, contentCalls.publish, async (request) => {
    const { contentId, lockVersion, publishTime } = request.body;
    const row = await contents.publish(contentId, lockVersion, publishTime, changeOf(request));
    return ok(row, row.status === 'SCHEDULED' ? '已设置定时发布' : '发布成功');
  });
  serve(app, contentCalls.offline, async (request) => ok(await contents.offline(request.body.contentId, request.body.lockVersion, changeOf(request)), '下线成功'));
  serve(app, contentCalls.top, async (request) => {
    const { contentId, lockVersion, isTop } = request.body;
    return ok(await contents.top(contentId, lockVersion, isTop, changeOf(request)), isTop ? '置顶成功' : '已取消置顶');
  });
  serve(app, contentCalls.sort, async (request) => {
    const { contentId, lockVersion, sort } = request.body;
    return ok(await contents.sort(contentId, lockVersion, sort, changeOf(request)), '排序已保存');
  });
}
