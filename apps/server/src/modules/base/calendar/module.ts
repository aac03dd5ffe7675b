import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';

/** Holiday calendar (/rest/calendar/*) and the working-day API. */
export function registerCalendarModule(app: FastifyInstance, deps: { db: Db }) {
  void app;
  void deps;
}
