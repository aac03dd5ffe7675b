import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db';

/** Server monitor (/rest/monitorService/getMonitorInfo). */
export function registerMonitorModule(app: FastifyInstance, deps: { database: Database }) {
  void app;
  void deps;
}
