/** Portal calls behind the list, detail, search and banner widgets (spec §7 Content). */
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import type { CallData } from '@dandelion/shared';
import { portalCalls } from '@dandelion/shared/cms/portal';
import { call } from '../api/call';
import { portalKeys } from './api';

// Every portal read is silent: the widget that asked shows the failure (a toast and an inline state).
const SILENT = { silent: true } as const;

/** One published article: `body` is sanitised HTML (sanitised once more before display). */
export type ContentDetail = CallData<typeof portalCalls.article>;
export type ContentAttachment = ContentDetail['attachments'][number];
/** A neighbour in the catalogue (previous / next article); the article has null at either end. */
export type ContentNeighbour = NonNullable<ContentDetail['prev']>;

export type SearchHit = CallData<typeof portalCalls.search>['list'][number];
/** A piece of a highlighted text: `hit` marks the parts that matched the keyword. */
export type TextSegment = SearchHit['titleSegments'][number];

/** A catalogue with its newest articles (ListCatalogAndComTree). */
export type CatalogWithContents = CallData<typeof portalCalls.catalogTreeWithContents>[number];

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
      call(
        portalCalls.listByPage,
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
    queryFn: ({ signal }) => call(portalCalls.newest, { catalogCode, size }, { signal, ...SILENT }),
    staleTime: PORTAL_STALE_MS,
  });
}

/** One published article with its body, attachments and neighbours. */
export function useContentDetail(contentId: string) {
  return useQuery({
    queryKey: contentKeys.detail(contentId),
    queryFn: ({ signal }) => call(portalCalls.article, { contentId }, { signal, ...SILENT }),
    enabled: contentId !== '',
  });
}

/** The enabled children of a catalogue (the list page's tabs). */
export function useSubCatalogs(catalogCode: string) {
  return useQuery({
    queryKey: contentKeys.subCatalogs(catalogCode),
    queryFn: ({ signal }) => call(portalCalls.subCatalogs, { catalogCode }, { signal, ...SILENT }),
    staleTime: 5 * 60_000,
    enabled: catalogCode !== '',
  });
}

/** The site's enabled catalogue tree. */
export function useCatalogTree() {
  return useQuery({
    queryKey: contentKeys.catalogTree(),
    queryFn: ({ signal }) => call(portalCalls.catalogTree, {}, { signal, ...SILENT }),
    staleTime: 5 * 60_000,
  });
}

/** Catalogues (below `catalogCode`, or all) with their newest `size` articles each. */
export function useCatalogContentTree(catalogCode: string | undefined, size: number) {
  return useQuery({
    queryKey: contentKeys.catalogContentTree(catalogCode, size),
    queryFn: ({ signal }) => call(portalCalls.catalogTreeWithContents, { ...(catalogCode ? { catalogCode } : {}), size }, { signal, ...SILENT }),
    staleTime: PORTAL_STALE_MS,
  });
}

/** The rotating pictures of a banner position (`HOME` on the home page). */
export function useBanners(code: string) {
  return useQuery({
    queryKey: contentKeys.banners(code),
    queryFn: ({ signal }) => call(portalCalls.banners, { code }, { signal, ...SILENT }),
    staleTime: 5 * 60_000,
  });
}

/** Full-text search over published articles; the answer marks the matched parts. */
export function useContentSearch(keyword: string, pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: contentKeys.search(keyword, pageNum, pageSize),
    queryFn: ({ signal }) => call(portalCalls.search, { keyword, pageParameter: { pageNum, pageSize } }, { signal, ...SILENT }),
    enabled: keyword !== '',
    placeholderData: keepPreviousData,
  });
}
