import dayjs, { type Dayjs } from 'dayjs';

/** Dates are stored as ISO 8601 instants and always shown in China time (ARCHITECTURE §4 Time). */
const DISPLAY_TIME_ZONE = 'Asia/Shanghai';

/**
 * China has kept UTC+8 all year since its last summer time ended in September 1991: from 1992 on, the
 * Asia/Shanghai fields of an instant are its UTC fields eight hours later. Earlier instants (birth
 * dates, old awards) go through Intl with the zone's history.
 */
const FIXED_OFFSET_SINCE = Date.UTC(1992, 0, 1);
const CHINA_OFFSET_MS = 8 * 3_600_000;

type Fields = { year: string; month: string; day: string; hour: string; minute: string; second: string };

/**
 * Made on first use: creating an Intl formatter with a time zone loads the zone data, tens of
 * milliseconds of the main thread that a console start needs for nothing else.
 */
let historicFormatter: Intl.DateTimeFormat | null = null;
function historicFields(date: Date): Fields {
  historicFormatter ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: DISPLAY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(historicFormatter.formatToParts(date).map((p) => [p.type, p.value]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

const two = (n: number) => String(n).padStart(2, '0');

/** The wall-clock fields of an ISO instant in Asia/Shanghai; null when missing or invalid. */
function fieldsOf(iso: string | null | undefined): Fields | null {
  if (!iso) return null;
  return chinaFields(new Date(iso));
}

/** The wall-clock fields of a time in Asia/Shanghai (zero-padded: YYYY, MM, DD, HH, mm, ss); null for an invalid date. */
export function chinaFields(date: Date): Fields | null {
  const ms = date.getTime();
  if (Number.isNaN(ms)) return null;
  if (ms < FIXED_OFFSET_SINCE) return historicFields(date);
  const china = new Date(ms + CHINA_OFFSET_MS);
  return {
    year: String(china.getUTCFullYear()).padStart(4, '0'),
    month: two(china.getUTCMonth() + 1),
    day: two(china.getUTCDate()),
    hour: two(china.getUTCHours()),
    minute: two(china.getUTCMinutes()),
    second: two(china.getUTCSeconds()),
  };
}

/** 'YYYY-MM-DD' of an ISO instant in Asia/Shanghai; '' when the value is missing or invalid. */
export function formatDate(iso: string | null | undefined): string {
  const p = fieldsOf(iso);
  return p ? `${p.year}-${p.month}-${p.day}` : '';
}

/** 'YYYY-MM-DD HH:mm' of an ISO instant in Asia/Shanghai; '' when the value is missing or invalid. */
export function formatDateTime(iso: string | null | undefined): string {
  const p = fieldsOf(iso);
  return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}` : '';
}

/** 'YYYY-MM-DD HH:mm:ss' of an ISO instant in Asia/Shanghai (detail views); '' when missing or invalid. */
export function formatDateTimeSeconds(iso: string | null | undefined): string {
  const p = fieldsOf(iso);
  return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}` : '';
}

/**
 * Date pickers show and edit the wall-clock fields of a dayjs in the browser's own zone. So that a
 * picker shows China time on any machine, it is given a dayjs whose local fields are the instant's
 * Asia/Shanghai fields, and its value is read back as Asia/Shanghai (UTC+8 all year, no summer time).
 */
export function pickerValueOf(iso: string | null | undefined): Dayjs | null {
  const p = fieldsOf(iso);
  return p ? dayjs(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`) : null;
}

/** The ISO instant of a picker value read as Asia/Shanghai wall time (the inverse of pickerValueOf). */
export function instantOfPickerValue(value: Dayjs): string {
  return new Date(`${value.format('YYYY-MM-DDTHH:mm:ss.SSS')}+08:00`).toISOString();
}

/** Now as a picker value: compare picker values with this, not with dayjs(). */
export function pickerNow(): Dayjs {
  return pickerValueOf(new Date().toISOString())!;
}
