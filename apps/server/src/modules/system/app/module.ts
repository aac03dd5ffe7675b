import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../../core/db';
import { appRepo } from './repo';
import { registerAppRoutes } from './routes';
import { createAppService } from './service';

/** The most applications the dictionary page lists. */
const APP_LIST_LIMIT = 500;

/** What other features may ask of applications, in the caller's transaction. */
export const appDirectory = {
  /** Apps in force, in display order: the init call's `apps` (spec §3 Session state apps). */
  inForce: async (ex: Executor) => {
    const apps = await appRepo.inForce(ex);
    return Promise.all(apps.map(async ({ id, ...app }) => ({ ...app, funcIds: await appRepo.funcIdsOf(ex, id) })));
  },
  /** Every live application (any status) with its code, name and status, in display order. */
  list: (ex: Executor) => appRepo.list(ex, APP_LIST_LIMIT),
  exists: async (ex: Executor, appId: number) => (await appRepo.findLive(ex, appId)) !== undefined,
  /** Adds menus to an application (those already there stay). */
  link: (ex: Executor, appId: number, funcIds: number[]) => appRepo.linkFuncs(ex, appId, funcIds),
  unlink: (ex: Executor, appId: number, funcIds: number[]) => appRepo.unlinkFuncs(ex, appId, funcIds),
  /** Deleted menus belong to no application. */
  forgetFuncs: (ex: Executor, funcIds: number[]) => appRepo.forgetFuncs(ex, funcIds),
};
export type AppDirectory = typeof appDirectory;

/** Applications (应用): registers /rest/app/* and answers the application directory. */
export function registerAppModule(app: FastifyInstance, deps: { db: Db }): AppDirectory {
  registerAppRoutes(app, createAppService(deps));
  return appDirectory;
}
