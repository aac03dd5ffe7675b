import type { FastifyInstance } from 'fastify';
import { resourceCalls } from '@dandelion/shared/cms/resource';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { serveRecordCalls } from '../../../core/recordRoutes';
import { serve } from '../../../core/route';
import type { ResourceService } from './service';
import type { ResourceArticleService } from './toArticle';

/** The resource library (/rest/resource/*): its record calls, and 发布文章. */
export function registerResourceRoutes(app: FastifyInstance, { resources, articles }: { resources: ResourceService; articles: ResourceArticleService }) {
  serveRecordCalls(app, resourceCalls, resources);
  serve(app, resourceCalls.addArticle, async (request) => ok({ contentId: await articles.addArticle(request.body, changeOf(request)) }, '已生成文章草稿'));
}
