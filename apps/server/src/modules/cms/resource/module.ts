import type { FastifyInstance } from 'fastify';
import { RESOURCE_PERMISSIONS } from '@dandelion/shared/cms/resource';
import type { Db } from '../../../core/db';
import type { ArticleDrafts } from '../content/module';
import { readableBy, type CmsFiles } from '../files/module';
import type { PortalCache } from '../portalCache/module';
import { RESOURCE_FILE_BIZ } from './resourceFiles';
import { registerResourceRoutes } from './routes';
import { createResourceService } from './service';
import { createResourceArticleService } from './toArticle';

/** The resource library (资源管理, /rest/resource/*); 发布文章 turns a resource into a draft through the article drafts. */
export function registerResourceModule(app: FastifyInstance, deps: { db: Db; files: CmsFiles; portalCache: PortalCache; drafts: ArticleDrafts }): void {
  const resources = createResourceService(deps);
  // Editors of the library read each other's files.
  readableBy(deps.files, RESOURCE_PERMISSIONS.detail, RESOURCE_FILE_BIZ);
  registerResourceRoutes(app, { resources, articles: createResourceArticleService({ ...deps, resources }) });
}
