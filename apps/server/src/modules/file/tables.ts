import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../core/records';

/**
 * The file repository: one row per distinct content (SHA-256), pointing at where the bytes are
 * kept in the content-addressed store. fileRepId in the spec's download call is this row's id.
 */
export const sysFileRep = pgTable(
  'sys_file_rep',
  {
    id: idColumn(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** What the bytes were sniffed as (png, pdf, docx, text …). */
    sniffedType: varchar('sniffed_type', { length: 16 }).notNull(),
    /** Path relative to the store: ab/cd/<sha256>. */
    storageKey: varchar('storage_key', { length: 80 }).notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('sys_file_rep_sha256_uq').on(t.sha256)],
);

/**
 * One row per upload: the name the uploader gave (made safe), who uploaded it, and what it is
 * attached to. A file is readable by its uploader, an administrator, anyone when PUBLIC (the CMS
 * marks the files of published content so), and whoever the owning module's access rule admits.
 */
export const sysFile = pgTable(
  'sys_file',
  {
    id: idColumn(),
    fileRepId: bigint('file_rep_id', { mode: 'number' }).notNull(),
    filename: varchar('filename', { length: 128 }).notNull(),
    /** The extension, lower case: png, pdf … */
    fileType: varchar('file_type', { length: 16 }).notNull(),
    /** IMAGE, DOCUMENT, ARCHIVE or MEDIA. */
    fileKind: varchar('file_kind', { length: 16 }).notNull(),
    mime: varchar('mime', { length: 128 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploaderId: bigint('uploader_id', { mode: 'number' }),
    uploaderName: varchar('uploader_name', { length: 64 }),
    /** PRIVATE or PUBLIC. */
    visibility: varchar('visibility', { length: 16 }).notNull().default('PRIVATE'),
    /** What the file belongs to, set by the owning module: CMS_CONTENT, NOTICE, DECLARATION … */
    bizType: varchar('biz_type', { length: 32 }),
    bizId: varchar('biz_id', { length: 64 }),
    /** The sender and receiver fields of the upload call (spec §7). */
    sendSysName: varchar('send_sys_name', { length: 64 }),
    sendSysCode: varchar('send_sys_code', { length: 64 }),
    sendReqTime: varchar('send_req_time', { length: 32 }),
    recvSysName: varchar('recv_sys_name', { length: 64 }),
    recvSysCode: varchar('recv_sys_code', { length: 64 }),
    ...auditColumns,
  },
  (t) => [
    index('sys_file_rep_idx').on(t.fileRepId),
    index('sys_file_uploader_idx').on(t.uploaderId, t.createTime),
    index('sys_file_biz_idx').on(t.bizType, t.bizId).where(sql`biz_type is not null`),
  ],
);
