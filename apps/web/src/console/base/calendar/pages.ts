import type { ConsolePage } from '../../pageTypes';

/** The calendar pages, by menu component key (see console/pages.ts). */
export const CALENDAR_PAGES: Record<string, ConsolePage> = {
  'base/calendar/calendarList': { paths: ['/base/calendar/calendarList'], load: () => import('./CalendarPage') },
};
