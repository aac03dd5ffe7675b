/**
 * The image-library contract (fileManagerJson; spec §1: configurable, not shown). The editor asks
 * the endpoint for a page of images already stored, and inserts the one the user picks:
 *
 *   POST {fileManagerJson}  { kind: 'IMAGE', keyword?: string, pageParameter: { pageNum, pageSize } }
 *   → envelope data         { list: [{ fileId, filename, url?, size?, createTime? }], total, pageNum, pageSize }
 *
 * `url` is the file's address (root-relative or http/https, as the upload answers it); without
 * one the streaming address is built from fileId and filename. See docs/rich-text-editor.md.
 */
import { ApiError, INVALID_RESPONSE_CODE, isObject, postJson } from '../../api/http';
import { STREAM_DOWNLOAD_PATH } from '../../api/download';
import { isSafeImageSrc } from '../RichTextView/addresses';

export const LIBRARY_PAGE_SIZE = 24;
export const LIBRARY_INVALID_MESSAGE = '图片库返回的数据格式不正确';

export interface LibraryImage {
  fileId: string;
  filename: string;
  /** Address stored into the content. */
  url: string;
  size?: number;
  createTime?: string;
}

export interface LibraryPage {
  list: LibraryImage[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface LibraryQuery {
  keyword?: string;
  pageNum: number;
  pageSize?: number;
}

function toImage(value: unknown): LibraryImage | null {
  if (!isObject(value)) return null;
  const fileId = typeof value.fileId === 'number' ? String(value.fileId) : value.fileId;
  const { filename } = value;
  if (typeof fileId !== 'string' || !fileId || typeof filename !== 'string' || !filename) return null;
  const url =
    typeof value.url === 'string' && value.url
      ? value.url
      : `${STREAM_DOWNLOAD_PATH}?fileId=${encodeURIComponent(fileId)}&filename=${encodeURIComponent(filename)}`;
  // An address the server would strip from the content is not offered at all.
  if (!isSafeImageSrc(url)) return null;
  return {
    fileId,
    filename,
    url,
    ...(typeof value.size === 'number' ? { size: value.size } : {}),
    ...(typeof value.createTime === 'string' ? { createTime: value.createTime } : {}),
  };
}

/** One page of the library; rejects with the request layer's ApiError (toasted unless silent). */
export async function fetchLibraryPage(endpoint: string, query: LibraryQuery, options: { signal?: AbortSignal } = {}): Promise<LibraryPage> {
  const pageSize = query.pageSize ?? LIBRARY_PAGE_SIZE;
  const keyword = query.keyword?.trim();
  const data = await postJson<unknown>(
    endpoint,
    { kind: 'IMAGE', ...(keyword ? { keyword } : {}), pageParameter: { pageNum: query.pageNum, pageSize } },
    { signal: options.signal, silent: true },
  );
  if (!isObject(data) || !Array.isArray(data.list)) throw new ApiError(INVALID_RESPONSE_CODE, LIBRARY_INVALID_MESSAGE);
  const list = data.list.map(toImage).filter((image): image is LibraryImage => image !== null);
  return {
    list,
    total: typeof data.total === 'number' ? data.total : list.length,
    pageNum: typeof data.pageNum === 'number' ? data.pageNum : query.pageNum,
    pageSize: typeof data.pageSize === 'number' ? data.pageSize : pageSize,
  };
}
