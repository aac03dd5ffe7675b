import type { FastifyInstance } from 'fastify';
import { CMS_SETTING_PERMISSIONS } from '@dandelion/shared/cms/setting';
import type { Executor } from '../../../core/db';
import { readableBy } from '../files/module';
import { bannerRepo } from './repo';
import { registerBannerRoutes } from './routes';
import { BANNER_IMAGE_BIZ, createBannerService, type BannerServiceDeps } from './service';

/** Banners (轮播图, /rest/cmsBanner/*). An image is private while its banner is disabled; whoever manages the settings may still see it. */
export function registerBannerModule(app: FastifyInstance, deps: BannerServiceDeps): void {
  readableBy(deps.files, CMS_SETTING_PERMISSIONS.list, BANNER_IMAGE_BIZ);
  registerBannerRoutes(app, createBannerService(deps));
}

/** How many live banners a site holds (a site with banners cannot be deleted). */
export const bannersOfSite = (ex: Executor, siteId: number) => bannerRepo.countOfSite(ex, siteId);

/** What the portal may show of banners at `now` (a subquery the portal's reads select from). */
export const shownBanners = (ex: Executor, now: Date) => bannerRepo.shownBanners(ex, now);
