import type { FastifyInstance } from 'fastify';
import { CONTENT_PERMISSIONS, RESOURCE_PERMISSIONS } from '@dandelion/shared';
import type { Principal } from '../../core/permissions';
import type { Db } from '../../core/db';
import type { FileService } from '../file/service';
import { createContentAdminService } from './content/admin';
import { CONTENT_ATTACHMENT_BIZ, CONTENT_MEDIA_BIZ } from './content/articleFiles';
import { publishDueJob } from './content/publishDueJob';
import { registerContentRoutes } from './content/routes';
import type { PortalCache } from './portalCache';
import { registerResourceRoutes } from './resource/routes';
import { RESOURCE_FILE_BIZ } from './resource/resourceFiles';
import { createResourceService } from './resource/service';
import { createResourceArticleService } from './resource/toArticle';

/**
 * Articles (/rest/content/*) and the resource library (/rest/resource/*). Answers what app.ts must
 * wire elsewhere: the scheduled-publishing job for the scheduler, and the one-off search-text fill
 * for rows written before search existed.
 */
export function registerCmsContentModule(app: FastifyInstance, deps: { db: Db; files: FileService; portalCache: PortalCache }) {
  const contents = createContentAdminService(deps);
  const resources = createResourceService(deps);
  const articles = createResourceArticleService({ ...deps, resources, contents });
  registerContentRoutes(app, { contents, db: deps.db });
  // Editors read each other's unpublished images and attachments (a colleague's draft opens with its cover).
  const holds = (code: string) => async (principal: Principal) => principal.permissions.has(code);
  deps.files.registerAccessRule(CONTENT_MEDIA_BIZ, holds(CONTENT_PERMISSIONS.detail));
  deps.files.registerAccessRule(CONTENT_ATTACHMENT_BIZ, holds(CONTENT_PERMISSIONS.detail));
  deps.files.registerAccessRule(RESOURCE_FILE_BIZ, holds(RESOURCE_PERMISSIONS.detail));
  registerResourceRoutes(app, { resources, articles });
  return {
    contents,
    /** Register with the scheduler module: `scheduler.registerJob(cms.publishDueJob)`. */
    publishDueJob: publishDueJob(contents),
    /** Run once at start (after migrations): fills search_text of articles that have none. */
    backfillSearchText: () => contents.backfillSearchText(),
  };
}
export type CmsContentModule = ReturnType<typeof registerCmsContentModule>;
