import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { bankCipherFrom, createBankCipher, DEVELOPMENT_BANK_KEY } from './cipher';

const HEX_KEY = 'a'.repeat(64);
const BASE64_KEY = Buffer.alloc(32, 7).toString('base64');

describe('bank account cipher', () => {
  it('round-trips a number, with a fresh iv each time, bound to its owner', () => {
    const cipher = createBankCipher(Buffer.from(HEX_KEY, 'hex'));
    const a = cipher.encrypt('6222021234567891234', 7);
    const b = cipher.encrypt('6222021234567891234', 7);
    expect(a).not.toBe(b);
    expect(cipher.decrypt(a, 7)).toBe('6222021234567891234');
    // Copied onto another user's row, the value does not decrypt (the owner is authenticated data).
    expect(() => cipher.decrypt(a, 8)).toThrow();
    const tampered = `v1:${Buffer.from(Buffer.from(a.slice(3), 'base64').map((byte, i) => (i === 40 ? byte ^ 1 : byte))).toString('base64')}`;
    expect(() => cipher.decrypt(tampered, 7)).toThrow();
  });

  it('takes the key from the setting, the development key only outside production, none in production', () => {
    expect(bankCipherFrom({ key: HEX_KEY, production: true })!.keyId).toBe(createBankCipher(Buffer.from(HEX_KEY, 'hex')).keyId);
    expect(bankCipherFrom({ key: BASE64_KEY, production: true })!.keyId).toBe(createBankCipher(Buffer.alloc(32, 7)).keyId);
    expect(bankCipherFrom({ production: false })!.keyId).toBe(createBankCipher(DEVELOPMENT_BANK_KEY).keyId);
    expect(bankCipherFrom({ production: true })).toBeNull();
  });

  it('refuses a malformed BANK_ACCOUNT_KEY at start-up, without printing it', () => {
    expect(() => loadConfig({ BANK_ACCOUNT_KEY: 'too-short-secret' })).toThrow(/BANK_ACCOUNT_KEY=\(已隐藏\): 必须是 32 字节的密钥/);
    expect(() => loadConfig({ BANK_ACCOUNT_KEY: 'too-short-secret' })).not.toThrow(/too-short-secret/);
    expect(loadConfig({ BANK_ACCOUNT_KEY: HEX_KEY }).BANK_ACCOUNT_KEY).toBe(HEX_KEY);
    expect(loadConfig({ BANK_ACCOUNT_KEY: BASE64_KEY }).BANK_ACCOUNT_KEY).toBe(BASE64_KEY);
  });
});
