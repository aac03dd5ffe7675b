/**
 * CMS 站点设置: the console's calls of the shared contracts of sites, catalogues, banners and
 * templates (`@dandelion/shared/cms/{site,catalog,banner,template}`).
 */
import type { CallData, CallInput } from '@dandelion/shared';
import { bannerCalls } from '@dandelion/shared/cms/banner';
import { catalogCalls } from '@dandelion/shared/cms/catalog';
import { siteCalls, type SiteStatus } from '@dandelion/shared/cms/site';
import { templateCalls } from '@dandelion/shared/cms/template';
import { call } from '../../../api/call';
import type { RecordRow, RecordSearch, RecordValues } from '../../../api/recordApi';
import type { PageQuery } from '../../../components/PagedTable';

export type Site = CallData<typeof siteCalls.detail>;
/** What the site form sends; an update must name the status (a form that left it out must not take a site offline). */
export type SiteValues = Omit<CallInput<typeof siteCalls.update>, 'siteId' | 'lockVersion'>;
export type SiteSearch = Omit<CallInput<typeof siteCalls.page>, 'pageParameter'>;

/** A catalogue of the back-office tree, with its children. */
export type Catalog = CallData<typeof catalogCalls.adminTree>[number];
export type CatalogValues = Omit<CallInput<typeof catalogCalls.add>, 'siteId' | 'parentCatalogId'>;

export type Banner = RecordRow<typeof bannerCalls>;
export type BannerValues = RecordValues<typeof bannerCalls>;
export type BannerSearch = RecordSearch<typeof bannerCalls>;

export type CmsTemplate = RecordRow<typeof templateCalls>;
export type TemplateValues = RecordValues<typeof templateCalls>;
export type TemplateSearch = RecordSearch<typeof templateCalls>;

export const SITE_TABLE_KEY = 'cms:site';
export const BANNER_TABLE_KEY = 'cms:banner';
export const TEMPLATE_TABLE_KEY = 'cms:template';

// Writes are silent: the form or list shows the server's message where the user is looking.
const write = { silent: true } as const;

export const fetchSitePage = (query: PageQuery<SiteSearch>, signal: AbortSignal) => call(siteCalls.page, query, { signal });
export const fetchAllSites = (signal?: AbortSignal) => call(siteCalls.listAll, {}, { signal });
export const addSite = (values: SiteValues) => call(siteCalls.add, values, write);
export const updateSite = (siteId: string, lockVersion: number, values: SiteValues) => call(siteCalls.update, { ...values, siteId, lockVersion }, write);
export const updateSiteStatus = (siteId: string, lockVersion: number, siteStatus: SiteStatus) => call(siteCalls.updateStatus, { siteId, lockVersion, siteStatus }, write);
export const setDefaultSite = (siteId: string) => call(siteCalls.setDefault, { siteId }, write);
export const deleteSite = (siteId: string, lockVersion: number) => call(siteCalls.remove, { siteId, lockVersion }, write);

export const fetchCatalogTree = (siteId: string, search: { catalogName?: string }, signal?: AbortSignal) => call(catalogCalls.adminTree, { siteId, ...search }, { signal });
export const addCatalog = (siteId: string, parentCatalogId: string | null, values: CatalogValues) => call(catalogCalls.add, { ...values, siteId, parentCatalogId }, write);
export const updateCatalog = (catalogId: string, lockVersion: number, values: CatalogValues) => call(catalogCalls.update, { ...values, catalogId, lockVersion }, write);
export const updateCatalogStatus = (catalogId: string, lockVersion: number, catalogStatus: 'ENABLE' | 'DISABLE') =>
  call(catalogCalls.updateStatus, { catalogId, lockVersion, catalogStatus }, write);
export const moveCatalog = (catalogId: string, parentCatalogId: string | null, lockVersion: number) => call(catalogCalls.move, { catalogId, parentCatalogId, lockVersion }, write);
export const sortCatalogs = (siteId: string, parentCatalogId: string | null, catalogIds: string[]) => call(catalogCalls.sort, { siteId, parentCatalogId, catalogIds }, write);
export const deleteCatalog = (catalogId: string, lockVersion: number) => call(catalogCalls.remove, { catalogId, lockVersion }, write);

export const fetchBannerPage = (query: PageQuery<BannerSearch>, signal: AbortSignal) => call(bannerCalls.page, query, { signal });
export const addBanner = (values: BannerValues) => call(bannerCalls.add, values, write);
export const updateBanner = (bannerId: string, lockVersion: number, values: BannerValues) => call(bannerCalls.update, { ...values, bannerId, lockVersion }, write);
export const updateBannerStatus = (bannerId: string, lockVersion: number, status: 'ENABLE' | 'DISABLE') => call(bannerCalls.updateStatus, { bannerId, lockVersion, status }, write);
export const sortBanners = (siteId: string, code: string, bannerIds: string[]) => call(bannerCalls.sort, { siteId, code, bannerIds }, write);
export const deleteBanner = (bannerId: string, lockVersion: number) => call(bannerCalls.remove, { bannerId, lockVersion }, write);
export const deleteBanners = (ids: string[]) => call(bannerCalls.removeMany, { ids }, write);

export const fetchTemplatePage = (query: PageQuery<TemplateSearch>, signal: AbortSignal) => call(templateCalls.page, query, { signal });
export const fetchAllTemplates = (signal?: AbortSignal) => call(templateCalls.listAll, {}, { signal });
export const addTemplate = (values: TemplateValues) => call(templateCalls.add, values, write);
export const updateTemplate = (templateId: string, lockVersion: number, values: TemplateValues) => call(templateCalls.update, { ...values, templateId, lockVersion }, write);
export const deleteTemplate = (templateId: string, lockVersion: number) => call(templateCalls.remove, { templateId, lockVersion }, write);

/** Options of a select from a value → label table (the shared enums' Chinese labels). */
