import type { FastifyServerOptions } from 'fastify';
import { randomUUID } from 'node:crypto';

/** Keys whose values never reach a log line (bodies, headers, query strings). */
export const SECRET_KEYS = [
  'password', 'oldPassword', 'newPassword', 'confirmPassword', 'passwordHash',
  'token', 'authorization', 'code', 'captchaCode', 'smsCode', 'secret', 'cookie', 'ticket',
];
const SECRET_KEY_SET = new Set(SECRET_KEYS.map((k) => k.toLowerCase()));
export const MASK = '******';

/** Masks secret query parameters of a URL, e.g. the download link's authorization=. */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (SECRET_KEY_SET.has(key.toLowerCase())) {
      params.set(key, MASK);
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/** Deep copy with secret values masked; used for any body that is logged or stored in a log table. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = SECRET_KEY_SET.has(k.toLowerCase()) ? MASK : maskSecrets(v, depth + 1);
  }
  return out;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function loggerOptions(level: string): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader'> {
  return {
    logger: {
      level,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: MASK },
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: maskUrl(req.url),
          ip: req.ip,
        }),
      },
    },
    // genReqId reads and checks the header itself.
    requestIdHeader: false,
    // Accept a caller's request id only when it is short and plain; otherwise make one.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  };
}
