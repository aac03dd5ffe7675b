import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';
import { createCalendarAdminService } from './admin';
import { registerCalendarRoutes } from './routes';
import type { WorkingDayCalendar } from './service';

/** Holiday calendar (/rest/calendar/*) and the working-day API. */
export function registerCalendarModule(app: FastifyInstance, deps: { db: Db; workingDays: WorkingDayCalendar }) {
  registerCalendarRoutes(app, { calendar: createCalendarAdminService(deps) });
}
