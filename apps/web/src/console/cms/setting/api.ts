/** CMS 站点设置 calls; server: apps/server/src/modules/cms/{site,catalog,banner,template}/routes.ts. */
import type { Page } from '@dandelion/shared';
import { postJson } from '../../../api/http';
import type { PageQuery } from '../../../components/PagedTable';

export { CMS_SETTING_PERMISSIONS as SETTING_PERMISSIONS } from '@dandelion/shared';

interface Audited {
  createTime: string;
  createBy: string | null;
  updateTime: string;
  updateBy: string | null;
  lockVersion: number;
}

export interface Site extends Audited {
  siteId: string;
  siteCode: string;
  siteName: string;
  displayName: string;
  siteStatus: string;
  isDefault: boolean;
  themeId: number | null;
  portalId: number | null;
  logoFileId: string | null;
  logoUrl: string | null;
  domain: string | null;
  description: string | null;
  copyright: string | null;
  icp: string | null;
  contactPhone: string | null;
  contactAddress: string | null;
  sort: number;
}
export type SiteValues = Omit<Site, keyof Audited | 'siteId' | 'isDefault' | 'logoUrl'>;
export interface SiteSearch {
  siteCode?: string;
  siteName?: string;
  siteStatus?: string;
}

export interface Catalog extends Audited {
  catalogId: string;
  siteId: string;
  parentCatalogId: string | null;
  catalogName: string;
  code: string;
  catalogPath: string | null;
  level: number;
  sort: number;
  catalogStatus: string;
  catalogType: string;
  linkType: string;
  openType: string;
  catalogContentType: string;
  linkUrl: string | null;
  templateId: string | null;
  description: string | null;
  showInNav: boolean;
  children: Catalog[];
}
export type CatalogValues = Pick<
  Catalog,
  'catalogName' | 'code' | 'catalogStatus' | 'catalogType' | 'linkType' | 'openType' | 'catalogContentType' | 'linkUrl' | 'templateId' | 'description' | 'showInNav' | 'sort'
>;

export interface Banner extends Audited {
  bannerId: string;
  siteId: string;
  code: string;
  title: string;
  imageFileId: string;
  imageUrl: string | null;
  linkUrl: string | null;
  openType: string;
  sort: number;
  status: string;
  startTime: string | null;
  endTime: string | null;
}
export type BannerValues = Pick<Banner, 'siteId' | 'code' | 'title' | 'imageFileId' | 'linkUrl' | 'openType' | 'sort' | 'status' | 'startTime' | 'endTime'>;
export interface BannerSearch {
  siteId?: string;
  code?: string;
  title?: string;
  status?: string;
}

export interface CmsTemplate extends Audited {
  templateId: string;
  templateCode: string;
  templateName: string;
  templateType: string;
  templateStyle: string | null;
  componentName: string;
  componentPath: string | null;
  thumbnail: string | null;
  thumbnailUrl: string | null;
  sort: number;
  remark: string | null;
}
export type TemplateValues = Pick<CmsTemplate, 'templateCode' | 'templateName' | 'templateType' | 'templateStyle' | 'componentName' | 'componentPath' | 'thumbnail' | 'sort' | 'remark'>;
export interface TemplateSearch {
  templateCode?: string;
  templateName?: string;
  templateType?: string;
}

export const SITE_TABLE_KEY = 'cms:site';
export const BANNER_TABLE_KEY = 'cms:banner';
export const TEMPLATE_TABLE_KEY = 'cms:template';

// Writes are silent: the form or list shows the server's message where the user is looking.
const write = { silent: true } as const;

export const fetchSitePage = (query: PageQuery<SiteSearch>, signal: AbortSignal) => postJson<Page<Site>>('/rest/cms_site/getSitePage', query, { signal });
export const fetchAllSites = (signal?: AbortSignal) => postJson<Site[]>('/rest/cms_site/listAll', {}, { signal });
export const addSite = (values: SiteValues) => postJson<Site>('/rest/cms_site/add', values, write);
export const updateSite = (siteId: string, lockVersion: number, values: SiteValues) => postJson<Site>('/rest/cms_site/update', { ...values, siteId, lockVersion }, write);
export const updateSiteStatus = (siteId: string, lockVersion: number, siteStatus: string) => postJson<Site>('/rest/cms_site/updateStatus', { siteId, lockVersion, siteStatus }, write);
export const setDefaultSite = (siteId: string) => postJson<Site>('/rest/cms_site/setDefault', { siteId }, write);
export const deleteSite = (siteId: string, lockVersion: number) => postJson<null>('/rest/cms_site/delete', { siteId, lockVersion }, write);

export const fetchCatalogTree = (siteId: string, search: { catalogName?: string }, signal?: AbortSignal) =>
  postJson<Catalog[]>('/rest/cmsCatalog/getAdminTree', { siteId, ...search }, { signal });
export const addCatalog = (siteId: string, parentCatalogId: string | null, values: CatalogValues) =>
  postJson<Catalog>('/rest/cmsCatalog/add', { ...values, siteId, parentCatalogId }, write);
export const updateCatalog = (catalogId: string, lockVersion: number, values: CatalogValues) =>
  postJson<Catalog>('/rest/cmsCatalog/update', { ...values, catalogId, lockVersion }, write);
export const updateCatalogStatus = (catalogId: string, lockVersion: number, catalogStatus: string) =>
  postJson<Catalog>('/rest/cmsCatalog/updateStatus', { catalogId, lockVersion, catalogStatus }, write);
export const moveCatalog = (catalogId: string, parentCatalogId: string | null, lockVersion: number) =>
  postJson<Catalog>('/rest/cmsCatalog/move', { catalogId, parentCatalogId, lockVersion }, write);
export const sortCatalogs = (siteId: string, parentCatalogId: string | null, catalogIds: string[]) =>
  postJson<null>('/rest/cmsCatalog/sort', { siteId, parentCatalogId, catalogIds }, write);
export const deleteCatalog = (catalogId: string, lockVersion: number) => postJson<null>('/rest/cmsCatalog/delete', { catalogId, lockVersion }, write);

export const fetchBannerPage = (query: PageQuery<BannerSearch>, signal: AbortSignal) => postJson<Page<Banner>>('/rest/cmsBanner/getBannerPage', query, { signal });
export const addBanner = (values: BannerValues) => postJson<Banner>('/rest/cmsBanner/add', values, write);
export const updateBanner = (bannerId: string, lockVersion: number, values: BannerValues) =>
  postJson<Banner>('/rest/cmsBanner/update', { ...values, bannerId, lockVersion }, write);
export const updateBannerStatus = (bannerId: string, lockVersion: number, status: string) =>
  postJson<Banner>('/rest/cmsBanner/updateStatus', { bannerId, lockVersion, status }, write);
export const sortBanners = (siteId: string, code: string, bannerIds: string[]) => postJson<null>('/rest/cmsBanner/sort', { siteId, code, bannerIds }, write);
export const deleteBanner = (bannerId: string, lockVersion: number) => postJson<null>('/rest/cmsBanner/delete', { bannerId, lockVersion }, write);
export const deleteBanners = (ids: string[]) => postJson<{ deleted: number }>('/rest/cmsBanner/deleteBatch', { ids }, write);

export const fetchTemplatePage = (query: PageQuery<TemplateSearch>, signal: AbortSignal) =>
  postJson<Page<CmsTemplate>>('/rest/cmsTemplate/getTemplatePage', query, { signal });
export const fetchAllTemplates = (signal?: AbortSignal) => postJson<CmsTemplate[]>('/rest/cmsTemplate/listAll', {}, { signal });
export const addTemplate = (values: TemplateValues) => postJson<CmsTemplate>('/rest/cmsTemplate/add', values, write);
export const updateTemplate = (templateId: string, lockVersion: number, values: TemplateValues) =>
  postJson<CmsTemplate>('/rest/cmsTemplate/update', { ...values, templateId, lockVersion }, write);
export const deleteTemplate = (templateId: string, lockVersion: number) => postJson<null>('/rest/cmsTemplate/delete', { templateId, lockVersion }, write);

/** Options of a select from a value → label table (the shared enums' Chinese labels). */
export const optionsOf = (labels: Readonly<Record<string, string>>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
