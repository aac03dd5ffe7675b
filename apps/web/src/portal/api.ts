/** Portal content calls (spec §7 Content): types, query keys and the home index. */
import { useQuery } from '@tanstack/react-query';
import { postJson } from '../api/http';

export interface PortalSite {
  siteId: string;
  siteCode: string;
  siteName: string;
  displayName: string;
  siteStatus: string;
  logoUrl?: string | null;
  description?: string | null;
  copyright?: string | null;
  icp?: string | null;
  contactPhone?: string | null;
  contactAddress?: string | null;
}

/** A catalogue of the navigation tree. Fields after `sort` arrive from the full portal API. */
export interface PortalCatalog {
  catalogId: string;
  catalogName: string;
  code: string;
  catalogPath: string | null;
  sort: number;
  parentCatalogId?: string | null;
  level?: number;
  catalogType?: string;
  /** FRONT_LINK (a portal page) or EXTERNAL_LINK (`linkUrl`). */
  linkType?: string;
  linkUrl?: string | null;
  /** INTERNAL_OPEN (same tab) or EXTERNAL_OPEN (new tab). */
  openType?: string;
  catalogContentType?: string;
  /** How the catalogue's list page shows its articles by default: LIST, GRID, TABLE or null. */
  templateStyle?: string | null;
  /** False for catalogues kept out of the navigation (the index already leaves them out; the full tree has them). */
  showInNav?: boolean;
  children: PortalCatalog[];
}

export interface PortalContentItem {
  contentId: string;
  title: string;
  summary: string | null;
  /** ISO 8601 instant. */
  publishTime: string;
  catalogCode: string;
  catalogId?: string;
  catalogName?: string;
  author?: string | null;
  isTop?: boolean;
  coverUrl?: string | null;
  /** An article that is only a link: opening it opens this address. */
  linkUrl?: string | null;
}

export interface PortalSection {
  catalogId: string;
  code: string;
  catalogName: string;
  contents: PortalContentItem[];
}

export interface PortalBanner {
  bannerId: string;
  title: string;
  imageUrl: string;
  linkUrl: string | null;
  openType?: string | null;
}

/** `dataSet` of POST /rest/cms/index. */
export interface PortalIndex {
  site: PortalSite;
  catalogs: PortalCatalog[];
  sections: PortalSection[];
  banners?: PortalBanner[];
}

export const portalKeys = {
  all: ['portal'] as const,
  /** The home index of the default site (body `{}`: the server picks the site). */
  index: () => [...portalKeys.all, 'cms-index'] as const,
};

export function fetchPortalIndex(signal?: AbortSignal): Promise<PortalIndex> {
  return postJson<PortalIndex>('/rest/cms/index', {}, { signal, silent: true });
}

/** The site, its navigation and the home sections; shared by the portal header and the home page. */
export function usePortalIndex() {
  return useQuery({
    queryKey: portalKeys.index(),
    queryFn: ({ signal }) => fetchPortalIndex(signal),
    staleTime: 5 * 60_000,
  });
}

/** The name the portal shows for its site: the display name, else the site name. */
export function siteTitleOf(site: PortalSite | undefined): string | undefined {
  return site?.displayName || site?.siteName || undefined;
}

/**
 * Catalogues with a page of their own (spec §2 public routes): the route name equals the code.
 * `news` lists at /category?code=news but has its own /newsDetail/{id}.
 */
const LIST_ROUTES = new Set(['notification', 'policy', 'fund', 'national', 'apply', 'show', 'other', 'query', 'declare']);
const DETAIL_ROUTES = new Set(['policy', 'news', 'introduce', 'fund', 'national', 'apply', 'show', 'other', 'query']);

/** Where a catalogue's page lives: `/${code}` for the routed ones, `/category?code=` otherwise. */
export const catalogPath = (code: string) =>
  LIST_ROUTES.has(code) ? `/${code}` : `/category?code=${encodeURIComponent(code)}`;

/**
 * Where an article's detail page lives, e.g. /newsDetail/42; articles of other catalogues at
 * /categoryDetail?id=. /notificationDetail shows messaging's public notices, so CMS articles filed
 * under `notification` open at /categoryDetail too.
 */
export const contentPath = (item: Pick<PortalContentItem, 'catalogCode' | 'contentId'>) =>
  DETAIL_ROUTES.has(item.catalogCode)
    ? `/${item.catalogCode}Detail/${encodeURIComponent(item.contentId)}`
    : `/categoryDetail?id=${encodeURIComponent(item.contentId)}`;
