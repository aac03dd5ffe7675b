import { describe, it, expect } from 'vitest';
import {
  chineseIdCheckChar,
  isValidChineseIdBirthDate,
  isValidChineseIdChecksum,
  isValidChineseIdNumber,
  isValidUnifiedSocialCreditCode,
  unifiedSocialCreditCodeCheckChar,
} from './checksums';

const TODAY = new Date(2025, 5, 1); // 2025-06-01 local time

describe('GB 11643-1999 resident ID', () => {
  // Hand-computed: weighted sum of 11010519491231002 is 167, 167 mod 11 = 2 → 'X'.
  const VALID_X = '11010519491231002X';
  // Hand-computed: weighted sum of 11010119900307447 is 214, 214 mod 11 = 5 → '7'.
  const VALID_7 = '110101199003074477';

  it('computes the check character', () => {
    expect(chineseIdCheckChar('11010519491231002')).toBe('X');
    expect(chineseIdCheckChar('11010119900307447')).toBe('7');
    expect(chineseIdCheckChar('1101051949123100')).toBeNull();
    expect(chineseIdCheckChar('1101051949123100A')).toBeNull();
  });

  it('accepts valid IDs, with upper or lower case x', () => {
    expect(isValidChineseIdChecksum(VALID_X)).toBe(true);
    expect(isValidChineseIdChecksum(VALID_X.toLowerCase())).toBe(true);
    expect(isValidChineseIdChecksum(VALID_7)).toBe(true);
  });

  it('rejects a wrong check character', () => {
    expect(isValidChineseIdChecksum('110105194912310021')).toBe(false);
    expect(isValidChineseIdChecksum('110101199003074478')).toBe(false);
    expect(isValidChineseIdChecksum('11010119900307447X')).toBe(false);
  });

  it('detects every single-digit change of a valid ID', () => {
    for (let i = 0; i < 17; i++) {
      const digit = Number(VALID_7[i]);
      const changed = VALID_7.slice(0, i) + String((digit + 1) % 10) + VALID_7.slice(i + 1);
      expect(isValidChineseIdChecksum(changed), changed).toBe(false);
    }
  });

  it('rejects wrong shapes', () => {
    expect(isValidChineseIdChecksum('')).toBe(false);
    expect(isValidChineseIdChecksum('11010519491231002')).toBe(false);
    expect(isValidChineseIdChecksum('11010519491231002XX')).toBe(false);
    expect(isValidChineseIdChecksum('1101051949123100XX')).toBe(false);
    expect(isValidChineseIdChecksum(' 11010519491231002X')).toBe(false);
  });

  it('checks the birth date is a real past day from 1900 on', () => {
    expect(isValidChineseIdBirthDate(VALID_X, TODAY)).toBe(true);
    expect(isValidChineseIdBirthDate('110101200002290000', TODAY)).toBe(true); // leap day 2000
    expect(isValidChineseIdBirthDate('110101190002290000', TODAY)).toBe(false); // 1900 not leap
    expect(isValidChineseIdBirthDate('110101202302290000', TODAY)).toBe(false);
    expect(isValidChineseIdBirthDate('110101199013010000', TODAY)).toBe(false); // month 13
    expect(isValidChineseIdBirthDate('110101199004310000', TODAY)).toBe(false); // 31 April
    expect(isValidChineseIdBirthDate('110101199001000000', TODAY)).toBe(false); // day 0
    expect(isValidChineseIdBirthDate('110101189912310000', TODAY)).toBe(false); // before 1900
    expect(isValidChineseIdBirthDate('110101202506010000', TODAY)).toBe(true); // born today
    expect(isValidChineseIdBirthDate('110101202506020000', TODAY)).toBe(false); // tomorrow
  });

  it('combines checksum and birth date', () => {
    expect(isValidChineseIdNumber(VALID_X, TODAY)).toBe(true);
    expect(isValidChineseIdNumber('110105194912310021', TODAY)).toBe(false);
    // Hand-computed: check digit of 44052418800101001 is '4' (sum 195, mod 11 = 8),
    // so the checksum holds but the 1880 birth year fails the sanity check.
    expect(isValidChineseIdChecksum('440524188001010014')).toBe(true);
    expect(isValidChineseIdNumber('440524188001010014', TODAY)).toBe(false);
  });
});

describe('GB 32100-2015 unified social credit code', () => {
  // Hand-computed: weighted sum of 91350100M000100Y4 is 1640, 1640 mod 31 = 28,
  // 31 - 28 = 3 → '3'.
  const VALID = '91350100M000100Y43';

  it('computes the check character, mapping 31 to 0', () => {
    expect(unifiedSocialCreditCodeCheckChar('91350100M000100Y4')).toBe('3');
    // Sum 0 → 31 - 0 = 31 → '0'.
    expect(unifiedSocialCreditCodeCheckChar('00000000000000000')).toBe('0');
    // Sum 1 → 30 → 'Y' (last character of the charset).
    expect(unifiedSocialCreditCodeCheckChar('10000000000000000')).toBe('Y');
    expect(unifiedSocialCreditCodeCheckChar('9135010OM000100Y4')).toBeNull(); // letter O
    expect(unifiedSocialCreditCodeCheckChar('91350100M000100Y')).toBeNull();
  });

  it('accepts valid codes', () => {
    expect(isValidUnifiedSocialCreditCode(VALID)).toBe(true);
    expect(isValidUnifiedSocialCreditCode('000000000000000000')).toBe(true);
    expect(isValidUnifiedSocialCreditCode('10000000000000000Y')).toBe(true);
  });

  it('rejects a wrong check character, bad characters, case and length', () => {
    expect(isValidUnifiedSocialCreditCode('91350100M000100Y44')).toBe(false);
    expect(isValidUnifiedSocialCreditCode('91350100M000100Y4Z')).toBe(false);
    expect(isValidUnifiedSocialCreditCode(VALID.toLowerCase())).toBe(false);
    expect(isValidUnifiedSocialCreditCode('91350100I000100Y43')).toBe(false);
    expect(isValidUnifiedSocialCreditCode('91350100M000100Y4')).toBe(false);
    expect(isValidUnifiedSocialCreditCode('91350100M000100Y433')).toBe(false);
    expect(isValidUnifiedSocialCreditCode('')).toBe(false);
  });

  it('detects every single-character change of a valid code', () => {
    for (let i = 0; i < 17; i++) {
      const replacement = VALID[i] === '0' ? '1' : '0';
      const changed = VALID.slice(0, i) + replacement + VALID.slice(i + 1);
      expect(isValidUnifiedSocialCreditCode(changed), changed).toBe(false);
    }
  });
});
