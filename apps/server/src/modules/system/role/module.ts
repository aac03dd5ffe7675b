import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../../core/db';
import { roleNameView, roleRepo } from './repo';
import { createRolePermissionService } from './permissions';
import { registerRoleRoutes } from './routes';
import { createRoleAdminService, type RoleDeps } from './service';

export { roleNameView };
export type { RoleRow } from './repo';
export type { RoleDictionaries, RoleHolder, RoleHolders, RoleReader } from './service';

/**
 * What other features may ask of roles, in the caller's transaction. The user list joins
 * `roleNameView` to show each user's roles in the same query.
 */
export const roleDirectory = {
  /** The roles in force (live, NORMAL) among a subquery of role ids, by sort. */
  inForceAmong: (ex: Executor, roleIds: SQL) => roleRepo.inForceAmong(ex, roleIds),
  /** Every live role, disabled ones included, by sort. */
  allLive: (ex: Executor) => roleRepo.allLive(ex),
  /** Live roles among `ids` with their codes. */
  liveCodes: (ex: Executor, ids: number[]) => roleRepo.liveCodes(ex, ids),
  /** Live role ids by code. */
  idsByCode: (ex: Executor, codes: string[]) => roleRepo.idsByCode(ex, codes),
  /** Organisations granted to CUSTOM data-scope roles, by role. */
  customOrgIdsOfRoles: (ex: Executor, roleIds: number[]) => roleRepo.customOrgIdsOfRoles(ex, roleIds),
  /** Functions the roles grant (distinct). */
  funcIdsOfRoles: (ex: Executor, roleIds: number[]) => roleRepo.funcIdsOfRoles(ex, roleIds),
  /** The roles granting any of the functions, as a subquery of role ids. */
  grantingFuncs: (funcIds: number[]) => roleRepo.grantingFuncs(funcIds),
  /** Deleted menus are granted by no role. */
  forgetFuncs: (ex: Executor, funcIds: number[]) => roleRepo.unlinkFuncs(ex, funcIds),
};
export type RoleDirectory = typeof roleDirectory;

/** Roles (角色): registers /rest/role/* and answers the role directory. */
export function registerRoleModule(app: FastifyInstance, deps: RoleDeps): RoleDirectory {
  const roles = createRoleAdminService(deps);
  registerRoleRoutes(app, { roles, permissions: createRolePermissionService({ db: deps.db, roles }) });
  return roleDirectory;
}

/** Read-only views other areas compose set-based SQL from (messaging's audiences, receipts and directory). */
export * from './views';
