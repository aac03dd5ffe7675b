import type { ReactElement } from 'react';
import type { Dayjs } from 'dayjs';

interface FieldBase {
  /** Form field name, and the search parameter's name unless a date range splits it. */
  name: string;
  label: string;
  placeholder?: string;
}

export interface InputField extends FieldBase {
  type?: 'input';
}

export interface SelectField extends FieldBase {
  type: 'select';
  options: ReadonlyArray<{ label: string; value: string | number }>;
  multiple?: boolean;
}

/** One calendar day, handed over as 'YYYY-MM-DD'. */
export interface DateField extends FieldBase {
  type: 'date';
}

/**
 * A range of calendar days, handed over as ISO instants from 00:00 of the first day to the end of
 * the last day, China time (ARCHITECTURE §4 Time): under `names` ([begin, end]) when given,
 * otherwise as a two-item array under `name`.
 */
export interface DateRangeField extends FieldBase {
  type: 'dateRange';
  names?: readonly [string, string];
}

/**
 * Any control (DictSelect, OrgTreeSelect…): `render` returns one element taking `value` and
 * `onChange`. Its value is handed over as it is, once emptiness is dropped.
 */
export interface CustomField extends FieldBase {
  type: 'custom';
  render: () => ReactElement;
}

export type SearchField = InputField | SelectField | DateField | DateRangeField | CustomField;

/** Offset of the display time zone; China has kept +08:00 all year since 1991. */
const CHINA_OFFSET = '+08:00';

const isDayjs = (value: unknown): value is Dayjs =>
  typeof value === 'object' && value !== null && typeof (value as Dayjs).format === 'function' && typeof (value as Dayjs).isValid === 'function';

/** The calendar day the user picked, whatever the browser's own time zone. */
const day = (value: Dayjs) => value.format('YYYY-MM-DD');

export const dayStart = (value: Dayjs): string => `${day(value)}T00:00:00.000${CHINA_OFFSET}`;
export const dayEnd = (value: Dayjs): string => `${day(value)}T23:59:59.999${CHINA_OFFSET}`;

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * The search parameters of a form's raw values: text trimmed, empty fields left out (so the server
 * sees no filter rather than an empty one), dates turned into the strings described per field type.
 */
export function toSearchParams(fields: readonly SearchField[], raw: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const field of fields) {
    const value = raw[field.name];
    if (isEmpty(value)) continue;
    if (field.type === 'dateRange') {
      const [begin, end] = Array.isArray(value) ? value : [];
      const range = [isDayjs(begin) ? dayStart(begin) : undefined, isDayjs(end) ? dayEnd(end) : undefined];
      if (field.names) {
        if (range[0]) params[field.names[0]] = range[0];
        if (range[1]) params[field.names[1]] = range[1];
      } else if (range[0] || range[1]) params[field.name] = range;
    } else if (field.type === 'date') {
      if (isDayjs(value)) params[field.name] = day(value);
    } else {
      params[field.name] = typeof value === 'string' ? value.trim() : value;
    }
  }
  return params;
}
