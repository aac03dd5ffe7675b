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
