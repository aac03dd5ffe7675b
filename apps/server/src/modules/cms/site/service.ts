import { and, asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { notDeleted } from '../../../core/records';
import { SITE_STATUS_ONLINE } from './constants';
import { cmsSite } from './schema';

export type SiteRow = typeof cmsSite.$inferSelect;

export function createSiteService({ db }: { db: Executor }) {
  return {
    /** An online site by code, or the default site when no code is given. */
    async findOnlineSite(siteCode?: string): Promise<SiteRow | null> {
      const byCode = siteCode ? eq(cmsSite.siteCode, siteCode) : eq(cmsSite.isDefault, true);
      const rows = await db
        .select()
        .from(cmsSite)
        .where(and(byCode, eq(cmsSite.siteStatus, SITE_STATUS_ONLINE), notDeleted(cmsSite)))
        .orderBy(desc(cmsSite.isDefault), asc(cmsSite.id))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type SiteService = ReturnType<typeof createSiteService>;
