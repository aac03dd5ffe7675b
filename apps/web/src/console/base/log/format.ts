import { formatDateTimeSeconds } from '../../../lib/date';

/** Log times to the second, in China time (ARCHITECTURE §4 Time): logs are read second by second. */
export const formatLogTime = formatDateTimeSeconds;

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
