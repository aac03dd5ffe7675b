import type { AccessLogService } from '../access/accessLogService';
import { chinaMidnight, lastChinaDays } from '../../../../core/chinaDays';
import type { LoginLogSource as LoginLogRepo } from '../access/loginLogSource';

/** The console home's figures: sign-ins and page views per China day, filled with zeros where nothing happened. */
export function createDashboardService({ logins, visits }: { logins: LoginLogRepo; visits: AccessLogService }) {
  return {
    async loginInfo(days: number) {
      const since = chinaMidnight(days - 1);
      const [rows, users, usersToday] = await Promise.all([logins.perDay(since), logins.distinctUsers(since), logins.distinctUsers(chinaMidnight(0))]);
      const byDate = new Map(rows.map((r) => [r.date, r]));
      const series = lastChinaDays(days).map((date) => {
        const r = byDate.get(date);
        return { date, success: r?.success ?? 0, failure: r?.failure ?? 0, users: r?.users ?? 0 };
      });
      const today = series.at(-1)!;
      return {
        today: { total: today.success + today.failure, success: today.success, failure: today.failure, users: usersToday },
        /** Distinct users who signed in over the whole range. */
        users,
        days: series,
      };
    },

    async visitInfo(days: number, top: number) {
      const since = chinaMidnight(days - 1);
      const [rows, visitors, visitorsToday, topPages] = await Promise.all([
        visits.perDay(since),
        visits.distinctVisitors(since),
        visits.distinctVisitors(chinaMidnight(0)),
        visits.topPages(since, top),
      ]);
      const byDate = new Map(rows.map((r) => [r.date, r]));
      const series = lastChinaDays(days).map((date) => {
        const r = byDate.get(date);
        return { date, portal: r?.portal ?? 0, console: r?.console ?? 0, visitors: r?.visitors ?? 0 };
      });
      const today = series.at(-1)!;
      return {
        today: { views: today.portal + today.console, portal: today.portal, console: today.console, visitors: visitorsToday },
        views: series.reduce((sum, d) => sum + d.portal + d.console, 0),
        visitors,
        days: series,
        topPages: topPages.map((p) => ({ ...p, views: Number(p.views) })),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
