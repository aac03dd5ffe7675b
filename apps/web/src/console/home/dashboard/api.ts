/** The home page's statistics (spec §7 /rest/index/loginfo, visitInfo); server: modules/base/log/dashboard. */
import { postJson } from '../../../api/http';

/** Both calls read the sign-in and access logs: only holders of this code see the charts. */
export const DASHBOARD_PERMISSION = 'base:log:login';

export interface LoginInfo {
  today: { total: number; success: number; failure: number; users: number };
  users: number;
  days: Array<{ date: string; success: number; failure: number; users: number }>;
}

export interface VisitInfo {
  today: { views: number; portal: number; console: number; visitors: number };
  views: number;
  visitors: number;
  days: Array<{ date: string; portal: number; console: number; visitors: number }>;
  topPages: Array<{ client: string; path: string; title: string | null; views: number }>;
}

export const fetchLoginInfo = (days: number, signal?: AbortSignal) => postJson<LoginInfo>('/rest/index/loginfo', { days }, { signal });
export const fetchVisitInfo = (days: number, signal?: AbortSignal) => postJson<VisitInfo>('/rest/index/visitInfo', { days, top: 8 }, { signal });
