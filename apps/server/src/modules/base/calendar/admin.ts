import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../core/db';
import { errors } from '../../../core/errors';
import { createdBy, DEL_FLAG, notDeleted, updatedBy } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import { baseCalendarDay, baseCalendarYear } from './tables';
import { dateOf, dayNumber, weekdayOf, type DayKind, type IsoDate, type WorkingDayCalendar } from './service';

export const CALENDAR_MODULE = 'base:calendar';
/** Saturday and Sunday: the plain rule of a date with no row. */
export const PLAIN_REST_WEEKDAYS = [0, 6] as const;
/** One call marks at most a year's days. */
export const MAX_DAYS_PER_CHANGE = 366;
// Calendar changes are rare and touch many rows: they queue on one transaction-scoped lock, so the
// versions a caller saw are checked and written without another change slipping in between.
const CALENDAR_LOCK_KEY = 724_160_611;

type DayRow = typeof baseCalendarDay.$inferSelect;
export type DaySource = 'MANUAL' | 'WEEKEND';

export interface CalendarDayView {
  day: IsoDate;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  kind: DayKind;
  /** The stored row, when the day has one. */
  dayType: DayKind | null;
  dayName: string | null;
  source: DaySource | null;
  lockVersion: number | null;
}

export interface YearSetting {
  year: number;
  restWeekdays: number[];
  /** False when the year was never set: Saturday and Sunday. */
  explicit: boolean;
  lockVersion: number | null;
}

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

/** '2026-10-01' or '2026-10-01~2026-10-07 等 5 天' for summaries and the log's entity id. */
function describeDays(days: IsoDate[]): string {
  if (days.length === 1) return days[0]!;
  return `${days[0]}~${days.at(-1)} 等 ${days.length} 天`;
}

/** Distinct, checked dates in calendar order. */
function normaliseDays(days: IsoDate[]): IsoDate[] {
  const unique = [...new Set(days)];
  for (const day of unique) dayNumber(day);
  if (unique.length > MAX_DAYS_PER_CHANGE) throw errors.badRequest(`一次最多处理 ${MAX_DAYS_PER_CHANGE} 天`);
  return unique.sort();
}

/** Every date from start to end, both included. */
export function daysBetween(start: IsoDate, end: IsoDate): IsoDate[] {
  const from = dayNumber(start);
  const to = dayNumber(end);
  if (to < from) throw errors.badRequest('结束日期不能早于开始日期');
  if (to - from + 1 > MAX_DAYS_PER_CHANGE) throw errors.badRequest(`一次最多处理 ${MAX_DAYS_PER_CHANGE} 天`);
  return Array.from({ length: to - from + 1 }, (_, i) => dateOf(from + i));
}

/**
 * Administration of the holiday calendar (/rest/calendar/*): marks, the yearly weekend setting,
 * and the views and sums the console page shows. The working-day rule itself stays in
 * createWorkingDayCalendar, which reads the rows written here.
 */
export function createCalendarAdminService({ db, workingDays }: { db: Db; workingDays: WorkingDayCalendar }) {
  async function lockCalendar(tx: Tx) {
    await tx.execute(sql`select pg_advisory_xact_lock(${CALENDAR_LOCK_KEY})`);
  }

  async function storedDays(tx: Tx | Db, days: IsoDate[]): Promise<Map<IsoDate, DayRow>> {
    if (!days.length) return new Map();
    const rows = await tx.select().from(baseCalendarDay).where(and(notDeleted(baseCalendarDay), inArray(baseCalendarDay.day, days)));
    return new Map(rows.map((r) => [r.day, r]));
  }

  /** 409 unless every day is as the caller saw it: the same row version, or still no row. */
  function checkSeen(days: IsoDate[], stored: Map<IsoDate, DayRow>, seen: SeenVersions) {
    for (const day of days) {
      const row = stored.get(day);
      const version = seen[day];
      if ((row ? row.lockVersion : undefined) !== version) throw errors.staleVersion();
    }
  }

  async function yearSettings(ex: Tx | Db, years: number[]): Promise<Map<number, typeof baseCalendarYear.$inferSelect>> {
    if (!years.length) return new Map();
    const rows = await ex.select().from(baseCalendarYear).where(and(notDeleted(baseCalendarYear), inArray(baseCalendarYear.year, years)));
    return new Map(rows.map((r) => [r.year, r]));
  }

  const settingView = (year: number, row: typeof baseCalendarYear.$inferSelect | undefined): YearSetting =>
    row ? { year, restWeekdays: parseWeekdays(row.restWeekdays), explicit: true, lockVersion: row.lockVersion } : { year, restWeekdays: [...PLAIN_REST_WEEKDAYS], explicit: false, lockVersion: null };

  async function softDeleteRows(tx: Tx, ids: number[], change: ChangeContext) {
    if (!ids.length) return;
    await tx
      .update(baseCalendarDay)
      .set({ delFlag: DEL_FLAG.DELETED, ...updatedBy(change.actor, baseCalendarDay) })
      .where(inArray(baseCalendarDay.id, ids));
  }

  async function mark(input: MarkInput, change: ChangeContext) {
    const days = normaliseDays(input.days);
    return withTransaction(db, async (tx) => {
      await lockCalendar(tx);
      const stored = await storedDays(tx, days);
      checkSeen(days, stored, input.versions);
      const existing = days.filter((d) => stored.has(d));
      const fresh = days.filter((d) => !stored.has(d));
      if (existing.length) {
        await tx
          .update(baseCalendarDay)
          .set({ dayType: input.dayType, dayName: input.dayName, source: 'MANUAL', ...updatedBy(change.actor, baseCalendarDay) })
          .where(and(notDeleted(baseCalendarDay), inArray(baseCalendarDay.day, existing)));
      }
      if (fresh.length) {
        await tx.insert(baseCalendarDay).values(fresh.map((day) => ({ day, dayType: input.dayType, dayName: input.dayName, source: 'MANUAL', ...createdBy(change.actor) })));
      }
      const label = input.dayType === 'HOLIDAY' ? '休息日' : '调休上班日';
      await recordOperation(tx, {
        module: CALENDAR_MODULE,
        action: 'MARK',
        entityId: describeDays(days).slice(0, 64),
        summary: `标记${describeDays(days)}为${label}「${input.dayName}」`,
        before: days.map((d) => brief(stored.get(d)) ?? { day: d, dayType: null }),
        after: days.map((d) => ({ day: d, dayType: input.dayType, dayName: input.dayName, source: 'MANUAL' })),
        ...change,
      });
      return { days, marked: days.length, replaced: existing.length };
    });
  }

  return {
    /** Every day from start to end with its kind and stored row, and the weekend setting of each year touched. */
    async days(start: IsoDate, end: IsoDate): Promise<{ days: CalendarDayView[]; years: YearSetting[] }> {
      const kinds = await workingDays.kinds(start, end);
      if (!kinds.length) throw errors.badRequest('结束日期不能早于开始日期');
      const rows = await db.select().from(baseCalendarDay).where(and(notDeleted(baseCalendarDay), between(baseCalendarDay.day, start, end)));
      const byDay = new Map(rows.map((r) => [r.day, r]));
      const years = Array.from({ length: yearOf(end) - yearOf(start) + 1 }, (_, i) => yearOf(start) + i);
      const settings = await yearSettings(db, years);
      return {
        days: kinds.map(({ day, kind }) => {
          const row = byDay.get(day);
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
      return withTransaction(db, async (tx) => {
        await lockCalendar(tx);
        const stored = await storedDays(tx, days);
        checkSeen(days, stored, input.versions);
        const unmarked = days.filter((d) => stored.get(d)?.source !== 'MANUAL');
        if (unmarked.length) throw errors.badRequest(`${unmarked.slice(0, 3).join('、')}${unmarked.length > 3 ? ' 等' : ''}没有节假日或调休标记，无需取消`);
        await softDeleteRows(tx, days.map((d) => stored.get(d)!.id), change);
        // Under a year's own weekend setting the day gets back the row that setting writes.
        const settings = await yearSettings(tx, [...new Set(days.map(yearOf))]);
        const restored = days.flatMap((day) => {
          const setting = settings.get(yearOf(day));
          if (!setting) return [];
          const weekday = weekdayOf(dayNumber(day));
          const kind = kindUnder(weekday, parseWeekdays(setting.restWeekdays));
          return kind === plainKind(weekday) ? [] : [{ day, dayType: kind, dayName: null, source: 'WEEKEND', ...createdBy(change.actor) }];
        });
        if (restored.length) await tx.insert(baseCalendarDay).values(restored);
        await recordOperation(tx, {
          module: CALENDAR_MODULE,
          action: 'UNMARK',
          entityId: describeDays(days).slice(0, 64),
          summary: `取消${describeDays(days)}的标记，恢复为${settings.size ? '本年周末设置' : '默认规则（周一至周五上班）'}`,
          before: days.map((d) => brief(stored.get(d))),
          after: restored.map((r) => ({ day: r.day, dayType: r.dayType, dayName: null, source: 'WEEKEND' })),
          ...change,
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
        await lockCalendar(tx);
        const [setting] = await tx.select().from(baseCalendarYear).where(and(notDeleted(baseCalendarYear), eq(baseCalendarYear.year, input.year))).limit(1);
        if ((setting?.lockVersion ?? undefined) !== input.lockVersion) throw errors.staleVersion();
        const year = daysBetween(`${input.year}-01-01`, `${input.year}-12-31`);
        const stored = await storedDays(tx, year);
        let added = 0;
        let changed = 0;
        let removed = 0;
        let kept = 0;
        const toDelete: number[] = [];
        const toInsert: Array<typeof baseCalendarDay.$inferInsert> = [];
        const weekendRow = (day: IsoDate, dayType: DayKind) => ({ day, dayType, dayName: null, source: 'WEEKEND', ...createdBy(change.actor) });
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
        await softDeleteRows(tx, toDelete, change);
        if (toInsert.length) await tx.insert(baseCalendarDay).values(toInsert);
        const restText = rest.join(',');
        const [after] = setting
          ? await tx.update(baseCalendarYear).set({ restWeekdays: restText, ...updatedBy(change.actor, baseCalendarYear) }).where(eq(baseCalendarYear.id, setting.id)).returning()
          : await tx.insert(baseCalendarYear).values({ year: input.year, restWeekdays: restText, ...createdBy(change.actor) }).returning();
        const names = rest.length ? rest.map((w) => WEEKDAY_NAMES[w]).join('、') : '无（每天上班）';
        await recordOperation(tx, {
          module: CALENDAR_MODULE,
          action: 'SET_WEEKENDS',
          entityId: input.year,
          summary: `设置 ${input.year} 年休息日为${names}（保留 ${kept} 个节假日/调休标记）`,
          before: { year: input.year, restWeekdays: setting ? parseWeekdays(setting.restWeekdays) : [...PLAIN_REST_WEEKDAYS] },
          after: { year: input.year, restWeekdays: rest, added, changed, removed, keptMarks: kept },
          ...change,
        });
        return { ...settingView(input.year, after!), added, changed, removed, keptMarks: kept };
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
export type CalendarAdminService = ReturnType<typeof createCalendarAdminService>;
