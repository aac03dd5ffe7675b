import type { FastifyInstance } from 'fastify';
import { CONTENT_PERMISSIONS } from '@dandelion/shared/cms/content';
import type { Executor } from '../../../core/db';
import { readableBy } from '../files/module';
import { CONTENT_ATTACHMENT_BIZ, CONTENT_MEDIA_BIZ } from './articleFiles';
import { publishDueJob } from './publishDueJob';
import { contentRepo } from './repo';
import { registerContentRoutes } from './routes';
import { createContentService, type ContentServiceDeps } from './service';

export type { ArticleDrafts } from './service';

/**
 * Articles (文章, /rest/content/*). Answers what other features use: drafts for the resource library's
 * 发布文章, the downloads of a published article for the portal, the scheduled-publishing job and the
 * one-off search-text fill for rows written before search existed.
 */
export function registerContentModule(app: FastifyInstance, deps: ContentServiceDeps) {
  const contents = createContentService(deps);
  // Editors read each other's unpublished images and attachments (a colleague's draft opens with its cover).
  readableBy(deps.files, CONTENT_PERMISSIONS.detail, CONTENT_MEDIA_BIZ, CONTENT_ATTACHMENT_BIZ);
  registerContentRoutes(app, { contents, db: deps.db });
  return {
    drafts: contents.drafts,
    /** The files a visitor may download under a published article. */
    downloads: contents.downloads,
    /** Register with the scheduler: `scheduler.registerJob(cms.publishDueJob)`. */
    publishDueJob: publishDueJob(contents),
    /** Run once at start (after migrations): fills search_text of articles that have none. */
    backfillSearchText: (signal?: AbortSignal) => contents.backfillSearchText(undefined, signal),
  };
}
export type ContentModule = ReturnType<typeof registerContentModule>;

/** How many live articles are filed under a catalogue (a catalogue with articles cannot be deleted). */
export const articlesIn = (ex: Executor, catalogId: number) => contentRepo.countInCatalog(ex, catalogId);

/** What visitors may read of articles now: published, its time come (a subquery the portal's reads select from). */
export const publishedContents = (ex: Executor) => contentRepo.publishedContents(ex);

/** Counts a view of a still-published article; null when it is not (any more). */
export const countView = (ex: Executor, contentId: number) => contentRepo.countView(ex, contentId);
