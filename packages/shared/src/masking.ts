/**
 * Masking of personal data for lists and answers that show who someone is without handing out the
 * whole value. Both the server (answers, logs) and the console (previews) use these.
 */

/** 13800000001 → 138****0001. Shorter values are masked whole. */
export function maskPhone(phone: string): string;
export function maskPhone(phone: string | null): string | null;
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/** 110105********002X: first 6 and last 4 of a resident ID; passports keep 2 at each end. */
export function maskIdNumber(idNumber: string | null): string | null {
  if (!idNumber) return null;
  const keepStart = idNumber.length === 18 ? 6 : 2;
  const keepEnd = idNumber.length === 18 ? 4 : 2;
  if (idNumber.length <= keepStart + keepEnd) return '*'.repeat(idNumber.length);
  return idNumber.slice(0, keepStart) + '*'.repeat(idNumber.length - keepStart - keepEnd) + idNumber.slice(-keepEnd);
}

/**
 * 6222 **** **** 1234: a bank account number's first and last four digits, the middle always as two
 * groups of stars so the mask does not tell the number's length. Too short to keep both ends: all stars.
 */
export function maskBankAccount(accountNumber: string | null): string | null {
  if (!accountNumber) return null;
  const digits = accountNumber.replace(/\s/g, '');
  if (digits.length < 12) return '**** **** ****';
  return `${digits.slice(0, 4)} **** **** ${digits.slice(-4)}`;
}
