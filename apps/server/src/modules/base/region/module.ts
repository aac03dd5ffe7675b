import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../../core/bus';
import type { Db } from '../../../core/db';
import { registerRegionGroupRoutes } from './groupRoutes';
import { createRegionGroupService } from './groupService';
import { registerRegionRoutes } from './routes';
import { createRegionService } from './service';

/** Regions and region groups (/rest/region/*). */
export function registerRegionModule(app: FastifyInstance, deps: { db: Db; bus: EventBus }) {
  const regions = createRegionService(deps);
  registerRegionRoutes(app, { regions });
  registerRegionGroupRoutes(app, { groups: createRegionGroupService({ db: deps.db, regions }) });
}
