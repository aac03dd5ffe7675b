/** Holiday calendar (/rest/calendar/*); server: apps/server/src/modules/base/calendar/routes.ts. */
import { postJson } from '../../../api/http';

export const CALENDAR_PERMISSIONS = {
  list: 'base:calendar:list',
  add: 'base:calendar:add',
  upd: 'base:calendar:upd',
  del: 'base:calendar:del',
} as const;

export type DayKind = 'HOLIDAY' | 'WORKDAY';
export type DaySource = 'MANUAL' | 'WEEKEND';

export interface CalendarDay {
  day: string;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  kind: DayKind;
  dayType: DayKind | null;
  dayName: string | null;
  source: DaySource | null;
  lockVersion: number | null;
}

export interface YearSetting {
  year: number;
  restWeekdays: number[];
  explicit: boolean;
  lockVersion: number | null;
}

export interface CalendarDays {
  days: CalendarDay[];
  years: YearSetting[];
}

/** The lock versions of the stored days among `days` (what the server checks a change against). */
export function versionsOf(days: readonly CalendarDay[]): Record<string, number> {
  return Object.fromEntries(days.filter((d) => d.lockVersion !== null).map((d) => [d.day, d.lockVersion!]));
}

/** Every query of the calendar page starts with this key: a change reloads them all. */
export const CALENDAR_QUERY_KEY = ['calendar'] as const;

export const fetchCalendarDays = (start: string, end: string, signal?: AbortSignal) => postJson<CalendarDays>('/rest/calendar/days', { start, end }, { signal });
export const markDays = (body: { days: string[]; dayType: DayKind; dayName: string; versions: Record<string, number> }) =>
  postJson<{ days: string[]; marked: number; replaced: number }>('/rest/calendar/mark', body, { silent: true });
export const markRange = (body: { start: string; end: string; dayType: DayKind; dayName: string; versions: Record<string, number> }) =>
  postJson<{ days: string[]; marked: number; replaced: number }>('/rest/calendar/markRange', body, { silent: true });
export const unmarkDays = (body: { days: string[]; versions: Record<string, number> }) => postJson<{ days: string[]; unmarked: number }>('/rest/calendar/unmark', body, { silent: true });
export const setWeekends = (body: { year: number; restWeekdays: number[]; lockVersion?: number }) =>
  postJson<YearSetting & { added: number; changed: number; removed: number; keptMarks: number }>('/rest/calendar/setWeekends', body, { silent: true });
export const countWorkingDays = (start: string, end: string, signal?: AbortSignal) =>
  postJson<{ start: string; end: string; totalDays: number; workingDays: number; restDays: number }>('/rest/calendar/workingDays', { start, end }, { signal, silent: true });
export const addWorkingDays = (start: string, days: number, signal?: AbortSignal) =>
  postJson<{ start: string; days: number; result: string; weekday: number; calendarDays: number }>('/rest/calendar/addWorkingDays', { start, days }, { signal, silent: true });
