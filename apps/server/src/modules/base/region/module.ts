import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';
import type { EventBus } from '../../../core/bus';

/** Regions and region groups (/rest/region/*). */
export function registerRegionModule(app: FastifyInstance, deps: { db: Db; bus: EventBus }) {
  void app;
  void deps;
}
