import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isEmbedded, type Db } from '../../../../core/db';
import { routeConfigOf } from '../../../../core/routeConfig';
import { isApiPath } from '../../../../core/spa';
import { createBatchWriter, type BatchWriter, type BatchWriterStats } from '../batchWriter';
import { MAX_INSPECTED_BODY_BYTES, maskQuery, storedJson, storedPayload } from '../masking';
import { insertRestLogRows } from './insertRows';
import type { RestLogRow } from './repo';

/**
 * How a route is logged: 'skip' leaves no row (the monitor's polling, the page-view beacon),
 * 'noResponseBody' records the call but not its answer (log-reading calls: a log of logs would
 * grow with every look).
 */
export type RestLogMode = 'skip' | 'noResponseBody';

/** The log writers of this process, flushed on close and shown on the monitor page. */
export interface LogWriters {
  add(writer: BatchWriter<never>): void;
  flush(): Promise<void>;
  stats(): BatchWriterStats[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    restLog?: RestLogMode;
  }
  interface FastifyRequest {
    /** The serialised answer, kept by reference between onSend and onResponse. */
    restLogPayload?: unknown;
    /** The body as the client sent it (before validation applied defaults and transforms). */
    restLogBody?: unknown;
    /** The answer was an object serialised to JSON text by Fastify's serialiser (not a text or buffer the handler sent). */
    restLogSerialized?: boolean;
    /** Whether the call is logged, decided once when the answer is sent (null before). */
    restLogCaptured?: boolean | null;
  }
  interface FastifyInstance {
    logWriters: LogWriters;
  }
}

/** Interface-log rows per INSERT on the embedded database (the writer's default elsewhere). */
const EMBEDDED_BATCH_ROWS = 20;

/** Probes that run every few seconds from a load balancer: noise, not use. */
const NOT_LOGGED = new Set(['/healthz', '/readyz']);

function captured(request: FastifyRequest): boolean {
  if (request.method === 'OPTIONS' || request.method === 'HEAD') return false;
  const path = pathOf(request.url);
  // Static files, the web app's pages and the API documentation are not API calls.
  if (NOT_LOGGED.has(path) || !isApiPath(path) || path.startsWith('/api-docs')) return false;
  return routeConfigOf(request)?.restLog !== 'skip';
}

/** The URL without its query string. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/** The envelope's code, read from the first characters of the answer (both envelopes start with it). */
function envelopeCode(payload: unknown): string | null {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null;
  const head = (typeof payload === 'string' ? payload : payload.toString('utf8', 0, 256)).slice(0, 256);
  return /^\{\s*"(?:code|rtnCode)"\s*:\s*"([^"]{1,16})"/.exec(head)?.[1] ?? null;
}

function requestBodyText(request: FastifyRequest): string | null {
  const type = String(request.headers['content-type'] ?? '');
  if (/multipart\//i.test(type)) return '[multipart 上传内容，未记录]';
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > MAX_INSPECTED_BODY_BYTES) return `[请求内容 ${length} 字节，超过 ${MAX_INSPECTED_BODY_BYTES / 1024} KB，未记录]`;
  const body = request.restLogBody;
  if (body === undefined || body === null) return null;
  if (Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function') return '[二进制内容，未记录]';
  return storedJson(body);
}

/** One interface-log row from a finished call; never throws into the request. */
export function rowOf(request: FastifyRequest, reply: FastifyReply): RestLogRow {
  const url = request.url;
  const path = pathOf(url);
  const query = path.length < url.length ? url.slice(path.length + 1) : '';
  const elapsed = Math.round(reply.elapsedTime);
  const payload = request.restLogPayload;
  const config = routeConfigOf(request);
  const keepAnswer = config?.restLog !== 'noResponseBody';
  const principal = request.principal;
  return {
    method: request.method.slice(0, 8),
    path: path.slice(0, 256),
    route: config?.url?.slice(0, 256) ?? null,
    query: maskQuery(query),
    status: reply.statusCode,
    code: envelopeCode(payload),
    durationMs: elapsed,
    userId: principal?.userId ?? null,
    username: principal?.username ?? null,
    ip: request.ip?.slice(0, 64) ?? null,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 256) || null,
    requestId: String(request.id).slice(0, 64),
    requestBody: requestBodyText(request),
    responseBody: keepAnswer ? storedPayload(payload, String(reply.getHeader('content-type') ?? ''), request.restLogSerialized === true) : null,
    // When the call arrived, so the list reads in the order calls were made.
    createTime: new Date(Date.now() - elapsed),
  };
}

function createLogWriters(): LogWriters {
  const writers: Array<BatchWriter<never>> = [];
  return {
    add: (writer) => void writers.push(writer),
    flush: async () => {
      await Promise.all(writers.map((w) => w.flush()));
    },
    stats: () => writers.map((w) => w.stats()),
  };
}

/**
 * Interface-call capture (ARCHITECTURE §4 Logs): every API call becomes a row, masked, buffered and
 * written in batches after the answer has gone out. Registered before any route.
 */
export function registerRestLogCapture(app: FastifyInstance, { db, writerOptions }: { db: Db; writerOptions?: { batchSize?: number; intervalMs?: number; maxBuffered?: number } }) {
  const writers = createLogWriters();
  app.decorate('logWriters', writers);
  const writer = createBatchWriter<RestLogRow>({
    name: '接口调用日志',
    log: app.log,
    insert: (rows) => insertRestLogRows(db, rows),
    // Embedded, a batch holds the server's thread while it is written: smaller ones keep answers flowing meanwhile.
    batchSize: isEmbedded(db) ? EMBEDDED_BATCH_ROWS : undefined,
    ...writerOptions,
  });
  writers.add(writer as BatchWriter<never>);

  // Set on every request: declared, so that requests keep one shape.
  app.decorateRequest('restLogBody', null);
  app.decorateRequest('restLogPayload', null);
  app.decorateRequest('restLogSerialized', false);
  app.decorateRequest('restLogCaptured', null);

  // Callback hooks, not async ones: no promise and no microtask turn per hook on every call.
  app.addHook('preValidation', (request, _reply, done) => {
    // Validation replaces request.body with its parsed copy; the log keeps what was sent.
    request.restLogBody = request.body;
    done();
  });

  app.addHook('preSerialization', (request, _reply, payload, done) => {
    // Only objects reach the serialiser; what it answers is JSON text, known to parse.
    request.restLogSerialized = true;
    done(null, payload);
  });

  app.addHook('onSend', (request, _reply, payload, done) => {
    // Only a reference: the answer is read after it has been sent.
    request.restLogCaptured = captured(request);
    if (request.restLogCaptured) request.restLogPayload = payload;
    done(null, payload);
  });

  app.addHook('onResponse', (request, reply, done) => {
    // An answer written around Fastify (no onSend) is decided here.
    if (request.restLogCaptured ?? captured(request)) {
      try {
        writer.push(rowOf(request, reply));
      } catch (err) {
        request.log.warn({ err }, '接口调用日志记录失败');
      }
    }
    done();
  });

  app.addHook('onClose', async () => {
    await writer.close().catch((err) => app.log.warn({ err }, '关闭时写入接口调用日志失败'));
  });
  return writer;
}
