/** The home page's statistics (spec §7 /rest/index/loginfo, visitInfo); server: modules/base/log/dashboard. */
import type { CallData } from '@dandelion/shared';
import { dashboardCalls, LOG_PERMISSIONS } from '@dandelion/shared/base/log';
import { call } from '../../../api/call';

/** Both calls read the sign-in and access logs: only holders of this code see the charts. */
export const DASHBOARD_PERMISSION = LOG_PERMISSIONS.login;

export type LoginInfo = CallData<typeof dashboardCalls.loginInfo>;
export type VisitInfo = CallData<typeof dashboardCalls.visitInfo>;

export const fetchLoginInfo = (days: number, signal?: AbortSignal) => call(dashboardCalls.loginInfo, { days }, { signal });
export const fetchVisitInfo = (days: number, signal?: AbortSignal) => call(dashboardCalls.visitInfo, { days, top: 8 }, { signal });
