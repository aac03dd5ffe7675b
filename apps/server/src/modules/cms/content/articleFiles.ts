import { fileIdsInRichText } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import type { Actor } from '../../../core/records';
import type { FileService, FileVisibility, StoredFile } from '../../file/service';

/** The cover and the images/links of the body. */
export const CONTENT_MEDIA_BIZ = 'CMS_CONTENT';
/** The attachments listed under the article. */
export const CONTENT_ATTACHMENT_BIZ = 'CMS_CONTENT_ATT';

const recordOf = (bizType: string, contentId: number) => ({ bizType, bizId: String(contentId) });

/** Files shown to visitors exactly while the article is published. */
export const visibilityOf = (status: string): FileVisibility => (status === 'PUBLISHED' ? 'PUBLIC' : 'PRIVATE');

/**
 * Makes the article's records hold exactly the files it uses: new ones are attached (only the
 * editor's own uploads can be), ones no longer used are let go, and the cover must be an image.
 */
export async function syncArticleFiles(
  tx: Executor,
  files: FileService,
  article: { id: number; status: string; coverFileId: string | null; body: string | null },
  attachmentIds: number[],
  actor: Actor,
): Promise<void> {
  const media = [...new Set([...(article.coverFileId ? [Number(article.coverFileId)] : []), ...fileIdsInRichText(article.body).map(Number)])];
  await syncRecord(tx, files, recordOf(CONTENT_MEDIA_BIZ, article.id), media, visibilityOf(article.status), actor);
  await syncRecord(tx, files, recordOf(CONTENT_ATTACHMENT_BIZ, article.id), [...new Set(attachmentIds)], visibilityOf(article.status), actor);
  if (article.coverFileId) {
    const cover = (await files.recordFiles(tx, recordOf(CONTENT_MEDIA_BIZ, article.id))).find((f) => String(f.fileId) === article.coverFileId);
    if (cover?.kind !== 'IMAGE') throw errors.badRequest('封面只能是图片文件（jpg、png、gif、webp、bmp）');
  }
}

async function syncRecord(tx: Executor, files: FileService, record: { bizType: string; bizId: string }, wanted: number[], visibility: FileVisibility, actor: Actor) {
  const held = (await files.recordFiles(tx, record)).map((f) => f.fileId);
  const fresh = wanted.filter((id) => !held.includes(id));
  const unused = held.filter((id) => !wanted.includes(id));
  if (fresh.length) await files.attach(tx, { fileIds: fresh, ...record, visibility }, actor);
  await files.detach(tx, record, unused);
}

/** Published → everyone may read the files; offline, scheduled again or deleted → private again. */
export async function setArticleFilesVisibility(tx: Executor, files: FileService, contentId: number, visibility: FileVisibility): Promise<void> {
  await files.setRecordVisibility(tx, recordOf(CONTENT_MEDIA_BIZ, contentId), visibility);
  await files.setRecordVisibility(tx, recordOf(CONTENT_ATTACHMENT_BIZ, contentId), visibility);
}

const presentFile = (f: StoredFile) => ({ fileId: f.fileId, fileRepId: f.fileRepId, filename: f.filename, size: f.size, type: f.type, url: f.url });

/** The cover and the attachments of one article, for its detail. */
export async function articleFilesOf(ex: Executor, files: FileService, contentId: number, coverFileId: string | null) {
  const media = await files.recordFiles(ex, recordOf(CONTENT_MEDIA_BIZ, contentId));
  const cover = media.find((f) => String(f.fileId) === coverFileId);
  const attachments = await files.recordFiles(ex, recordOf(CONTENT_ATTACHMENT_BIZ, contentId));
  return { cover: cover ? presentFile(cover) : null, attachments: attachments.map(presentFile) };
}

/** Puts a copy of a library file into the article (发布文章 from a resource). */
export async function copyIntoArticle(tx: Executor, files: FileService, fileId: number, contentId: number, as: 'MEDIA' | 'ATTACHMENT', actor: Actor) {
  return files.copyToRecord(tx, fileId, recordOf(as === 'MEDIA' ? CONTENT_MEDIA_BIZ : CONTENT_ATTACHMENT_BIZ, contentId), actor);
}
