import { HOME_PATH } from '@dandelion/shared';
import { errors } from '../../core/errors';
import type { Principal } from '../../core/permissions';
import type { SiteService } from '../cms/site/service';
import { buildMenuTree, type FuncService, type MenuNode } from '../system/func/service';
import type { RoleService } from '../system/role/service';
import type { ThemeService } from '../system/theme/service';
import type { UserService } from '../system/user/service';
import { toUserInfo } from './userInfo';

/** What the signed-in user sees: their profile, roles, menu tree and permission codes. */
export function createCurrentUserService(deps: {
  users: UserService; roles: RoleService; funcs: FuncService; sites: SiteService; themes: ThemeService;
  /** In-force applications for the init call (the app module's AppService.inForce). */
  inForceApps?: () => Promise<Array<{ appCode: string; visitUrl: string; path: string }>>;
  /** Custom icons for the init call (the icon module's IconService.forInit). */
  customIcons?: () => Promise<Array<{ iconId: string; name: string; pathContent: string; viewBox: string }>>;
  /** Per app code, the dictionary categories that belong to it (the dictionary module's DictService.appDicts). */
  appDicts?: () => Promise<Record<string, Array<{ dictCode: string; dictName: string }>>>;
}) {
  const { users, roles, funcs, sites, themes } = deps;

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

    async menuTree(principal: Principal): Promise<MenuNode[]> {
      return buildMenuTree(await grantedFuncs(principal));
    },

    /** Every permission code the user holds (menus and buttons). */
    async permissionCodes(principal: Principal): Promise<string[]> {
      return (await grantedFuncs(principal)).map((f) => f.funcCode);
    },

    /** The init call (spec §7): icons, menu, apps, indexMenu, appDicts, permissions. */
    async init(principal: Principal) {
      const granted = await grantedFuncs(principal);
      return {
        // Custom icons and apps have their own administration (system issue); none exist until then.
        icons: deps.customIcons ? await deps.customIcons() : [],
        menu: buildMenuTree(granted),
        apps: deps.inForceApps ? await deps.inForceApps() : [],
        indexMenu: { path: HOME_PATH, component: 'home/index', meta: { title: '首页' } },
        appDicts: deps.appDicts ? await deps.appDicts() : {},
        permissions: granted.map((f) => f.funcCode),
      };
    },

    /** The permission response (spec §3): site display name, template (menu) list, theme, index template. */
    async permission(principal: Principal) {
      const [site, theme] = await Promise.all([sites.findOnlineSite(), themes.effective(principal.userId)]);
      return {
        site: { displayName: site?.displayName ?? '蒲公英' },
        templateList: buildMenuTree(await grantedFuncs(principal)),
        theme: { layoutUiName: theme.layoutUiName },
        indexTemplateEntity: { componentPath: 'home/index', componentName: 'home' },
      };
    },
  };
}
export type CurrentUserService = ReturnType<typeof createCurrentUserService>;
