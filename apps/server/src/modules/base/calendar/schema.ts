import { sql } from 'drizzle-orm';
import { date, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
    ...auditColumns,
  },
  (t) => [uniqueIndex('base_calendar_day_uq').on(t.day).where(sql`del_flag = 0`)],
);
