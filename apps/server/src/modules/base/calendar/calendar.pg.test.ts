import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../core/db';
import { notDeleted } from '../../../core/records';
import { resetDatabase, testDatabase } from '../../../../test/helpers/testDatabase';
import { createHolidayService } from './holidays';
import { baseCalendarDay } from './tables';
import { createWorkingDayCalendar } from './service';

// A *.pg.test.ts file runs only in the server-pg project: real concurrency needs a PostgreSQL server.
let database: Database;
const change = { actor: { id: 1, name: 'admin' } };

beforeAll(async () => {
  database = await testDatabase();
  await resetDatabase(database);
});
afterAll(async () => {
  await resetDatabase(database);
});

describe('calendar changes under real concurrency (PostgreSQL)', () => {
  it('ten administrators marking the same unmarked day at once: one wins, the others get 409, one row is stored', async () => {
    const calendar = createHolidayService({ db: database.db, workingDays: createWorkingDayCalendar({ db: database.db }) });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => calendar.mark({ days: ['2026-12-16'], dayType: 'HOLIDAY', dayName: `校庆${i}`, versions: {} }, change)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refusals = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected').map((o) => [o.reason.status, o.reason.message]);
    expect(refusals).toEqual(Array.from({ length: 9 }, () => [409, '数据已被他人修改，请刷新后重试']));
    expect(await database.db.select().from(baseCalendarDay).where(notDeleted(baseCalendarDay))).toHaveLength(1);
  });
});
