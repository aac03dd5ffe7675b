import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { notDeleted } from '../../../core/records';
import { downloadUrlOf } from '@dandelion/shared/file';
import { sysFile } from '../../file/tables';
import { cmsBanner } from '../banner/schema';
import { cmsCatalog } from '../catalog/schema';
import { cmsContent } from '../content/schema';
import { cmsSite } from '../site/schema';
import { cmsTemplate } from '../template/schema';
import type { PortalCatalogRow } from './catalogTree';
import { CONTENT_ATTACHMENT_BIZ } from '../content/articleFiles';

/**
 * The portal's own reads of the CMS tables. Everything here applies the public rules itself:
 * online sites (siteStatus '2'), ENABLE catalogues, PUBLISHED articles whose publish time has
 * come, enabled banners inside their window, and never a soft-deleted row.
 */
export const SITE_ONLINE = '2';
export const CATALOG_ENABLED = 'ENABLE';
export const CONTENT_PUBLISHED = 'PUBLISHED';
export const BANNER_ENABLED = 'ENABLE';
/**
 * The article back office keeps an article's downloadable attachments under their own bizType
 * (bizId = contentId); its cover and body images sit under CONTENT_MEDIA_BIZ and are not listed.
 */
export const CONTENT_FILE_BIZ = CONTENT_ATTACHMENT_BIZ;

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

export const contentColumns = {
  contentId: cmsContent.id,
  catalogId: cmsContent.catalogId,
  title: cmsContent.title,
  summary: cmsContent.summary,
  author: cmsContent.author,
  isTop: cmsContent.isTop,
  publishTime: cmsContent.publishTime,
  coverFileId: cmsContent.coverFileId,
  linkUrl: cmsContent.linkUrl,
};

/** Pinned first, then by sort and newest: the order of cms_content_published_list_idx. */
export const newestFirst = [desc(cmsContent.isTop), desc(cmsContent.sort), desc(cmsContent.publishTime), desc(cmsContent.id)];

/** Articles the public may see, in the given (visible) catalogues. */
export function publishedIn(catalogIds: number[]): SQL {
  return and(
    catalogIds.length === 1 ? eq(cmsContent.catalogId, catalogIds[0]!) : inArray(cmsContent.catalogId, catalogIds.length ? catalogIds : [0]),
    eq(cmsContent.status, CONTENT_PUBLISHED),
    lte(cmsContent.publishTime, new Date()),
    notDeleted(cmsContent),
  )!;
}

const asFileId = (value: string | null | undefined): number | null => (value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null);

export function createPortalRepo(db: Executor) {
  /** Download URLs of the given file ids (missing or deleted files have none). */
  async function fileUrls(ids: ReadonlyArray<string | null | undefined>): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.map(asFileId).filter((id): id is number => id !== null))];
    if (!wanted.length) return new Map();
    const rows = await db.select({ id: sysFile.id, filename: sysFile.filename }).from(sysFile).where(and(inArray(sysFile.id, wanted), notDeleted(sysFile)));
    return new Map(rows.map((r) => [String(r.id), downloadUrlOf(r.id, r.filename)]));
  }

  async function presentSites(rows: Array<typeof cmsSite.$inferSelect>): Promise<PortalSite[]> {
    const urls = await fileUrls(rows.map((r) => r.logoFileId));
    return rows.map((r) => ({
      siteId: r.id,
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
    }));
  }

  const online = and(eq(cmsSite.siteStatus, SITE_ONLINE), notDeleted(cmsSite));

  return {
    fileUrls,

    /** An online site by code, or the default site when no code is given. */
    async siteByCode(siteCode?: string): Promise<PortalSite | null> {
      const rows = await db
        .select()
        .from(cmsSite)
        .where(and(siteCode ? eq(cmsSite.siteCode, siteCode) : eq(cmsSite.isDefault, true), online))
        .orderBy(desc(cmsSite.isDefault), asc(cmsSite.id))
        .limit(1);
      return (await presentSites(rows))[0] ?? null;
    },

    async siteById(siteId: number): Promise<PortalSite | null> {
      const rows = await db.select().from(cmsSite).where(and(eq(cmsSite.id, siteId), online)).limit(1);
      return (await presentSites(rows))[0] ?? null;
    },

    async sitesByCodes(siteCodes: string[]): Promise<PortalSite[]> {
      if (!siteCodes.length) return [];
      const rows = await db
        .select()
        .from(cmsSite)
        .where(and(inArray(cmsSite.siteCode, siteCodes), online))
        .orderBy(asc(cmsSite.sort), asc(cmsSite.id));
      return presentSites(rows);
    },

    /** The site's ENABLE catalogues with their template, sorted by level, sort, id. */
    async enabledCatalogs(siteId: number): Promise<PortalCatalogRow[]> {
      return db
        .select({
          catalogId: cmsCatalog.id,
          parentCatalogId: cmsCatalog.parentCatalogId,
          catalogName: cmsCatalog.catalogName,
          code: cmsCatalog.code,
          catalogPath: cmsCatalog.catalogPath,
          level: cmsCatalog.level,
          sort: cmsCatalog.sort,
          catalogType: cmsCatalog.catalogType,
          linkType: cmsCatalog.linkType,
          linkUrl: cmsCatalog.linkUrl,
          openType: cmsCatalog.openType,
          catalogContentType: cmsCatalog.catalogContentType,
          showInNav: cmsCatalog.showInNav,
          templateStyle: cmsTemplate.templateStyle,
          componentName: cmsTemplate.componentName,
        })
        .from(cmsCatalog)
        .leftJoin(cmsTemplate, and(eq(cmsTemplate.id, cmsCatalog.templateId), notDeleted(cmsTemplate)))
        .where(and(eq(cmsCatalog.siteId, siteId), eq(cmsCatalog.catalogStatus, CATALOG_ENABLED), notDeleted(cmsCatalog)))
        .orderBy(asc(cmsCatalog.level), asc(cmsCatalog.sort), asc(cmsCatalog.id));
    },

    /**
     * Up to `size` newest articles of each catalogue: one small query per catalogue, each a range scan
     * of cms_content_published_list_idx (a window over all of them would read every article).
     */
    async newestPerCatalog(catalogIds: number[], size: number): Promise<ContentRow[]> {
      const lists = await Promise.all(
        catalogIds.map((id) => db.select(contentColumns).from(cmsContent).where(publishedIn([id])).orderBy(...newestFirst).limit(size)),
      );
      return lists.flat() as ContentRow[];
    },

    /** The newest `size` articles across the given catalogues. */
    async newestIn(catalogIds: number[], size: number): Promise<ContentRow[]> {
      return (await db.select(contentColumns).from(cmsContent).where(publishedIn(catalogIds)).orderBy(...newestFirst).limit(size)) as ContentRow[];
    },

    async pageIn(catalogIds: number[], limit: number, offset: number): Promise<ContentRow[]> {
      return (await db.select(contentColumns).from(cmsContent).where(publishedIn(catalogIds)).orderBy(...newestFirst).limit(limit).offset(offset)) as ContentRow[];
    },

    async countIn(catalogIds: number[]): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(cmsContent).where(publishedIn(catalogIds));
      return row?.n ?? 0;
    },

    /** A published article with its site (the caller checks the site and catalogue are visible). */
    async publishedArticle(contentId: number) {
      const [row] = await db
        .select({ ...contentColumns, siteId: cmsContent.siteId, subject: cmsContent.subject, body: cmsContent.body, source: cmsContent.source, viewCount: cmsContent.viewCount, sort: cmsContent.sort })
        .from(cmsContent)
        .where(and(eq(cmsContent.id, contentId), eq(cmsContent.status, CONTENT_PUBLISHED), lte(cmsContent.publishTime, new Date()), notDeleted(cmsContent)))
        .limit(1);
      return row ? { ...row, publishTime: row.publishTime! } : null;
    },

    /**
     * The neighbours of an article in its catalogue's list order: `prev` is the one listed before it
     * (newer), `next` the one after it (older).
     */
    async neighbours(article: { contentId: number; catalogId: number; isTop: boolean; sort: number; publishTime: Date }) {
      const key = sql`(${cmsContent.isTop}, ${cmsContent.sort}, ${cmsContent.publishTime}, ${cmsContent.id})`;
      const mine = sql`(${article.isTop}::boolean, ${article.sort}::integer, ${article.publishTime.toISOString()}::timestamptz, ${article.contentId}::bigint)`;
      const pick = { contentId: cmsContent.id, title: cmsContent.title };
      const [prev] = await db
        .select(pick)
        .from(cmsContent)
        .where(and(publishedIn([article.catalogId]), sql`${key} > ${mine}`))
        .orderBy(asc(cmsContent.isTop), asc(cmsContent.sort), asc(cmsContent.publishTime), asc(cmsContent.id))
        .limit(1);
      const [next] = await db.select(pick).from(cmsContent).where(and(publishedIn([article.catalogId]), sql`${key} < ${mine}`)).orderBy(...newestFirst).limit(1);
      return { prev: prev ?? null, next: next ?? null };
    },

    /** The files attached to an article for download (never its cover, which is media). */
    async attachments(contentId: number, coverFileId: string | null) {
      const rows = await db
        .select({ fileId: sysFile.id, filename: sysFile.filename, size: sysFile.size })
        .from(sysFile)
        .where(and(eq(sysFile.bizType, CONTENT_FILE_BIZ), eq(sysFile.bizId, String(contentId)), notDeleted(sysFile)))
        .orderBy(asc(sysFile.id));
      return rows.filter((r) => String(r.fileId) !== coverFileId).map((r) => ({ ...r, url: downloadUrlOf(r.fileId, r.filename) }));
    },

    /** Counts a view of a still-published article; null when it is not (any more). */
    async countView(contentId: number): Promise<number | null> {
      const rows = await db
        .update(cmsContent)
        .set({ viewCount: sql`${cmsContent.viewCount} + 1` })
        .where(and(eq(cmsContent.id, contentId), eq(cmsContent.status, CONTENT_PUBLISHED), lte(cmsContent.publishTime, new Date()), notDeleted(cmsContent)))
        .returning({ viewCount: cmsContent.viewCount });
      return rows[0]?.viewCount ?? null;
    },

    /** Enabled banners of a position inside their time window, by sort. */
    async banners(siteId: number, code: string) {
      const now = new Date();
      const rows = await db
        .select({ bannerId: cmsBanner.id, title: cmsBanner.title, imageFileId: cmsBanner.imageFileId, linkUrl: cmsBanner.linkUrl, openType: cmsBanner.openType })
        .from(cmsBanner)
        .where(
          and(
            eq(cmsBanner.siteId, siteId),
            eq(cmsBanner.code, code),
            eq(cmsBanner.status, BANNER_ENABLED),
            notDeleted(cmsBanner),
            or(isNull(cmsBanner.startTime), lte(cmsBanner.startTime, now)),
            or(isNull(cmsBanner.endTime), gt(cmsBanner.endTime, now)),
          ),
        )
        .orderBy(asc(cmsBanner.sort), asc(cmsBanner.id));
      const urls = await fileUrls(rows.map((r) => r.imageFileId));
      // A banner whose picture is gone shows nothing useful; leave it out.
      return rows
        .filter((r) => urls.has(r.imageFileId))
        .map(({ imageFileId, ...r }) => ({ ...r, imageUrl: urls.get(imageFileId)! }));
    },
  };
}
export type PortalRepo = ReturnType<typeof createPortalRepo>;
