import type { Page, PageParameter } from '@dandelion/shared';
import { errors } from '../../../core/errors';
import { buildCatalogTree, type CatalogNode, type CatalogService } from '../catalog/service';
import type { ContentService, ContentSummary } from '../content/service';
import type { SiteRow, SiteService } from '../site/service';

/** How many articles each catalogue shows on the portal home page. */
export const HOME_SECTION_SIZE = 8;

export interface PortalCatalog {
  catalogId: number;
  catalogName: string;
  code: string;
  catalogPath: string | null;
  sort: number;
  children: PortalCatalog[];
}

function toPortalCatalog(node: CatalogNode): PortalCatalog {
  return {
    catalogId: node.id,
    catalogName: node.catalogName,
    code: node.code,
    catalogPath: node.catalogPath,
    sort: node.sort,
    children: node.children.map(toPortalCatalog),
  };
}

function toSite(site: SiteRow) {
  return { siteId: site.id, siteCode: site.siteCode, siteName: site.siteName, displayName: site.displayName, siteStatus: site.siteStatus };
}

/** The read side of the public portal: only online sites, enabled catalogues and published content. */
export function createPortalService(deps: { sites: SiteService; catalogs: CatalogService; contents: ContentService }) {
  async function requireSite(siteCode?: string): Promise<SiteRow> {
    const site = await deps.sites.findOnlineSite(siteCode);
    if (!site) throw errors.notFound('站点');
    return site;
  }

  return {
    /** `/rest/cms/index`: the site, its navigation and the newest articles of each top-level catalogue. */
    async index(siteCode?: string) {
      const site = await requireSite(siteCode);
      const rows = await deps.catalogs.listEnabled(site.id);
      const tree = buildCatalogTree(rows);
      const sections = await Promise.all(
        tree.map(async (catalog) => ({
          catalogId: catalog.id,
          code: catalog.code,
          catalogName: catalog.catalogName,
          contents: (await deps.contents.latestPublished(catalog.id, HOME_SECTION_SIZE)).map((c) => ({ ...c, catalogCode: catalog.code })),
        })),
      );
      return { site: toSite(site), catalogs: tree.map(toPortalCatalog), sections };
    },

    /** `/rest/content/queryClientListByPage`: one catalogue's published articles, a page at a time. */
    async listByCatalog(catalogCode: string, page: PageParameter, siteCode?: string): Promise<Page<ContentSummary & { catalogCode: string }>> {
      const site = await requireSite(siteCode);
      const catalog = await deps.catalogs.findEnabledByCode(site.id, catalogCode);
      if (!catalog) throw errors.notFound('栏目');
      const result = await deps.contents.pagePublished(catalog.id, page);
      return { ...result, list: result.list.map((c) => ({ ...c, catalogCode })) };
    },
  };
}
export type PortalService = ReturnType<typeof createPortalService>;
