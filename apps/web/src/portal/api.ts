/** Portal content calls (spec §7 Content): types, query keys and the home index. */
import { useQuery } from '@tanstack/react-query';
import type { CallData } from '@dandelion/shared';
import { portalCalls } from '@dandelion/shared/cms/portal';
import { call } from '../api/call';

/** `dataSet` of POST /rest/cms/index: the site, its navigation, the home sections and banners. */
export type PortalIndex = CallData<typeof portalCalls.index>;
export type PortalSite = PortalIndex['site'];
/**
 * A catalogue with its children. `linkType` FRONT_LINK is a portal page, EXTERNAL_LINK opens `linkUrl`;
 * `openType` INTERNAL_OPEN keeps the tab, EXTERNAL_OPEN opens a new one; `templateStyle` (LIST, GRID,
 * TABLE or null) is how its list page shows articles by default; `showInNav` false keeps it out of the
 * navigation (the index already leaves those out, the full tree has them).
 */
export type PortalCatalog = PortalIndex['catalogs'][number];
export type PortalSection = PortalIndex['sections'][number];
/** An article as lists show it; `publishTime` is an ISO 8601 instant, `linkUrl` makes it a link-only article. */
export type PortalContentItem = PortalSection['contents'][number];
export type PortalBanner = PortalIndex['banners'][number];

export const portalKeys = {
  all: ['portal'] as const,
  /** The home index of the default site (body `{}`: the server picks the site). */
  index: () => [...portalKeys.all, 'cms-index'] as const,
};

export function fetchPortalIndex(signal?: AbortSignal): Promise<PortalIndex> {
  return call(portalCalls.index, {}, { signal, silent: true });
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
// fund, national, apply and show are the prize pages (portal/prize) and /queryDetail/{id} is a publicity (portal/query):
// articles of those catalogues open at /categoryDetail.
const DETAIL_ROUTES = new Set(['policy', 'news', 'introduce', 'other']);

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
