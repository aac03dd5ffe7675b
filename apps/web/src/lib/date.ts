import dayjs, { type Dayjs } from 'dayjs';

/** Dates are stored as ISO 8601 instants and always shown in China time (ARCHITECTURE §4 Time). */
const DISPLAY_TIME_ZONE = 'Asia/Shanghai';

const dayFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The fields of an ISO instant in Asia/Shanghai by part type (year, month…); null when missing or invalid. */
function partsOf(formatter: Intl.DateTimeFormat, iso: string | null | undefined): Record<string, string> | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
}

/** 'YYYY-MM-DD' of an ISO instant in Asia/Shanghai; '' when the value is missing or invalid. */
export function formatDate(iso: string | null | undefined): string {
  const parts = partsOf(dayFormatter, iso);
  return parts ? `${parts.year}-${parts.month}-${parts.day}` : '';
}

const dateTimeFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-DD HH:mm' of an ISO instant in Asia/Shanghai; '' when the value is missing or invalid. */
export function formatDateTime(iso: string | null | undefined): string {
  const parts = partsOf(dateTimeFormatter, iso);
  return parts ? `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}` : '';
}

const secondsFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-DD HH:mm:ss' of an ISO instant in Asia/Shanghai (detail views); '' when missing or invalid. */
export function formatDateTimeSeconds(iso: string | null | undefined): string {
  const p = partsOf(secondsFormatter, iso);
  return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}` : '';
}

/**
 * Date pickers show and edit the wall-clock fields of a dayjs in the browser's own zone. So that a
 * picker shows China time on any machine, it is given a dayjs whose local fields are the instant's
 * Asia/Shanghai fields, and its value is read back as Asia/Shanghai (UTC+8 all year, no summer time).
 */
export function pickerValueOf(iso: string | null | undefined): Dayjs | null {
  const p = partsOf(secondsFormatter, iso);
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
