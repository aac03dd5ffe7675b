import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DOWNLOAD_ARGS_MESSAGE, fileCalls } from '@dandelion/shared/file';
import { changeOf } from '../../core/audit';
import { ok } from '../../core/envelope';
import { AppError, errors } from '../../core/errors';
import type { Principal } from '../../core/permissions';
import { serve } from '../../core/route';
import { tokenFromHeader } from '../../core/token';
import { MAX_UPLOAD_BYTES, safeFilename } from './fileTypes';
import { contentDisposition, downloadName, parseRange } from './httpHeaders';
import type { FileService, StoredFile, UploadEnvelope } from './service';

const ENVELOPE_FIELDS = ['sendSysName', 'sendSysCode', 'sendReqTime', 'recvSysName', 'recvSysCode'] as const;

/** Multipart errors of @fastify/multipart, in the envelope's words. */
function multipartFailure(error: unknown): AppError | null {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return errors.tooLarge(`文件不能超过 ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
    case 'FST_FILES_LIMIT':
      return errors.badRequest('一次只能上传一个文件');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return errors.badRequest('上传请求的字段过多');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return errors.badRequest('请以 multipart/form-data 方式上传文件');
    default:
      return null;
  }
}

/** Reads the one file of a multipart upload and the envelope fields beside it, and stores the file. */
async function receiveUpload(request: FastifyRequest, files: FileService): Promise<StoredFile> {
  if (!request.isMultipart()) throw errors.badRequest('请以 multipart/form-data 方式上传文件');
  const fields: UploadEnvelope = {};
  let stored: StoredFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (stored) {
          part.file.resume();
          throw errors.badRequest('一次只能上传一个文件');
        }
        stored = await files.upload({ stream: part.file, filename: part.filename, fields }, changeOf(request));
      } else if ((ENVELOPE_FIELDS as readonly string[]).includes(part.fieldname)) {
        const value = typeof part.value === 'string' ? part.value.trim().slice(0, 64) : '';
        fields[part.fieldname as keyof UploadEnvelope] = value || undefined;
      }
    }
  } catch (error) {
    throw multipartFailure(error) ?? error;
  }
  if (!stored) throw errors.badRequest('请选择要上传的文件');
  return stored;
}

/**
 * The file service's calls (spec §7 Upload and download): the multipart upload, the streaming
 * download opened in a new window (the token then travels in the query), and attachment details.
 */
export async function registerFileRoutes(
  app: FastifyInstance,
  { files, authenticateToken }: { files: FileService; authenticateToken: (token: string) => Promise<Principal | null> },
) {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 1024, parts: 22, headerPairs: 200 },
  });

  // Signed-in users upload (applicants their attachments, staff images for content); uploads are counted per user.
  serve(app, fileCalls.upload, async (request) => ok(await receiveUpload(request, files), '上传成功'), {
    config: { rateLimit: { max: 60, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => `upload:${request.principal?.userId ?? request.ip}` } },
  });

  // Public route: public files need no sign-in; others are checked against the token in the query or header.
  // Sent as stored, never compressed: the ETag, the length and byte ranges are those of the file itself.
  serve(app, fileCalls.download, async (request, reply) => {
    const { fileId, fileRepId, authorization } = request.query;
    const filename = safeFilename(request.query.filename ?? '');
    if ((fileId === undefined && fileRepId === undefined) || !filename) throw errors.badRequest(DOWNLOAD_ARGS_MESSAGE);
    const token = tokenFromHeader(request.headers.authorization) ?? tokenFromHeader(authorization);
    const principal = token ? await authenticateToken(token) : null;
    const file = await files.open(fileId !== undefined ? { fileId } : { fileRepId }, principal);

    const etag = `"${file.sha256}"`;
    reply
      .header('accept-ranges', 'bytes')
      .header('etag', etag)
      .header('content-type', file.mime)
      .header('content-disposition', contentDisposition(file.kind === 'IMAGE' ? 'inline' : 'attachment', downloadName(filename, file.filename)))
      // Whatever the bytes are, a browser opening them runs nothing from this origin.
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header('cache-control', file.isPublic ? 'public, max-age=86400' : 'private, no-store');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();

    const range = parseRange(request.headers.range, file.size);
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${file.size}`);
      throw new AppError(416, '416', '请求的文件范围无效');
    }
    if (range) {
      reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`).header('content-length', range.end - range.start + 1);
      return reply.send(files.read(file.storageKey, range));
    }
    reply.header('content-length', file.size);
    return reply.send(files.read(file.storageKey));
  }, { compress: false });

  serve(app, fileCalls.details, async (request) => ok(await files.details([...new Set(request.body.fileIds)], request.principal!)));
}
