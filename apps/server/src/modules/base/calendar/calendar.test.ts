import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { notDeleted } from '../../../core/records';
import { baseCalendarDay, baseCalendarYear } from './tables';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const logs = (action: string) => ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'base:calendar'), eq(sysOperLog.action, action)));
const liveRows = () => ctx.database.db.select().from(baseCalendarDay).where(notDeleted(baseCalendarDay)).orderBy(baseCalendarDay.day);
const urls = ['days', 'mark', 'markRange', 'unmark', 'setWeekends', 'workingDays', 'addWorkingDays'].map((m) => `/rest/calendar/${m}`);

interface DayView {
  day: string;
  kind: string;
  dayType: string | null;
  dayName: string | null;
  source: string | null;
  lockVersion: number | null;
}
const viewOf = async (start: string, end = start): Promise<{ days: DayView[]; years: Array<{ year: number; restWeekdays: number[]; explicit: boolean; lockVersion: number | null }> }> =>
  (await call('/rest/calendar/days', { start, end })).body.data;
const countWorking = async (start: string, end: string) => (await call('/rest/calendar/workingDays', { start, end })).body.data.workingDays;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'clerk', password: 'Clerk@2026x', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'clerk', 'Clerk@2026x') };
});
afterAll(async () => {
  await ctx.app.close();
});

describe('calendar routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    await expectRefusedToOutsiders(ctx.app, urls, clerk);
  });

  it('invalid input with 400 and the exact message, storing nothing', async () => {
    const mark = { day: '2026-10-01', dayType: 'HOLIDAY', dayName: '国庆节' };
    const cases: Array<[string, unknown, string]> = [
      ['mark', { ...mark, day: '2026/10/01' }, '日期格式不正确，应为 YYYY-MM-DD'],
      ['mark', { ...mark, day: '2026-02-30' }, '日期不存在：2026-02-30'],
      ['mark', { ...mark, dayName: '  ' }, '请输入名称，如 国庆节'],
      ['mark', { ...mark, dayName: '节'.repeat(65) }, '名称不能超过64个字符'],
      ['mark', { ...mark, dayType: 'REST' }, '日期类型只能是 HOLIDAY（休息）或 WORKDAY（调休上班）'],
      ['mark', { dayType: 'HOLIDAY', dayName: '国庆节' }, '请选择日期'],
      ['mark', { ...mark, day: undefined, days: [] }, '请选择日期'],
      ['markRange', { ...mark, start: '2026-10-07', end: '2026-10-01' }, '结束日期不能早于开始日期'],
      ['markRange', { ...mark, start: '2026-01-01', end: '2027-01-02' }, '一次最多处理 366 天'],
      ['unmark', { day: '2026-11-25' }, '2026-11-25没有节假日或调休标记，无需取消'],
      ['setWeekends', { year: 2026, restWeekdays: [0, 1, 2, 3, 4, 5, 6] }, '每周至少要有一个工作日'],
      ['setWeekends', { year: 1969, restWeekdays: [0, 6] }, '年份必须是 1970–2099 的整数'],
      ['setWeekends', { year: 2026, restWeekdays: [7] }, '休息日只能是 0（周日）到 6（周六）'],
      ['days', { start: '2026-01-01', end: '2027-03-01' }, '一次最多查询 400 天'],
      ['days', { start: '2026-02-01', end: '2026-01-01' }, '结束日期不能早于开始日期'],
      ['workingDays', { start: '2026-10-08', end: '2026-10-01' }, '结束日期不能早于开始日期'],
      ['addWorkingDays', { start: '2026-10-01', days: -1 }, '工作日天数必须是 0–3650 的整数'],
      ['addWorkingDays', { start: '2026-10-01', days: 1.5 }, '工作日天数必须是 0–3650 的整数'],
    ];
    for (const [url, body, msg] of cases) {
      const res = await call(`/rest/calendar/${url}`, body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await ctx.database.db.select().from(baseCalendarDay)).toHaveLength(0);
    expect(await ctx.database.db.select().from(baseCalendarYear)).toHaveLength(0);
  });
});

describe('holiday marks', () => {
  it('marks a weekday as a named holiday, with an operation-log row, and the sums follow', async () => {
    expect(await countWorking('2026-09-28', '2026-10-04')).toBe(5);
    const res = await call('/rest/calendar/mark', { day: '2026-10-01', dayType: 'HOLIDAY', dayName: '国庆节' });
    expect(res.body).toMatchObject({ code: '0000', msg: '标记成功', data: { days: ['2026-10-01'], marked: 1, replaced: 0 } });
    expect(await liveRows()).toMatchObject([{ day: '2026-10-01', dayType: 'HOLIDAY', dayName: '国庆节', source: 'MANUAL', createBy: 'admin', lockVersion: 0 }]);
    expect(await countWorking('2026-09-28', '2026-10-04')).toBe(4);
    const [log] = await logs('MARK');
    expect(log).toMatchObject({ entityId: '2026-10-01', username: 'admin', summary: '标记2026-10-01为休息日「国庆节」' });
    expect(log!.before).toEqual([{ day: '2026-10-01', dayType: null }]);
    expect(log!.after).toEqual([{ day: '2026-10-01', dayType: 'HOLIDAY', dayName: '国庆节', source: 'MANUAL' }]);
    const october = await viewOf('2026-10-01', '2026-10-02');
    expect(october.days).toEqual([
      { day: '2026-10-01', weekday: 4, kind: 'HOLIDAY', dayType: 'HOLIDAY', dayName: '国庆节', source: 'MANUAL', lockVersion: 0 },
      { day: '2026-10-02', weekday: 5, kind: 'WORKDAY', dayType: null, dayName: null, source: null, lockVersion: null },
    ]);
    expect(october.years).toEqual([{ year: 2026, restWeekdays: [0, 6], explicit: false, lockVersion: null }]);
  });

  it('marks a range all or nothing: a stored day the caller did not see refuses the whole range with 409', async () => {
    const range = { start: '2026-10-01', end: '2026-10-07', dayType: 'HOLIDAY', dayName: '国庆节' };
    const unseen = await call('/rest/calendar/markRange', range);
    expect(unseen.status).toBe(409);
    expect(unseen.body.msg).toBe('数据已被他人修改，请刷新后重试');
    expect(await liveRows()).toHaveLength(1);
    const res = await call('/rest/calendar/markRange', { ...range, versions: { '2026-10-01': 0 } });
    expect(res.body.data).toEqual({ days: ['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04', '2026-10-05', '2026-10-06', '2026-10-07'], marked: 7, replaced: 1 });
    expect((await liveRows()).map((r) => [r.day, r.lockVersion])).toEqual([
      ['2026-10-01', 1], ['2026-10-02', 0], ['2026-10-03', 0], ['2026-10-04', 0], ['2026-10-05', 0], ['2026-10-06', 0], ['2026-10-07', 0],
    ]);
    expect((await logs('MARK')).at(-1)).toMatchObject({ entityId: '2026-10-01~2026-10-07 等 7 天', summary: '标记2026-10-01~2026-10-07 等 7 天为休息日「国庆节」' });
    // A version the caller saw that has moved on since is refused too.
    const stale = await call('/rest/calendar/mark', { day: '2026-10-01', dayType: 'HOLIDAY', dayName: '国庆', versions: { '2026-10-01': 0 } });
    expect(stale.status).toBe(409);
  });

  it('marks a Saturday as a make-up working day; the working-day sums count it', async () => {
    const res = await call('/rest/calendar/mark', { days: ['2026-10-10'], dayType: 'WORKDAY', dayName: '国庆节调休上班' });
    expect(res.body.data).toMatchObject({ marked: 1 });
    expect((await logs('MARK')).at(-1)!.summary).toBe('标记2026-10-10为调休上班日「国庆节调休上班」');
    // 9-28 … 10-11: ten weekdays, five of them National Day, plus the Saturday worked.
    expect((await call('/rest/calendar/workingDays', { start: '2026-09-28', end: '2026-10-11' })).body.data).toEqual({ start: '2026-09-28', end: '2026-10-11', totalDays: 14, workingDays: 6, restDays: 8 });
    expect((await call('/rest/calendar/addWorkingDays', { start: '2026-09-30', days: 1 })).body.data).toEqual({ start: '2026-09-30', days: 1, result: '2026-10-08', weekday: 4, calendarDays: 8 });
    expect((await call('/rest/calendar/addWorkingDays', { start: '2026-10-08', days: 2 })).body.data).toMatchObject({ result: '2026-10-10', weekday: 6 });
  });

  it('unmarks a day back to the plain rule under its lock version', async () => {
    const stale = await call('/rest/calendar/unmark', { day: '2026-10-07', versions: { '2026-10-07': 3 } });
    expect(stale.status).toBe(409);
    const res = await call('/rest/calendar/unmark', { days: ['2026-10-07'], versions: { '2026-10-07': 0 } });
    expect(res.body).toMatchObject({ msg: '已取消标记', data: { days: ['2026-10-07'], unmarked: 1 } });
    expect((await viewOf('2026-10-07')).days[0]).toMatchObject({ kind: 'WORKDAY', dayType: null });
    const [log] = await logs('UNMARK');
    expect(log).toMatchObject({ entityId: '2026-10-07', summary: '取消2026-10-07的标记，恢复为默认规则（周一至周五上班）' });
    expect(log!.before).toEqual([{ day: '2026-10-07', dayType: 'HOLIDAY', dayName: '国庆节', source: 'MANUAL' }]);
    // The deleted row is kept as deleted; a new mark on the day is a new row.
    const all = await ctx.database.db.select().from(baseCalendarDay).where(eq(baseCalendarDay.day, '2026-10-07'));
    expect(all).toMatchObject([{ delFlag: 1, lockVersion: 1 }]);
  });
});

describe('weekends set in bulk for a year', () => {
  it('rests on Sundays only in 2027: every Saturday gets a working-day row, marks are kept', async () => {
    // 2027-10-02 is a Saturday; an administrator has already named it.
    await call('/rest/calendar/mark', { day: '2027-10-02', dayType: 'HOLIDAY', dayName: '国庆节' });
    const noSetting = await call('/rest/calendar/setWeekends', { year: 2027, restWeekdays: [0], lockVersion: 0 });
    expect(noSetting.status).toBe(409);
    const res = await call('/rest/calendar/setWeekends', { year: 2027, restWeekdays: [0] });
    // 2027 has 52 Saturdays; the named one stays a holiday.
    expect(res.body).toMatchObject({ msg: '休息日设置已保存', data: { year: 2027, restWeekdays: [0], explicit: true, lockVersion: 0, added: 51, changed: 0, removed: 0, keptMarks: 1 } });
    const january = await viewOf('2027-01-01', '2027-01-10');
    expect(january.days.filter((d) => d.kind === 'WORKDAY').map((d) => d.day)).toEqual([
      '2027-01-01', '2027-01-02', '2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07', '2027-01-08', '2027-01-09',
    ]);
    expect(january.days[1]).toMatchObject({ day: '2027-01-02', dayType: 'WORKDAY', dayName: null, source: 'WEEKEND' });
    expect(january.years).toEqual([{ year: 2027, restWeekdays: [0], explicit: true, lockVersion: 0 }]);
    expect((await viewOf('2027-10-02')).days[0]).toMatchObject({ kind: 'HOLIDAY', dayName: '国庆节', source: 'MANUAL' });
    // 2026 is untouched.
    expect(await countWorking('2026-11-23', '2026-11-29')).toBe(5);
    const [log] = await logs('SET_WEEKENDS');
    expect(log).toMatchObject({ entityId: '2027', summary: '设置 2027 年休息日为周日（保留 1 个节假日/调休标记）' });
    expect(log!.before).toEqual({ year: 2027, restWeekdays: [0, 6] });
    expect(log!.after).toEqual({ year: 2027, restWeekdays: [0], added: 51, changed: 0, removed: 0, keptMarks: 1 });
  });

  it("unmarking a day of such a year returns it to the year's own rule", async () => {
    const res = await call('/rest/calendar/unmark', { day: '2027-10-02', versions: { '2027-10-02': 0 } });
    expect(res.status).toBe(200);
    expect((await viewOf('2027-10-02')).days[0]).toMatchObject({ kind: 'WORKDAY', source: 'WEEKEND' });
    expect((await logs('UNMARK')).at(-1)!.summary).toBe('取消2027-10-02的标记，恢复为本年周末设置');
    const weekendOnly = await call('/rest/calendar/unmark', { day: '2027-10-09', versions: { '2027-10-09': 0 } });
    expect(weekendOnly.body.msg).toBe('2027-10-09没有节假日或调休标记，无需取消');
  });

  it('changes the choice under the lock version, rewriting only the rows the setting wrote', async () => {
    // A Saturday that works under the setting: its row is replaced by the mark, seen version and all.
    expect((await call('/rest/calendar/mark', { day: '2027-05-01', dayType: 'HOLIDAY', dayName: '劳动节' })).status).toBe(409);
    const labour = await call('/rest/calendar/mark', { day: '2027-05-01', dayType: 'HOLIDAY', dayName: '劳动节', versions: { '2027-05-01': 0 } });
    expect(labour.body.data).toMatchObject({ marked: 1, replaced: 1 });
    expect((await viewOf('2027-05-01')).days[0]).toMatchObject({ source: 'MANUAL', lockVersion: 1 });
    const stale = await call('/rest/calendar/setWeekends', { year: 2027, restWeekdays: [5, 6, 0] });
    expect(stale.status).toBe(409);
    // Friday, Saturday and Sunday: Fridays become rest days, the Saturday rows go.
    const res = await call('/rest/calendar/setWeekends', { year: 2027, restWeekdays: [5, 6, 0], lockVersion: 0 });
    expect(res.body.data).toMatchObject({ restWeekdays: [0, 5, 6], lockVersion: 1, added: 53, changed: 0, removed: 51, keptMarks: 1 });
    expect((await viewOf('2027-01-01')).days[0]).toMatchObject({ kind: 'HOLIDAY', source: 'WEEKEND' }); // a Friday
    expect((await viewOf('2027-05-01')).days[0]).toMatchObject({ kind: 'HOLIDAY', dayName: '劳动节' });
    const back = await call('/rest/calendar/setWeekends', { year: 2027, restWeekdays: [0, 6], lockVersion: 1 });
    expect(back.body.data).toMatchObject({ restWeekdays: [0, 6], removed: 53, added: 0, keptMarks: 1 });
    expect((await liveRows()).filter((r) => r.day.startsWith('2027'))).toMatchObject([{ day: '2027-05-01', source: 'MANUAL' }]);
    expect(await ctx.database.db.select().from(baseCalendarYear)).toMatchObject([{ year: 2027, restWeekdays: '0,6', lockVersion: 2 }]);
  });
});
