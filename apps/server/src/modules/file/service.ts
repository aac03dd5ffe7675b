import type { Readable } from 'node:stream';
import { fileTypeFromFile } from 'file-type';
import type { z } from 'zod';
import { downloadUrlOf, type FileKind, type storedFile } from '@dandelion/shared/file';
import type { Db, Executor } from '../../core/db';
import { errors } from '../../core/errors';
import type { Principal } from '../../core/permissions';
import type { Actor } from '../../core/records';
import { withTransaction } from '../../core/transaction';
import { recordOperation, type ChangeContext } from '../../core/audit';
import { allowedTypeOf, checkContent, KIND_LIMITS, kindLimitMessage, safeFilename } from './fileTypes';
import { fileRepo, type FileRecord, type FileRow, type FileVisibility } from './repo';
import { SizeLimitError, type FileStore } from './storage';

export type { FileRecord, FileVisibility };

export const FILE_MODULE = 'file';

/** The sender and receiver fields every upload carries (spec §7 Upload). */
export interface UploadEnvelope {
  sendSysName?: string;
  sendSysCode?: string;
  sendReqTime?: string;
  recvSysName?: string;
  recvSysCode?: string;
}

/** A stored file as the upload call answers it and attachment lists show it. */
export type StoredFile = z.output<typeof storedFile>;

/** Decides whether a caller may read a file attached to a record of the owning module. */
export type FileAccessRule = (principal: Principal, bizId: string) => Promise<boolean>;

/** A file ready to stream: where its bytes are and how to serve them. */
export interface OpenedFile {
  storageKey: string;
  sha256: string;
  size: number;
  mime: string;
  kind: FileKind;
  isPublic: boolean;
  /** The name it was uploaded under: its extension is the one a download is saved with. */
  filename: string;
}

const present = (row: FileRow): StoredFile => ({
  fileId: row.id,
  fileRepId: row.fileRepId,
  filename: row.filename,
  size: row.size,
  type: row.fileType,
  kind: row.fileKind as FileKind,
  mime: row.mime,
  url: downloadUrlOf(row.id, row.filename),
  createTime: row.createTime,
});

/**
 * The file service (spec §7 Upload and download): uploads checked by extension and by their
 * bytes, kept once per content, and read back only by those allowed to.
 */
export function createFileService({ db, store }: { db: Db; store: FileStore }) {
  const accessRules = new Map<string, FileAccessRule>();

  async function mayRead(row: FileRow, principal: Principal | null): Promise<boolean> {
    if (row.visibility === 'PUBLIC') return true;
    if (!principal) return false;
    if (principal.isSuperAdmin || row.uploaderId === principal.userId) return true;
    const rule = row.bizType ? accessRules.get(row.bizType) : undefined;
    return rule && row.bizId ? rule(principal, row.bizId) : false;
  }

  /** Drains an upload the service refuses before reading it, so the request can end. */
  function refuse(stream: Readable, error: unknown): never {
    stream.resume();
    throw error;
  }

  return {
    /**
     * Stores one uploaded file: the extension must be allowed, the bytes must be what the
     * extension claims, and the size within its kind's limit. Nothing is kept of a refused file.
     */
    async upload(input: { stream: Readable; filename: string; fields: UploadEnvelope }, change: ChangeContext): Promise<StoredFile> {
      const filename = safeFilename(input.filename);
      if (!filename) refuse(input.stream, errors.badRequest('文件名不能为空'));
      let type;
      try {
        type = allowedTypeOf(filename);
      } catch (error) {
        refuse(input.stream, error);
      }
      let staged;
      try {
        staged = await store.stage(input.stream, KIND_LIMITS[type.kind]);
      } catch (error) {
        if (error instanceof SizeLimitError) refuse(input.stream, errors.tooLarge(kindLimitMessage(type.kind)));
        throw error;
      }
      try {
        if (staged.size === 0) throw errors.badRequest('不能上传空文件');
        const sniffed = await fileTypeFromFile(staged.tempPath);
        checkContent(type, sniffed?.ext, staged.head);
        const storageKey = await store.commit(staged);
        return await withTransaction(db, async (tx) => {
          const fileRepId = await fileRepo.keepContent(tx, { sha256: staged.sha256, size: staged.size, sniffedType: sniffed?.ext ?? 'text', storageKey }, change.actor);
          const row = await fileRepo.insert(
            tx,
            {
              fileRepId,
              filename,
              fileType: type.ext,
              fileKind: type.kind,
              mime: type.mime,
              size: staged.size,
              uploaderId: change.actor.id,
              uploaderName: change.actor.name,
              ...input.fields,
            },
            change.actor,
          );
          await recordOperation(tx, {
            ...change,
            module: FILE_MODULE,
            action: 'UPLOAD',
            entityId: row.id,
            summary: `上传文件「${filename}」`,
            after: { fileId: row.id, fileRepId, filename, size: staged.size, type: type.ext, sha256: staged.sha256 },
          });
          return present(row);
        });
      } catch (error) {
        await store.discard(staged);
        throw error;
      }
    },

    /**
     * Finds a file to stream by fileId or fileRepId and checks the caller may read it. By fileRepId
     * the content is readable when any upload of it is. Unknown and forbidden answer alike (404),
     * so ids cannot be probed.
     */
    async open(ref: { fileId?: number; fileRepId?: number }, principal: Principal | null): Promise<OpenedFile> {
      const rows = await fileRepo.uploadsOf(db, ref);
      let readable: FileRow | undefined;
      for (const row of rows) {
        if (await mayRead(row, principal)) {
          readable = row;
          break;
        }
      }
      if (!readable) {
        if (rows.length && !principal) throw errors.unauthorized('请登录后下载该文件');
        throw errors.notFound('文件');
      }
      const rep = await fileRepo.content(db, readable.fileRepId);
      if (!rep || !(await store.exists(rep.storageKey))) throw errors.notFound('文件内容');
      return { storageKey: rep.storageKey, sha256: rep.sha256, size: rep.size, mime: readable.mime, kind: readable.fileKind as FileKind, isPublic: readable.visibility === 'PUBLIC', filename: readable.filename };
    },

    read: store.read,

    /** File metadata for the caller's own lists (attachments of a form); `null` is an anonymous reader (public files only). */
    async details(fileIds: number[], principal: Principal | null): Promise<StoredFile[]> {
      if (!fileIds.length) return [];
      const out: StoredFile[] = [];
      for (const row of await fileRepo.liveByIds(db, fileIds)) if (await mayRead(row, principal)) out.push(present(row));
      return out;
    },

    /** Download addresses of live files by id (a page showing links to them); unknown ids are left out. */
    async downloadUrls(ex: Executor, fileIds: number[]): Promise<Map<string, string>> {
      if (!fileIds.length) return new Map();
      const rows = await fileRepo.namesByIds(ex, fileIds);
      return new Map(rows.map((r) => [String(r.id), downloadUrlOf(r.id, r.filename)]));
    },

    /** Lets the module owning `bizType` records decide who may read their attachments. */
    registerAccessRule(bizType: string, rule: FileAccessRule): void {
      accessRules.set(bizType, rule);
    },

    /**
     * Attaches uploaded files to a record of the calling module, inside its transaction. Only files
     * the actor uploaded (or, for the system, any) can be attached: nobody claims another's upload.
     */
    async attach(ex: Executor, input: FileRecord & { fileIds: number[]; visibility?: FileVisibility }, actor: Actor | null): Promise<number> {
      if (!input.fileIds.length) return 0;
      const attached = await fileRepo.attach(ex, input.fileIds, input, actor);
      if (attached.length !== new Set(input.fileIds).size) throw errors.badRequest('附件不存在，或不是您上传的文件');
      return attached.length;
    },

    /** Makes every file of a record public (content published) or private again (content offline). */
    async setRecordVisibility(ex: Executor, record: FileRecord, visibility: FileVisibility): Promise<number> {
      return (await fileRepo.setRecordVisibility(ex, record, visibility)).length;
    },

    /** The files attached to one record, oldest first (a form listing an article's attachments). */
    async recordFiles(ex: Executor, record: FileRecord): Promise<StoredFile[]> {
      return (await fileRepo.recordFiles(ex, record)).map(present);
    },

    /** Lets go of files a record no longer uses: they belong to nobody and are private again. */
    async detach(ex: Executor, record: FileRecord, fileIds: number[]): Promise<number> {
      if (!fileIds.length) return 0;
      return (await fileRepo.detach(ex, record, fileIds)).length;
    },

    /**
     * A second upload row over the same stored bytes, attached to another record: a record shares
     * no file row with another, so making one public or deleting it never touches the other's file.
     */
    async copyToRecord(ex: Executor, fileId: number, record: FileRecord & { visibility?: FileVisibility }, actor: Actor): Promise<StoredFile> {
      const source = await fileRepo.findLive(ex, fileId);
      if (!source) throw errors.notFound('文件');
      const { id: _id, createTime: _c, updateTime: _u, lockVersion: _l, ...kept } = source;
      const row = await fileRepo.insert(
        ex,
        { ...kept, bizType: record.bizType, bizId: record.bizId, visibility: record.visibility ?? 'PRIVATE', uploaderId: actor.id, uploaderName: actor.name },
        actor,
      );
      return present(row);
    },
  };
}
export type FileService = ReturnType<typeof createFileService>;
