import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import type { Principal } from '../../../core/permissions';
import type { Actor } from '../../../core/records';
import type { FileService } from '../../file/service';
import { likePattern } from '../../../core/sql';

/**
 * The one picture a setting record shows (a site's logo, a banner's image, a template's preview),
 * kept through the file service. Shared by the 站点设置 features so they treat pictures alike.
 */
export interface RecordRef {
  bizType: string;
  bizId: string;
}

/**
 * Checks that a picture exists for the caller and is an image. Call it BEFORE the transaction: the
 * file service reads through its own connection, and PGlite has only one (a read inside would wait forever).
 */
export async function checkImage(files: FileService, fileId: string | null, reader: Principal, what: string): Promise<void> {
  if (!fileId) return;
  const [file] = await files.details([Number(fileId)], reader);
  if (!file) throw errors.badRequest(`${what}不存在，请重新上传`);
  if (file.kind !== 'IMAGE') throw errors.badRequest(`${what}只能是图片（jpg、png、gif、webp、bmp）`);
}

/** Attaches a newly chosen picture to the record; attach refuses a file someone else uploaded, so nobody claims another's upload by its id. */
export async function claimImage(tx: Executor, files: FileService, input: { fileId: number; record: RecordRef; actor: Actor }): Promise<void> {
  await files.attach(tx, { fileIds: [input.fileId], ...input.record }, input.actor);
}

/**
 * Makes the record's current picture public (anonymous portal visitors load it) or private. Every
 * earlier picture of the record goes private first, so a replaced logo or image never stays public.
 */
export async function syncPictureVisibility(tx: Executor, files: FileService, record: RecordRef, fileId: number | null, isPublic: boolean) {
  await files.setRecordVisibility(tx, record, 'PRIVATE');
  // The system attaches (no ownership check): the file was claimed by its uploader when it was set.
  if (fileId && isPublic) await files.attach(tx, { fileIds: [fileId], ...record, visibility: 'PUBLIC' }, null);
}

/** Download addresses of pictures for a list (thumbnails), keyed by fileId. */
export async function pictureUrls(files: FileService, fileIds: Array<string | null>, reader: Principal): Promise<Map<string, string>> {
  const ids = [...new Set(fileIds.filter((id): id is string => !!id && /^\d+$/.test(id)).map(Number))];
  const found = await files.details(ids, reader);
  return new Map(found.map((f) => [String(f.fileId), f.url]));
}

/** ILIKE pattern for a search box: the user's %, _ and \ are literal. */
