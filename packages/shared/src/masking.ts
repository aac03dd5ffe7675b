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
