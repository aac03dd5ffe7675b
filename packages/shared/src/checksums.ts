/**
 * Check-digit algorithms of Chinese national identifiers, used by the ID and
 * organisation-code validators (spec §5 ID; ARCHITECTURE §3 validators).
 */

/** Format of an 18-character mainland resident ID: 17 digits, then a digit or X. */
export const CHINESE_ID_PATTERN = /^\d{17}[\dXx]$/;

/** GB 11643-1999 weights of the first 17 digits (2^(18-i) mod 11). */
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
/** GB 11643-1999 check character indexed by (weighted sum mod 11). */
const ID_CHECK_CHARS = '10X98765432';

/**
 * The GB 11643-1999 check character of the first 17 digits, or null when
 * they are not 17 digits.
 */
export function chineseIdCheckChar(first17: string): string | null {
  if (!/^\d{17}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ID_CHECK_CHARS[sum % 11];
}

/**
 * True when an 18-character ID has the right format and its last character is
 * the GB 11643-1999 check character (a lowercase x is read as X).
 */
export function isValidChineseIdChecksum(id: string): boolean {
  if (typeof id !== 'string' || !CHINESE_ID_PATTERN.test(id)) return false;
  return chineseIdCheckChar(id.slice(0, 17)) === id[17].toUpperCase();
}

/** Earliest birth year accepted by the birth-date sanity check. */
export const ID_MIN_BIRTH_YEAR = 1900;

/** YYYYMMDD of a date in the local time zone. */
function localYmd(date: Date): string {
  const y = String(date.getFullYear()).padStart(4, '0');
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}${m}${d}`;
}

/**
 * Sanity check of the birth date in characters 7–14 (YYYYMMDD): a real
 * calendar day (leap years included), not before 1900 and not after `today`.
 */
export function isValidChineseIdBirthDate(id: string, today: Date = new Date()): boolean {
  if (typeof id !== 'string' || !CHINESE_ID_PATTERN.test(id)) return false;
  const ymd = id.slice(6, 14);
  const year = Number(ymd.slice(0, 4));
  const month = Number(ymd.slice(4, 6));
  const day = Number(ymd.slice(6, 8));
  if (year < ID_MIN_BIRTH_YEAR || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this month.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return false;
  return ymd <= localYmd(today);
}

/** Full check of an 18-character mainland ID: format, check digit and birth date. */
export function isValidChineseIdNumber(id: string, today: Date = new Date()): boolean {
  return isValidChineseIdChecksum(id) && isValidChineseIdBirthDate(id, today);
}

/** GB 32100-2015 character set (no I, O, S, V, Z); a character's value is its index. */
export const USCC_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** GB 32100-2015 weights of the first 17 characters (3^i mod 31). */
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

/**
 * The GB 32100-2015 check character of the first 17 characters of a unified
 * social credit code, or null when they are not 17 characters of the charset.
 */
export function unifiedSocialCreditCodeCheckChar(first17: string): string | null {
  if (typeof first17 !== 'string' || first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = USCC_CHARSET.indexOf(first17[i]);
    if (value < 0) return null;
    sum += value * USCC_WEIGHTS[i];
  }
  const check = 31 - (sum % 31);
  return USCC_CHARSET[check === 31 ? 0 : check];
}

/**
 * True for an 18-character unified social credit code (统一社会信用代码) whose
 * characters are all in the GB 32100-2015 set (upper case only) and whose last
 * character is the check character of the first 17.
 */
export function isValidUnifiedSocialCreditCode(code: string): boolean {
  if (typeof code !== 'string' || code.length !== 18) return false;
  const check = unifiedSocialCreditCodeCheckChar(code.slice(0, 17));
  return check !== null && check === code[17];
}
