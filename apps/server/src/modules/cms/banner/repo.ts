import { and, asc, count, eq, gt, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { countWhere, paginate } from '../../../core/pagination';
import { type auditColumns, createdBy, notDeleted, softDelete, updatedBy, updateVersioned, type Actor } from '../../../core/records';
import { likePattern } from '../../../core/sql';
import { cmsBanner } from './tables';

export type BannerRow = typeof cmsBanner.$inferSelect;
export type BannerFields = Omit<typeof cmsBanner.$inferInsert, 'id' | keyof typeof auditColumns>;

export interface BannerFilter {
  siteId?: number;
  code?: string;
  title?: string;
  status?: string;
}

const position = (siteId: number, code: string) => and(eq(cmsBanner.siteId, siteId), eq(cmsBanner.code, code), notDeleted(cmsBanner));

/** Every query of banners; each takes the executor (database or open transaction) to run on. */
export const bannerRepo = {
  async findLive(ex: Executor, id: number): Promise<BannerRow | undefined> {
    const [row] = await ex.select().from(cmsBanner).where(and(eq(cmsBanner.id, id), notDeleted(cmsBanner))).limit(1);
    return row;
  },

  async liveIds(ex: Executor, ids: number[]): Promise<number[]> {
    return (await ex.select({ id: cmsBanner.id }).from(cmsBanner).where(and(inArray(cmsBanner.id, ids), notDeleted(cmsBanner)))).map((r) => r.id);
  },

  page(ex: Executor, filter: BannerFilter, page: PageParameter) {
    const where: SQL | undefined = and(
      notDeleted(cmsBanner),
      filter.siteId ? eq(cmsBanner.siteId, filter.siteId) : undefined,
      filter.code ? eq(cmsBanner.code, filter.code) : undefined,
      filter.title ? ilike(cmsBanner.title, likePattern(filter.title)) : undefined,
      filter.status ? eq(cmsBanner.status, filter.status) : undefined,
    );
    return paginate(
      page,
      (limit, offset) =>
        ex.select().from(cmsBanner).where(where).orderBy(asc(cmsBanner.siteId), asc(cmsBanner.code), asc(cmsBanner.sort), asc(cmsBanner.id)).limit(limit).offset(offset),
      () => countWhere(ex, cmsBanner, where),
    );
  },

  /** The banners of one position, in their order. */
  group: (ex: Executor, siteId: number, code: string) => ex.select().from(cmsBanner).where(position(siteId, code)).orderBy(asc(cmsBanner.sort), asc(cmsBanner.id)),

  async maxSort(ex: Executor, siteId: number, code: string): Promise<number> {
    const [top] = await ex.select({ top: sql<number>`coalesce(max(${cmsBanner.sort}), 0)` }).from(cmsBanner).where(position(siteId, code));
    return Number(top!.top);
  },

  async insert(ex: Executor, fields: BannerFields, actor: Actor): Promise<BannerRow> {
    const [row] = await ex.insert(cmsBanner).values({ ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: Partial<BannerFields>, actor: Actor) => updateVersioned(ex, cmsBanner, id, lockVersion, fields, actor, '轮播图'),

  async setSort(ex: Executor, id: number, sort: number, actor: Actor): Promise<void> {
    await ex.update(cmsBanner).set({ sort, ...updatedBy(actor, cmsBanner) }).where(eq(cmsBanner.id, id));
  },

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor) => softDelete(ex, cmsBanner, id, lockVersion, actor, '轮播图'),

  async countOfSite(ex: Executor, siteId: number): Promise<number> {
    return Number((await ex.select({ n: count() }).from(cmsBanner).where(and(eq(cmsBanner.siteId, siteId), notDeleted(cmsBanner))))[0]!.n);
  },

  /** What the portal may show of banners at `now`: enabled, inside their time window (a subquery its reads select from). */
  shownBanners: (ex: Executor, now: Date) =>
    ex
      .select({
        bannerId: cmsBanner.id,
        siteId: cmsBanner.siteId,
        code: cmsBanner.code,
        title: cmsBanner.title,
        imageFileId: cmsBanner.imageFileId,
        linkUrl: cmsBanner.linkUrl,
        openType: cmsBanner.openType,
        sort: cmsBanner.sort,
      })
      .from(cmsBanner)
      .where(
        and(
          eq(cmsBanner.status, 'ENABLE'),
          notDeleted(cmsBanner),
          or(isNull(cmsBanner.startTime), lte(cmsBanner.startTime, now)),
          or(isNull(cmsBanner.endTime), gt(cmsBanner.endTime, now)),
        ),
      )
      .as('shown_banner'),
};
