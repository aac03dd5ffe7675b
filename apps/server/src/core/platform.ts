import Fastify, { type FastifyInstance } from 'fastify';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Executor } from './db';
import { registerErrorHandler } from './errorHandler';
import { errors } from './errors';
import { loggerOptions } from './logger';
import { decorateRouteConfig } from './routeConfig';
import { registerSecurityHeaders } from './securityHeaders';
import { responseSerializerCompiler } from './responseWriter';
import { createPostgresRateCounter, createRedisRateCounter, rateLimitStoreOf, withFallback, type RateCounter } from './rateLimitStore';

/**
 * The Fastify instance every module registers on: zod validation and serialisation, the error
 * envelope, request ids, and draining at shutdown. `drain` makes new requests answer 503 (and
 * readyz say so) while the listener still accepts, so connections already queued in the kernel are
 * answered instead of reset by the close.
 */
export function createPlatform(config: Pick<Config, 'LOG_LEVEL' | 'BODY_LIMIT_BYTES' | 'TRUST_PROXY'>): { app: FastifyInstance; drain: () => void } {
  const app = Fastify({
    ...loggerOptions(config.LOG_LEVEL),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // Idle keep-alive sockets are closed at shutdown; requests in flight finish first.
    forceCloseConnections: 'idle',
    // Requests that arrive while draining get our own 503 envelope (below), not Fastify's English one.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  decorateRouteConfig(app);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const drain = () => {
    closing = true;
  };
  // Hooks on every request take a callback rather than being async: no promise and no extra turn of
  // the microtask queue per hook (docs/framework-overhead.md).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (closing) {
      reply.header('connection', 'close');
      done(errors.unavailable('服务正在重启，请稍后重试'));
      return;
    }
    done();
  });
  // The spec's calls are POSTs whose body may be left out entirely; treat that as an empty object.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body == null && (request.method === 'POST' || request.method === 'PUT')) request.body = {};
    // PostgreSQL refuses U+0000 in text: caught here, it is the caller's error, not a 500 with SQL in the log.
    if (holdsNul(request.body) || holdsNul(request.query) || holdsNul(request.params)) {
      done(errors.badRequest('请求内容包含不允许的空字符（\\u0000），请删除后重试'));
      return;
    }
    done();
  });

  return { app, drain };
}

/** Whether a decoded JSON value (or query) holds U+0000 in any string, key included. Buffers (uploads) are not text. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsNul(item, depth + 1)) return true;
    return false;
  }
  // Own enumerable keys, as Object.entries gives them, without building the pairs.
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (Object.hasOwn(record, key) && (key.includes('\u0000') || holdsNul(record[key], depth + 1))) return true;
  }
  return false;
}

/** Where the rate limits count: REDIS_URL's Redis (PostgreSQL while Redis cannot answer), else PostgreSQL. */
export interface RateLimitSettings {
  db: Executor;
  redisUrl?: string;
  redisKeyPrefix?: string;
}

/** helmet's settings: a strict content security policy and its related headers. */
export const SECURITY_HEADER_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Ant Design injects its CSS-in-JS styles at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** Security headers (a strict content security policy) and the per-route rate limits (sign-in, captcha, SMS). */
export async function registerSecurityPlugins(app: FastifyInstance, limits: RateLimitSettings): Promise<void> {
  await registerSecurityHeaders(app, SECURITY_HEADER_OPTIONS);
  const counter = rateCounterOf(app, limits);
  app.addHook('onClose', async () => counter.close());
  // Per-route limits (sign-in, captcha, SMS, public forms), counted once for all instances.
  // skipOnError: a hit neither store could count lets the request through (it needs the database anyway).
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStoreOf(counter),
    skipOnError: true,
    errorResponseBuilder: () => errors.tooManyRequests(),
  });
}

function rateCounterOf(app: FastifyInstance, { db, redisUrl, redisKeyPrefix }: RateLimitSettings): RateCounter {
  const postgres = createPostgresRateCounter(db);
  if (!redisUrl) return postgres;
  const redis = createRedisRateCounter({
    url: redisUrl,
    keyPrefix: redisKeyPrefix ?? 'dandelion:',
    onStateChange: (state, err) =>
      state === 'down'
        ? app.log.warn({ err }, 'Redis 无法连接：限流计数暂存 PostgreSQL，恢复后自动切回')
        : app.log.info('Redis 已恢复：限流计数回到 Redis'),
  });
  return withFallback(redis, postgres);
}
