import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok, type FakeCall } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import CalendarPage from './CalendarPage';
import type { CalendarDay } from './api';
import { addDays, monthWeeks, weekdayOf } from './calendarDates';

const ALL = ['base:calendar:list', 'base:calendar:add', 'base:calendar:upd', 'base:calendar:del'];

type Mark = Pick<CalendarDay, 'dayType' | 'dayName' | 'source' | 'lockVersion'>;

/** A fake of /rest/calendar/days over a set of stored marks, the way the server answers it. */
function calendarServer(marks: Record<string, Mark>, extra: Record<string, (call: FakeCall) => ReturnType<typeof ok>> = {}) {
  const server = fakeServer({
    '/rest/calendar/days': (call) => {
      const { start, end } = call.body as { start: string; end: string };
      const days: CalendarDay[] = [];
      for (let day = start; day <= end; day = addDays(day, 1)) {
        const weekday = weekdayOf(day);
        const mark = marks[day];
        const plain = weekday === 0 || weekday === 6 ? 'HOLIDAY' : 'WORKDAY';
        days.push({ day, weekday, kind: mark?.dayType ?? plain, dayType: mark?.dayType ?? null, dayName: mark?.dayName ?? null, source: mark?.source ?? null, lockVersion: mark?.lockVersion ?? null });
      }
      const year = Number(start.slice(0, 4));
      return ok({ days, years: [{ year, restWeekdays: [0, 6], explicit: false, lockVersion: null }] });
    },
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const NATIONAL_DAY: Record<string, Mark> = {
  '2026-10-01': { dayType: 'HOLIDAY', dayName: '国庆节', source: 'MANUAL', lockVersion: 2 },
  '2026-10-10': { dayType: 'WORKDAY', dayName: '国庆节调休上班', source: 'MANUAL', lockVersion: 0 },
};
const cell = (day: string) => document.querySelector<HTMLButtonElement>(`[data-day="${day}"]`)!;
const press = (day: string, to = day) => {
  fireEvent.mouseDown(cell(day), { button: 0 });
  if (to !== day) fireEvent.mouseEnter(cell(to));
  fireEvent.mouseUp(window);
};
const open = () => renderAtRoute(<CalendarPage />, '/base/calendar/calendarList', '/base/calendar/calendarList');
const visibleDialog = async () => (await screen.findAllByRole('dialog')).find((d) => !d.closest('.ant-modal-wrap[style*="display: none"]'))!;

// A year view renders 365 day buttons: on a loaded two-core machine a test may need more than the default.
beforeEach(() => {
  // Today is 2026-11-25 in Beijing; only Date is faked, timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T04:00:00Z') });
  useConsoleStore.setState({ authList: ALL });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CalendarPage', { timeout: 30_000 }, () => {
  it('shows the year as twelve months coloured by kind, with a legend and the year’s marks', async () => {
    calendarServer(NATIONAL_DAY);
    open();
    await waitFor(() => expect(cell('2026-10-01').dataset.tone).toBe('holiday'));
    expect(screen.getByRole('heading', { name: '2026年' })).toBeTruthy();
    expect(screen.getAllByRole('group').filter((g) => /^2026年\d+月$/.test(g.getAttribute('aria-label') ?? ''))).toHaveLength(12);
    expect(cell('2026-10-10').dataset.tone).toBe('makeup');
    expect(cell('2026-10-03').dataset.tone).toBe('rest');
    expect(cell('2026-10-09').dataset.tone).toBe('work');
    expect(cell('2026-11-25').className).toContain('today');
    expect(cell('2026-10-01').getAttribute('aria-label')).toBe('2026年10月1日 星期四，节假日：国庆节');
    expect(within(screen.getByLabelText('图例')).getByText('调休上班（班）')).toBeTruthy();
    const list = screen.getByText('本年节假日与调休（2）').closest('.ant-card')! as HTMLElement;
    expect(within(list).getByText('国庆节调休上班')).toBeTruthy();
  });

  it('the month view shows one month with names; the arrows move by month', async () => {
    calendarServer(NATIONAL_DAY);
    open();
    await waitFor(() => expect(cell('2026-10-01')).toBeTruthy());
    fireEvent.click(within(screen.getByRole('group', { name: '2026年10月' })).getByRole('button', { name: '10月' }));
    expect(await screen.findByRole('heading', { name: '2026年10月' })).toBeTruthy();
    expect(cell('2026-10-01').textContent).toContain('国庆节');
    expect(cell('2026-10-03').textContent).toContain('周末');
    expect(document.querySelectorAll('[data-day]')).toHaveLength(31);
    fireEvent.click(screen.getByRole('button', { name: '上个月' }));
    expect(await screen.findByRole('heading', { name: '2026年9月' })).toBeTruthy();
    expect(document.querySelectorAll('[data-day]')).toHaveLength(30);
  });

  it('a click on a working day marks it as a named holiday, then the calendar reloads', async () => {
    const server = calendarServer({}, { '/rest/calendar/mark': () => ok({ days: ['2026-10-14'], marked: 1, replaced: 0 }, '标记成功') });
    open();
    await waitFor(() => expect(cell('2026-10-14')).toBeTruthy());
    press('2026-10-14');
    const dialog = await visibleDialog();
    expect(within(dialog).getByText('2026年10月14日 星期三')).toBeTruthy();
    expect(within(dialog).getByText('工作日')).toBeTruthy();
    expect(buttonNamed('取消标记')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(dialog).getByText('请输入名称，如 国庆节')).toBeTruthy());
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '校庆日' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.callsTo('/rest/calendar/mark')).toHaveLength(1));
    expect(server.callsTo('/rest/calendar/mark')[0]!.body).toEqual({ days: ['2026-10-14'], dayType: 'HOLIDAY', dayName: '校庆日', versions: {} });
    expect(await screen.findByText('标记成功')).toBeTruthy();
    await waitFor(() => expect(server.callsTo('/rest/calendar/days')).toHaveLength(2));
  });

  it('a marked day can be unmarked, carrying the version it was seen at', async () => {
    const server = calendarServer(NATIONAL_DAY, { '/rest/calendar/unmark': () => ok({ days: ['2026-10-01'], unmarked: 1 }, '已取消标记') });
    open();
    await waitFor(() => expect(cell('2026-10-01').dataset.tone).toBe('holiday'));
    press('2026-10-01');
    const dialog = await visibleDialog();
    expect(within(dialog).getByText('节假日「国庆节」')).toBeTruthy();
    expect((within(dialog).getByLabelText('名称') as HTMLInputElement).value).toBe('国庆节');
    fireEvent.click(buttonNamed('取消标记')!);
    await waitFor(() => expect(server.callsTo('/rest/calendar/unmark')).toHaveLength(1));
    expect(server.callsTo('/rest/calendar/unmark')[0]!.body).toEqual({ days: ['2026-10-01'], versions: { '2026-10-01': 2 } });
  });

  it('dragging across days opens the range dialog; saving sends the versions of the marks it replaces', async () => {
    const server = calendarServer(NATIONAL_DAY, { '/rest/calendar/markRange': () => ok({ days: [], marked: 7, replaced: 1 }, '标记成功') });
    open();
    await waitFor(() => expect(cell('2026-10-07')).toBeTruthy());
    press('2026-10-07', '2026-10-01');
    const dialog = await visibleDialog();
    expect(within(dialog).getByText('标记区间')).toBeTruthy();
    expect(await within(dialog).findByText('共 7 天，其中 1 天已有标记或年度设置，保存后将被覆盖。')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '国庆节' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.callsTo('/rest/calendar/markRange')).toHaveLength(1));
    expect(server.callsTo('/rest/calendar/markRange')[0]!.body).toEqual({ start: '2026-10-01', end: '2026-10-07', dayType: 'HOLIDAY', dayName: '国庆节', versions: { '2026-10-01': 2 } });
    expect(await screen.findByText('已标记 7 天')).toBeTruthy();
  });

  it('the weekends dialog starts from the year’s setting and sends the chosen rest days', async () => {
    const server = calendarServer({}, { '/rest/calendar/setWeekends': (call) => ok({ ...(call.body as object), explicit: true, lockVersion: 0, added: 52, changed: 0, removed: 0, keptMarks: 0 }) });
    open();
    await waitFor(() => expect(cell('2026-10-01')).toBeTruthy());
    fireEvent.click(buttonNamed('批量设置周末')!);
    const dialog = await visibleDialog();
    const box = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    expect([box('星期六').checked, box('星期日').checked, box('星期五').checked]).toEqual([true, true, false]);
    fireEvent.click(box('星期五'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.callsTo('/rest/calendar/setWeekends')).toHaveLength(1));
    expect(server.callsTo('/rest/calendar/setWeekends')[0]!.body).toEqual({ year: 2026, restWeekdays: [5, 6, 0] });
    expect(await screen.findByText('2026 年休息日已保存：新增 52 天，调整 0 天，移除 0 天，保留 0 个节假日/调休标记')).toBeTruthy();
  });

  it('without the codes, days only show: no dialogs, no buttons', async () => {
    useConsoleStore.setState({ authList: ['base:calendar:list'] });
    calendarServer(NATIONAL_DAY);
    open();
    await waitFor(() => expect(cell('2026-10-14')).toBeTruthy());
    press('2026-10-14');
    expect(screen.queryAllByRole('dialog')).toHaveLength(0);
    for (const label of ['标记区间', '批量设置周末']) expect(buttonNamed(label), label).toBeNull();
  });
});

describe('WorkingDayPanel', { timeout: 30_000 }, () => {
  it('answers working days between two dates and a date plus N working days', async () => {
    const server = calendarServer({}, {
      '/rest/calendar/workingDays': () => ok({ start: '2026-09-28', end: '2026-10-11', totalDays: 14, workingDays: 6, restDays: 8 }),
      '/rest/calendar/addWorkingDays': () => ok({ start: '2026-09-30', days: 1, result: '2026-10-08', weekday: 4, calendarDays: 8 }),
    });
    open();
    await waitFor(() => expect(cell('2026-10-01')).toBeTruthy());
    const panel = screen.getByText('工作日计算').closest('.ant-card')! as HTMLElement;
    const typeInto = (input: HTMLElement, value: string) => {
      fireEvent.mouseDown(input);
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    };
    typeInto(within(panel).getByPlaceholderText('开始日期'), '2026-09-28');
    typeInto(within(panel).getByPlaceholderText('结束日期'), '2026-10-11');
    await waitFor(() => expect((within(panel).getByRole('button', { name: '计算工作日天数' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(panel).getByRole('button', { name: '计算工作日天数' }));
    expect((await within(panel).findByRole('status', { name: '工作日天数结果' })).textContent).toBe('2026-09-28 至 2026-10-11 共 14 天：工作日 6 天，休息日 8 天');
    expect(server.callsTo('/rest/calendar/workingDays')[0]!.body).toEqual({ start: '2026-09-28', end: '2026-10-11' });

    typeInto(within(panel).getByPlaceholderText('起始日期'), '2026-09-30');
    fireEvent.change(within(panel).getByLabelText('工作日数'), { target: { value: '1' } });
    await waitFor(() => expect((within(panel).getByRole('button', { name: '计算结束日期' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(panel).getByRole('button', { name: '计算结束日期' }));
    expect((await within(panel).findByRole('status', { name: '加工作日结果' })).textContent).toBe('2026-09-30 之后第 1 个工作日：2026-10-08（星期四，相隔 8 个自然日）');
    expect(server.callsTo('/rest/calendar/addWorkingDays')[0]!.body).toEqual({ start: '2026-09-30', days: 1 });
  });
});

describe('monthWeeks', () => {
  it('lays a month out Monday first, padding the first and last week', () => {
    const october = monthWeeks(2026, 10); // 10-01 is a Thursday
    expect(october[0]).toEqual([null, null, null, '2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04']);
    expect(october.at(-1)).toEqual(['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', null]);
    expect(monthWeeks(2027, 2).flat().filter(Boolean)).toHaveLength(28);
  });
});
