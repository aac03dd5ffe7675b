import { MAX_DAYS_PER_CHANGE, type DayKind, type DaySource } from '@dandelion/shared/base/calendar';
import { recordOperation, type ChangeContext, type OperationEntry } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { calendarRepo, type DayRow, type IsoDate, type NewDay, type YearRow } from './repo';
import { dateOf, dayNumber, weekdayOf, type WorkingDayCalendar } from './service';

export const CALENDAR_MODULE = 'base:calendar';
/** Saturday and Sunday: the plain rule of a date with no row. */
export const PLAIN_REST_WEEKDAYS = [0, 6] as const;

/** The lock versions a caller saw, by date; a date it saw without a row is absent. */
export type SeenVersions = Record<IsoDate, number>;

export interface MarkInput {
  days: IsoDate[];
  dayType: DayKind;
  dayName: string;
  versions: SeenVersions;
}

const plainKind = (weekday: number): DayKind => ((PLAIN_REST_WEEKDAYS as readonly number[]).includes(weekday) ? 'HOLIDAY' : 'WORKDAY');
const kindUnder = (weekday: number, rest: readonly number[]): DayKind => (rest.includes(weekday) ? 'HOLIDAY' : 'WORKDAY');
const parseWeekdays = (text: string) => text.split(',').filter(Boolean).map(Number);
const yearOf = (day: IsoDate) => Number(day.slice(0, 4));
const brief = (row: DayRow | undefined) => (row ? { day: row.day, dayType: row.dayType, dayName: row.dayName, source: row.source } : null);
const WEEKDAY_NAMES = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const TOO_MANY_DAYS = `一次最多处理 ${MAX_DAYS_PER_CHANGE} 天`;

/** '2026-10-01' or '2026-10-01~2026-10-07 等 5 天' for summaries and the log's entity id. */
function describeDays(days: IsoDate[]): string {
  if (days.length === 1) return days[0]!;
  return `${days[0]}~${days.at(-1)} 等 ${days.length} 天`;
}

/** Distinct, checked dates in calendar order. */
function normaliseDays(days: IsoDate[]): IsoDate[] {
  const unique = [...new Set(days)];
  for (const day of unique) dayNumber(day);
  if (unique.length > MAX_DAYS_PER_CHANGE) throw errors.badRequest(TOO_MANY_DAYS);
  return unique.sort();
}

/** Every date from start to end, both included. */
export function daysBetween(start: IsoDate, end: IsoDate): IsoDate[] {
  const from = dayNumber(start);
  const to = dayNumber(end);
  if (to < from) throw errors.badRequest('结束日期不能早于开始日期');
  if (to - from + 1 > MAX_DAYS_PER_CHANGE) throw errors.badRequest(TOO_MANY_DAYS);
  return Array.from({ length: to - from + 1 }, (_, i) => dateOf(from + i));
}

/** 409 unless every day is as the caller saw it: the same row version, or still no row. */
function checkSeen(days: IsoDate[], stored: Map<IsoDate, DayRow>, seen: SeenVersions) {
  for (const day of days) {
    if (stored.get(day)?.lockVersion !== seen[day]) throw errors.staleVersion();
  }
}

const settingView = (year: number, row: YearRow | undefined) =>
  row ? { year, restWeekdays: parseWeekdays(row.restWeekdays), explicit: true, lockVersion: row.lockVersion } : { year, restWeekdays: [...PLAIN_REST_WEEKDAYS], explicit: false, lockVersion: null };

const log = (ex: Executor, change: ChangeContext, entry: Omit<OperationEntry, 'module' | keyof ChangeContext>) =>
  recordOperation(ex, { module: CALENDAR_MODULE, ...entry, ...change });

/**
 * Administration of the holiday calendar (/rest/calendar/*): marks, the yearly weekend setting,
 * and the views and sums the console page shows. The working-day rule itself stays in
 * createWorkingDayCalendar, which reads the rows written here.
 */
export function createHolidayService({ db, workingDays }: { db: Db; workingDays: WorkingDayCalendar }) {
  /** A change of stored days: under the calendar's lock, only if the days are as the caller saw them. */
  function changeDays<T>(days: IsoDate[], seen: SeenVersions, work: (tx: Executor, stored: Map<IsoDate, DayRow>) => Promise<T>): Promise<T> {
    return withTransaction(db, async (tx) => {
      await calendarRepo.lock(tx);
      const stored = await calendarRepo.days(tx, days);
      checkSeen(days, stored, seen);
      return work(tx, stored);
    });
  }

  async function mark(input: MarkInput, change: ChangeContext) {
    const days = normaliseDays(input.days);
    return changeDays(days, input.versions, async (tx, stored) => {
      const existing = days.filter((d) => stored.has(d));
      await calendarRepo.markStored(tx, existing, input.dayType, input.dayName, change.actor);
      await calendarRepo.insertDays(
        tx,
        days.filter((d) => !stored.has(d)).map((day) => ({ day, dayType: input.dayType, dayName: input.dayName, source: 'MANUAL' })),
        change.actor,
      );
      const label = input.dayType === 'HOLIDAY' ? '休息日' : '调休上班日';
      await log(tx, change, {
        action: 'MARK',
        entityId: describeDays(days).slice(0, 64),
        summary: `标记${describeDays(days)}为${label}「${input.dayName}」`,
        before: days.map((d) => brief(stored.get(d)) ?? { day: d, dayType: null }),
        after: days.map((d) => ({ day: d, dayType: input.dayType, dayName: input.dayName, source: 'MANUAL' })),
      });
      return { days, marked: days.length, replaced: existing.length };
    });
  }

  return {
    /** Every day from start to end with its kind and stored row, and the weekend setting of each year touched. */
    async days(start: IsoDate, end: IsoDate) {
      const kinds = await workingDays.kinds(start, end);
      if (!kinds.length) throw errors.badRequest('结束日期不能早于开始日期');
      const stored = await calendarRepo.daysBetween(db, start, end);
      const years = Array.from({ length: yearOf(end) - yearOf(start) + 1 }, (_, i) => yearOf(start) + i);
      const settings = await calendarRepo.yearSettings(db, years);
      return {
        days: kinds.map(({ day, kind }) => {
          const row = stored.get(day);
          return {
            day,
            weekday: weekdayOf(dayNumber(day)),
            kind,
            dayType: (row?.dayType as DayKind | undefined) ?? null,
            dayName: row?.dayName ?? null,
            source: (row?.source as DaySource | undefined) ?? null,
            lockVersion: row?.lockVersion ?? null,
          };
        }),
        years: years.map((y) => settingView(y, settings.get(y))),
      };
    },

    /** Marks days as a named holiday or make-up working day, replacing what they had; all or nothing. */
    mark,

    /** The same for every date from start to end. */
    async markRange(input: Omit<MarkInput, 'days'> & { start: IsoDate; end: IsoDate }, change: ChangeContext) {
      return mark({ ...input, days: daysBetween(input.start, input.end) }, change);
    },

    /**
     * Returns marked days to the plain rule: the year's weekend setting (Saturday and Sunday unless
     * set otherwise). Only administrator marks can be removed; a day without one is refused.
     */
    async unmark(input: { days: IsoDate[]; versions: SeenVersions }, change: ChangeContext) {
      const days = normaliseDays(input.days);
      return changeDays(days, input.versions, async (tx, stored) => {
        const unmarked = days.filter((d) => stored.get(d)?.source !== 'MANUAL');
        if (unmarked.length) throw errors.badRequest(`${unmarked.slice(0, 3).join('、')}${unmarked.length > 3 ? ' 等' : ''}没有节假日或调休标记，无需取消`);
        await calendarRepo.softDeleteDays(tx, days.map((d) => stored.get(d)!.id), change.actor);
        // Under a year's own weekend setting the day gets back the row that setting writes.
        const settings = await calendarRepo.yearSettings(tx, [...new Set(days.map(yearOf))]);
        const restored = days.flatMap((day): NewDay[] => {
          const setting = settings.get(yearOf(day));
          if (!setting) return [];
          const weekday = weekdayOf(dayNumber(day));
          const kind = kindUnder(weekday, parseWeekdays(setting.restWeekdays));
          return kind === plainKind(weekday) ? [] : [{ day, dayType: kind, dayName: null, source: 'WEEKEND' }];
        });
        await calendarRepo.insertDays(tx, restored, change.actor);
        await log(tx, change, {
          action: 'UNMARK',
          entityId: describeDays(days).slice(0, 64),
          summary: `取消${describeDays(days)}的标记，恢复为${settings.size ? '本年周末设置' : '默认规则（周一至周五上班）'}`,
          before: days.map((d) => brief(stored.get(d))),
          after: restored.map((r) => ({ day: r.day, dayType: r.dayType, dayName: null, source: 'WEEKEND' })),
        });
        return { days, unmarked: days.length };
      });
    },

    /**
     * Makes a year rest on the chosen weekdays: every date of the year without an administrator's
     * mark gets a WEEKEND row where the choice differs from Saturday-and-Sunday and loses it where
     * it does not. Marks (named holidays, make-up days) are kept as they are.
     */
    async setWeekends(input: { year: number; restWeekdays: number[]; lockVersion?: number }, change: ChangeContext) {
      const rest = [...new Set(input.restWeekdays)].sort((a, b) => a - b);
      if (rest.length === 7) throw errors.badRequest('每周至少要有一个工作日');
      return withTransaction(db, async (tx) => {
        await calendarRepo.lock(tx);
        const setting = (await calendarRepo.yearSettings(tx, [input.year])).get(input.year);
        if ((setting?.lockVersion ?? undefined) !== input.lockVersion) throw errors.staleVersion();
        const year = daysBetween(`${input.year}-01-01`, `${input.year}-12-31`);
        const stored = await calendarRepo.days(tx, year);
        let added = 0;
        let changed = 0;
        let removed = 0;
        let kept = 0;
        const toDelete: number[] = [];
        const toInsert: NewDay[] = [];
        const weekendRow = (day: IsoDate, dayType: DayKind): NewDay => ({ day, dayType, dayName: null, source: 'WEEKEND' });
        for (const day of year) {
          const row = stored.get(day);
          if (row?.source === 'MANUAL') {
            kept++;
            continue;
          }
          const weekday = weekdayOf(dayNumber(day));
          const wanted = kindUnder(weekday, rest);
          const needsRow = wanted !== plainKind(weekday);
          if (row && !needsRow) {
            toDelete.push(row.id);
            removed++;
          } else if (row && row.dayType !== wanted) {
            toDelete.push(row.id);
            toInsert.push(weekendRow(day, wanted));
            changed++;
          } else if (!row && needsRow) {
            toInsert.push(weekendRow(day, wanted));
            added++;
          }
        }
        await calendarRepo.softDeleteDays(tx, toDelete, change.actor);
        await calendarRepo.insertDays(tx, toInsert, change.actor);
        const after = await calendarRepo.saveYear(tx, input.year, rest.join(','), setting, change.actor);
        const names = rest.length ? rest.map((w) => WEEKDAY_NAMES[w]).join('、') : '无（每天上班）';
        await log(tx, change, {
          action: 'SET_WEEKENDS',
          entityId: input.year,
          summary: `设置 ${input.year} 年休息日为${names}（保留 ${kept} 个节假日/调休标记）`,
          before: { year: input.year, restWeekdays: setting ? parseWeekdays(setting.restWeekdays) : [...PLAIN_REST_WEEKDAYS] },
          after: { year: input.year, restWeekdays: rest, added, changed, removed, keptMarks: kept },
        });
        return { ...settingView(input.year, after), added, changed, removed, keptMarks: kept };
      });
    },

    /** Working and rest days from start to end, both included. */
    async countWorkingDays(start: IsoDate, end: IsoDate) {
      const total = dayNumber(end) - dayNumber(start) + 1;
      if (total < 1) throw errors.badRequest('结束日期不能早于开始日期');
      const working = await workingDays.workingDaysBetween(start, end);
      return { start, end, totalDays: total, workingDays: working, restDays: total - working };
    },

    /** The date `days` working days after start (start not counted). */
    async addWorkingDays(start: IsoDate, days: number) {
      const result = await workingDays.addWorkingDays(start, days);
      return { start, days, result, weekday: weekdayOf(dayNumber(result)), calendarDays: dayNumber(result) - dayNumber(start) };
    },
  };
}
export type HolidayService = ReturnType<typeof createHolidayService>;
