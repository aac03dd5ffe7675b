import type { FastifyInstance, FastifyRequest } from 'fastify';

type RouteConfig = FastifyRequest['routeOptions']['config'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The route's config, read once per request (routeConfigOf). */
    routeConfigOnce: RouteConfig | null;
  }
}

/**
 * Declares the per-request slot of routeConfigOf on every request (a property Fastify creates with the
 * request, not one added later: requests keep one shape).
 */
export function decorateRouteConfig(app: FastifyInstance): void {
  app.decorateRequest('routeConfigOnce', null);
}

/**
 * The config of the route answering `request` (permission, envelope, restLog, url). Fastify's
 * `request.routeOptions` builds a new object of a dozen fields on every read; the guard, the error
 * handler and the interface log read it five times per call, so the config is taken once and kept.
 */
export function routeConfigOf(request: FastifyRequest): RouteConfig | undefined {
  return (request.routeConfigOnce ??= request.routeOptions.config ?? null) ?? undefined;
}
