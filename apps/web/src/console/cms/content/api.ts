/** Articles (/rest/content/*); server: apps/server/src/modules/cms/content/. */
import type { ContentStatus, Page } from '@dandelion/shared';
import { postJson } from '../../../api/http';
import type { UploadedFile } from '../../../api/upload';
import type { PageQuery } from '../../../components/PagedTable';

export const CONTENT_TABLE_KEY = 'cms:content';

export interface CatalogNode {
  catalogId: string;
  parentCatalogId: string | null;
  siteId: string;
  catalogName: string;
  catalogStatus: string;
  children: CatalogNode[];
}

export interface ContentListItem {
  contentId: string;
  siteId: string;
  catalogId: string;
  catalogName: string | null;
  title: string;
  author: string | null;
  status: ContentStatus;
  isTop: boolean;
  sort: number;
  viewCount: number;
  publishTime: string | null;
  createTime: string;
  createBy: string | null;
  updateTime: string;
  updateBy: string | null;
  lockVersion: number;
}

export interface ContentDetail extends ContentListItem {
  subject: string | null;
  summary: string | null;
  body: string | null;
  source: string | null;
  linkUrl: string | null;
  coverFileId: string | null;
  cover: UploadedFile | null;
  attachments: UploadedFile[];
}

export interface ContentSearch {
  title?: string;
  catalogId?: string;
  status?: ContentStatus;
  author?: string;
  publishTimeFrom?: string;
  publishTimeTo?: string;
}

/** What the form sends (add / update). */
export interface ContentBody {
  catalogId: string;
  title: string;
  subject: string | null;
  summary: string | null;
  body: string;
  coverFileId: string | null;
  attachmentIds: string[];
  author: string | null;
  source: string | null;
  linkUrl: string | null;
  publishTime: string | null;
  isTop: boolean;
  sort: number;
}

export const fetchCatalogTree = (signal?: AbortSignal) => postJson<CatalogNode[]>('/rest/content/getCatalogTree', {}, { signal });
export const fetchContentPage = (query: PageQuery<ContentSearch>, signal: AbortSignal) =>
  postJson<Page<ContentListItem>>('/rest/content/getContentPage', query, { signal });
export const fetchContent = (contentId: string, signal?: AbortSignal) => postJson<ContentDetail>('/rest/content/detail', { contentId }, { signal, silent: true });
export const addContent = (body: ContentBody) => postJson<ContentDetail>('/rest/content/add', body, { silent: true });
export const updateContent = (contentId: string, lockVersion: number, body: ContentBody) =>
  postJson<ContentDetail>('/rest/content/update', { ...body, contentId, lockVersion }, { silent: true });
export const publishContent = (contentId: string, lockVersion: number, publishTime: string | null, options: { silent?: boolean } = {}) =>
  postJson<ContentListItem>('/rest/content/publish', { contentId, lockVersion, publishTime }, options);
export const offlineContent = (contentId: string, lockVersion: number) => postJson<ContentListItem>('/rest/content/offline', { contentId, lockVersion });
export const topContent = (contentId: string, lockVersion: number, isTop: boolean) => postJson<ContentListItem>('/rest/content/top', { contentId, lockVersion, isTop });
export const deleteContent = (contentId: string, lockVersion: number) => postJson<null>('/rest/content/delete', { contentId, lockVersion });
export const deleteContents = (ids: readonly string[]) => postJson<{ deleted: number }>('/rest/content/deleteBatch', { ids });
