import type { FastifyInstance } from 'fastify';
import { CMS_SETTING_PERMISSIONS } from '@dandelion/shared';
import type { Db } from '../../core/db';
import type { FileService } from '../file/service';
import { createCatalogAdminService } from './catalog/admin';
import { registerCatalogRoutes } from './catalog/routes';
import { BANNER_IMAGE_BIZ, createBannerService } from './banner/service';
import { registerBannerRoutes } from './banner/routes';
import type { PortalCache } from './portalCache';
import { createSiteAdminService, SITE_LOGO_BIZ } from './site/admin';
import { registerSiteRoutes } from './site/routes';
import { createCmsTemplateService, TEMPLATE_THUMBNAIL_BIZ } from './template/service';
import { registerCmsTemplateRoutes } from './template/routes';

export interface CmsSettingModuleDeps {
  db: Db;
  files: FileService;
  portalCache: PortalCache;
}

/**
 * CMS 站点设置 (`/cms/setting` settingMain): sites, catalogue trees, banners and portal templates.
 * Every change commits, writes its operation-log row, then empties the portal cache on every instance.
 */
export function registerCmsSettingModule(app: FastifyInstance, { db, files, portalCache }: CmsSettingModuleDeps) {
  const sites = createSiteAdminService({ db, files, portalCache });
  const catalogs = createCatalogAdminService({ db, sites, portalCache });
  const banners = createBannerService({ db, files, sites, portalCache });
  const templates = createCmsTemplateService({ db, files, portalCache, countUsers: catalogs.countUsingTemplate });

  // Pictures of setting records are private while not shown on the portal; whoever manages the settings may still see them.
  const mayManage = async (principal: { permissions: Set<string> }) => principal.permissions.has(CMS_SETTING_PERMISSIONS.list);
  for (const bizType of [SITE_LOGO_BIZ, BANNER_IMAGE_BIZ, TEMPLATE_THUMBNAIL_BIZ]) files.registerAccessRule(bizType, mayManage);

  registerSiteRoutes(app, { sites });
  registerCatalogRoutes(app, { catalogs });
  registerBannerRoutes(app, { banners });
  registerCmsTemplateRoutes(app, { templates });
  return { sites, catalogs, banners, templates };
}
