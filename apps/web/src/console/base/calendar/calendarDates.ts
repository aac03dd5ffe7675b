/**
 * Calendar arithmetic on 'YYYY-MM-DD' dates. Dates are days, not moments: computed in UTC so the
 * browser's own time zone never shifts a day; "today" is the Beijing date.
 */
import { formatDate } from '../../../lib/date';

const DAY_MS = 86_400_000;
export const WEEKDAY_NAMES = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
export const WEEKDAY_SHORT = ['日', '一', '二', '三', '四', '五', '六'];
/** Columns of a month grid, Monday first as Chinese calendars print them. */
export const GRID_WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];

export const isoOf = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const numberOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOfNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export const addDays = (iso: string, days: number) => isoOfNumber(numberOf(iso) + days);
export const weekdayOf = (iso: string) => new Date(numberOf(iso) * DAY_MS).getUTCDay();
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** Days from `a` to `b` (negative when b is earlier). */
export const daysFrom = (a: string, b: string) => numberOf(b) - numberOf(a);

/** Today in Beijing. */
export const todayIso = () => formatDate(new Date().toISOString());

/** '2026年10月1日 星期四'. */
export function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${y}年${m}月${d}日 ${WEEKDAY_NAMES[weekdayOf(iso)]}`;
}

/** The weeks of a month as rows of seven cells (Monday first); null pads the first and last week. */
export function monthWeeks(year: number, month: number): Array<Array<string | null>> {
  const first = isoOf(year, month, 1);
  const lead = (weekdayOf(first) + 6) % 7;
  const cells: Array<string | null> = [...Array<null>(lead).fill(null), ...Array.from({ length: daysInMonth(year, month) }, (_, i) => isoOf(year, month, i + 1))];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** The two dates in calendar order. */
export const ordered = (a: string, b: string): [string, string] => (a <= b ? [a, b] : [b, a]);
