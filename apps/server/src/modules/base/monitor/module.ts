import type { FastifyInstance } from 'fastify';
import type { CacheStats } from '../../../core/cache';
import type { Database } from '../../../core/db';
import { registerMonitorRoutes } from './routes';
import { createMonitorService } from './service';

/** Server monitor (/rest/monitorService/getMonitorInfo). */
export function registerMonitorModule(app: FastifyInstance, deps: { database: Database; caches: () => CacheStats[] }) {
  const monitor = createMonitorService({
    ...deps,
    // The log module's writers, when it runs in this app.
    logWriters: () => (app.hasDecorator('logWriters') ? app.logWriters.stats() : []),
  });
  app.addHook('onClose', async () => monitor.close());
  registerMonitorRoutes(app, { monitor });
}
