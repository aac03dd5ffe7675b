/** The resource library (/rest/resource/*); server: apps/server/src/modules/cms/resource/. */
import type { Page, ResourceType } from '@dandelion/shared';
import { postJson } from '../../../api/http';
import type { UploadedFile } from '../../../api/upload';
import type { PageQuery } from '../../../components/PagedTable';

export const RESOURCE_TABLE_KEY = 'cms:resource';

export interface Resource {
  resourceId: string;
  siteId: string;
  resourceName: string;
  resourceType: ResourceType;
  fileId: string | null;
  url: string | null;
  tags: string | null;
  description: string | null;
  file: UploadedFile | null;
  createTime: string;
  createBy: string | null;
  updateTime: string;
  updateBy: string | null;
  lockVersion: number;
}

export interface ResourceSearch {
  resourceName?: string;
  resourceType?: ResourceType;
  tag?: string;
}

export interface ResourceBody {
  resourceName: string;
  resourceType: ResourceType;
  fileId: string | null;
  url: string | null;
  tags: string | null;
  description: string | null;
}

export const fetchResourcePage = (query: PageQuery<ResourceSearch>, signal: AbortSignal) =>
  postJson<Page<Resource>>('/rest/resource/getResourcePage', query, { signal });
export const fetchResource = (resourceId: string, signal?: AbortSignal) => postJson<Resource>('/rest/resource/detail', { resourceId }, { signal, silent: true });
export const addResource = (body: ResourceBody) => postJson<Resource>('/rest/resource/add', body, { silent: true });
export const updateResource = (resourceId: string, lockVersion: number, body: ResourceBody) =>
  postJson<Resource>('/rest/resource/update', { ...body, resourceId, lockVersion }, { silent: true });
export const deleteResource = (resourceId: string, lockVersion: number) => postJson<null>('/rest/resource/delete', { resourceId, lockVersion });
export const deleteResources = (ids: readonly string[]) => postJson<{ deleted: number }>('/rest/resource/deleteBatch', { ids });
export const addArticleFromResource = (body: { resourceId: string; catalogId: string; title: string | null }) =>
  postJson<{ contentId: string }>('/rest/resource/addArticle', body, { silent: true });
