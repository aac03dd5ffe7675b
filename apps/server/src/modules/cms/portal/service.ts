import type { Page, PageParameter } from '@dandelion/shared';
import { DEFAULT_BANNER_CODE } from '@dandelion/shared/cms/banner';
import { HOME_SECTION_SIZE } from '@dandelion/shared/cms/portal';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { sanitizeRichText } from '../../../core/richText';
import type { FileUrls } from '../files/module';
import type { PortalCache } from '../portalCache/module';
import { highlight } from '../search/module';
import { buildSiteCatalogs, navigationOf, subtreeIds, type CatalogNode, type SiteCatalogs } from './catalogTree';
import { createPortalRepo, type ContentRow, type PortalSite } from './repo';
import { createPortalSearch } from './search';

/** The files a visitor may download under a published article (the content feature answers). */
export type ArticleDownloads = (ex: Executor, contentId: number, coverFileId: string | null) => Promise<Array<{ fileId: number; filename: string; size: number; url: string }>>;

export interface PortalServiceDeps {
  db: Executor;
  portalCache: PortalCache;
  fileUrls: FileUrls;
  downloads: ArticleDownloads;
}

export interface ContentSummary {
  contentId: number;
  catalogId: number;
  catalogCode: string;
  catalogName: string;
  title: string;
  summary: string | null;
  author: string | null;
  isTop: boolean;
  publishTime: Date;
  coverUrl: string | null;
  linkUrl: string | null;
}

/**
 * The read side of the public portal (spec §7 Content). Every answer comes through the portal
 * cache, which the back office empties on each change; the only write is the view counter.
 */
export function createPortalService({ db, portalCache, fileUrls, downloads }: PortalServiceDeps) {
  const repo = createPortalRepo(db, fileUrls);
  const search = createPortalSearch(db);
  const cached = portalCache.read.bind(portalCache);

  async function requireSite(siteCode?: string): Promise<PortalSite> {
    const site = await cached(`site:${siteCode ?? ''}`, () => repo.siteByCode(siteCode));
    if (!site) throw errors.notFound('站点');
    return site;
  }

  function catalogsOf(siteId: number): Promise<SiteCatalogs> {
    return cached(`catalogs:${siteId}`, async () => buildSiteCatalogs(await repo.enabledCatalogs(siteId)));
  }

  async function requireCatalog(siteId: number, code: string): Promise<CatalogNode> {
    const node = (await catalogsOf(siteId)).byCode.get(code);
    if (!node) throw errors.notFound('栏目');
    return node;
  }

  /** Adds what a list shows beside the row: its catalogue's code and name and the cover URL. */
  async function summarise(rows: ContentRow[], catalogs: SiteCatalogs): Promise<ContentSummary[]> {
    const urls = await repo.fileUrls(rows.map((r) => r.coverFileId));
    return rows.map(({ coverFileId, ...row }) => {
      const catalog = catalogs.byId.get(row.catalogId);
      return {
        ...row,
        catalogCode: catalog?.code ?? '',
        catalogName: catalog?.catalogName ?? '',
        coverUrl: (coverFileId && urls.get(coverFileId)) || null,
      };
    });
  }

  /** The newest `size` articles of each of `nodes`, grouped by catalogue id. */
  async function newestOf(nodes: CatalogNode[], size: number, catalogs: SiteCatalogs): Promise<Map<number, ContentSummary[]>> {
    const rows = await summarise(await repo.newestPerCatalog(nodes.map((n) => n.catalogId), size), catalogs);
    const grouped = new Map<number, ContentSummary[]>(nodes.map((n) => [n.catalogId, []]));
    for (const row of rows) grouped.get(row.catalogId)?.push(row);
    return grouped;
  }

  const pageOf = async (catalogIds: number[], page: PageParameter, catalogs: SiteCatalogs): Promise<Page<ContentSummary>> => {
    const offset = (page.pageNum - 1) * page.pageSize;
    const [rows, total] = await Promise.all([repo.pageIn(catalogIds, page.pageSize, offset), repo.countIn(catalogIds)]);
    return { list: await summarise(rows, catalogs), total, pageNum: page.pageNum, pageSize: page.pageSize };
  };

  return {
    /** `/rest/cms/index`: the site, its navigation, the newest articles under each top-level catalogue and the HOME banners. */
    async index(siteCode?: string) {
      const site = await requireSite(siteCode);
      return cached(`index:${site.siteId}`, async () => {
        const catalogs = await catalogsOf(site.siteId);
        // A top-level section shows the newest of its whole subtree: 新闻动态 with sub-columns lists their news too.
        const sections = await Promise.all(
          catalogs.tree.map(async (c) => ({
            catalogId: c.catalogId,
            code: c.code,
            catalogName: c.catalogName,
            contents: await summarise(await repo.newestIn(subtreeIds(c), HOME_SECTION_SIZE), catalogs),
          })),
        );
        const banners = await repo.banners(site.siteId, DEFAULT_BANNER_CODE);
        return { site, catalogs: navigationOf(catalogs.tree), sections, banners };
      });
    },

    /** `/rest/cms/agreements`: what the registration page asks the user to accept. */
    async agreements(siteCode?: string) {
      const site = await requireSite(siteCode);
      return cached(`agreements:${site.siteId}`, () => repo.agreements(site.siteId));
    },

    async siteById(siteId: number): Promise<PortalSite> {
      const site = await cached(`site-id:${siteId}`, () => repo.siteById(siteId));
      if (!site) throw errors.notFound('站点');
      return site;
    },

    async sitesByCodes(siteCodes: string[]): Promise<PortalSite[]> {
      const codes = [...new Set(siteCodes)].sort();
      return cached(`sites:${JSON.stringify(codes)}`, () => repo.sitesByCodes(codes));
    },

    async catalogTree(siteCode?: string): Promise<CatalogNode[]> {
      const site = await requireSite(siteCode);
      return (await catalogsOf(site.siteId)).tree;
    },

    async subCatalogs(catalogCode: string, siteCode?: string): Promise<CatalogNode[]> {
      const site = await requireSite(siteCode);
      return (await requireCatalog(site.siteId, catalogCode)).children;
    },

    /** Children of `catalogCode` (or the top level), each with the component its template names. */
    async catalogsWithComponent(siteCode?: string, catalogCode?: string) {
      const site = await requireSite(siteCode);
      const nodes = catalogCode ? (await requireCatalog(site.siteId, catalogCode)).children : (await catalogsOf(site.siteId)).tree;
      return nodes.map((n) => ({ ...n, component: n.componentName ? { componentName: n.componentName, templateStyle: n.templateStyle } : null }));
    },

    /** The tree under `catalogCode` (or the whole tree), every node with its newest `size` articles. */
    async catalogTreeWithContents(siteCode: string | undefined, catalogCode: string | undefined, size: number) {
      const site = await requireSite(siteCode);
      const catalogs = await catalogsOf(site.siteId);
      const roots = catalogCode ? (await requireCatalog(site.siteId, catalogCode)).children : catalogs.tree;
      return cached(`tree-contents:${site.siteId}:${catalogCode ?? ''}:${size}`, async () => {
        const all: CatalogNode[] = roots.flatMap((r) => subtreeIds(r).map((id) => catalogs.byId.get(id)!));
        const newest = await newestOf(all, size, catalogs);
        type WithContents = CatalogNode & { contents: ContentSummary[]; children: WithContents[] };
        const attach = (n: CatalogNode): WithContents => ({ ...n, contents: newest.get(n.catalogId) ?? [], children: n.children.map(attach) });
        return roots.map(attach);
      });
    },

    async banners(code: string, siteCode?: string) {
      const site = await requireSite(siteCode);
      return cached(`banners:${site.siteId}:${code}`, () => repo.banners(site.siteId, code));
    },

    /**
     * `/rest/content/getDetailContent`: the cached article plus a fresh view count (the increment
     * answers the new count, so only the count bypasses the cache).
     */
    async detail(contentId: number) {
      const article = await cached(`detail:${contentId}`, async () => {
        const row = await repo.publishedArticle(contentId);
        if (!row) return null;
        const site = await repo.siteById(row.siteId);
        if (!site) return null;
        const catalogs = await catalogsOf(site.siteId);
        if (!catalogs.byId.has(row.catalogId)) return null;
        const { siteId: _s, sort: _o, subject, body, source, viewCount, ...summaryRow } = row;
        const [summary] = await summarise([summaryRow], catalogs);
        const [attachments, neighbours] = await Promise.all([downloads(db, contentId, row.coverFileId), repo.neighbours(row)]);
        return { ...summary!, subject, body: sanitizeRichText(body), source, viewCount, attachments, ...neighbours };
      });
      if (!article) throw errors.notFound('文章');
      const viewCount = await repo.countView(contentId);
      if (viewCount === null) throw errors.notFound('文章');
      return { ...article, viewCount };
    },

    /** `/rest/content/queryClientListByPage`: a catalogue's (and optionally its branch's) articles, a page at a time. */
    async listByCatalog(catalogCode: string, page: PageParameter, siteCode?: string, includeChildren = false): Promise<Page<ContentSummary>> {
      const site = await requireSite(siteCode);
      const catalog = await requireCatalog(site.siteId, catalogCode);
      return cached(`list:${site.siteId}:${catalogCode}:${includeChildren}:${page.pageNum}:${page.pageSize}`, async () =>
        pageOf(includeChildren ? subtreeIds(catalog) : [catalog.catalogId], page, await catalogsOf(site.siteId)),
      );
    },

    /** `/rest/content/queryClientListByCatalog`: the newest `size` articles of one catalogue. */
    async newestByCatalog(catalogCode: string, size: number, siteCode?: string): Promise<ContentSummary[]> {
      const site = await requireSite(siteCode);
      const catalog = await requireCatalog(site.siteId, catalogCode);
      return cached(`newest:${site.siteId}:${catalogCode}:${size}`, async () => summarise(await repo.newestIn([catalog.catalogId], size), await catalogsOf(site.siteId)));
    },

    /** `/rest/content/searchContent`: a page of matches with the keyword marked in title and excerpt. */
    async search(keyword: string, page: PageParameter, siteCode?: string, catalogCode?: string) {
      const site = await requireSite(siteCode);
      const catalogs = await catalogsOf(site.siteId);
      const scope = catalogCode ? subtreeIds(await requireCatalog(site.siteId, catalogCode)) : [...catalogs.byId.keys()];
      return cached(`search:${site.siteId}:${catalogCode ?? ''}:${page.pageNum}:${page.pageSize}:${keyword}`, async () => {
        const { rows, total } = await search.page(keyword, scope, page.pageSize, (page.pageNum - 1) * page.pageSize);
        const summaries = await summarise(rows.map(({ bodyText: _b, ...row }) => row), catalogs);
        const list = summaries.map((s, i) => ({
          ...s,
          titleSegments: highlight(s.title, keyword, 256),
          summarySegments: highlight(s.summary || rows[i]!.bodyText, keyword),
        }));
        return { list, total, pageNum: page.pageNum, pageSize: page.pageSize };
      });
    },
  };
}
export type PortalService = ReturnType<typeof createPortalService>;
