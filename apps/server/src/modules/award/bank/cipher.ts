import crypto from 'node:crypto';
import { decodeKey32 } from '../../../core/secretKey';

/**
 * AES-256-GCM for bank account numbers. Each value gets a fresh 12-byte iv; the stored text is
 * `v1:` + base64(iv ‖ tag ‖ ciphertext). The owner's user id is the additional data, so a ciphertext
 * copied onto another user's row does not decrypt.
 */
export interface BankCipher {
  /** First 8 hex digits of SHA-256 of the key: which key a stored value needs. */
  keyId: string;
  encrypt(plain: string, ownerId: number): string;
  decrypt(stored: string, ownerId: number): string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const PREFIX = 'v1:';

/**
 * Development and tests only: SHA-256 of a fixed phrase (docs/bank-accounts.md). Anyone can compute
 * it, so it is never used when NODE_ENV is production.
 */
export const DEVELOPMENT_BANK_KEY = crypto.createHash('sha256').update('dandelion development bank-account key — never in production').digest();

export function createBankCipher(key: Buffer): BankCipher {
  if (key.length !== 32) throw new Error('BANK_ACCOUNT_KEY must be 32 bytes');
  const keyId = crypto.createHash('sha256').update(key).digest('hex').slice(0, 8);
  const aad = (ownerId: number) => Buffer.from(`award_bank_account:${ownerId}`);
  return {
    keyId,
    encrypt(plain, ownerId) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(ownerId));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    decrypt(stored, ownerId) {
      if (!stored.startsWith(PREFIX)) throw new Error('unknown bank-account cipher format');
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(aad(ownerId));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/** What the environment gives: the key text (already checked by config.ts) and whether this is production. */
export interface BankKeySetting {
  key?: string | null;
  production: boolean;
}

/**
 * The cipher to use: the configured key; without one, the development key outside production and
 * none in production (the feature then answers 503 rather than store numbers under a public key).
 */
export function bankCipherFrom(setting: BankKeySetting): BankCipher | null {
  if (setting.key) {
    const key = decodeKey32(setting.key);
    if (!key) throw new Error('BANK_ACCOUNT_KEY 必须是 32 字节的密钥（64 位十六进制或 base64）/ BANK_ACCOUNT_KEY must be 32 bytes, hex or base64');
    return createBankCipher(key);
  }
  return setting.production ? null : createBankCipher(DEVELOPMENT_BANK_KEY);
}
