import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';
import { registerLayoutRoutes } from './routes';
import { createLayoutService } from './service';

/** Layouts (布局): registers /rest/layout/*. */
export function registerLayoutModule(app: FastifyInstance, deps: { db: Db }): void {
  registerLayoutRoutes(app, createLayoutService(deps));
}
