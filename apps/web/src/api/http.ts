/**
 * A minimal JSON request helper. It sends the headers every call carries (spec §7), enforces
 * the 90 s timeout (spec §9) and unwraps both response envelopes (spec §3, §8). A 401 ends the
 * session and notifies `onUnauthorized` listeners (the shell sends the user to /login).
 * The full request layer (upload, download) extends it later.
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
    /** The envelope's `attributes` (e.g. `captchaRequired` of a refused sign-in). */
    readonly attributes: Readonly<Record<string, unknown>> = {},
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
  /** Sends this token instead of the stored one (sign-out sends the token it is ending). */
  token?: string;
}

/** A response as it arrived: HTTP status and the parsed JSON body (undefined when not JSON). */
export interface RawResponse {
  status: number;
  payload: unknown;
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Called after a 401 answer has ended the session (spec §8); the app shell sends the user to sign in.
 * Returns the unsubscribe function.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The configured API base (spec §7) followed by the call path. */
export function apiUrl(path: string): string {
  return `${import.meta.env.VITE_API_BASE ?? ''}${path}`;
}

/** POST a JSON body and resolve the envelope's payload (`data` or `dataSet`). */
export async function postJson<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  const { status, payload } = await requestJson('POST', path, body ?? {}, options);
  return unwrap<T>(path, status, payload);
}

/** GET a path and resolve the envelope's payload. */
export async function getJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { status, payload } = await requestJson('GET', path, undefined, options);
  return unwrap<T>(path, status, payload);
}

/**
 * One call with the common headers and the 90 s timeout; answers the raw status and body, so callers
 * that speak another envelope (third-party login answers code '200') can read it themselves.
 * Rejects only when no answer arrived (network, timeout) or the caller cancelled.
 */
export async function requestJson(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    is_ajax_request: 'true',
    requestTime: String(Date.now()),
  };
  if (method === 'POST') headers['content-type'] = 'application/json';
  const token = options.token ?? currentToken();
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

  try {
    const response = await globalThis.fetch(apiUrl(path), {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      credentials: 'same-origin',
      signal: controller.signal,
    });
    return { status: response.status, payload: parseJson(await response.text()) };
  } catch (error) {
    if (timedOut) throw new ApiError(TIMEOUT_CODE, TIMEOUT_MESSAGE);
    if (signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
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

/** A 401 outside the login callbacks ends the session (spec §8) and tells the shell. */
export function endSessionOnUnauthorized(path: string, code: string, status: number): void {
  if ((code === UNAUTHORIZED_CODE || status === 401) && !isLoginCallback(path)) {
    const hadSession = !!useSessionStore.getState().session || !!currentToken();
    useSessionStore.getState().signOut();
    if (hadSession) unauthorizedListeners.forEach((listener) => listener());
  }
}

function unwrap<T>(path: string, status: number, payload: unknown): T {
  let code: string;
  let message: string | undefined;
  let attributes: Record<string, unknown> = {};
  if (isConsoleEnvelope(payload)) {
    code = String(payload.code);
    if (code === SUCCESS_CODE) return payload.data as T;
    message = payload.msg;
    if (isObject(payload.attributes)) attributes = payload.attributes;
  } else if (isPortalEnvelope(payload)) {
    code = String(payload.rtnCode);
    if (code === SUCCESS_CODE) return payload.dataSet as T;
    message = payload.rtnMessage;
  } else if (status >= 200 && status < 300) {
    throw new ApiError(INVALID_RESPONSE_CODE, INVALID_RESPONSE_MESSAGE, status);
  } else {
    code = String(status);
  }
  endSessionOnUnauthorized(path, code, status);
  throw new ApiError(code, message || messageForStatus(code, status), status, attributes);
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
