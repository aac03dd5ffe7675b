/**
 * Downloads (spec §5, §7 Upload and download, §8). Two kinds:
 * - streaming from the file service: a new window on /stream/fms/downloads/1, so the browser
 *   streams a large file straight to disk instead of through memory;
 * - blob downloads of generated files (exports): fetched with the common headers, then saved.
 */
import { currentToken } from './session';
import {
  ApiError,
  apiUrl,
  isObject,
  reportFailure,
  parseJson,
  sendRequest,
  unwrapEnvelope,
  withParams,
  type RequestOptions,
} from './http';
import { notify } from './notify';

export const STREAM_DOWNLOAD_PATH = '/stream/fms/downloads/1';
export const DOWNLOAD_ARGS_MESSAGE = '文件编号和文件名不能为空';
export const DOWNLOAD_FAILED_CODE = 'DOWNLOAD_FAILED';
export const DOWNLOAD_FAILED_MESSAGE = '文件下载失败';
/** Used when neither the caller nor the server names the file. */
export const DEFAULT_DOWNLOAD_NAME = '下载文件';

/** Which stored file to stream: by file id or by file-repository id. */
export type StreamFileRef = { fileId: string } | { fileRepId: string };

function isFilled(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * The streaming address of a stored file. The token travels in the query because a new window
 * cannot send the authorization header.
 * Throws when the id or the filename is missing (spec §5).
 */
export function streamDownloadUrl(ref: StreamFileRef, filename: string | null | undefined): string {
  const [key, id] = 'fileId' in ref ? ['fileId', ref.fileId] : ['fileRepId', ref.fileRepId];
  if (!isFilled(id) || !isFilled(filename)) throw new Error(DOWNLOAD_ARGS_MESSAGE);
  return apiUrl(withParams(STREAM_DOWNLOAD_PATH, { [key]: id, filename, authorization: currentToken() }));
}

/** Streams a stored file by its file id in a new window. */
export function downloadByFileId(fileId: string | null | undefined, filename: string | null | undefined): void {
  window.open(streamDownloadUrl({ fileId: fileId as string }, filename), '_blank');
}

/** Streams a stored file by its file-repository id in a new window. */
export function downloadByRepId(fileRepId: string | null | undefined, filename: string | null | undefined): void {
  window.open(streamDownloadUrl({ fileRepId: fileRepId as string }, filename), '_blank');
}

/** The file name a Content-Disposition header carries; the RFC 5987 `filename*` wins over `filename`. */
export function filenameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*"?([^']*)'[^']*'([^";]+)"?/i.exec(header);
  if (extended) {
    const decoded = decodeExtended(extended[1]!, extended[2]!.trim());
    if (decoded) return decoded;
  }
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
  if (!plain) return undefined;
  const value = plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2]!.trim();
  // Many servers percent-encode a Chinese name in the plain parameter instead of using filename*.
  if (/%[0-9a-f]{2}/i.test(value)) {
    try {
      return decodeURIComponent(value) || undefined;
    } catch {
      return value || undefined;
    }
  }
  return value || undefined;
}

function decodeExtended(charset: string, encoded: string): string | undefined {
  try {
    const bytes: number[] = [];
    for (let i = 0; i < encoded.length; i += 1) {
      if (encoded[i] === '%' && /^[0-9a-f]{2}$/i.test(encoded.slice(i + 1, i + 3))) {
        bytes.push(parseInt(encoded.slice(i + 1, i + 3), 16));
        i += 2;
      } else {
        bytes.push(encoded.charCodeAt(i));
      }
    }
    return new TextDecoder(charset || 'utf-8', { fatal: true }).decode(new Uint8Array(bytes)) || undefined;
  } catch {
    return undefined;
  }
}

/** Offers a blob to the user as a file download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoking at once can cancel a download that has not started reading the blob yet.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export interface FetchedFile {
  blob: Blob;
  /** The Content-Disposition name, when the server sent one. */
  filename?: string;
}

function downloadFailed(status?: number): ApiError {
  return new ApiError(DOWNLOAD_FAILED_CODE, DOWNLOAD_FAILED_MESSAGE, status);
}

function looksLikeEnvelope(value: unknown): boolean {
  return isObject(value) && ('code' in value || 'rtnCode' in value);
}

/**
 * Fetches a file with the common headers. A JSON error envelope answered instead of a file
 * rejects with its code and message (a 401 ends the session as for any call); an empty file
 * rejects with 文件下载失败. Never toasts: see `downloadByGet` / `downloadByPost`.
 */
export function fetchFile(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<FetchedFile> {
  return sendRequest(method, path, body, options, '*/*', async (response) => {
    const type = response.headers.get('content-type') ?? '';
    let blob: Blob;
    if (/json/i.test(type) || !response.ok) {
      const text = await response.text();
      const payload = parseJson(text);
      if (!response.ok || looksLikeEnvelope(payload)) {
        unwrapEnvelope(withParams(path, options.params), response.status, payload);
        // A success envelope where a file was expected: there is nothing to save.
        throw downloadFailed(response.status);
      }
      // A JSON file (an exported configuration) is a file like any other.
      blob = new Blob([text], { type });
    } else {
      blob = await response.blob();
    }
    if (!blob || blob.size === 0) throw downloadFailed(response.status);
    return { blob, filename: filenameFromDisposition(response.headers.get('content-disposition')) };
  });
}

export interface BlobDownloadOptions extends RequestOptions {
  /** Name to save under; without it the server's Content-Disposition name is used. */
  filename?: string;
}

export interface SavedFile {
  filename: string;
  size: number;
}

async function download(method: 'GET' | 'POST', path: string, body: unknown, options: BlobDownloadOptions): Promise<SavedFile> {
  try {
    const { blob, filename: served } = await fetchFile(method, path, body, options);
    const filename = options.filename?.trim() || served || DEFAULT_DOWNLOAD_NAME;
    saveBlob(blob, filename);
    return { filename, size: blob.size };
  } catch (error) {
    // Spec §8: an empty file is a warning, not an error.
    if (error instanceof ApiError && error.code === DOWNLOAD_FAILED_CODE) {
      if (!options.silent) notify('warning', error.message);
    } else {
      reportFailure(error, path, options.silent);
    }
    throw error;
  }
}

/** Downloads a generated file by GET (query from `options.params`) and saves it. */
export function downloadByGet(path: string, options: BlobDownloadOptions = {}): Promise<SavedFile> {
  return download('GET', path, undefined, options);
}

/** Downloads a generated file by POST with a JSON body (an export's search form) and saves it. */
export function downloadByPost(path: string, body: unknown, options: BlobDownloadOptions = {}): Promise<SavedFile> {
  return download('POST', path, body ?? {}, options);
}
