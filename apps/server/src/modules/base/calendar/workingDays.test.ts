import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../core/db';
import { resetDatabase, testDatabase } from '../../../../test/helpers/testDatabase';
import { baseCalendarDay } from './tables';
import { beijingDate, createWorkingDayCalendar, endOfBeijingDay, type WorkingDayCalendar } from './service';

let database: Database;
let calendar: WorkingDayCalendar;

beforeAll(async () => {
  database = await testDatabase();
  await resetDatabase(database);
  calendar = createWorkingDayCalendar({ db: database.db });
  // National Day 2026: 10-01 … 10-07 off, Saturday 10-10 worked in exchange.
  const holidays = ['2026-10-01', '2026-10-02', '2026-10-05', '2026-10-06', '2026-10-07'].map((day) => ({ day, dayType: 'HOLIDAY', dayName: '国庆节' }));
  await database.db.insert(baseCalendarDay).values([...holidays, { day: '2026-10-10', dayType: 'WORKDAY', dayName: '国庆节调休上班' }]);
  // A deleted mark counts for nothing.
  await database.db.insert(baseCalendarDay).values({ day: '2026-11-25', dayType: 'HOLIDAY', dayName: '已删除', delFlag: 1 });
});
afterAll(async () => {
  await resetDatabase(database);
});

describe('working-day calendar', () => {
  it('works Monday to Friday unless a day is marked otherwise', async () => {
    expect(await calendar.isWorkingDay('2026-11-25')).toBe(true); // a Wednesday; its mark is deleted
    expect(await calendar.isWorkingDay('2026-11-28')).toBe(false); // Saturday
    expect(await calendar.isWorkingDay('2026-10-01')).toBe(false); // Thursday, but a holiday
    expect(await calendar.isWorkingDay('2026-10-10')).toBe(true); // Saturday, but a make-up working day
  });

  it('counts working days between two dates, both ends included', async () => {
    expect(await calendar.workingDaysBetween('2026-11-23', '2026-11-29')).toBe(5);
    // 9-28 … 10-11: two weeks with five holidays on weekdays and one Saturday worked.
    expect(await calendar.workingDaysBetween('2026-09-28', '2026-10-11')).toBe(10 - 5 + 1);
    expect(await calendar.workingDaysBetween('2026-11-29', '2026-11-23')).toBe(0);
  });

  it('adds working days, skipping weekends and holidays', async () => {
    expect(await calendar.addWorkingDays('2026-11-27', 1)).toBe('2026-11-30'); // Friday + 1 → Monday
    expect(await calendar.addWorkingDays('2026-09-30', 1)).toBe('2026-10-08'); // over National Day
    expect(await calendar.addWorkingDays('2026-10-08', 2)).toBe('2026-10-10'); // the make-up Saturday counts
    expect(await calendar.addWorkingDays('2026-11-28', 0)).toBe('2026-11-30'); // a rest day moves to the next working day
    expect(await calendar.addWorkingDays('2026-01-05', 250)).toBe('2026-12-25');
  });

  it('refuses impossible input with a message', async () => {
    await expect(calendar.addWorkingDays('2026-02-30', 1)).rejects.toMatchObject({ status: 400, message: '日期不存在：2026-02-30' });
    await expect(calendar.addWorkingDays('2026/11/01', 1)).rejects.toMatchObject({ message: '日期格式不正确：2026/11/01（应为 YYYY-MM-DD）' });
    await expect(calendar.addWorkingDays('2026-11-01', -1)).rejects.toMatchObject({ message: '工作日天数必须是不小于 0 的整数' });
  });

  it('lists the kind of each day of a month', async () => {
    const october = await calendar.kinds('2026-10-01', '2026-10-31');
    expect(october).toHaveLength(31);
    expect(october.filter((d) => d.kind === 'WORKDAY')).toHaveLength(22 - 5 + 1);
    expect(october.find((d) => d.day === '2026-10-10')).toEqual({ day: '2026-10-10', kind: 'WORKDAY', stored: true });
  });

  it('reads Beijing dates and end-of-day deadlines across the UTC day boundary', () => {
    expect(beijingDate(new Date('2026-11-24T16:30:00Z'))).toBe('2026-11-25');
    expect(endOfBeijingDay('2026-11-25').toISOString()).toBe('2026-11-25T15:59:59.999Z');
  });
});
