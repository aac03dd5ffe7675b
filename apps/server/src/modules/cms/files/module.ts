import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import type { Principal } from '../../../core/permissions';
import type { Actor } from '../../../core/records';

/**
 * The file service as the CMS uses it (a port: app.ts passes the file module's service). Records keep
 * their files by bizType/bizId; a file is public exactly while what shows it is on the portal.
 */
export type FileVisibility = 'PRIVATE' | 'PUBLIC';

export interface RecordRef {
  bizType: string;
  bizId: string;
}

/** A stored file as the file service answers it. */
export interface CmsFile {
  fileId: number;
  fileRepId: number;
  filename: string;
  size: number;
  type: string;
  /** IMAGE, DOCUMENT, MEDIA … as sniffed from the bytes on upload. */
  kind: string;
  url: string;
}

export interface CmsFiles {
  /** The files among `fileIds` the reader may read. */
  details(fileIds: number[], reader: Principal): Promise<CmsFile[]>;
  /** Attaches uploads to a record; with an actor, only files that actor uploaded. */
  attach(ex: Executor, input: RecordRef & { fileIds: number[]; visibility?: FileVisibility }, actor: Actor | null): Promise<number>;
  detach(ex: Executor, record: RecordRef, fileIds: number[]): Promise<number>;
  setRecordVisibility(ex: Executor, record: RecordRef, visibility: FileVisibility): Promise<number>;
  /** The live files of a record, oldest first. */
  recordFiles(ex: Executor, record: RecordRef): Promise<CmsFile[]>;
  /** A new file row over the same bytes, attached to another record. */
  copyToRecord(ex: Executor, fileId: number, record: RecordRef & { visibility?: FileVisibility }, actor: Actor): Promise<CmsFile>;
  /** Who besides the uploader may read the private files of a bizType. */
  registerAccessRule(bizType: string, rule: (principal: Principal, bizId: string) => Promise<boolean>): void;
}

/**
 * Download addresses of files by id, for the anonymous portal (missing or deleted files have none).
 * No access check: the download itself checks, and what the portal shows is public.
 */
export type FileUrls = (fileIds: number[]) => Promise<Map<number, string>>;

/** Lets whoever holds `permission` read a feature's files while they are private (editors see each other's drafts). */
export function readableBy(files: CmsFiles, permission: string, ...bizTypes: string[]): void {
  for (const bizType of bizTypes) files.registerAccessRule(bizType, async (principal) => principal.permissions.has(permission));
}

/** What an answer about a file carries (the file service's own fields, without the storage kind). */
export const presentFile = (f: CmsFile) => ({ fileId: f.fileId, fileRepId: f.fileRepId, filename: f.filename, size: f.size, type: f.type, url: f.url });

/**
 * The one picture a setting record shows (a site's logo, a banner's image, a template's preview).
 * Sites, banners and templates treat it alike.
 */
export function recordPictures(files: CmsFiles, bizType: string) {
  const recordOf = (id: number): RecordRef => ({ bizType, bizId: String(id) });
  return {
    recordOf,

    /**
     * Checks that a picture exists for the caller and is an image. Call it BEFORE the transaction: the
     * file service reads through its own connection, and PGlite has only one (a read inside would wait forever).
     */
    async check(fileId: string | null, reader: Principal, what: string): Promise<void> {
      if (!fileId) return;
      const [file] = await files.details([Number(fileId)], reader);
      if (!file) throw errors.badRequest(`${what}不存在，请重新上传`);
      if (file.kind !== 'IMAGE') throw errors.badRequest(`${what}只能是图片（jpg、png、gif、webp、bmp）`);
    },

    /** Attaches a newly chosen picture to the record; attach refuses a file someone else uploaded, so nobody claims another's upload by its id. */
    async claim(tx: Executor, recordId: number, fileId: string, actor: Actor): Promise<void> {
      await files.attach(tx, { fileIds: [Number(fileId)], ...recordOf(recordId) }, actor);
    },

    /**
     * Makes the record's current picture public (anonymous portal visitors load it) or private. Every
     * earlier picture of the record goes private first, so a replaced logo or image never stays public.
     */
    async show(tx: Executor, recordId: number, fileId: string | null, isPublic: boolean): Promise<void> {
      await files.setRecordVisibility(tx, recordOf(recordId), 'PRIVATE');
      // The system attaches (no ownership check): the file was claimed by its uploader when it was set.
      if (fileId && isPublic) await files.attach(tx, { fileIds: [Number(fileId)], ...recordOf(recordId), visibility: 'PUBLIC' }, null);
    },

    /** Every picture of the record private again (the record is deleted). */
    async hide(tx: Executor, recordId: number): Promise<void> {
      await files.setRecordVisibility(tx, recordOf(recordId), 'PRIVATE');
    },

    /** Download addresses of pictures for a list (thumbnails), keyed by fileId. */
    async urls(fileIds: Array<string | null>, reader: Principal): Promise<Map<string, string>> {
      const ids = [...new Set(fileIds.filter((id): id is string => !!id && /^\d+$/.test(id)).map(Number))];
      const found = await files.details(ids, reader);
      return new Map(found.map((f) => [String(f.fileId), f.url]));
    },
  };
}
export type RecordPictures = ReturnType<typeof recordPictures>;
