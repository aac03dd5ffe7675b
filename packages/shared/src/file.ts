/**
 * The file service (spec §7 Upload and download): a multipart upload, a streaming download opened in
 * a new window (the token then travels in the query), and the details of attachments by id. The
 * upload and the download are raw answers: their bodies are not JSON schemas.
 */
import { z } from 'zod';
import { defineCall, PUBLIC, SIGNED_IN } from './contract';
import { zDateTime, zId } from './schemas';

/** What a stored file is, for limits and for how it is served. */
export const FILE_KINDS = ['IMAGE', 'DOCUMENT', 'ARCHIVE', 'MEDIA'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** Spec §5: a download names both the file and the name it is saved under. */
export const DOWNLOAD_ARGS_MESSAGE = '文件编号和文件名不能为空';

/** Where a file is read: `/stream/fms/downloads/1?fileId=…&filename=…`. */
export const downloadUrlOf = (fileId: number | string, filename: string) =>
  `/stream/fms/downloads/1?fileId=${encodeURIComponent(String(fileId))}&filename=${encodeURIComponent(filename)}`;

/** A stored file as the upload answers it and attachment lists show it. */
export const storedFile = z.object({
  fileId: zId,
  fileRepId: zId,
  filename: z.string(),
  size: z.number(),
  type: z.string(),
  kind: z.enum(FILE_KINDS),
  mime: z.string(),
  url: z.string(),
  createTime: zDateTime,
});

/** A file id in a query string: digits only; the server reads it as a number. */
const idText = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,17}$/, '文件编号不正确')
  .transform(Number)
  .optional();

const tag = '文件服务';

export const fileCalls = {
  /** multipart/form-data: the file field `file` (or `imgFile`) and the sender and receiver fields; no JSON body. */
  upload: defineCall({
    method: 'POST',
    path: '/auth/webUpload',
    access: SIGNED_IN,
    tag,
    summary: '上传一个文件（multipart/form-data；文件字段 file 或 imgFile，另带 sendSysName、sendSysCode、sendReqTime、recvSysName、recvSysCode）',
    response: storedFile,
  }),
  download: defineCall({
    method: 'GET',
    path: '/stream/fms/downloads/1',
    access: PUBLIC,
    tag,
    summary: '下载或在线查看文件（支持 Range 断点续传）：fileId 或 fileRepId 二选一，filename 必填；非公开文件需 authorization',
    query: z.object({ fileId: idText, fileRepId: idText, filename: z.string().optional(), authorization: z.string().optional() }),
    answer: 'raw',
  }),
  details: defineCall({
    method: 'POST',
    path: '/rest/file/details',
    access: SIGNED_IN,
    tag,
    summary: '按文件编号取附件信息（只返回调用者可读的文件）',
    body: z.object({ fileIds: z.array(zId, { error: '请提供文件编号列表' }).max(100, '一次最多查询 100 个文件') }),
    response: z.array(storedFile),
  }),
};
