import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { shownBanners } from '../banner/module';
import { enabledCatalogs } from '../catalog/module';
import { countView, publishedContents } from '../content/module';
import type { FileUrls } from '../files/module';
import { onlineSites } from '../site/module';
import { liveTemplates } from '../template/module';
import type { PortalCatalogRow } from './catalogTree';

/**
 * The portal's read model. What is public comes from each owner: online sites, enabled catalogues
 * (with the live template's component), published articles whose time has come and banners inside
 * their window; this file only joins, filters and orders them. The owners' subqueries are inlined by
 * the planner, so each read is one statement on the tables' own indexes.
 */
export interface PortalSite {
  siteId: number;
  siteCode: string;
  siteName: string;
  displayName: string;
  siteStatus: string;
  logoUrl: string | null;
  description: string | null;
  copyright: string | null;
  icp: string | null;
  contactPhone: string | null;
  contactAddress: string | null;
  organizer: string | null;
  contactEmail: string | null;
  policeRecord: string | null;
  siteIdentCode: string | null;
}

/** An article row as lists read it (no body); the service adds catalogue names and the cover URL. */
export interface ContentRow {
  contentId: number;
  catalogId: number;
  title: string;
  summary: string | null;
  author: string | null;
  isTop: boolean;
  publishTime: Date;
  coverFileId: string | null;
  linkUrl: string | null;
}

const asFileId = (value: string | null | undefined): number | null => (value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null);

type Published = ReturnType<typeof publishedContents>;
/** The columns a list shows of an article. */
export const listColumns = (p: Published) => ({
  contentId: p.contentId,
  catalogId: p.catalogId,
  title: p.title,
  summary: p.summary,
  author: p.author,
  isTop: p.isTop,
  publishTime: p.publishTime,
  coverFileId: p.coverFileId,
  linkUrl: p.linkUrl,
});
/** Pinned first, then by sort and newest: the order of cms_content_published_list_idx. */
export const newestFirst = (p: Published) => [desc(p.isTop), desc(p.sort), desc(p.publishTime), desc(p.contentId)];
/** In the given (visible) catalogues. */
export const inCatalogs = (p: Published, catalogIds: number[]) =>
  catalogIds.length === 1 ? eq(p.catalogId, catalogIds[0]!) : inArray(p.catalogId, catalogIds.length ? catalogIds : [0]);

export function createPortalRepo(db: Executor, fileUrls: FileUrls) {
  /** Download URLs of the given file ids (missing or deleted files have none). */
  async function urlsOf(ids: ReadonlyArray<string | null | undefined>): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.map(asFileId).filter((id): id is number => id !== null))];
    if (!wanted.length) return new Map();
    return new Map([...(await fileUrls(wanted))].map(([id, url]) => [String(id), url]));
  }

  const sites = () => onlineSites(db);
  type SiteRow = Awaited<ReturnType<typeof selectSites>>[number];
  const selectSites = (sq: ReturnType<typeof sites>) => db.select().from(sq);

  async function presentSites(rows: SiteRow[]): Promise<PortalSite[]> {
    const urls = await urlsOf(rows.map((r) => r.logoFileId));
    return rows.map((r) => ({
      siteId: r.siteId,
      siteCode: r.siteCode,
      siteName: r.siteName,
      displayName: r.displayName,
      siteStatus: r.siteStatus,
      logoUrl: (r.logoFileId && urls.get(r.logoFileId)) || null,
      description: r.description,
      copyright: r.copyright,
      icp: r.icp,
      contactPhone: r.contactPhone,
      contactAddress: r.contactAddress,
      organizer: r.organizer,
      contactEmail: r.contactEmail,
      policeRecord: r.policeRecord,
      siteIdentCode: r.siteIdentCode,
    }));
  }

  const list = (where: (p: Published) => ReturnType<typeof inCatalogs>) => {
    const p = publishedContents(db);
    return db.select(listColumns(p)).from(p).where(where(p)).orderBy(...newestFirst(p));
  };

  return {
    fileUrls: urlsOf,

    /** An online site by code, or the default site when no code is given. */
    async siteByCode(siteCode?: string): Promise<PortalSite | null> {
      const s = sites();
      const rows = await selectSites(s)
        .where(siteCode ? eq(s.siteCode, siteCode) : eq(s.isDefault, true))
        .orderBy(desc(s.isDefault), asc(s.siteId))
        .limit(1);
      return (await presentSites(rows))[0] ?? null;
    },

    /** The 用户协议 and 隐私政策 of an online site. */
    async agreements(siteId: number): Promise<{ userAgreement: string | null; privacyPolicy: string | null }> {
      const s = sites();
      const [row] = await db.select({ userAgreement: s.userAgreement, privacyPolicy: s.privacyPolicy }).from(s).where(eq(s.siteId, siteId)).limit(1);
      return row ?? { userAgreement: null, privacyPolicy: null };
    },

    async siteById(siteId: number): Promise<PortalSite | null> {
      const s = sites();
      return (await presentSites(await selectSites(s).where(eq(s.siteId, siteId)).limit(1)))[0] ?? null;
    },

    async sitesByCodes(siteCodes: string[]): Promise<PortalSite[]> {
      if (!siteCodes.length) return [];
      const s = sites();
      return presentSites(await selectSites(s).where(inArray(s.siteCode, siteCodes)).orderBy(asc(s.sort), asc(s.siteId)));
    },

    /** The site's enabled catalogues with their template, sorted by level, sort, id. */
    async enabledCatalogs(siteId: number): Promise<PortalCatalogRow[]> {
      const c = enabledCatalogs(db);
      const t = liveTemplates(db);
      return db
        .select({
          catalogId: c.catalogId,
          parentCatalogId: c.parentCatalogId,
          catalogName: c.catalogName,
          code: c.code,
          catalogPath: c.catalogPath,
          level: c.level,
          sort: c.sort,
          catalogType: c.catalogType,
          linkType: c.linkType,
          linkUrl: c.linkUrl,
          openType: c.openType,
          catalogContentType: c.catalogContentType,
          showInNav: c.showInNav,
          templateStyle: t.templateStyle,
          componentName: t.componentName,
        })
        .from(c)
        .leftJoin(t, eq(t.templateId, c.templateId))
        .where(eq(c.siteId, siteId))
        .orderBy(asc(c.level), asc(c.sort), asc(c.catalogId));
    },

    /**
     * Up to `size` newest articles of each catalogue: one small query per catalogue, each a range scan
     * of cms_content_published_list_idx (a window over all of them would read every article).
     */
    async newestPerCatalog(catalogIds: number[], size: number): Promise<ContentRow[]> {
      const lists = await Promise.all(catalogIds.map((id) => list((p) => inCatalogs(p, [id])).limit(size)));
      return lists.flat() as ContentRow[];
    },

    /** The newest `size` articles across the given catalogues. */
    async newestIn(catalogIds: number[], size: number): Promise<ContentRow[]> {
      return (await list((p) => inCatalogs(p, catalogIds)).limit(size)) as ContentRow[];
    },

    async pageIn(catalogIds: number[], limit: number, offset: number): Promise<ContentRow[]> {
      return (await list((p) => inCatalogs(p, catalogIds)).limit(limit).offset(offset)) as ContentRow[];
    },

    async countIn(catalogIds: number[]): Promise<number> {
      const p = publishedContents(db);
      const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(p).where(inCatalogs(p, catalogIds));
      return row?.n ?? 0;
    },

    /** A published article with its site (the caller checks the site and catalogue are visible). */
    async publishedArticle(contentId: number) {
      const p = publishedContents(db);
      const [row] = await db
        .select({ ...listColumns(p), siteId: p.siteId, subject: p.subject, body: p.body, source: p.source, viewCount: p.viewCount, sort: p.sort })
        .from(p)
        .where(eq(p.contentId, contentId))
        .limit(1);
      return row ? { ...row, publishTime: row.publishTime! } : null;
    },

    /**
     * The neighbours of an article in its catalogue's list order: `prev` is the one listed before it
     * (newer), `next` the one after it (older).
     */
    async neighbours(article: { contentId: number; catalogId: number; isTop: boolean; sort: number; publishTime: Date }) {
      const mine = sql`(${article.isTop}::boolean, ${article.sort}::integer, ${article.publishTime.toISOString()}::timestamptz, ${article.contentId}::bigint)`;
      const neighbour = (newer: boolean) => {
        const p = publishedContents(db);
        const key = sql`(${p.isTop}, ${p.sort}, ${p.publishTime}, ${p.contentId})`;
        const order = newer ? [asc(p.isTop), asc(p.sort), asc(p.publishTime), asc(p.contentId)] : newestFirst(p);
        return db
          .select({ contentId: p.contentId, title: p.title })
          .from(p)
          .where(and(inCatalogs(p, [article.catalogId]), newer ? sql`${key} > ${mine}` : sql`${key} < ${mine}`))
          .orderBy(...order)
          .limit(1);
      };
      const [prev] = await neighbour(true);
      const [next] = await neighbour(false);
      return { prev: prev ?? null, next: next ?? null };
    },

    /** Counts a view of a still-published article; null when it is not (any more). */
    countView: (contentId: number) => countView(db, contentId),

    /** Enabled banners of a position inside their time window, by sort. */
    async banners(siteId: number, code: string) {
      const b = shownBanners(db, new Date());
      const rows = await db
        .select({ bannerId: b.bannerId, title: b.title, imageFileId: b.imageFileId, linkUrl: b.linkUrl, openType: b.openType })
        .from(b)
        .where(and(eq(b.siteId, siteId), eq(b.code, code)))
        .orderBy(asc(b.sort), asc(b.bannerId));
      const urls = await urlsOf(rows.map((r) => r.imageFileId));
      // A banner whose picture is gone shows nothing useful; leave it out.
      return rows.filter((r) => urls.has(r.imageFileId)).map(({ imageFileId, ...r }) => ({ ...r, imageUrl: urls.get(imageFileId)! }));
    },
  };
}
export type PortalRepo = ReturnType<typeof createPortalRepo>;
