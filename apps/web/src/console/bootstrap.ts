/**
 * Loads what the console needs once per session (spec §4 Login: roles by user id, then the
 * permission and menu data) and turns it into routes (spec §2). One load at a time: concurrent
 * callers share the same promise.
 */
import { currentUserCalls } from '@dandelion/shared/auth/currentUser';
import { call } from '../api/call';
import { readSession } from '../api/session';
import { useConsoleStore, type ConsoleData } from '../api/consoleStore';
import { isConsolePage } from './pages';
import { fetchTheme } from './theme/themeApi';
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

let inFlight: Promise<ConsoleData> | null = null;

/** Fetches the console data of the signed-in user without storing it (callers commit it when ready). */
export function loadConsoleData(): Promise<ConsoleData> {
  const state = useConsoleStore.getState();
  if (state.loaded) return Promise.resolve(state);
  inFlight ??= (async () => {
    try {
      const session = readSession();
      const roles = await call(currentUserCalls.roles, session?.userInfo.userId ? { userId: session.userInfo.userId } : {}, { silent: true });
      const [permission, init, theme] = await Promise.all([
        call(currentUserCalls.permission, undefined, { silent: true }),
        call(currentUserCalls.init, undefined, { silent: true }),
        fetchTheme({ silent: true }).catch(() => null),
      ]);
      return assembleConsoleData({ permission, init, roles, theme });
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/** The console's start-up: its data and the two-factor check, under way together. */
export interface ConsoleStart {
  data: Promise<ConsoleData>;
  /** Whether the user must enrol in two-factor sign-in first (false when the check fails: the server still guards). */
  enrolmentDue: Promise<boolean>;
}

/**
 * Starts the console's calls for a console address opened cold. The router's loader calls it, so the
 * calls travel while the antd scope's and the gate's chunks load; the gate takes the outcome once it
 * renders (a 401 meanwhile reaches the shell when it subscribes, api/http.ts `onUnauthorized`).
 */
export function startConsole(): ConsoleStart {
  const data = loadConsoleData();
  // Handled by the gate when it renders; until then a failure is not an unhandled rejection.
  data.catch(() => undefined);
  const enrolmentDue = import('../auth/center/enrolmentDue').then((m) => m.isEnrolmentDue(), () => false);
  return { data, enrolmentDue };
}

/** Stores loaded console data, unless the session ended meanwhile (a sign-out while loading wins). */
export function commitConsoleData(data: ConsoleData): void {
  if (readSession() && !useConsoleStore.getState().loaded) useConsoleStore.getState().setLoaded(data);
}
