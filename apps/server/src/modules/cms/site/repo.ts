import { and, asc, desc, eq, ilike, ne, type SQL } from 'drizzle-orm';
import { SITE_STATUS_ONLINE, type PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { countWhere, paginate } from '../../../core/pagination';
import { type auditColumns, createdBy, notDeleted, softDelete, updatedBy, updateVersioned, type Actor } from '../../../core/records';
import { likePattern } from '../../../core/sql';
import { cmsSite } from './tables';

export type SiteRow = typeof cmsSite.$inferSelect;
export type SiteFields = Omit<typeof cmsSite.$inferInsert, 'id' | 'isDefault' | keyof typeof auditColumns>;

export interface SiteFilter {
  siteCode?: string;
  siteName?: string;
  siteStatus?: string;
}

const online = () => and(eq(cmsSite.siteStatus, SITE_STATUS_ONLINE), notDeleted(cmsSite));
/** The default site first: it is the one the portal shows. */
const defaultFirst = [desc(cmsSite.isDefault), asc(cmsSite.sort), asc(cmsSite.id)];

/** Every query of sites; each takes the executor (database or open transaction) to run on. */
export const siteRepo = {
  async findLive(ex: Executor, id: number): Promise<SiteRow | undefined> {
    const [row] = await ex.select().from(cmsSite).where(and(eq(cmsSite.id, id), notDeleted(cmsSite))).limit(1);
    return row;
  },

  page(ex: Executor, filter: SiteFilter, page: PageParameter) {
    const where: SQL | undefined = and(
      notDeleted(cmsSite),
      filter.siteCode ? ilike(cmsSite.siteCode, likePattern(filter.siteCode)) : undefined,
      filter.siteName ? ilike(cmsSite.siteName, likePattern(filter.siteName)) : undefined,
      filter.siteStatus ? eq(cmsSite.siteStatus, filter.siteStatus) : undefined,
    );
    return paginate(
      page,
      (limit, offset) => ex.select().from(cmsSite).where(where).orderBy(...defaultFirst).limit(limit).offset(offset),
      () => countWhere(ex, cmsSite, where),
    );
  },

  listAll: (ex: Executor) => ex.select().from(cmsSite).where(notDeleted(cmsSite)).orderBy(...defaultFirst),

  async insert(ex: Executor, fields: SiteFields, actor: Actor): Promise<SiteRow> {
    const [row] = await ex.insert(cmsSite).values({ ...fields, isDefault: false, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: Partial<SiteFields>, actor: Actor) => updateVersioned(ex, cmsSite, id, lockVersion, fields, actor, '站点'),

  /** Makes `id` the only default site; answers the sites that were the default before. */
  async setDefault(ex: Executor, id: number, actor: Actor) {
    const previous = await ex
      .update(cmsSite)
      .set({ isDefault: false, ...updatedBy(actor, cmsSite) })
      .where(and(eq(cmsSite.isDefault, true), ne(cmsSite.id, id), notDeleted(cmsSite)))
      .returning({ id: cmsSite.id, siteName: cmsSite.siteName });
    const [row] = await ex.update(cmsSite).set({ isDefault: true, ...updatedBy(actor, cmsSite) }).where(eq(cmsSite.id, id)).returning();
    return { row: row!, previous };
  },

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor) => softDelete(ex, cmsSite, id, lockVersion, actor, '站点'),

  /** An online site by code, or the default site when no code is given. */
  async findOnline(ex: Executor, siteCode?: string): Promise<SiteRow | null> {
    const byCode = siteCode ? eq(cmsSite.siteCode, siteCode) : eq(cmsSite.isDefault, true);
    const [row] = await ex.select().from(cmsSite).where(and(byCode, online())).orderBy(desc(cmsSite.isDefault), asc(cmsSite.id)).limit(1);
    return row ?? null;
  },

  /** The default site, or the oldest live one when none is marked default. */
  async defaultSiteId(ex: Executor): Promise<number | null> {
    const [site] = await ex.select({ id: cmsSite.id }).from(cmsSite).where(notDeleted(cmsSite)).orderBy(desc(cmsSite.isDefault), asc(cmsSite.id)).limit(1);
    return site?.id ?? null;
  },

  /** What the portal may show of sites: the online ones, with the columns it answers. */
  onlineSites: (ex: Executor) =>
    ex
      .select({
        siteId: cmsSite.id,
        siteCode: cmsSite.siteCode,
        siteName: cmsSite.siteName,
        displayName: cmsSite.displayName,
        siteStatus: cmsSite.siteStatus,
        isDefault: cmsSite.isDefault,
        sort: cmsSite.sort,
        logoFileId: cmsSite.logoFileId,
        description: cmsSite.description,
        copyright: cmsSite.copyright,
        icp: cmsSite.icp,
        contactPhone: cmsSite.contactPhone,
        contactAddress: cmsSite.contactAddress,
        organizer: cmsSite.organizer,
        contactEmail: cmsSite.contactEmail,
        policeRecord: cmsSite.policeRecord,
        siteIdentCode: cmsSite.siteIdentCode,
        userAgreement: cmsSite.userAgreement,
        privacyPolicy: cmsSite.privacyPolicy,
      })
      .from(cmsSite)
      .where(online())
      .as('online_site'),
};
