import type { FastifyInstance } from 'fastify';
import { portalCalls } from '@dandelion/shared/cms/portal';
import { portalOk } from '../../../core/envelope';
import { serve } from '../../../core/route';
import type { PortalService } from './service';

/** The anonymous portal API (spec §7 Content): sites, catalogues, banners and published articles. */
export function registerPortalRoutes(app: FastifyInstance, portal: PortalService) {
  serve(app, portalCalls.index, async (request) => portalOk(await portal.index(request.body.siteCode)));
  serve(app, portalCalls.agreements, async (request) => portalOk(await portal.agreements(request.body.siteCode)));
  serve(app, portalCalls.siteDetail, async (request) => portalOk(await portal.siteById(request.body.siteId)));
  serve(app, portalCalls.sites, async (request) => portalOk(await portal.sitesByCodes(request.body.siteCodes)));
  serve(app, portalCalls.catalogTree, async (request) => portalOk(await portal.catalogTree(request.body.siteCode)));
  serve(app, portalCalls.subCatalogs, async (request) => portalOk(await portal.subCatalogs(request.body.catalogCode, request.body.siteCode)));
  serve(app, portalCalls.catalogsWithComponent, async (request) => portalOk(await portal.catalogsWithComponent(request.body.siteCode, request.body.catalogCode)));
  serve(app, portalCalls.catalogTreeWithContents, async (request) => {
    const { siteCode, catalogCode, size } = request.body;
    return portalOk(await portal.catalogTreeWithContents(siteCode, catalogCode, size));
  });
  serve(app, portalCalls.banners, async (request) => portalOk(await portal.banners(request.body.code, request.body.siteCode)));
  serve(app, portalCalls.article, async (request) => portalOk(await portal.detail(request.body.contentId)));
  serve(app, portalCalls.listByPage, async (request) => {
    const { catalogCode, pageParameter, siteCode, includeChildren } = request.body;
    return portalOk(await portal.listByCatalog(catalogCode, pageParameter, siteCode, includeChildren ?? false));
  });
  serve(app, portalCalls.newest, async (request) => portalOk(await portal.newestByCatalog(request.body.catalogCode, request.body.size, request.body.siteCode)));
  serve(app, portalCalls.search, async (request) => {
    const { keyword, pageParameter, siteCode, catalogCode } = request.body;
    return portalOk(await portal.search(keyword, pageParameter, siteCode, catalogCode));
  });
}
