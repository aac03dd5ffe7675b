import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDateTimeSeconds, instantOfPickerValue, pickerValueOf } from './date';

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
});
