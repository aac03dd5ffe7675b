import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { SECURITY_HEADER_OPTIONS } from './platform';
import { helmetHeadersOf, registerSecurityHeaders, type RawHeaderNames } from './securityHeaders';

/** Every header of a response to GET /x, by name as sent (raw), minus what Fastify and Node add themselves. */
async function headersSentBy(register: (app: ReturnType<typeof Fastify>) => Promise<void>) {
  const app = Fastify({ logger: false });
  await register(app);
  app.get('/x', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  const ok = await app.inject({ method: 'GET', url: '/x' });
  const failed = await app.inject({ method: 'GET', url: '/boom' });
  const missing = await app.inject({ method: 'GET', url: '/nowhere' });
  await app.close();
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  const pick = (res: typeof ok) => Object.fromEntries(Object.entries(res.headers).filter(([k]) => !own.has(k)));
  return { ok: pick(ok), failed: pick(failed), missing: pick(missing), rawNames: (ok.raw.res as typeof ok.raw.res & RawHeaderNames).getRawHeaderNames().filter((n) => !own.has(n.toLowerCase())) };
}

describe('security headers', () => {
  it('are exactly the headers @fastify/helmet sends, on answers, errors and 404s alike, names spelt the same', async () => {
    const plugin = await headersSentBy((app) => app.register(helmet, SECURITY_HEADER_OPTIONS));
    const ours = await headersSentBy((app) => registerSecurityHeaders(app, SECURITY_HEADER_OPTIONS));
    expect(Object.keys(plugin.ok).length).toBeGreaterThan(8);
    expect(ours).toEqual(plugin);
    expect(ours.ok['content-security-policy']).toContain("default-src 'self'");
    expect(ours.rawNames).toContain('Content-Security-Policy');
  });

  it('follow the options: another policy gives other headers', async () => {
    const strict = await helmetHeadersOf(SECURITY_HEADER_OPTIONS);
    const loose = await helmetHeadersOf({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
    expect(strict.map(([name]) => name)).toContain('Content-Security-Policy');
    expect(loose.map(([name]) => name)).not.toContain('Content-Security-Policy');
  });
});
