import type { FastifyInstance } from 'fastify';
import { bannerCalls } from '@dandelion/shared/cms/banner';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { serve } from '../../../core/route';
import type { BannerInput, BannerService } from './service';

/**
 * 轮播图管理 (/rest/cmsBanner/*; the portal reads them through `/rest/componentService/rotatePictures {code}`).
 * The service reads the images as the caller, which the shared record helper does not pass: registered call by call.
 */
export function registerBannerRoutes(app: FastifyInstance, banners: BannerService) {
  serve(app, bannerCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await banners.page(filter, pageParameter, request.principal!));
  });
  serve(app, bannerCalls.detail, async (request) => ok(await banners.detail(request.body.bannerId, request.principal!)));
  serve(app, bannerCalls.add, async (request) => ok(await banners.add(request.body, changeOf(request), request.principal!), '新增成功'));
  serve(app, bannerCalls.update, async (request) => {
    // recordCalls types an update's body loosely (its shape is extended inside a generic): it is the add body with the id and lock version.
    const { bannerId, lockVersion, ...input } = request.body as BannerInput & { bannerId: number; lockVersion: number };
    return ok(await banners.update(bannerId, lockVersion, input, changeOf(request), request.principal!), '修改成功');
  });
  serve(app, bannerCalls.updateStatus, async (request) => {
    const { bannerId, lockVersion, status } = request.body;
    return ok(await banners.updateStatus(bannerId, lockVersion, status, changeOf(request), request.principal!), status === 'ENABLE' ? '已启用' : '已停用');
  });
  serve(app, bannerCalls.sort, async (request) => {
    const { siteId, code, bannerIds } = request.body;
    await banners.sort(siteId, code, bannerIds, changeOf(request));
    return ok(null, '排序成功');
  });
  serve(app, bannerCalls.remove, async (request) => {
    await banners.remove(request.body.bannerId, request.body.lockVersion, changeOf(request));
    return ok(null, '删除成功');
  });
  serve(app, bannerCalls.removeMany, async (request) => ok({ deleted: await banners.removeMany(request.body.ids, changeOf(request)) }, '删除成功'));
}
