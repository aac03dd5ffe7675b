import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { createUserWorkbooks } from './excel';
import { createExternalUserService } from './external';
import { userRepo } from './repo';
import { registerUserRoutes } from './routes';
import { createUserAdminService, type UserDeps } from './service';

export {
  createExternalUser,
  createRegisteredUser,
  createUserAccounts,
  findUserByEmail,
  findUserById,
  findUserByLoginName,
  findUserByPhone,
  findUserByUsername,
  setUserPasswordHash,
  updateUserFields,
} from './accounts';
export type { UserRow } from './repo';
export type { SessionControl } from './service';

/**
 * What other features may ask of users, in the caller's transaction: who is live, who belongs to
 * an organisation, who holds a role (the account owns its role links).
 */
export const userDirectory = {
  /** The live users among `ids`. */
  liveIds: (ex: Executor, ids: number[]) => userRepo.liveIds(ex, ids),
  /** The live users among `ids` (id, username, realname, phone, status, organisation), by username. */
  cards: (ex: Executor, ids: number[]) => userRepo.cards(ex, ids),
  /** Live users of an organisation and, when given, of the organisations in a subquery of ids; paged by sort. */
  members: (ex: Executor, orgId: number, alsoIn: SQL | null, page: PageParameter) => userRepo.members(ex, orgId, alsoIn, page),
  anyInOrg: (ex: Executor, orgId: number) => userRepo.anyInOrg(ex, orgId),
  /** A user's role ids, as a subquery. */
  roleIdsOfUser: (userId: number) => userRepo.roleIdsOfUser(userId),
  /** Ids of the live users holding a role. */
  roleHolderIds: (ex: Executor, roleId: number) => userRepo.holderIds(ex, roleId),
  /** Live holders of a role, paged by username. */
  roleHolders: (ex: Executor, roleId: number, page: PageParameter) => userRepo.holdersPage(ex, roleId, page),
  /** Users (deleted ones included) holding any role of a subquery of role ids. */
  holdersOfRoles: (ex: Executor, roleIds: SQL) => userRepo.holdersOfRoles(ex, roleIds),
  /** Nobody holds a deleted role. */
  forgetRole: (ex: Executor, roleId: number) => userRepo.unlinkRole(ex, roleId),
  /** Gives a user the role of a code (a business module's grant, e.g. 评审专家 on approval); idempotent. */
  grantRole: (ex: Executor, userId: number, roleCode: string) => userRepo.linkRoleByCode(ex, userId, roleCode),
};
export type UserDirectory = typeof userDirectory;

/** Users (用户管理): registers /rest/user/*, /api/service and the portal-account calls, and answers the user directory. */
export function registerUserModule(app: FastifyInstance, deps: UserDeps): UserDirectory {
  registerUserRoutes(app, {
    users: createUserAdminService(deps),
    external: createExternalUserService(deps),
    workbooks: createUserWorkbooks(deps),
  });
  return userDirectory;
}

/** Read-only views other areas compose set-based SQL from (messaging's audiences, receipts and directory). */
export * from './views';
