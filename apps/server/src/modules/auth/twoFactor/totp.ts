import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * TOTP as every authenticator app speaks it (RFC 6238: SHA-1, 6 digits, 30-second steps), and the
 * encryption of the secrets at rest.
 */
export const TOTP_PERIOD_SECONDS = 30;
/** One step either side: a phone clock a little off, or a code typed as it rolled over. */
const WINDOW_STEPS = 1;
const ISSUER = '蒲公英';

const totpOf = (base32Secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(base32Secret) });

/** A new 160-bit secret (RFC 4226's recommended length), base32 as the apps take it. */
export const newSecret = (): string => new Secret({ size: 20 }).base32;

/** The enrolment's QR code (an SVG data URL: the web bundle carries no QR library) and its otpauth:// address. */
export async function enrolmentPicture(base32Secret: string, username: string): Promise<{ otpauthUri: string; qrCode: string; manualKey: string }> {
  const otpauthUri = totpOf(base32Secret, username).toString();
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, manualKey: base32Secret.replace(/(.{4})(?=.)/g, '$1 ') };
}

/**
 * The time step a code belongs to when it is valid now (±1 step) and newer than `lastStep`, else null:
 * a code already accepted (or an older one) is refused, so a code seen over a shoulder cannot be replayed.
 */
export function acceptedStep(base32Secret: string, code: string, lastStep: number, now = Date.now()): number | null {
  const delta = totpOf(base32Secret).validate({ token: code, timestamp: now, window: WINDOW_STEPS });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
  return step > lastStep ? step : null;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const PREFIX = 'v1:';
/** Its own info string: the derived key is useless for sealing the operation log and the other way round. */
const HKDF_INFO = 'dandelion/two-factor-secret/v1';

export interface SecretCipher {
  encrypt(plain: string, userId: number): string;
  decrypt(stored: string, userId: number): string;
}

/** AES-256-GCM under a key derived with HKDF-SHA256 from the server's seal key; the user id is the additional data. */
export function createSecretCipher(masterKey: Buffer): SecretCipher {
  const key = Buffer.from(crypto.hkdfSync('sha256', masterKey, Buffer.alloc(0), HKDF_INFO, 32));
  const aad = (userId: number) => Buffer.from(`sys_user_two_factor:${userId}`);
  return {
    encrypt(plain, userId) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(userId));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    decrypt(stored, userId) {
      if (!stored.startsWith(PREFIX)) throw new Error('unknown two-factor secret format');
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(aad(userId));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/** Recovery codes: 10 characters of an unambiguous alphabet (50 bits), shown as xxxxx-xxxxx. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
/** What a typed recovery code is compared as: lower case, without spaces or dashes. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
