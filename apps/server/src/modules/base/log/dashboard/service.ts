import { chinaMidnight, lastChinaDays } from '../../../../core/chinaDays';
import type { Db } from '../../../../core/db';
import { accessLogRepo } from '../access/repo';
import type { LoginLogSource } from '../access/loginLogSource';

/** Each of the last `days` China days, oldest first, with its counts (zeros where nothing happened). */
function series<R extends { date: string }, S>(days: number, rows: R[], fill: (row: R | undefined, date: string) => S): S[] {
  const byDate = new Map(rows.map((r) => [r.date, r]));
  return lastChinaDays(days).map((date) => fill(byDate.get(date), date));
}

/** The console home's figures: sign-ins and page views per China day. */
export function createDashboardService({ db, logins }: { db: Db; logins: LoginLogSource }) {
  return {
    async loginInfo(days: number) {
      const since = chinaMidnight(days - 1);
      const [rows, users, usersToday] = await Promise.all([logins.perDay(since), logins.distinctUsers(since), logins.distinctUsers(chinaMidnight(0))]);
      const perDay = series(days, rows, (r, date) => ({ date, success: r?.success ?? 0, failure: r?.failure ?? 0, users: r?.users ?? 0 }));
      const today = perDay.at(-1)!;
      return {
        today: { total: today.success + today.failure, success: today.success, failure: today.failure, users: usersToday },
        /** Distinct users who signed in over the whole range. */
        users,
        days: perDay,
      };
    },

    async visitInfo(days: number, top: number) {
      const since = chinaMidnight(days - 1);
      const [rows, visitors, visitorsToday, topPages] = await Promise.all([
        accessLogRepo.perDay(db, since),
        accessLogRepo.distinctVisitors(db, since),
        accessLogRepo.distinctVisitors(db, chinaMidnight(0)),
        accessLogRepo.topPages(db, since, top),
      ]);
      const perDay = series(days, rows, (r, date) => ({ date, portal: r?.portal ?? 0, console: r?.console ?? 0, visitors: r?.visitors ?? 0 }));
      const today = perDay.at(-1)!;
      return {
        today: { views: today.portal + today.console, portal: today.portal, console: today.console, visitors: visitorsToday },
        views: perDay.reduce((sum, d) => sum + d.portal + d.console, 0),
        visitors,
        days: perDay,
        topPages,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
