import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';
import { registerLookupRoutes } from './routes';
import { createLookupService, lookupDirectory, type LookupPortalCache } from './service';

export { lookupDirectory };
export type LookupDirectory = typeof lookupDirectory;
export { seedLookups } from './seed';

export type { LookupPortalCache };

/** Funds, plan projects and task origins (基金 / 计划项目 / 任务来源) and the users' favourites of them; `portal` is the cache of the portal's /fund and /national (emptied on every change). */
export function registerLookupModule(app: FastifyInstance, deps: { db: Db; portal?: LookupPortalCache }): void {
  registerLookupRoutes(app, createLookupService(deps));
}
