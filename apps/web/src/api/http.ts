/**
 * The one request client (spec §7, §8). Every call carries the common headers, gives up after the
 * 90 s timeout (spec §9) unless told otherwise, and unwraps both response envelopes. A failure
 * rejects with an ApiError and is toasted through `notify.ts` unless the call is `silent`; a 401
 * ends the session and tells the `onUnauthorized` listeners. Uploads (`upload.ts`) and downloads
 * (`download.ts`) reuse the pieces exported here.
 */
import {
  REQUEST_TIMEOUT_MS,
  SUCCESS_CODE,
  UNAUTHORIZED_CODE,
  UNAUTHORIZED_MESSAGE,
  type Envelope,
  type PortalEnvelope,
} from '@dandelion/shared';
import { currentToken, useSessionStore } from './session';
import { notify } from './notify';

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

/** A query-string value; undefined and null are left out, arrays repeat the key. */
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;
export type QueryParams = Readonly<Record<string, QueryValue>>;

/** `timeoutMs` value meaning "wait as long as it takes" (spec §9: permission binding calls). */
export const NO_TIMEOUT = 0;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** Caller cancellation (TanStack Query passes one); a cancelled call rejects with the abort reason. */
  signal?: AbortSignal;
  /** Milliseconds before giving up; REQUEST_TIMEOUT_MS unless given, NO_TIMEOUT (0) for none. */
  timeoutMs?: number;
  /** Sends this token instead of the stored one (sign-out sends the token it is ending). */
  token?: string;
  /** Appended to the path as a query string. */
  params?: QueryParams;
  /** No toast on failure: for screens that show the error inline (forms, the login page). */
  silent?: boolean;
}

/** A response as it arrived: HTTP status and the parsed JSON body (undefined when not JSON). */
export interface RawResponse {
  status: number;
  payload: unknown;
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();
/**
 * A session ended while nobody listened: the console's start-up calls leave from the router's loader,
 * before the app shell has rendered and subscribed. The shell hears it when it subscribes.
 */
let unheardUnauthorized = false;

/**
 * Called after a 401 answer has ended the session (spec §8); the app shell sends the user to sign in.
 * A session that ended before anyone subscribed is told to the first listener, unless a new one has started
 * since. Returns the unsubscribe function.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  if (unheardUnauthorized) {
    unheardUnauthorized = false;
    if (!useSessionStore.getState().session) listener();
  }
  return () => unauthorizedListeners.delete(listener);
}

/** The configured API base (spec §7) followed by the call path. */
export function apiUrl(path: string): string {
  return `${import.meta.env.VITE_API_BASE ?? ''}${path}`;
}

/** Path plus the query string of `params` (undefined and null skipped). */
export function withParams(path: string, params?: QueryParams): string {
  if (!params) return path;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((item) => query.append(key, String(item)));
    else query.append(key, String(value));
  }
  const text = query.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

/** POST a JSON body and resolve the envelope's payload (`data` or `dataSet`). */
export function postJson<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  return callJson<T>('POST', path, body ?? {}, options);
}

/** PUT a JSON body and resolve the envelope's payload. */
export function putJson<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  return callJson<T>('PUT', path, body ?? {}, options);
}

/** GET a path (with `options.params` as the query) and resolve the envelope's payload. */
export function getJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return callJson<T>('GET', path, undefined, options);
}

/** DELETE a path (with `options.params` as the query) and resolve the envelope's payload. */
export function deleteJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return callJson<T>('DELETE', path, undefined, options);
}

/** Sends one call and resolves the envelope's payload; a failure is toasted unless `silent`, then rethrown. */
export async function callJson<T>(method: HttpMethod, path: string, body: unknown, options: RequestOptions): Promise<T> {
  try {
    const { status, payload } = await requestJson(method, path, body, options);
    return unwrapEnvelope<T>(withParams(path, options.params), status, payload);
  } catch (error) {
    reportFailure(error, path, options.silent);
    throw error;
  }
}

function endsSession(error: ApiError, path: string): boolean {
  return (error.code === UNAUTHORIZED_CODE || error.status === 401) && !isLoginCallback(path);
}

/**
 * Toasts a failed call's message: a 401 as a warning (the session has ended, nothing is broken),
 * anything else as an error. `silent` is for errors a screen shows inline; an ended session is not
 * such an error, so its warning shows regardless. A cancelled call rejects with its abort reason,
 * which is not an ApiError, so it is never toasted.
 */
export function reportFailure(error: unknown, path: string, silent = false): void {
  if (!(error instanceof ApiError)) return;
  const sessionEnded = endsSession(error, path);
  if (silent && !sessionEnded) return;
  notify(sessionEnded ? 'warning' : 'error', error.message);
}

/** The headers every call carries (spec §7); `authorization` only when there is a token. */
export function commonHeaders(token: string | undefined = currentToken()): Record<string, string> {
  const headers: Record<string, string> = { is_ajax_request: 'true', requestTime: String(Date.now()) };
  if (token) headers.authorization = token;
  return headers;
}

/**
 * One call with the common headers and the timeout; answers the raw status and body, so callers
 * that speak another envelope (third-party login answers code '200') can read it themselves.
 * Rejects only when no answer arrived (network, timeout) or the caller cancelled; never toasts.
 */
export async function requestJson(
  method: HttpMethod,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<RawResponse> {
  return sendRequest(method, path, body, options, 'application/json', async (response) => ({
    status: response.status,
    payload: parseJson(await response.text()),
  }));
}

/**
 * Sends one request and hands the response to `read` while the timeout still runs, so a body
 * that stalls half-way (a large download) times out too. Network failures and timeouts become
 * ApiErrors; a caller's cancellation rejects with the caller's abort reason.
 */
export async function sendRequest<R>(
  method: HttpMethod,
  path: string,
  body: unknown,
  options: RequestOptions,
  accept: string,
  read: (response: Response) => Promise<R>,
): Promise<R> {
  const headers: Record<string, string> = { accept, ...commonHeaders(options.token ?? currentToken()) };
  const hasBody = method === 'POST' || method === 'PUT';
  if (hasBody) headers['content-type'] = 'application/json';

  const controller = new AbortController();
  let timedOut = false;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  const { signal } = options;
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) forwardAbort();
  else signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    const response = await globalThis.fetch(apiUrl(withParams(path, options.params)), {
      method,
      headers,
      body: hasBody ? JSON.stringify(body ?? {}) : undefined,
      credentials: 'same-origin',
      signal: controller.signal,
    });
    return await read(response);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw new ApiError(TIMEOUT_CODE, TIMEOUT_MESSAGE);
    if (signal?.aborted) throw signal.reason ?? error;
    throw new ApiError(NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

export function parseJson(text: string): unknown {
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
    if (!hadSession) return;
    if (unauthorizedListeners.size === 0) unheardUnauthorized = true;
    else unauthorizedListeners.forEach((listener) => listener());
  }
}

/**
 * The payload of a success envelope (`data`, or `dataSet` of the portal envelope). Anything else
 * throws an ApiError with the envelope's code and message, after a 401 has ended the session.
 */
export function unwrapEnvelope<T>(path: string, status: number, payload: unknown): T {
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

/** True for a call its caller cancelled (an AbortSignal fired): nothing to report to the user. */
export function isAbortError(error: unknown): boolean {
  return isObject(error) && (error as { name?: unknown }).name === 'AbortError';
}
