import { sql } from 'drizzle-orm';
import { date, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../../core/records';

/**
 * Holiday calendar: only days that differ from the plain rule are stored. A date with
 * no row is a working day from Monday to Friday and a rest day at the weekend.
 */
export const baseCalendarDay = pgTable(
  'base_calendar_day',
  {
    id: idColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    /** HOLIDAY (a rest day, including a weekend set in bulk) or WORKDAY (a make-up working day). */
    dayType: varchar('day_type', { length: 16 }).notNull(),
    /** 国庆节, 调休上班 … */
    dayName: varchar('day_name', { length: 64 }),
    /**
     * MANUAL: marked by an administrator (a named holiday or make-up day). WEEKEND: written by the
     * year's weekend setting (base_calendar_year); rewritten whenever that setting changes, while
     * MANUAL rows are never touched by it.
     */
    source: varchar('source', { length: 16 }).notNull().default('MANUAL'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('base_calendar_day_uq').on(t.day).where(sql`del_flag = 0`)],
);

/**
 * A year whose rest weekdays differ from Saturday and Sunday, or were set explicitly. Its
 * WEEKEND rows in base_calendar_day make the working-day rule follow it; the row is kept so that
 * unmarking a day returns it to the year's rule rather than to Saturday and Sunday.
 */
export const baseCalendarYear = pgTable(
  'base_calendar_year',
  {
    id: idColumn(),
    year: integer('year').notNull(),
    /** Rest weekdays, 0 Sunday … 6 Saturday, ascending and comma-separated: '0,6'. */
    restWeekdays: varchar('rest_weekdays', { length: 16 }).notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('base_calendar_year_uq').on(t.year).where(sql`del_flag = 0`)],
);
