import type { ChangeContext } from '../../../core/audit';
import { recordOperation } from '../../../core/audit';
import type { Db } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import type { ArticleDrafts } from '../content/module';
import type { PortalCache } from '../portalCache/module';
import { RESOURCE_MODULE, type ResourceService } from './service';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * 发布文章: a DRAFT article in the chosen catalogue made from a library resource — an image shown in
 * the body, a document or video as the attachment, a link as the article's link. The article gets
 * its own copy of the file row, so publishing it never makes the library's file public.
 */
export function createResourceArticleService(deps: { db: Db; resources: ResourceService; drafts: ArticleDrafts; portalCache: PortalCache }) {
  const { db, resources, drafts, portalCache } = deps;
  return {
    async addArticle(input: { resourceId: number; catalogId: number; title: string | null }, c: ChangeContext): Promise<number> {
      const contentId = await withTransaction(db, async (tx) => {
        const resource = await resources.findLive(tx, input.resourceId);
        const draft = await drafts.insertDraft(
          tx,
          {
            catalogId: input.catalogId,
            title: input.title ?? resource.resourceName,
            subject: null,
            summary: resource.description,
            body: '',
            coverFileId: null,
            attachmentIds: [],
            author: null,
            source: null,
            linkUrl: resource.resourceType === 'LINK' ? resource.url : null,
            publishTime: null,
            isTop: false,
            sort: 0,
          },
          c.actor,
        );
        let row = draft;
        if (resource.resourceType !== 'LINK') {
          if (!resource.fileId) throw errors.conflict(`资源「${resource.resourceName}」没有文件，无法发布为文章`);
          const image = resource.resourceType === 'IMAGE';
          const copy = await drafts.copyIn(tx, Number(resource.fileId), draft.id, image ? 'MEDIA' : 'ATTACHMENT', c.actor);
          if (image) {
            const body = drafts.cleanBody(`<p><img src="${escapeHtml(copy.url)}" alt="${escapeHtml(resource.resourceName)}"></p>`);
            row = await drafts.setBody(tx, draft, body);
          }
        }
        await drafts.log(tx, c, 'CREATE', `由资源「${resource.resourceName}」新增文章「${row.title}」`, null, row);
        await recordOperation(tx, { module: RESOURCE_MODULE, action: 'ADD_ARTICLE', entityId: resource.id, summary: `资源「${resource.resourceName}」发布为文章「${row.title}」`, after: { contentId: row.id, catalogId: row.catalogId }, ...c });
        return row.id;
      });
      await portalCache.invalidateAll();
      return contentId;
    },
  };
}
export type ResourceArticleService = ReturnType<typeof createResourceArticleService>;
