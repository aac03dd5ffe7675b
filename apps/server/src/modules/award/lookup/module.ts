import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';
import { registerLookupRoutes } from './routes';
import { createLookupService, lookupDirectory } from './service';

export { lookupDirectory };
export type LookupDirectory = typeof lookupDirectory;
export { seedLookups } from './seed';

/** Funds, plan projects and task origins (基金 / 计划项目 / 任务来源) and the users' favourites of them. */
export function registerLookupModule(app: FastifyInstance, deps: { db: Db }): void {
  registerLookupRoutes(app, createLookupService(deps));
}
