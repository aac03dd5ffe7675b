import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDateTimeSeconds, instantOfPickerValue, pickerValueOf } from './date';

// A browser outside China: Node re-reads TZ when it is assigned, so the pickers below run on UTC clocks.
process.env.TZ = 'UTC';

describe('times in Asia/Shanghai', () => {
  it('formats an instant with seconds in China time', () => {
    expect(formatDateTimeSeconds('2026-03-01T19:30:05Z')).toBe('2026-03-02 03:30:05');
    expect(formatDateTimeSeconds(null)).toBe('');
  });

  it('gives a picker the China wall time of an instant, whatever the browser zone', () => {
    const value = pickerValueOf('2026-03-01T19:30:00Z')!;
    expect(value.format('YYYY-MM-DD HH:mm')).toBe('2026-03-02 03:30');
    expect(value.format('YYYY-MM-DD HH:mm')).toBe(formatDateTime('2026-03-01T19:30:00Z'));
    expect(pickerValueOf(undefined)).toBeNull();
  });

  it('reads a picked time back as China time', () => {
    expect(instantOfPickerValue(pickerValueOf('2026-03-01T19:30:00Z')!)).toBe('2026-03-01T19:30:00.000Z');
    expect(instantOfPickerValue(pickerValueOf('2026-12-31T16:00:00Z')!.hour(9).minute(0))).toBe('2027-01-01T01:00:00.000Z');
  });

  it('agrees with the zone database on every kind of instant, summer time of 1986–1991 included', () => {
    const zone = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    const instants = ['1988-07-01T15:30:00Z', '1991-09-14T16:00:00Z', '1991-12-31T15:59:59Z', '1991-12-31T16:00:00Z', '1992-06-01T00:00:00Z', '1970-01-01T00:00:00Z', '2026-11-27T23:59:59.999Z', '2038-02-28T16:00:00Z'];
    for (const iso of instants) expect(formatDateTimeSeconds(iso), iso).toBe(zone.format(new Date(iso)));
    // A summer-time day: 1988-07-01 15:30 UTC was 1988-07-02 00:30 in China (UTC+9 then), not 23:30 the day before.
    expect(formatDate('1988-07-01T15:30:00Z')).toBe('1988-07-02');
    expect(formatDate('not a date')).toBe('');
  });
});
