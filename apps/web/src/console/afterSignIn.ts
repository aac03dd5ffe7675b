import type { NavigateFunction } from 'react-router';
import { HOME_PATH } from '@dandelion/shared';
import { hasConsole } from '../api/consoleStore';
import { goAfterConsoleChange } from '../api/routerSwap';
import { commitConsoleData, loadConsoleData } from './bootstrap';
import { isConsolePath } from './pages';
import { landingPath } from './routing/buildRoutes';
import { unlessEnrolmentDue } from '../auth/center/enrolmentDue';

/** Where a portal user (no console) goes after signing in without a `redirect`. */
export const PORTAL_AFTER_LOGIN_PATH = '/center';

/**
 * Spec §4 Login, after the token and user are stored: the roles, then the permission and menu
 * data; then spec §2's guard decides the page: the requested one when permitted, otherwise '/'.
 * Without a request, staff land on the console home and portal users on their personal centre.
 * If the menu cannot be loaded now, the console's gate loads it on the first console page.
 */
export async function landAfterSignIn(requested: string | null, navigate: NavigateFunction): Promise<void> {
  try {
    const data = await loadConsoleData();
    const wanted = requested ? landingPath(requested, data.permissionList, isConsolePath) : hasConsole(data.permissionList) ? HOME_PATH : PORTAL_AFTER_LOGIN_PATH;
    // An administrator who must enrol in two-factor sign-in goes to 个人中心 › 账号安全 first.
    const to = await unlessEnrolmentDue(wanted);
    goAfterConsoleChange(to, navigate, () => commitConsoleData(data));
  } catch {
    void navigate(requested ?? PORTAL_AFTER_LOGIN_PATH, { replace: true });
  }
}
