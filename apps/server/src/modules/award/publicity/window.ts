import type { PublicityDayKind } from '@dandelion/shared/award/publicity';
import type { WorkingDayCalendar } from '../../base/calendar/module';

const DAY_MS = 86_400_000;
const BEIJING_MS = 8 * 3_600_000;

/** The Beijing date (YYYY-MM-DD) a moment falls on: publicity windows are Beijing dates. */
export function beijingDay(moment: Date): string {
  return new Date(moment.getTime() + BEIJING_MS).toISOString().slice(0, 10);
}

/** The first moment after a Beijing date: a window ending on `day` is open while now is before it. */
export function afterBeijingDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS - BEIJING_MS);
}

/**
 * The last day of a window of `days` days from `start` (both ends included). Working days count only
 * the holiday calendar's working days: a window starting on a rest day begins on the next working day.
 */
export async function windowEnd(calendar: WorkingDayCalendar, start: string, days: number, dayKind: PublicityDayKind): Promise<string> {
  if (dayKind === 'NATURAL') return new Date(Date.parse(`${start}T00:00:00Z`) + (days - 1) * DAY_MS).toISOString().slice(0, 10);
  const first = await calendar.addWorkingDays(start, 0);
  return calendar.addWorkingDays(first, days - 1);
}
