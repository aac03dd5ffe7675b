import path from 'node:path';
import type { FileKind } from '@dandelion/shared/file';
import { errors } from '../../core/errors';

const MB = 1024 * 1024;

/** Largest file of each kind. */
export const KIND_LIMITS: Readonly<Record<FileKind, number>> = {
  IMAGE: 10 * MB,
  DOCUMENT: 50 * MB,
  ARCHIVE: 200 * MB,
  MEDIA: 500 * MB,
};
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(KIND_LIMITS));

const KIND_NAMES: Readonly<Record<FileKind, string>> = { IMAGE: '图片', DOCUMENT: '文档', ARCHIVE: '压缩包', MEDIA: '音视频' };

interface AllowedType {
  kind: FileKind;
  mime: string;
  /**
   * What the bytes must be, as file-type names them. `text` means no signature at all and
   * readable text. Office files written by WPS or older tools may only show as a zip or an OLE
   * container (cfb); those are accepted for their family, never an executable or markup.
   */
  sniffed: readonly string[];
}

/** The extensions anyone may upload; everything else (html, svg, js, exe, …) is refused. */
export const ALLOWED_TYPES: Readonly<Record<string, AllowedType>> = {
  jpg: { kind: 'IMAGE', mime: 'image/jpeg', sniffed: ['jpg'] },
  jpeg: { kind: 'IMAGE', mime: 'image/jpeg', sniffed: ['jpg'] },
  png: { kind: 'IMAGE', mime: 'image/png', sniffed: ['png'] },
  gif: { kind: 'IMAGE', mime: 'image/gif', sniffed: ['gif'] },
  webp: { kind: 'IMAGE', mime: 'image/webp', sniffed: ['webp'] },
  bmp: { kind: 'IMAGE', mime: 'image/bmp', sniffed: ['bmp'] },
  pdf: { kind: 'DOCUMENT', mime: 'application/pdf', sniffed: ['pdf'] },
  doc: { kind: 'DOCUMENT', mime: 'application/msword', sniffed: ['cfb'] },
  xls: { kind: 'DOCUMENT', mime: 'application/vnd.ms-excel', sniffed: ['cfb'] },
  ppt: { kind: 'DOCUMENT', mime: 'application/vnd.ms-powerpoint', sniffed: ['cfb'] },
  wps: { kind: 'DOCUMENT', mime: 'application/vnd.ms-works', sniffed: ['cfb'] },
  docx: { kind: 'DOCUMENT', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sniffed: ['docx', 'zip'] },
  xlsx: { kind: 'DOCUMENT', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', sniffed: ['xlsx', 'zip'] },
  pptx: { kind: 'DOCUMENT', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', sniffed: ['pptx', 'zip'] },
  ofd: { kind: 'DOCUMENT', mime: 'application/ofd', sniffed: ['zip'] },
  txt: { kind: 'DOCUMENT', mime: 'text/plain; charset=utf-8', sniffed: ['text'] },
  csv: { kind: 'DOCUMENT', mime: 'text/csv; charset=utf-8', sniffed: ['text'] },
  zip: { kind: 'ARCHIVE', mime: 'application/zip', sniffed: ['zip'] },
  rar: { kind: 'ARCHIVE', mime: 'application/vnd.rar', sniffed: ['rar'] },
  '7z': { kind: 'ARCHIVE', mime: 'application/x-7z-compressed', sniffed: ['7z'] },
  mp4: { kind: 'MEDIA', mime: 'video/mp4', sniffed: ['mp4', 'm4v'] },
  mp3: { kind: 'MEDIA', mime: 'audio/mpeg', sniffed: ['mp3'] },
};

export const ALLOWED_EXTENSIONS = Object.keys(ALLOWED_TYPES);

/** Text that a browser would treat as a page or a script if it ever rendered it. */
const MARKUP_START = /^\s*(?:<!doctype|<html|<head|<body|<script|<svg|<\?xml|<iframe|<object|<embed|<meta|<link|<style)/i;

/**
 * The name a file is kept and offered under: no directories, no control characters, nothing a
 * shell or a Content-Disposition header could misread, at most 120 characters with the extension kept.
 */
export function safeFilename(raw: string): string {
  const base = raw.replace(/\\/g, '/').split('/').pop() ?? '';
  let name = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .replace(/^[.\s]+/, '')
    .trim();
  if (name.length > 120) {
    const ext = path.extname(name).slice(0, 12);
    name = name.slice(0, 120 - ext.length) + ext;
  }
  return name;
}

/** The lower-case extension of a file name, without the dot. */
export const extensionOf = (filename: string) => path.extname(filename).slice(1).toLowerCase();

/** Checks the claimed name before any byte is stored: the extension must be on the allowlist. */
export function allowedTypeOf(filename: string): AllowedType & { ext: string } {
  const ext = extensionOf(filename);
  const type = ext ? ALLOWED_TYPES[ext] : undefined;
  if (!type) throw errors.badRequest(`不支持上传 ${ext ? `.${ext} ` : '没有扩展名的'}文件，允许的类型：${ALLOWED_EXTENSIONS.join('、')}`);
  return { ...type, ext };
}

/**
 * Checks the bytes agree with the claimed extension: an HTML page or a program renamed to .png
 * is refused. `sniffedExt` is file-type's answer (undefined when the bytes carry no signature);
 * `head` is the start of the file, for the text checks.
 */
export function checkContent(type: AllowedType & { ext: string }, sniffedExt: string | undefined, head: Buffer): void {
  const refuse = () => errors.badRequest(`文件内容与扩展名 .${type.ext} 不符，请上传真实的${KIND_NAMES[type.kind]}文件`);
  if (type.sniffed.includes('text')) {
    if (sniffedExt !== undefined) throw refuse();
    if (head.includes(0)) throw refuse();
    const text = head.toString('utf8').replace(/^\uFEFF/, '');
    if (MARKUP_START.test(text)) throw refuse();
    return;
  }
  if (!sniffedExt || !type.sniffed.includes(sniffedExt)) throw refuse();
}

export function kindLimitMessage(kind: FileKind): string {
  return `${KIND_NAMES[kind]}文件不能超过 ${KIND_LIMITS[kind] / MB} MB`;
}
