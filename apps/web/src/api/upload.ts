/**
 * Multipart upload to the file service (spec §7 Upload and download). XMLHttpRequest rather than
 * fetch: fetch reports no upload progress, and the widgets show a progress bar.
 */
import { REQUEST_TIMEOUT_MS } from '@dandelion/shared';
import { chinaFields } from '../lib/date';
import {
  ApiError,
  INVALID_RESPONSE_CODE,
  INVALID_RESPONSE_MESSAGE,
  NETWORK_ERROR_CODE,
  NETWORK_ERROR_MESSAGE,
  TIMEOUT_CODE,
  TIMEOUT_MESSAGE,
  apiUrl,
  commonHeaders,
  isObject,
  reportFailure,
  parseJson,
  unwrapEnvelope,
} from './http';

export const UPLOAD_PATH = '/auth/webUpload';
/** Multipart field name of the file itself. */
export const UPLOAD_FILE_FIELD = 'file';

/** What the file service answers for a stored file. */
export interface UploadedFile {
  fileId: string;
  fileRepId: string;
  filename: string;
  size: number;
  type: string;
  /** Root-relative streaming address (/stream/fms/downloads/1?fileId=…&filename=…). */
  url?: string;
}

export interface UploadOptions {
  /** Whole percent (0–100) of the bytes sent so far. */
  onProgress?(percent: number): void;
  /** Aborts the upload; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Extra multipart fields; these also override the default system fields. */
  fields?: Record<string, string>;
  /** REQUEST_TIMEOUT_MS unless given; 0 waits as long as it takes. */
  timeoutMs?: number;
  /** No toast on failure (the caller shows the error itself). */
  silent?: boolean;
  /** Upload endpoint; UPLOAD_PATH unless given (the rich-text editor's configurable uploadJson). */
  path?: string;
  /** Multipart field name of the file; UPLOAD_FILE_FIELD unless given (the editor sends imgFile). */
  fileField?: string;
}

/** `YYYYMMDDHHmmss` in China time, the file service's request-time format. */
export function formatRequestTime(date: Date = new Date()): string {
  const p = chinaFields(date);
  if (!p) throw new RangeError('Invalid time value');
  return `${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}`;
}

/** The sender and receiver fields the file service expects on every upload (spec §7). */
export function defaultUploadFields(now: Date = new Date()): Record<string, string> {
  return {
    sendSysName: '蒲公英控制台',
    sendSysCode: 'dandelion-web',
    sendReqTime: formatRequestTime(now),
    recvSysName: '文件服务',
    recvSysCode: 'fms',
  };
}

function isUploadedFile(value: unknown): value is UploadedFile {
  return isObject(value) && typeof value.fileId === 'string' && value.fileId !== '';
}

function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('上传已取消', 'AbortError');
}

interface ProgressRequest<T> {
  path: string;
  body: XMLHttpRequestBodyInit;
  headers?: Record<string, string>;
  /** Checks the envelope's data is what the caller expects. */
  accept(data: unknown): data is T;
}

/** POST with upload progress (XMLHttpRequest), answered through the same envelope rules as postJson. */
function sendWithProgress<T>(request: ProgressRequest<T>, options: Omit<UploadOptions, 'fields' | 'silent'>): Promise<T> {
  const { signal, onProgress } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = (outcome: () => void) => {
      signal?.removeEventListener('abort', onAbortSignal);
      outcome();
    };

    xhr.open('POST', apiUrl(request.path));
    for (const [name, value] of Object.entries({ accept: 'application/json', ...commonHeaders(), ...request.headers })) {
      xhr.setRequestHeader(name, value);
    }
    xhr.timeout = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () =>
      settle(() => {
        try {
          const data = unwrapEnvelope<unknown>(request.path, xhr.status, parseJson(xhr.responseText));
          if (!request.accept(data)) throw new ApiError(INVALID_RESPONSE_CODE, INVALID_RESPONSE_MESSAGE, xhr.status);
          onProgress?.(100);
          resolve(data);
        } catch (error) {
          reject(error);
        }
      });
    xhr.onerror = () => settle(() => reject(new ApiError(NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE)));
    xhr.ontimeout = () => settle(() => reject(new ApiError(TIMEOUT_CODE, TIMEOUT_MESSAGE)));
    xhr.onabort = () => settle(() => reject(abortReason(signal)));
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(request.body);
  });
}

function send(file: File, options: UploadOptions): Promise<UploadedFile> {
  const form = new FormData();
  // Fields go before the file: a streaming multipart parser hands over the file part as soon
  // as it arrives, and only the fields read before it come with it.
  for (const [name, value] of Object.entries({ ...defaultUploadFields(), ...options.fields })) {
    form.append(name, value);
  }
  form.append(options.fileField ?? UPLOAD_FILE_FIELD, file, file.name);
  return sendWithProgress({ path: options.path ?? UPLOAD_PATH, body: form, accept: isUploadedFile }, options);
}

/**
 * A JSON POST whose request body is large enough to want a progress bar (an import travelling as
 * base64): `onProgress` reports the bytes sent. Failures are toasted unless `silent`.
 */
export async function postJsonWithProgress<T>(
  path: string,
  body: unknown,
  options: Omit<UploadOptions, 'fields' | 'path' | 'fileField'> & { accept?: (data: unknown) => data is T } = {},
): Promise<T> {
  try {
    return await sendWithProgress<T>(
      { path, body: JSON.stringify(body), headers: { 'content-type': 'application/json' }, accept: options.accept ?? ((data: unknown): data is T => data !== undefined) },
      options,
    );
  } catch (error) {
    reportFailure(error, path, options.silent);
    throw error;
  }
}

/**
 * Uploads one file to /auth/webUpload with the file-service fields and resolves the stored file.
 * Failures reject with an ApiError and are toasted unless `silent`; an abort rejects with the
 * signal's reason and is not toasted.
 */
export async function uploadFile(file: File, options: UploadOptions = {}): Promise<UploadedFile> {
  try {
    return await send(file, options);
  } catch (error) {
    reportFailure(error, options.path ?? UPLOAD_PATH, options.silent);
    throw error;
  }
}
