import { describe, it, expect } from 'vitest';
import { ellipsis, formatNumber, greetingByHour } from './format';

describe('greetingByHour', () => {
  it.each([
    [0, '早上好'],
    [8, '早上好'],
    [8.99, '早上好'],
    [9, '上午好'],
    [10, '上午好'],
    [10.5, '上午好'],
    [11, '上午好'],
    [11.99, '上午好'],
    [12, '中午好'],
    [13, '中午好'],
    [13.99, '中午好'],
    [14, '下午好'],
    [19, '下午好'],
    [20, '晚上好'],
    [23, '晚上好'],
  ])('hour %s → %s', (hour, greeting) => {
    expect(greetingByHour(hour)).toBe(greeting);
  });

  it('rejects hours outside a day', () => {
    expect(() => greetingByHour(-1)).toThrow(RangeError);
    expect(() => greetingByHour(24)).toThrow(RangeError);
    expect(() => greetingByHour(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatNumber', () => {
  it('groups thousands with two decimals by default', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(1234567.89)).toBe('1,234,567.89');
    expect(formatNumber(0)).toBe('0.00');
    expect(formatNumber(999)).toBe('999.00');
    expect(formatNumber(1000)).toBe('1,000.00');
  });

  it('rounds half away from zero on exact decimal digits', () => {
    expect(formatNumber(1.005)).toBe('1.01');
    expect(formatNumber(1.345, 2)).toBe('1.35');
    expect(formatNumber(-1.005)).toBe('-1.01');
    expect(formatNumber(2.5, 0)).toBe('3');
    expect(formatNumber(-2.5, 0)).toBe('-3');
    expect(formatNumber(1.004)).toBe('1.00');
    expect(formatNumber(999.995)).toBe('1,000.00');
    expect(formatNumber(0.995)).toBe('1.00');
  });

  it('handles negatives and drops the sign of a rounded zero', () => {
    expect(formatNumber(-1234567.5, 1)).toBe('-1,234,567.5');
    expect(formatNumber(-0.001)).toBe('0.00');
    expect(formatNumber(-0)).toBe('0.00');
  });

  it('accepts numeric strings, keeping digits beyond double precision', () => {
    expect(formatNumber('1234.5')).toBe('1,234.50');
    expect(formatNumber(' -42 ')).toBe('-42.00');
    expect(formatNumber('.5')).toBe('0.50');
    expect(formatNumber('1e3')).toBe('1,000.00');
    expect(formatNumber('12345678901234567890.125')).toBe('12,345,678,901,234,567,890.13');
  });

  it('expands exponent notation of numbers', () => {
    expect(formatNumber(1e21, 0)).toBe('1,000,000,000,000,000,000,000');
    expect(formatNumber(1.5e-7, 7)).toBe('0.0000002');
    expect(formatNumber(1e-7)).toBe('0.00');
  });

  it('honours the decimals argument', () => {
    expect(formatNumber(1234.5678, 0)).toBe('1,235');
    expect(formatNumber(1234.5678, 3)).toBe('1,234.568');
    expect(formatNumber(12, 4)).toBe('12.0000');
  });

  it('gives an empty string for missing or non-numeric values', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatNumber('')).toBe('');
    expect(formatNumber('abc')).toBe('');
    expect(formatNumber('1,234')).toBe('');
    expect(formatNumber('1.2.3')).toBe('');
    expect(formatNumber('-')).toBe('');
  });

  it('rejects an invalid decimals argument', () => {
    expect(() => formatNumber(1, -1)).toThrow(RangeError);
    expect(() => formatNumber(1, 1.5)).toThrow(RangeError);
    expect(() => formatNumber(1, 21)).toThrow(RangeError);
  });
});

describe('ellipsis', () => {
  it('leaves text of at most the limit unchanged', () => {
    const exactly25 = '一二三四五六七八九十一二三四五六七八九十一二三四五';
    expect(Array.from(exactly25)).toHaveLength(25);
    expect(ellipsis(exactly25)).toBe(exactly25);
    expect(ellipsis('short')).toBe('short');
    expect(ellipsis('')).toBe('');
  });

  it('cuts at 25 characters by default and appends ...', () => {
    const text = 'abcdefghijklmnopqrstuvwxyz0123';
    expect(ellipsis(text)).toBe('abcdefghijklmnopqrstuvwxy...');
  });

  it('counts Chinese and astral emoji as one character each', () => {
    expect(ellipsis('蒲公英申报平台', 3)).toBe('蒲公英...');
    expect(ellipsis('😀😁😂🤣', 2)).toBe('😀😁...');
    expect(ellipsis('😀😁', 2)).toBe('😀😁');
    expect(ellipsis('a😀b', 2)).toBe('a😀...');
  });

  it('treats null/undefined as empty and rejects a bad length', () => {
    expect(ellipsis(null)).toBe('');
    expect(ellipsis(undefined)).toBe('');
    expect(ellipsis('abc', 0)).toBe('...');
    expect(() => ellipsis('abc', -1)).toThrow(RangeError);
  });
});
