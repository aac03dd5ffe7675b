import type { DayKind } from '@dandelion/shared/base/calendar';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { calendarRepo, type IsoDate } from './repo';

export type { IsoDate } from './repo';
export type { DayKind } from '@dandelion/shared/base/calendar';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
/** No chain of holidays is this long; a limit keeps a bad calendar from looping for ever. */
const MAX_SCAN_DAYS = 3 * 366;

/** The Beijing date a moment falls on (China has no daylight saving: a fixed +08:00). */
export function beijingDate(moment: Date): IsoDate {
  return new Date(moment.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** The last millisecond of a Beijing date, as a moment: a deadline "on" that day. */
export function endOfBeijingDay(day: IsoDate): Date {
  return new Date(dayNumber(day) * DAY_MS + DAY_MS - 8 * 3_600_000 - 1);
}

/** Days since 1970-01-01 for a YYYY-MM-DD date; rejects impossible dates such as 2026-02-30. */
export function dayNumber(day: IsoDate): number {
  const m = ISO_DATE.exec(day);
  if (!m) throw errors.badRequest(`日期格式不正确：${day}（应为 YYYY-MM-DD）`);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(ms).toISOString().slice(0, 10) !== day) throw errors.badRequest(`日期不存在：${day}`);
  return ms / DAY_MS;
}

export const dateOf = (n: number): IsoDate => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** 0 Sunday … 6 Saturday. 1970-01-01 was a Thursday. */
export const weekdayOf = (n: number) => (((n + 4) % 7) + 7) % 7;

/** Working days as other modules count them (process deadlines, declaration windows). */
export interface WorkingDayCalendar {
  isWorkingDay(day: IsoDate): Promise<boolean>;
  /** Working days in [start, end], both ends counted; 0 when end is before start. */
  workingDaysBetween(start: IsoDate, end: IsoDate): Promise<number>;
  /** The date `days` working days after `start` (start itself not counted). */
  addWorkingDays(start: IsoDate, days: number): Promise<IsoDate>;
  /** The kind of each date in [start, end], for month and year views. */
  kinds(start: IsoDate, end: IsoDate): Promise<Array<{ day: IsoDate; kind: DayKind; stored: boolean }>>;
  /** The same calendar read through an open transaction, so a change sees the days as that transaction does. */
  within(ex: Executor): WorkingDayCalendar;
}

/**
 * Working days from the holiday calendar: a date with a row is what the row says (a holiday,
 * or a make-up working day on a weekend); a date without one works Monday to Friday.
 * Deadlines of processes and declaration windows are counted with it.
 */
export function createWorkingDayCalendar({ db }: { db: Executor }): WorkingDayCalendar {
  /** The stored exceptions between two dates (inclusive), by date. */
  const exceptions = (from: number, to: number) => calendarRepo.kindsBetween(db, dateOf(from), dateOf(to));

  const kindOf = (n: number, marked: Map<IsoDate, DayKind>): DayKind => {
    const stored = marked.get(dateOf(n));
    if (stored) return stored;
    const weekday = weekdayOf(n);
    return weekday === 0 || weekday === 6 ? 'HOLIDAY' : 'WORKDAY';
  };

  return {
    async isWorkingDay(day: IsoDate): Promise<boolean> {
      const n = dayNumber(day);
      return kindOf(n, await exceptions(n, n)) === 'WORKDAY';
    },

    /**
     * Working days in [start, end], both ends counted; 0 when end is before start.
     * 2026-10-01 … 2026-10-08 over the National Day holiday counts only the days marked as work.
     */
    async workingDaysBetween(start: IsoDate, end: IsoDate): Promise<number> {
      const from = dayNumber(start);
      const to = dayNumber(end);
      if (to < from) return 0;
      if (to - from > 20 * 366) throw errors.badRequest('日期范围不能超过 20 年');
      const marked = await exceptions(from, to);
      let count = 0;
      for (let n = from; n <= to; n++) if (kindOf(n, marked) === 'WORKDAY') count++;
      return count;
    },

    /**
     * The date `days` working days after `start` (start itself is not counted): a stage entered
     * on Friday with a limit of 1 working day is due on Monday. 0 answers start, or the next
     * working day when start is a rest day.
     */
    async addWorkingDays(start: IsoDate, days: number): Promise<IsoDate> {
      if (!Number.isInteger(days) || days < 0) throw errors.badRequest('工作日天数必须是不小于 0 的整数');
      const from = dayNumber(start);
      // Fetch a window that surely covers the answer: two calendar weeks per five working days, plus holidays.
      let span = Math.ceil((days * 7) / 5) + 30;
      for (;;) {
        const marked = await exceptions(from, from + span);
        let n = from;
        let left = days;
        if (left === 0) {
          while (kindOf(n, marked) !== 'WORKDAY' && n < from + span) n++;
          if (kindOf(n, marked) === 'WORKDAY') return dateOf(n);
        } else {
          while (left > 0 && n < from + span) {
            n++;
            if (kindOf(n, marked) === 'WORKDAY') left--;
          }
          if (left === 0) return dateOf(n);
        }
        if (span >= MAX_SCAN_DAYS + days * 2) throw errors.badRequest('节假日设置异常：找不到足够的工作日');
        span *= 2;
      }
    },

    /** The kind of each date in [start, end], for month and year views. */
    async kinds(start: IsoDate, end: IsoDate): Promise<Array<{ day: IsoDate; kind: DayKind; stored: boolean }>> {
      const from = dayNumber(start);
      const to = dayNumber(end);
      if (to < from) return [];
      if (to - from > 400) throw errors.badRequest('一次最多查询 400 天');
      const marked = await exceptions(from, to);
      const out: Array<{ day: IsoDate; kind: DayKind; stored: boolean }> = [];
      for (let n = from; n <= to; n++) out.push({ day: dateOf(n), kind: kindOf(n, marked), stored: marked.has(dateOf(n)) });
      return out;
    },

    within: (ex: Executor) => createWorkingDayCalendar({ db: ex }),
  };
}
