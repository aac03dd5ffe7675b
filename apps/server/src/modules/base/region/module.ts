import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../../core/bus';
import type { Db } from '../../../core/db';
import { createRegionGroupService } from './groups';
import { registerRegionRoutes } from './routes';
import { createRegionService } from './service';

/** Regions and region groups (/rest/region/*): the portal's cascaders read them, the console administers them. */
export function registerRegionModule(app: FastifyInstance, deps: { db: Db; bus: EventBus }): void {
  const regions = createRegionService(deps);
  registerRegionRoutes(app, { regions, groups: createRegionGroupService({ db: deps.db, regions }) });
}
