/**
 * Display helpers shared by server and web: greeting, number and ellipsis
 * filters (spec §9).
 */
import { ELLIPSIS_DEFAULT_LENGTH, NUMBER_DEFAULT_DECIMALS } from './constants';

export type Greeting = '早上好' | '上午好' | '中午好' | '下午好' | '晚上好';

/**
 * Greeting for an hour of the day (spec §9: "before 9 early morning, until 11
 * morning, until 13 noon, before 20 afternoon, otherwise evening").
 *
 * Boundary reading: "before" is exclusive and "until" inclusive of the whole named hour, so 11:59 is
 * still morning and 13:59 still noon; the greeting changes on the hour:
 *   [0, 9) 早上好 · [9, 12) 上午好 · [12, 14) 中午好 · [14, 20) 下午好 · [20, 24) 晚上好
 * Fractional hours (10.5) are accepted. Anything outside [0, 24) or not a
 * finite number is a programming error and throws a RangeError.
 */
export function greetingByHour(hour: number): Greeting {
  if (!Number.isFinite(hour) || hour < 0 || hour >= 24) {
    throw new RangeError(`hour must be in [0, 24), got ${hour}`);
  }
  if (hour < 9) return '早上好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}

/** Largest number of decimals formatNumber accepts. */
export const MAX_FORMAT_DECIMALS = 20;

const NUMERIC_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

interface DecimalParts {
  negative: boolean;
  /** Integer digits, no leading zeros except a lone "0". */
  int: string;
  /** Fraction digits, exact (may be empty). */
  frac: string;
}

/**
 * Splits a decimal text (as produced by String(number) or typed by a user,
 * exponent notation included) into exact digit strings, so no binary
 * floating-point arithmetic touches the digits afterwards.
 */
function parseDecimal(text: string): DecimalParts | null {
  const match = NUMERIC_TEXT.exec(text);
  if (!match) return null;
  const [, sign, intRaw = '', fracRaw = '', expRaw] = match;
  if (intRaw === '' && fracRaw === '') return null;
  let digits = intRaw + fracRaw;
  let point = intRaw.length + (expRaw ? Number(expRaw) : 0);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  } else if (point > digits.length) {
    digits = digits + '0'.repeat(point - digits.length);
  }
  const int = digits.slice(0, point).replace(/^0+/, '') || '0';
  return { negative: sign === '-', int, frac: digits.slice(point) };
}

/** Adds one to a non-empty string of decimal digits. */
function incrementDigits(digits: string): string {
  const chars = digits.split('');
  for (let i = chars.length - 1; i >= 0; i--) {
    if (chars[i] === '9') {
      chars[i] = '0';
    } else {
      chars[i] = String(Number(chars[i]) + 1);
      return chars.join('');
    }
  }
  return '1' + chars.join('');
}

/**
 * Formats a number with thousands separators and a fixed number of decimals
 * (spec §9 number filter; default two decimals): 1234567.891 → "1,234,567.89".
 *
 * - Accepts numbers and numeric strings ("-1234.5", " 1e3 "); surrounding
 *   whitespace is ignored, strings that already contain separators are not
 *   accepted.
 * - null, undefined, NaN, ±Infinity, '' and non-numeric text give '' (an empty
 *   cell rather than a misleading "-" or "0.00").
 * - Rounding is half away from zero on the exact decimal digits, so
 *   1.005 → "1.01" and -2.5 (0 decimals) → "-3". A result that rounds to zero
 *   carries no minus sign.
 */
export function formatNumber(
  value: number | string | null | undefined,
  decimals: number = NUMBER_DEFAULT_DECIMALS,
): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_FORMAT_DECIMALS) {
    throw new RangeError(`decimals must be an integer in [0, ${MAX_FORMAT_DECIMALS}], got ${decimals}`);
  }
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && !Number.isFinite(value)) return '';
  // String(number) gives the shortest text that round-trips, e.g. "1.005".
  const parts = parseDecimal(typeof value === 'number' ? String(value) : value.trim());
  if (!parts) return '';

  let { int, frac } = parts;
  if (frac.length > decimals) {
    const roundUp = frac.charCodeAt(decimals) >= '5'.charCodeAt(0);
    let kept = int + frac.slice(0, decimals);
    if (roundUp) kept = incrementDigits(kept);
    int = kept.slice(0, kept.length - decimals).replace(/^0+/, '') || '0';
    frac = kept.slice(kept.length - decimals);
  } else {
    frac = frac.padEnd(decimals, '0');
  }

  const isZero = /^0*$/.test(int + frac);
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = parts.negative && !isZero ? '-' : '';
  return sign + grouped + (decimals > 0 ? '.' + frac : '');
}

/**
 * Shortens text to `length` characters and appends "..." when, and only when,
 * it is longer (spec §9 ellipsis filter, default 25).
 *
 * Characters are Unicode code points, so a Chinese character or an emoji
 * outside the BMP is never cut in half. (Multi-code-point sequences such as
 * ZWJ emoji families count as several characters.) null/undefined give ''.
 */
export function ellipsis(text: string | null | undefined, length: number = ELLIPSIS_DEFAULT_LENGTH): string {
  if (!Number.isInteger(length) || length < 0) {
    throw new RangeError(`length must be a non-negative integer, got ${length}`);
  }
  if (text === null || text === undefined) return '';
  const chars = Array.from(text);
  if (chars.length <= length) return text;
  return chars.slice(0, length).join('') + '...';
}
