/**
 * A minimal JSON request helper for the foundation pages. It sends the headers every
 * call carries (spec §7), enforces the 90 s timeout (spec §9) and unwraps both response
 * envelopes (spec §3, §8). The full request layer (upload, download, 401 dialog) replaces it later.
 */
import {
  REQUEST_TIMEOUT_MS,
  SUCCESS_CODE,
  UNAUTHORIZED_CODE,
  UNAUTHORIZED_MESSAGE,
  type Envelope,
  type PortalEnvelope,
} from '@dandelion/shared';
import { currentToken, useSessionStore } from '../app/session';

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
export const NETWORK_ERROR_MESSAGE = '网络异常，请稍后重试';
export const TIMEOUT_CODE = 'TIMEOUT';
export const TIMEOUT_MESSAGE = '请求超时，请稍后重试';
export const INVALID_RESPONSE_CODE = 'INVALID_RESPONSE';
export const INVALID_RESPONSE_MESSAGE = '服务返回的数据格式不正确，请稍后重试';

/** A failed call: the envelope's code and message, or one of the local codes above. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: string,
    message: string,
    /** HTTP status, when a response arrived. */
    readonly status?: number,
  ) {
    super(message);
  }

  /** True when retrying may help: the request never got an answer. */
  get transient(): boolean {
    return this.code === NETWORK_ERROR_CODE || this.code === TIMEOUT_CODE;
  }
}

export interface RequestOptions {
  /** Caller cancellation (TanStack Query passes one); a cancelled call rejects with the abort reason. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The configured API base (spec §7) followed by the call path. */
export function apiUrl(path: string): string {
  return `${import.meta.env.VITE_API_BASE ?? ''}${path}`;
}

/** POST a JSON body and resolve the envelope's payload (`data` or `dataSet`). */
export async function postJson<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    is_ajax_request: 'true',
    requestTime: String(Date.now()),
  };
  const token = currentToken();
  if (token) headers.authorization = token;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const { signal } = options;
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) forwardAbort();
  else signal?.addEventListener('abort', forwardAbort, { once: true });

  let status: number;
  let payload: unknown;
  try {
    const response = await globalThis.fetch(apiUrl(path), {
      method: 'POST',
      headers,
      body: JSON.stringify(body ?? {}),
      credentials: 'same-origin',
      signal: controller.signal,
    });
    status = response.status;
    payload = parseJson(await response.text());
  } catch (error) {
    if (timedOut) throw new ApiError(TIMEOUT_CODE, TIMEOUT_MESSAGE);
    if (signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
  return unwrap<T>(path, status, payload);
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isConsoleEnvelope(value: unknown): value is Envelope {
  return isObject(value) && (typeof value.code === 'string' || typeof value.code === 'number');
}

function isPortalEnvelope(value: unknown): value is PortalEnvelope {
  return isObject(value) && (typeof value.rtnCode === 'string' || typeof value.rtnCode === 'number');
}

/** Login callbacks answer 401 for bad credentials; that must not end another session. */
function isLoginCallback(path: string): boolean {
  return path.startsWith('/callback');
}

function unwrap<T>(path: string, status: number, payload: unknown): T {
  let code: string;
  let message: string | undefined;
  if (isConsoleEnvelope(payload)) {
    code = String(payload.code);
    if (code === SUCCESS_CODE) return payload.data as T;
    message = payload.msg;
  } else if (isPortalEnvelope(payload)) {
    code = String(payload.rtnCode);
    if (code === SUCCESS_CODE) return payload.dataSet as T;
    message = payload.rtnMessage;
  } else if (status >= 200 && status < 300) {
    throw new ApiError(INVALID_RESPONSE_CODE, INVALID_RESPONSE_MESSAGE, status);
  } else {
    code = String(status);
  }
  if ((code === UNAUTHORIZED_CODE || status === 401) && !isLoginCallback(path)) {
    useSessionStore.getState().signOut();
  }
  throw new ApiError(code, message || messageForStatus(code, status), status);
}

function messageForStatus(code: string, status: number): string {
  if (code === UNAUTHORIZED_CODE || status === 401) return UNAUTHORIZED_MESSAGE;
  if (status === 403) return '没有权限执行此操作';
  if (status === 404) return '请求的服务不存在';
  if (status === 413) return '请求内容过大';
  if (status === 429) return '操作过于频繁，请稍后再试';
  if (status >= 500) return '系统繁忙，请稍后重试';
  return `请求失败（${status}）`;
}

export const UNKNOWN_ERROR_MESSAGE = '操作失败，请稍后重试';

/** The message to show for any thrown value (an ApiError's own message, else a generic one). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return UNKNOWN_ERROR_MESSAGE;
}
