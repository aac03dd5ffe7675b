/** Portal content calls (spec §7 Content). */
import { useQuery } from '@tanstack/react-query';
import { postJson } from '../api/http';

export interface PortalSite {
  siteId: string;
  siteCode: string;
  siteName: string;
  displayName: string;
  siteStatus: string;
}

export interface PortalCatalog {
  catalogId: string;
  catalogName: string;
  code: string;
  catalogPath: string | null;
  sort: number;
  children: PortalCatalog[];
}

export interface PortalContentItem {
  contentId: string;
  title: string;
  summary: string | null;
  /** ISO 8601 instant. */
  publishTime: string;
  catalogCode: string;
}

export interface PortalSection {
  catalogId: string;
  code: string;
  catalogName: string;
  contents: PortalContentItem[];
}

/** `dataSet` of POST /rest/cms/index. */
export interface PortalIndex {
  site: PortalSite;
  catalogs: PortalCatalog[];
  sections: PortalSection[];
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

/** Where a catalogue's page lives: `/${code}` (spec §2 public routes). */
export const catalogPath = (code: string) => `/${encodeURIComponent(code)}`;

/** Where a content item's detail page lives, e.g. /newsDetail/42 (spec §2 public routes). */
export const contentPath = (item: Pick<PortalContentItem, 'catalogCode' | 'contentId'>) =>
  `/${item.catalogCode}Detail/${encodeURIComponent(item.contentId)}`;
