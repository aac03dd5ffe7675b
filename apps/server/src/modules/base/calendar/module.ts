import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';
import { createHolidayService } from './holidays';
import { registerCalendarRoutes } from './routes';
import { createWorkingDayCalendar, type WorkingDayCalendar } from './service';

export type { DayKind, IsoDate, WorkingDayCalendar } from './service';
/** Beijing dates and deadlines: what a module counting in working days turns moments into and back. */
export { beijingDate, endOfBeijingDay } from './service';

/**
 * Holiday calendar (/rest/calendar/*). Answers the working-day calendar other modules count
 * deadlines with (process stages, declaration windows).
 */
export function registerCalendarModule(app: FastifyInstance, deps: { db: Db }): WorkingDayCalendar {
  const workingDays = createWorkingDayCalendar(deps);
  registerCalendarRoutes(app, createHolidayService({ db: deps.db, workingDays }));
  return workingDays;
}
