import { HOME_PATH } from '@dandelion/shared';
import type { MenuNode } from '@dandelion/shared/system/func';
import { errors } from '../../../core/errors';
import type { Principal } from '../../../core/permissions';
import type { EffectiveTheme, FuncPort, RolePort, SiteDisplayName, UserPort } from '../directory/module';
import { toUserInfo } from '../login/module';

export interface CurrentUserDeps {
  users: Pick<UserPort, 'findById'>;
  roles: Pick<RolePort, 'rolesOfUser' | 'funcIdsOfRoles'>;
  funcs: FuncPort;
  siteDisplayName: SiteDisplayName;
  effectiveTheme: EffectiveTheme;
  /** In-force applications for the init call, with the ids of the menus linked to each (the app module). */
  inForceApps: () => Promise<Array<{ appCode: string; visitUrl: string; path: string; funcIds: number[] }>>;
  /** Custom icons for the init call (the icon module). */
  customIcons: () => Promise<Array<{ iconId: string; name: string; pathContent: string; viewBox: string }>>;
  /** Per app code, the dictionary categories that belong to it (the dictionary module). */
  appDicts: () => Promise<Record<string, Array<{ dictCode: string; dictName: string }>>>;
}

/**
 * An application's part of the user's menu tree (spec §3 Session state apps[].menus): the entries linked
 * to the application, with the groups above them so the tree stays whole.
 */
export function menusOfApp(tree: readonly MenuNode[], linked: ReadonlySet<string>): MenuNode[] {
  return tree.flatMap((node) => {
    const children = menusOfApp(node.children, linked);
    return linked.has(node.id) || children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** What the signed-in user sees: their profile, roles, menu tree and permission codes. */
export function createCurrentUserService(deps: CurrentUserDeps) {
  const { users, roles, funcs } = deps;

  async function grantedFuncs(principal: Principal) {
    if (principal.isSuperAdmin) return funcs.listAll();
    const userRoles = await roles.rolesOfUser(principal.userId);
    return funcs.listByIds(await roles.funcIdsOfRoles(userRoles.map((r) => r.id)));
  }

  return {
    async userInfo(principal: Principal) {
      const user = await users.findById(principal.userId);
      if (!user) throw errors.unauthorized();
      return toUserInfo(user, await roles.rolesOfUser(user.id));
    },

    async roles(userId: number) {
      return (await roles.rolesOfUser(userId)).map((r) => ({ roleId: r.id, roleCode: r.roleCode, roleName: r.roleName, roleType: r.roleType }));
    },

    async menuTree(principal: Principal) {
      return funcs.menuTree(await grantedFuncs(principal));
    },

    /** Every permission code the user holds (menus and buttons). */
    async permissionCodes(principal: Principal): Promise<string[]> {
      return (await grantedFuncs(principal)).map((f) => f.funcCode);
    },

    /** The init call (spec §7): icons, menu, apps, indexMenu, appDicts, permissions. */
    async init(principal: Principal) {
      const granted = await grantedFuncs(principal);
      const menu = funcs.menuTree(granted);
      const apps = (await deps.inForceApps()).map(({ funcIds, ...app }) => ({ ...app, menus: menusOfApp(menu, new Set(funcIds.map(String))) }));
      return {
        icons: await deps.customIcons(),
        menu,
        apps,
        indexMenu: { path: HOME_PATH, component: 'home/index', meta: { title: '首页' } },
        appDicts: await deps.appDicts(),
        permissions: granted.map((f) => f.funcCode),
      };
    },

    /** The permission response (spec §3): site display name, template (menu) list, theme, index template. */
    async permission(principal: Principal) {
      const [siteName, theme] = await Promise.all([deps.siteDisplayName(), deps.effectiveTheme(principal.userId)]);
      return {
        site: { displayName: siteName ?? '蒲公英' },
        templateList: funcs.menuTree(await grantedFuncs(principal)),
        theme: { layoutUiName: theme.layoutUiName },
        indexTemplateEntity: { componentPath: 'home/index', componentName: 'home' },
      };
    },
  };
}
export type CurrentUserService = ReturnType<typeof createCurrentUserService>;
