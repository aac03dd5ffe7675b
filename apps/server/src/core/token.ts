import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An opaque session token: 256 random bits, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and one-time codes are stored only as SHA-256 hex. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The token from the authorization header, bare or as `Bearer <token>`; also the download link's ?authorization=. */
export function tokenFromHeader(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const token = value.replace(/^Bearer\s+/i, '').trim();
  return /^[A-Za-z0-9_-]{20,128}$/.test(token) ? token : null;
}
