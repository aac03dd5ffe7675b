import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../../core/db';
import { funcRepo } from './repo';
import { registerFuncRoutes } from './routes';
import { createFuncAdminService, type FuncDeps } from './service';

export { buildMenuTree } from './menuTree';
export type { FuncRow } from './repo';
export type { FuncApps, FuncReader } from './service';

/** What other features may ask of functions (menus and buttons), in the caller's transaction. */
export const funcDirectory = {
  /** The functions in force (NORMAL, not deleted), in menu order: everything the super administrator holds. */
  listAll: (ex: Executor) => funcRepo.inForce(ex),
  /** The functions in force among `ids`, in menu order. */
  listByIds: async (ex: Executor, ids: number[]) => (ids.length ? funcRepo.inForce(ex, ids) : []),
  /** Ids of the functions in force among `ids`. */
  inForceIds: async (ex: Executor, ids: number[]) => (ids.length ? (await funcRepo.inForce(ex, ids)).map((f) => f.id) : []),
  /** Live functions (any status) among `ids`, with their types. */
  live: (ex: Executor, ids: number[]) => funcRepo.live(ex, ids),
  /** Every live function's place in the tree (id, parent, code, name, type), in menu order. */
  liveOutline: (ex: Executor) => funcRepo.outline(ex),
};
export type FuncDirectory = typeof funcDirectory;

/** Functions (功能菜单): registers /rest/menu/* and /rest/button/* and answers the function directory. */
export function registerFuncModule(app: FastifyInstance, deps: FuncDeps): FuncDirectory {
  registerFuncRoutes(app, createFuncAdminService(deps));
  return funcDirectory;
}
