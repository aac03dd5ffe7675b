/** Log times to the second, in China time (ARCHITECTURE §4 Time): logs are read second by second. */
const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-DD HH:mm:ss' of an ISO instant in Asia/Shanghai; '' when missing or invalid. */
export function formatLogTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * A stored body for reading: JSON pretty-printed with two-space indents; anything else (a note such
 * as 「[流式内容，未记录]」, or JSON cut off by the length bound) as it is.
 */
export function prettyBody(text: string | null | undefined): { text: string; json: boolean } {
  if (!text) return { text: '', json: false };
  try {
    return { text: JSON.stringify(JSON.parse(text), null, 2), json: true };
  } catch {
    return { text, json: false };
  }
}
