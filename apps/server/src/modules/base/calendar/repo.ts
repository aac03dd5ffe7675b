import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { DayKind } from '@dandelion/shared/base/calendar';
import type { Executor } from '../../../core/db';
import { createdBy, DEL_FLAG, notDeleted, updatedBy, type Actor } from '../../../core/records';
import { baseCalendarDay, baseCalendarYear } from './tables';

/** A calendar date in Beijing time, written YYYY-MM-DD. */
export type IsoDate = string;
export type DayRow = typeof baseCalendarDay.$inferSelect;
export type YearRow = typeof baseCalendarYear.$inferSelect;
export type NewDay = Pick<typeof baseCalendarDay.$inferInsert, 'day' | 'dayType' | 'dayName' | 'source'>;

// Calendar changes are rare and touch many rows: they queue on one transaction-scoped lock, so the
// versions a caller saw are checked and written without another change slipping in between.
const CALENDAR_LOCK_KEY = 724_160_611;

const byDay = <R extends { day: IsoDate }>(rows: R[]) => new Map(rows.map((r) => [r.day, r]));

/** Every query of the holiday calendar; each takes the executor (database or open transaction) to run on. */
export const calendarRepo = {
  /** Holds the calendar's change lock until the transaction ends. */
  async lock(tx: Executor): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${CALENDAR_LOCK_KEY})`);
  },

  /** The kind of each stored day from `from` to `to` (inclusive), by date. */
  async kindsBetween(ex: Executor, from: IsoDate, to: IsoDate): Promise<Map<IsoDate, DayKind>> {
    const rows = await ex
      .select({ day: baseCalendarDay.day, dayType: baseCalendarDay.dayType })
      .from(baseCalendarDay)
      .where(and(notDeleted(baseCalendarDay), between(baseCalendarDay.day, from, to)));
    return new Map(rows.map((r) => [r.day, r.dayType as DayKind]));
  },

  /** The stored days from `from` to `to` (inclusive), by date. */
  async daysBetween(ex: Executor, from: IsoDate, to: IsoDate): Promise<Map<IsoDate, DayRow>> {
    return byDay(await ex.select().from(baseCalendarDay).where(and(notDeleted(baseCalendarDay), between(baseCalendarDay.day, from, to))));
  },

  /** The stored rows of `days`, by date. */
  async days(ex: Executor, days: IsoDate[]): Promise<Map<IsoDate, DayRow>> {
    if (!days.length) return new Map();
    return byDay(await ex.select().from(baseCalendarDay).where(and(notDeleted(baseCalendarDay), inArray(baseCalendarDay.day, days))));
  },

  /** Gives stored days a new kind and name as marks of an administrator. */
  async markStored(ex: Executor, days: IsoDate[], dayType: DayKind, dayName: string, actor: Actor): Promise<void> {
    if (!days.length) return;
    await ex
      .update(baseCalendarDay)
      .set({ dayType, dayName, source: 'MANUAL', ...updatedBy(actor, baseCalendarDay) })
      .where(and(notDeleted(baseCalendarDay), inArray(baseCalendarDay.day, days)));
  },

  async insertDays(ex: Executor, days: NewDay[], actor: Actor): Promise<void> {
    if (days.length) await ex.insert(baseCalendarDay).values(days.map((d) => ({ ...d, ...createdBy(actor) })));
  },

  async softDeleteDays(ex: Executor, ids: number[], actor: Actor): Promise<void> {
    if (!ids.length) return;
    await ex
      .update(baseCalendarDay)
      .set({ delFlag: DEL_FLAG.DELETED, ...updatedBy(actor, baseCalendarDay) })
      .where(inArray(baseCalendarDay.id, ids));
  },

  /** The weekend settings of `years` that were set, by year. */
  async yearSettings(ex: Executor, years: number[]): Promise<Map<number, YearRow>> {
    if (!years.length) return new Map();
    const rows = await ex.select().from(baseCalendarYear).where(and(notDeleted(baseCalendarYear), inArray(baseCalendarYear.year, years)));
    return new Map(rows.map((r) => [r.year, r]));
  },

  /** Stores a year's rest weekdays ('0,6'): a new setting, or a change of `setting`. */
  async saveYear(ex: Executor, year: number, restWeekdays: string, setting: YearRow | undefined, actor: Actor): Promise<YearRow> {
    const [row] = setting
      ? await ex.update(baseCalendarYear).set({ restWeekdays, ...updatedBy(actor, baseCalendarYear) }).where(eq(baseCalendarYear.id, setting.id)).returning()
      : await ex.insert(baseCalendarYear).values({ year, restWeekdays, ...createdBy(actor) }).returning();
    return row!;
  },
};
