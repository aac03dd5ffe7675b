import type { FastifyInstance } from 'fastify';
import type { CacheStats } from '../../../core/cache';
import type { Database } from '../../../core/db';

/** Server monitor (/rest/monitorService/getMonitorInfo). */
export function registerMonitorModule(app: FastifyInstance, deps: { database: Database; caches: () => CacheStats[] }) {
  void app;
  void deps;
}
