import { fileIdsInRichText } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import type { Actor } from '../../../core/records';
import { presentFile, type CmsFiles, type FileVisibility, type RecordRef } from '../files/module';

/** The cover and the images/links of the body. */
export const CONTENT_MEDIA_BIZ = 'CMS_CONTENT';
/** The attachments listed under the article. */
export const CONTENT_ATTACHMENT_BIZ = 'CMS_CONTENT_ATT';

const recordOf = (bizType: string, contentId: number): RecordRef => ({ bizType, bizId: String(contentId) });

/** Files shown to visitors exactly while the article is published. */
export const visibilityOf = (status: string): FileVisibility => (status === 'PUBLISHED' ? 'PUBLIC' : 'PRIVATE');

/** An article's files, kept through the file service under two records: media (cover, body images) and attachments. */
export function articleFiles(files: CmsFiles) {
  async function syncRecord(tx: Executor, record: RecordRef, wanted: number[], visibility: FileVisibility, actor: Actor) {
    const held = (await files.recordFiles(tx, record)).map((f) => f.fileId);
    const fresh = wanted.filter((id) => !held.includes(id));
    const unused = held.filter((id) => !wanted.includes(id));
    if (fresh.length) await files.attach(tx, { fileIds: fresh, ...record, visibility }, actor);
    await files.detach(tx, record, unused);
  }

  return {
    /**
     * Makes the article's records hold exactly the files it uses: new ones are attached (only the
     * editor's own uploads can be), ones no longer used are let go, and the cover must be an image.
     */
    async sync(tx: Executor, article: { id: number; status: string; coverFileId: string | null; body: string | null }, attachmentIds: number[], actor: Actor) {
      const media = [...new Set([...(article.coverFileId ? [Number(article.coverFileId)] : []), ...fileIdsInRichText(article.body).map(Number)])];
      await syncRecord(tx, recordOf(CONTENT_MEDIA_BIZ, article.id), media, visibilityOf(article.status), actor);
      await syncRecord(tx, recordOf(CONTENT_ATTACHMENT_BIZ, article.id), [...new Set(attachmentIds)], visibilityOf(article.status), actor);
      if (article.coverFileId) {
        const cover = (await files.recordFiles(tx, recordOf(CONTENT_MEDIA_BIZ, article.id))).find((f) => String(f.fileId) === article.coverFileId);
        if (cover?.kind !== 'IMAGE') throw errors.badRequest('封面只能是图片文件（jpg、png、gif、webp、bmp）');
      }
    },

    /** Published → everyone may read the files; offline, scheduled again or deleted → private again. */
    async setVisibility(tx: Executor, contentId: number, visibility: FileVisibility): Promise<void> {
      await files.setRecordVisibility(tx, recordOf(CONTENT_MEDIA_BIZ, contentId), visibility);
      await files.setRecordVisibility(tx, recordOf(CONTENT_ATTACHMENT_BIZ, contentId), visibility);
    },

    /** The cover and the attachments of one article, for its detail. */
    async of(ex: Executor, contentId: number, coverFileId: string | null) {
      const media = await files.recordFiles(ex, recordOf(CONTENT_MEDIA_BIZ, contentId));
      const cover = media.find((f) => String(f.fileId) === coverFileId);
      const attachments = await files.recordFiles(ex, recordOf(CONTENT_ATTACHMENT_BIZ, contentId));
      return { cover: cover ? presentFile(cover) : null, attachments: attachments.map(presentFile) };
    },

    /** The files a visitor may download under an article (never its cover, which is media). */
    async downloads(ex: Executor, contentId: number, coverFileId: string | null) {
      const attachments = await files.recordFiles(ex, recordOf(CONTENT_ATTACHMENT_BIZ, contentId));
      return attachments.filter((f) => String(f.fileId) !== coverFileId).map((f) => ({ fileId: f.fileId, filename: f.filename, size: f.size, url: f.url }));
    },

    /** Puts a copy of a library file into the article (发布文章 from a resource). */
    copyIn: (tx: Executor, fileId: number, contentId: number, as: 'MEDIA' | 'ATTACHMENT', actor: Actor) =>
      files.copyToRecord(tx, fileId, recordOf(as === 'MEDIA' ? CONTENT_MEDIA_BIZ : CONTENT_ATTACHMENT_BIZ, contentId), actor),
  };
}
