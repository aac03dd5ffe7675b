import type { FastifyInstance } from 'fastify';
import { CMS_SETTING_PERMISSIONS } from '@dandelion/shared/cms/setting';
import type { Executor } from '../../../core/db';
import { readableBy } from '../files/module';
import { siteRepo } from './repo';
import { registerSiteRoutes } from './routes';
import { createSiteService, SITE_LOGO_BIZ, type SiteServiceDeps } from './service';

export { createSiteLookup, requireLiveSite, type SiteLookup } from './service';

/**
 * Sites (站点, /rest/cms_site/*). A logo is private while its site is offline; whoever manages the
 * settings may still see it.
 */
export function registerSiteModule(app: FastifyInstance, deps: SiteServiceDeps): void {
  readableBy(deps.files, CMS_SETTING_PERMISSIONS.list, SITE_LOGO_BIZ);
  registerSiteRoutes(app, createSiteService(deps));
}

/** What the portal may show of sites now: the online ones (a subquery the portal's reads select from). */
export const onlineSites = (ex: Executor) => siteRepo.onlineSites(ex);

/** The site the resource library files under: the default site, or the oldest live one. */
export const defaultSiteId = (ex: Executor) => siteRepo.defaultSiteId(ex);
