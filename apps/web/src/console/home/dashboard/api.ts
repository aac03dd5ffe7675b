/** The home page's statistics (spec §7 /rest/index/loginfo, visitInfo); server: modules/base/log/dashboard. */
import type { CallData } from '@dandelion/shared';
// Types only: the log contract's schemas stay out of the home page (../callByRoute.ts).
import type { dashboardCalls, LOG_PERMISSIONS } from '@dandelion/shared/base/log';
import { callByRoute, type CallRoute } from '../callByRoute';

/** Both calls read the sign-in and access logs: only holders of this code see the charts. */
export const DASHBOARD_PERMISSION = 'base:log:login' satisfies typeof LOG_PERMISSIONS.login;

const LOGIN_INFO: CallRoute<typeof dashboardCalls.loginInfo> = { method: 'POST', path: '/rest/index/loginfo' };
const VISIT_INFO: CallRoute<typeof dashboardCalls.visitInfo> = { method: 'POST', path: '/rest/index/visitInfo' };

export type LoginInfo = CallData<typeof dashboardCalls.loginInfo>;
export type VisitInfo = CallData<typeof dashboardCalls.visitInfo>;

export const fetchLoginInfo = (days: number, signal?: AbortSignal) => callByRoute(LOGIN_INFO, { days }, { signal });
export const fetchVisitInfo = (days: number, signal?: AbortSignal) => callByRoute(VISIT_INFO, { days, top: 8 }, { signal });
