/** Articles: the console's calls of the shared contract (`@dandelion/shared/cms/content`). */
import type { CallData, CallInput } from '@dandelion/shared';
import { contentCalls } from '@dandelion/shared/cms/content';
import { call } from '../../../api/call';
import type { PageQuery } from '../../../components/PagedTable';

export const CONTENT_TABLE_KEY = 'cms:content';

export type CatalogNode = CallData<typeof contentCalls.catalogTree>[number];
export type ContentListItem = CallData<typeof contentCalls.page>['list'][number];
export type ContentDetail = CallData<typeof contentCalls.detail>;
export type ContentSearch = Omit<CallInput<typeof contentCalls.page>, 'pageParameter'>;
/** What the form sends (add / update). */
export type ContentBody = CallInput<typeof contentCalls.add>;

export const fetchContentPage = (query: PageQuery<ContentSearch>, signal: AbortSignal) => call(contentCalls.page, query, { signal });
export const fetchContent = (contentId: string, signal?: AbortSignal) => call(contentCalls.detail, { contentId }, { signal, silent: true });
export const addContent = (body: ContentBody) => call(contentCalls.add, body, { silent: true });
export const updateContent = (contentId: string, lockVersion: number, body: ContentBody) =>
  call(contentCalls.update, { ...body, contentId, lockVersion }, { silent: true });
export const publishContent = (contentId: string, lockVersion: number, publishTime: string | null, options: { silent?: boolean } = {}) =>
  call(contentCalls.publish, { contentId, lockVersion, publishTime }, options);
export const offlineContent = (contentId: string, lockVersion: number) => call(contentCalls.offline, { contentId, lockVersion });
export const topContent = (contentId: string, lockVersion: number, isTop: boolean) => call(contentCalls.top, { contentId, lockVersion, isTop });
export const deleteContent = (contentId: string, lockVersion: number) => call(contentCalls.remove, { contentId, lockVersion });
export const deleteContents = (ids: readonly string[]) => call(contentCalls.removeMany, { ids: [...ids] });
