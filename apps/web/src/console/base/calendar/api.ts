/** Holiday calendar: the console's calls of the shared contract (`@dandelion/shared/base/calendar`). */
import type { CallData, CallInput } from '@dandelion/shared';
import { calendarCalls as calls } from '@dandelion/shared/base/calendar';
import { call } from '../../../api/call';

export type CalendarDays = CallData<typeof calls.days>;
export type CalendarDay = CalendarDays['days'][number];
export type YearSetting = CalendarDays['years'][number];

/** The lock versions of the stored days among `days` (what the server checks a change against). */
export function versionsOf(days: readonly CalendarDay[]): Record<string, number> {
  return Object.fromEntries(days.filter((d) => d.lockVersion !== null).map((d) => [d.day, d.lockVersion!]));
}

/** Every query of the calendar page starts with this key: a change reloads them all. */
export const CALENDAR_QUERY_KEY = ['calendar'] as const;

export const calendarApi = {
  days: (start: string, end: string, signal?: AbortSignal) => call(calls.days, { start, end }, { signal }),
  mark: (body: CallInput<typeof calls.mark>) => call(calls.mark, body, { silent: true }),
  markRange: (body: CallInput<typeof calls.markRange>) => call(calls.markRange, body, { silent: true }),
  unmark: (body: CallInput<typeof calls.unmark>) => call(calls.unmark, body, { silent: true }),
  setWeekends: (body: CallInput<typeof calls.setWeekends>) => call(calls.setWeekends, body, { silent: true }),
  countWorkingDays: (start: string, end: string, signal?: AbortSignal) => call(calls.workingDays, { start, end }, { signal, silent: true }),
  addWorkingDays: (start: string, days: number, signal?: AbortSignal) => call(calls.addWorkingDays, { start, days }, { signal, silent: true }),
};
