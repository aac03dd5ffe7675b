import { z } from 'zod';
import type { JobDefinition } from './registry';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
/** RFC 9110 token characters. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the HTTP client sets itself; letting a task set them breaks the request or smuggles another. */
const RESERVED_HEADERS = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'upgrade', 'keep-alive', 'te', 'trailer', 'expect']);

/** How much of the response is read, and how much of it is kept in the run's message. */
const READ_LIMIT_BYTES = 64 * 1024;
export const HTTP_BODY_PREVIEW_CHARS = 2000;

export const HTTP_MESSAGES = {
  urlRequired: '请输入请求地址',
  urlInvalid: '请求地址不是有效的 URL',
  urlScheme: 'URL 只能是 http 或 https 地址',
  urlCredentials: '请求地址中不能包含用户名或密码，请改用请求头 headers',
  method: '请求方法只能是 GET、POST、PUT、PATCH、DELETE 或 HEAD',
  headerName: '请求头名称不正确',
  headerValue: '请求头的值必须是不超过 4096 个字符的字符串',
  headerReserved: '该请求头由系统设置，不能在任务中指定',
  bodyNotAllowed: 'GET 和 HEAD 请求不能带请求体 body',
  timeout: 'HTTP 超时时间必须是 1 到 300 之间的整数（秒）',
} as const;

const zUrl = z
  .string({ error: HTTP_MESSAGES.urlRequired })
  .trim()
  .min(1, HTTP_MESSAGES.urlRequired)
  .max(2048, '请求地址不能超过2048个字符')
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: HTTP_MESSAGES.urlInvalid });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') ctx.addIssue({ code: 'custom', message: HTTP_MESSAGES.urlScheme });
    else if (url.username || url.password) ctx.addIssue({ code: 'custom', message: HTTP_MESSAGES.urlCredentials });
  });

const timeout = z
  .number({ error: HTTP_MESSAGES.timeout })
  .int(HTTP_MESSAGES.timeout)
  .min(1, HTTP_MESSAGES.timeout)
  .max(300, HTTP_MESSAGES.timeout)
  .default(30);

export const httpCallParams = z
  .strictObject(
    {
      url: zUrl,
      method: z.enum(METHODS, { error: HTTP_MESSAGES.method }).default('GET'),
      headers: z
        .record(z.string(), z.string({ error: HTTP_MESSAGES.headerValue }).max(4096, HTTP_MESSAGES.headerValue), {
          error: (issue) => (issue.code === 'invalid_type' ? '请求头 headers 必须是 JSON 对象' : undefined),
        })
        .superRefine((headers, ctx) => {
          for (const name of Object.keys(headers)) {
            if (!HEADER_NAME.test(name)) ctx.addIssue({ code: 'custom', message: HTTP_MESSAGES.headerName, path: [name] });
            else if (RESERVED_HEADERS.has(name.toLowerCase())) ctx.addIssue({ code: 'custom', message: HTTP_MESSAGES.headerReserved, path: [name] });
          }
        })
        .optional(),
      body: z.json({ error: '请求体 body 必须是 JSON 值' }).optional(),
      timeoutSeconds: timeout,
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `不支持的参数：${issue.keys.join('、')}` : undefined) },
  )
  .refine((p) => p.body === undefined || (p.method !== 'GET' && p.method !== 'HEAD'), { message: HTTP_MESSAGES.bodyNotAllowed, path: ['body'] });

/** The address as shown in the run log: no query string, which often carries keys. */
function displayUrl(url: URL): string {
  return `${url.origin}${url.pathname}${url.search ? '?…' : ''}`;
}

/** At most READ_LIMIT_BYTES of the body as text; a larger body is cut off, not buffered whole. */
async function readSome(response: Response): Promise<{ text: string; cut: boolean }> {
  if (!response.body) return { text: '', cut: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size >= READ_LIMIT_BYTES) {
      cut = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return { text: new TextDecoder().decode(Buffer.concat(chunks).subarray(0, READ_LIMIT_BYTES)), cut };
}

function preview(text: string, cut: boolean): string {
  if (!text) return '（无响应内容）';
  const long = cut || text.length > HTTP_BODY_PREVIEW_CHARS;
  return long ? `${text.slice(0, HTTP_BODY_PREVIEW_CHARS)}\n…（响应内容较长，仅保留前 ${HTTP_BODY_PREVIEW_CHARS} 个字符）` : text;
}

/**
 * Calls an HTTP(S) address: a webhook, another system's endpoint, our own health check. A 2xx answer
 * is a success; anything else fails the attempt (and is retried when the task allows). The status
 * and the start of the body go into the run's message either way.
 */
export const httpCallJob: JobDefinition<typeof httpCallParams> = {
  handler: 'base.httpCall',
  title: '调用 HTTP 接口',
  description:
    '向指定地址发送 HTTP 请求，2xx 视为成功，并记录响应状态和响应内容的前 2000 个字符。参数：url（必填，仅限 http/https）、method（GET/POST/PUT/PATCH/DELETE/HEAD，默认 GET）、headers（可选，请求头对象）、body（可选，JSON 请求体，GET/HEAD 不可用）、timeoutSeconds（本次请求的超时，1–300 秒，默认 30）。',
  params: httpCallParams,
  example: { url: 'https://example.com/api/ping', method: 'GET', timeoutSeconds: 30 },
  async run(params, { signal }) {
    const url = new URL(params.url);
    const headers = new Headers(params.headers);
    let body: string | undefined;
    if (params.body !== undefined) {
      body = JSON.stringify(params.body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json; charset=utf-8');
    }
    const started = Date.now();
    const ownTimeout = AbortSignal.timeout(params.timeoutSeconds * 1000);
    let response: Response;
    try {
      response = await fetch(url, { method: params.method, headers, body, signal: AbortSignal.any([signal, ownTimeout]) });
    } catch (error) {
      if (ownTimeout.aborted && !signal.aborted) throw new Error(`${params.method} ${displayUrl(url)}\n请求超时：${params.timeoutSeconds} 秒内没有响应`, { cause: error });
      if (signal.aborted) throw error;
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new Error(`${params.method} ${displayUrl(url)}\n请求失败：${cause?.code ?? cause?.message ?? (error as Error).message}`, { cause: error });
    }
    const { text, cut } = await readSome(response);
    // The status line first: the run log's list shows the first characters of the message.
    const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}（耗时 ${Date.now() - started} 毫秒）`;
    const report = [response.ok ? status : `${status}：响应状态不是 2xx`, `${params.method} ${displayUrl(url)}`, '', preview(text, cut)].join('\n');
    if (!response.ok) throw new Error(report);
    return report;
  },
};
