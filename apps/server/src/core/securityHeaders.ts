import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** Node's OutgoingMessage#getRawHeaderNames (names as set, not lower-cased); missing from our @types/node. */
export interface RawHeaderNames {
  getRawHeaderNames(): string[];
}

/** One header helmet sets, with the name spelt as helmet spells it. */
export type StaticHeader = readonly [name: string, value: string | number | readonly string[]];

/**
 * The headers @fastify/helmet sets for `options`, worked out once. The plugin builds helmet's
 * middleware anew on every request (parsing the content security policy each time, docs/
 * framework-overhead.md); ours are the same on every response (no nonces, no per-request
 * directives), so they are read from one request to a throwaway app and replayed.
 */
export async function helmetHeadersOf(options: FastifyHelmetOptions): Promise<StaticHeader[]> {
  const probe = Fastify({ logger: false });
  let headers: StaticHeader[] = [];
  try {
    await probe.register(helmet, options);
    probe.get('/', (_request, reply) => {
      // Only helmet's onRequest hooks ran so far: every header on the response is one of its own.
      const raw = reply.raw as typeof reply.raw & RawHeaderNames;
      headers = raw.getRawHeaderNames().map((name) => [name, raw.getHeader(name)!] as const);
      return reply.send('');
    });
    await probe.inject({ method: 'GET', url: '/' });
  } finally {
    await probe.close();
  }
  if (!headers.length) throw new Error('helmet set no header: the security headers could not be worked out');
  return headers;
}

/**
 * Sets helmet's headers on every response, at the point where the plugin's hook ran (registered in
 * its place, so the hooks before it keep their order: a 401 from the permission guard went out
 * without them before and still does).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const headers = await helmetHeadersOf(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}
