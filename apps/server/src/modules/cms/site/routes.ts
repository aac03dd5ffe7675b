import type { FastifyInstance } from 'fastify';
import { siteCalls } from '@dandelion/shared/cms/site';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { serve } from '../../../core/route';
import type { SiteAdminService } from './service';

/** 站点管理 (spec §3 CMS site; /rest/cms_site/*): the contract's calls on the site service. */
export function registerSiteRoutes(app: FastifyInstance, sites: SiteAdminService) {
  serve(app, siteCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await sites.page(filter, pageParameter, request.principal!));
  });
  serve(app, siteCalls.listAll, async () => ok(await sites.listAll()));
  serve(app, siteCalls.detail, async (request) => ok(await sites.detail(request.body.siteId, request.principal!)));
  serve(app, siteCalls.add, async (request) => ok(await sites.add(request.body, changeOf(request), request.principal!), '新增成功'));
  serve(app, siteCalls.update, async (request) => {
    const { siteId, lockVersion, ...input } = request.body;
    return ok(await sites.update(siteId, lockVersion, input, changeOf(request), request.principal!), '修改成功');
  });
  serve(app, siteCalls.updateStatus, async (request) => {
    const { siteId, lockVersion, siteStatus } = request.body;
    return ok(await sites.updateStatus(siteId, lockVersion, siteStatus, changeOf(request), request.principal!), siteStatus === '2' ? '已上线' : '已下线');
  });
  serve(app, siteCalls.setDefault, async (request) => ok(await sites.setDefault(request.body.siteId, changeOf(request), request.principal!), '已设为默认站点'));
  serve(app, siteCalls.remove, async (request) => {
    await sites.remove(request.body.siteId, request.body.lockVersion, changeOf(request));
    return ok(null, '删除成功');
  });
}
