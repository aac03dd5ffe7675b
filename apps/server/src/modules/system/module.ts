/**
 * System administration (系统管理): organisations, users, roles, posts, functions, applications,
 * data-permission rules, themes, layouts, custom icons and the duplicate check. This file composes
 * the features: each owns its tables and answers its siblings through its module.ts, and where one
 * feature needs another that sits above it, the need is a port wired here.
 */
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../core/db';
import { appDirectory, registerAppModule } from './app/module';
import { orgRules, registerDataPermissionModule } from './datapermission/module';
import { registerDuplicateModule } from './duplicate/module';
import { funcDirectory, registerFuncModule, type FuncReader } from './func/module';
import { iconDirectory, registerIconModule } from './icon/module';
import { registerLayoutModule } from './layout/module';
import { orgDirectory, orgNameById, registerOrgModule, type OrgDictionaries } from './org/module';
import { registerPostModule } from './post/module';
import { registerRoleModule, roleDirectory, type RoleReader } from './role/module';
import { registerThemeModule, themeDirectory } from './theme/module';
import { createUserAccounts, registerUserModule, userDirectory, type SessionControl } from './user/module';

export { SUPER_ROLE_CODE } from '@dandelion/shared/system/role';
export { ADMIN_USERNAME, USER_STATUS } from '@dandelion/shared/system/user';
export type { MenuNode } from '@dandelion/shared/system/func';
export { ruleScopesOfHolder } from './datapermission/module';
export { buildMenuTree, type FuncRow } from './func/module';
export { orgNameById, orgSubtreeIds } from './org/module';
export type { RoleRow } from './role/module';
export { builtInTheme, type EffectiveTheme } from './theme/module';
export {
  createExternalUser,
  createRegisteredUser,
  findUserByEmail,
  findUserByPhone,
  findUserByUsername,
  updateUserFields,
  type SessionControl,
  type UserRow,
} from './user/module';

/**
 * What other areas read of system administration before its routes exist (sign-in and sessions are
 * built first): accounts, the roles and functions a user holds, the theme, applications, icons.
 */
export function createSystemFacade({ db }: { db: Db }) {
  return {
    users: createUserAccounts(db),
    roles: {
      /** The user's roles in force (not deleted, NORMAL), by sort. */
      rolesOfUser: (userId: number) => roleDirectory.inForceAmong(db, userDirectory.roleIdsOfUser(userId)),
      customOrgIdsOfRoles: (roleIds: number[]) => roleDirectory.customOrgIdsOfRoles(db, roleIds),
      funcIdsOfRoles: (roleIds: number[]) => roleDirectory.funcIdsOfRoles(db, roleIds),
    } satisfies RoleReader,
    funcs: {
      listAll: () => funcDirectory.listAll(db),
      listByIds: (ids: number[]) => funcDirectory.listByIds(db, ids),
    } satisfies FuncReader,
    themes: {
      /** The user's own theme when they saved one, else the global default. */
      effective: (userId: number) => themeDirectory.effective(db, userId),
      globalDefault: () => themeDirectory.globalDefault(db),
    },
    apps: {
      /** Apps in force: the init call's `apps`. */
      inForce: () => appDirectory.inForce(db),
      /** Every live application with its code, name and status (the dictionary page). */
      list: () => appDirectory.list(db),
    },
    icons: {
      /** Custom icons for the init call. */
      forInit: () => iconDirectory.forInit(db),
    },
    orgs: {
      nameById: (orgId: number | null) => orgNameById(db, orgId),
    },
  };
}
export type SystemFacade = ReturnType<typeof createSystemFacade>;
export type UserService = SystemFacade['users'];
export type RoleService = SystemFacade['roles'];
export type FuncService = SystemFacade['funcs'];
export type ThemeService = SystemFacade['themes'];

export interface SystemDeps {
  db: Db;
  /** Dictionary items by category (organisation types and levels, role types): the dictionary module answers. */
  dicts: OrgDictionaries;
  /** Freezing, deleting and role or menu changes end or refresh users' sessions on every instance. */
  sessions: SessionControl;
}

/** Registers every system-administration route, wiring each feature's ports to its siblings. */
export function registerSystemModule(app: FastifyInstance, { db, dicts, sessions }: SystemDeps): void {
  const refreshUser = (userId: number) => sessions.refreshUser(userId);

  registerThemeModule(app, { db });
  registerFuncModule(app, {
    db,
    apps: { exists: appDirectory.exists, link: appDirectory.link, unlink: appDirectory.unlink },
    holdersOf: async (ex: Executor, funcIds: number[]) => (funcIds.length ? userDirectory.holdersOfRoles(ex, roleDirectory.grantingFuncs(funcIds)) : []),
    forgetFuncs: async (ex: Executor, funcIds: number[]) => {
      await roleDirectory.forgetFuncs(ex, funcIds);
      await orgDirectory.forgetFuncs(ex, funcIds);
      await appDirectory.forgetFuncs(ex, funcIds);
    },
    refreshUser,
  });
  registerIconModule(app, { db });
  registerLayoutModule(app, { db });
  registerDuplicateModule(app, { db });
  registerOrgModule(app, {
    db,
    dicts,
    members: { page: userDirectory.members, cards: userDirectory.cards, liveIds: userDirectory.liveIds, anyIn: userDirectory.anyInOrg },
    rules: orgRules,
    funcsInForce: funcDirectory.inForceIds,
  });
  const posts = registerPostModule(app, { db, liveUserIds: userDirectory.liveIds });
  registerUserModule(app, { db, sessions, posts });
  registerRoleModule(app, {
    db,
    dicts,
    holders: { liveIds: userDirectory.roleHolderIds, page: userDirectory.roleHolders, forget: userDirectory.forgetRole },
    refreshUser,
  });
  registerAppModule(app, { db });
  registerDataPermissionModule(app, { db });
}
