import { beijingYmd, formatSerial, maxSerialValue, SERIAL_DATE_PATTERNS, SERIAL_RESET_PERIODS, type SerialRuleShape } from '@dandelion/shared/base/serial';
import type { SerialRule } from './api';

/** The form's values the preview reads (any of them may still be missing or wrong while typing). */
export type FormatValues = Partial<SerialRuleShape & { step: number }>;

/** The reset period a Beijing date falls in, as the server keys it (20261124, 202611, 2026, ALL). */
export function periodKey(resetPeriod: string, ymd: string): string {
  switch (resetPeriod) {
    case 'DAY':
      return ymd;
    case 'MONTH':
      return ymd.slice(0, 6);
    case 'YEAR':
      return ymd.slice(0, 4);
    default:
      return 'ALL';
  }
}

export interface FormatPreview {
  /** The next few numbers under the form's values; empty while the values cannot make one. */
  values: string[];
  /** Why fewer or none: the digits run out. */
  overflow: boolean;
}

const isWhole = (n: unknown, min: number, max: number): n is number => typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

/**
 * What the next numbers would look like if the form were saved now (the form's live preview).
 * A saved rule that already counts goes on from its counter in the same period — as the server
 * does after an edit; a new rule, or a new period, starts at the start value.
 */
export function previewFormat(values: FormatValues, record: SerialRule | undefined, now = new Date(), count = 3): FormatPreview {
  const { prefix = '', datePattern = '', separator = '', seqLength, step, startValue, resetPeriod = 'NEVER' } = values;
  if (!isWhole(seqLength, 1, 12) || !isWhole(step, 1, 1000) || !isWhole(startValue, 0, Number.MAX_SAFE_INTEGER)) return { values: [], overflow: false };
  if (!(SERIAL_DATE_PATTERNS as readonly string[]).includes(datePattern) || !(SERIAL_RESET_PERIODS as readonly string[]).includes(resetPeriod)) return { values: [], overflow: false };
  const ymd = beijingYmd(now);
  const counting = record?.currentValue != null && record.currentPeriod != null;
  const samePeriod = counting && (record.resetPeriod !== resetPeriod || record.currentPeriod === periodKey(resetPeriod, ymd));
  const first = samePeriod ? record!.currentValue! + step : startValue;
  const max = maxSerialValue(seqLength);
  const numbers = Array.from({ length: count }, (_, i) => first + i * step).filter((n) => n <= max);
  return { values: numbers.map((n) => formatSerial({ prefix, datePattern, separator, seqLength }, ymd, n)), overflow: numbers.length < count };
}
