/**
 * Loads what the console needs once per session (spec §4 Login: roles by user id, the permission
 * and menu data) and turns it into routes (spec §2). One load at a time: concurrent callers share
 * the same promise.
 */
// Types only: the start-up's calls go by route (api/callByRoute.ts), so that no schema, nor zod, loads with them.
import type { currentUserCalls } from '@dandelion/shared/auth/currentUser';
import type { themeCalls } from '@dandelion/shared/system/theme';
import { callByRoute, type CallRoute } from '../api/callByRoute';
import { readSession } from '../api/session';
import { useConsoleStore, type ConsoleData } from '../api/consoleStore';
import { isConsolePage } from './pages';
import { filterByPermission, flattenRoutes, keepImplemented, toConsoleRoutes, visibleMenu, withHome } from './routing/buildRoutes';
import type { ConsoleTheme, InitResponse, PermissionResponse, UserRole } from '../api/consoleTypes';

/** Spec §8: the guard's messages. */
export const NO_MENU_MESSAGE = '未获取到用户菜单！';
export const USER_INFO_FAILED_MESSAGE = '请求用户信息失败，请重试！';

/** Builds the session's console data from the server's answers (pure; tested on its own). */
export function assembleConsoleData(input: {
  permission: PermissionResponse;
  init: InitResponse;
  /** Only the codes are kept. */
  roles: ReadonlyArray<Pick<UserRole, 'roleCode'>>;
  theme: ConsoleTheme | null;
}): ConsoleData {
  const { permission, init, roles, theme } = input;
  const authList = init.permissions;
  const routes = keepImplemented(filterByPermission(withHome(toConsoleRoutes(permission.templateList), init.indexMenu), authList), isConsolePage);
  return {
    siteName: permission.site.displayName,
    permissionList: flattenRoutes(routes),
    menuList: visibleMenu(routes),
    indexMenu: init.indexMenu,
    authList,
    rolesList: roles.map((r) => r.roleCode),
    customIcons: init.icons,
    apps: init.apps,
    appDicts: init.appDicts,
    appCode: init.apps[0]?.appCode ?? null,
    visitUrl: init.apps[0]?.visitUrl ?? null,
    layoutUiName: theme?.layoutUiName ?? permission.theme.layoutUiName,
    theme,
    templateList: permission.templateList,
  };
}

const ROLES: CallRoute<typeof currentUserCalls.roles> = { method: 'POST', path: '/rest/user/getUserRoles' };
const PERMISSION: CallRoute<typeof currentUserCalls.permission> = { method: 'POST', path: '/rest/index/permission' };
const INIT: CallRoute<typeof currentUserCalls.init> = { method: 'POST', path: '/rest/index/init' };
const THEME: CallRoute<typeof themeCalls.get> = { method: 'POST', path: '/rest/theme/get' };

let inFlight: Promise<ConsoleData> | null = null;

/**
 * Fetches the console data of the signed-in user without storing it (callers commit it when ready).
 * Spec §4 names the roles first, then the permission and menu data; none of these calls depends on
 * another's answer (each reads the session's user), so all four are asked at once. A failure is still
 * reported in the spec's order: the roles' before the permission's before the init's.
 */
export function loadConsoleData(): Promise<ConsoleData> {
  const state = useConsoleStore.getState();
  if (state.loaded) return Promise.resolve(state);
  inFlight ??= (async () => {
    try {
      const session = readSession();
      const roles = callByRoute(ROLES, session?.userInfo.userId ? { userId: session.userInfo.userId } : {}, { silent: true });
      const permission = callByRoute(PERMISSION, undefined, { silent: true });
      const init = callByRoute(INIT, undefined, { silent: true });
      const theme = callByRoute(THEME, {}, { silent: true }).catch(() => null);
      // Awaited in order below: a later call's failure must not go unhandled meanwhile.
      for (const pending of [permission, init]) pending.catch(() => undefined);
      return assembleConsoleData({ roles: await roles, permission: await permission, init: await init, theme: await theme });
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/** Stores loaded console data, unless the session ended meanwhile (a sign-out while loading wins). */
export function commitConsoleData(data: ConsoleData): void {
  if (readSession() && !useConsoleStore.getState().loaded) useConsoleStore.getState().setLoaded(data);
}
