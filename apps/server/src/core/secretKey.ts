/**
 * 32-byte keys given in the environment (BANK_ACCOUNT_KEY): 64 hexadecimal digits, or base64 of 32
 * bytes (`openssl rand -base64 32`). Anything else is refused at start-up rather than stretched.
 */
export function decodeKey32(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) {
    const key = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === 32) return key;
  }
  return null;
}
