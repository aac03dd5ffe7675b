/** Portal calls behind the list, detail, search and banner widgets (spec §7 Content). */
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import type { Page } from '@dandelion/shared';
import { postJson } from '../api/http';
import { portalKeys, type PortalBanner, type PortalCatalog, type PortalContentItem } from './api';

// Every portal read is silent: the widget that asked shows the failure (a toast and an inline state).
const SILENT = { silent: true } as const;

export interface ContentAttachment {
  fileId: string;
  filename: string;
  size: number;
  url: string;
}

/** A neighbour in the catalogue (previous / next article), or null at either end. */
export interface ContentNeighbour {
  contentId: string;
  title: string;
  catalogCode?: string;
  linkUrl?: string | null;
}

export interface ContentDetail extends PortalContentItem {
  subject?: string | null;
  /** Sanitised HTML (sanitised once more before display). */
  body: string | null;
  source?: string | null;
  viewCount?: number;
  attachments: ContentAttachment[];
  prev?: ContentNeighbour | null;
  next?: ContentNeighbour | null;
}

/** A piece of a highlighted text: `hit` marks the parts that matched the keyword. */
export interface TextSegment {
  text: string;
  hit: boolean;
}

export interface SearchHit extends PortalContentItem {
  titleSegments?: TextSegment[];
  summarySegments?: TextSegment[];
}

/** A catalogue with its newest articles (ListCatalogAndComTree). */
export interface CatalogWithContents extends PortalCatalog {
  contents?: PortalContentItem[];
  children: CatalogWithContents[];
}

export const contentKeys = {
  list: (catalogCode: string, pageNum: number, pageSize: number, includeChildren: boolean) =>
    [...portalKeys.all, 'list', catalogCode, pageNum, pageSize, includeChildren] as const,
  latest: (catalogCode: string, size: number) => [...portalKeys.all, 'latest', catalogCode, size] as const,
  detail: (contentId: string) => [...portalKeys.all, 'detail', contentId] as const,
  subCatalogs: (catalogCode: string) => [...portalKeys.all, 'sub-catalogs', catalogCode] as const,
  catalogTree: () => [...portalKeys.all, 'catalog-tree'] as const,
  catalogContentTree: (catalogCode: string | undefined, size: number) =>
    [...portalKeys.all, 'catalog-content-tree', catalogCode ?? '', size] as const,
  banners: (code: string) => [...portalKeys.all, 'banners', code] as const,
  search: (keyword: string, pageNum: number, pageSize: number) => [...portalKeys.all, 'search', keyword, pageNum, pageSize] as const,
};

const PORTAL_STALE_MS = 60_000;

export interface ContentPageQuery {
  catalogCode: string;
  pageNum: number;
  pageSize: number;
  /** Also the articles of the catalogue's sub-catalogues. */
  includeChildren?: boolean;
}

/** One page of a catalogue's published articles. */
export function useContentPage({ catalogCode, pageNum, pageSize, includeChildren = false }: ContentPageQuery) {
  return useQuery({
    queryKey: contentKeys.list(catalogCode, pageNum, pageSize, includeChildren),
    queryFn: ({ signal }) =>
      postJson<Page<PortalContentItem>>(
        '/rest/content/queryClientListByPage',
        { catalogCode, pageParameter: { pageNum, pageSize }, ...(includeChildren ? { includeChildren } : {}) },
        { signal, ...SILENT },
      ),
    placeholderData: keepPreviousData,
    staleTime: PORTAL_STALE_MS,
    enabled: catalogCode !== '',
  });
}

/** A catalogue's newest articles (home sections, side lists). */
export function useLatestContents(catalogCode: string, size: number) {
  return useQuery({
    queryKey: contentKeys.latest(catalogCode, size),
    queryFn: ({ signal }) =>
      postJson<PortalContentItem[]>('/rest/content/queryClientListByCatalog', { catalogCode, size }, { signal, ...SILENT }),
    staleTime: PORTAL_STALE_MS,
  });
}

/** One published article with its body, attachments and neighbours. */
export function useContentDetail(contentId: string) {
  return useQuery({
    queryKey: contentKeys.detail(contentId),
    queryFn: ({ signal }) => postJson<ContentDetail>('/rest/content/getDetailContent', { contentId }, { signal, ...SILENT }),
    enabled: contentId !== '',
  });
}

/** The enabled children of a catalogue (the list page's tabs). */
export function useSubCatalogs(catalogCode: string) {
  return useQuery({
    queryKey: contentKeys.subCatalogs(catalogCode),
    queryFn: ({ signal }) =>
      postJson<PortalCatalog[]>('/rest/cmsCatalog/queryClientSubCatalogList', { catalogCode }, { signal, ...SILENT }),
    staleTime: 5 * 60_000,
    enabled: catalogCode !== '',
  });
}

/** The site's enabled catalogue tree. */
export function useCatalogTree() {
  return useQuery({
    queryKey: contentKeys.catalogTree(),
    queryFn: ({ signal }) => postJson<PortalCatalog[]>('/rest/cmsCatalog/TreeCmsCatalogBySite', {}, { signal, ...SILENT }),
    staleTime: 5 * 60_000,
  });
}

/** Catalogues (below `catalogCode`, or all) with their newest `size` articles each. */
export function useCatalogContentTree(catalogCode: string | undefined, size: number) {
  return useQuery({
    queryKey: contentKeys.catalogContentTree(catalogCode, size),
    queryFn: ({ signal }) =>
      postJson<CatalogWithContents[]>(
        '/rest/cmsCatalog/ListCatalogAndComTree',
        { ...(catalogCode ? { catalogCode } : {}), size },
        { signal, ...SILENT },
      ),
    staleTime: PORTAL_STALE_MS,
  });
}

/** The rotating pictures of a banner position (`HOME` on the home page). */
export function useBanners(code: string) {
  return useQuery({
    queryKey: contentKeys.banners(code),
    queryFn: ({ signal }) => postJson<PortalBanner[]>('/rest/componentService/rotatePictures', { code }, { signal, ...SILENT }),
    staleTime: 5 * 60_000,
  });
}

/** Full-text search over published articles; the answer marks the matched parts. */
export function useContentSearch(keyword: string, pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: contentKeys.search(keyword, pageNum, pageSize),
    queryFn: ({ signal }) =>
      postJson<Page<SearchHit>>('/rest/content/searchContent', { keyword, pageParameter: { pageNum, pageSize } }, { signal, ...SILENT }),
    enabled: keyword !== '',
    placeholderData: keepPreviousData,
  });
}
