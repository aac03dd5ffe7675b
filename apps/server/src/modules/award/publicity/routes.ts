import type { FastifyInstance, FastifyRequest } from 'fastify';
import { portalPublicityCalls, publicityCalls } from '@dandelion/shared/award/publicity';
import { changeOf } from '../../../core/audit';
import { ok, portalOk } from '../../../core/envelope';
import { serve } from '../../../core/route';
import type { PortalPublicityService } from './portal';
import type { Officer, PublicityService } from './service';

const officerOf = (request: FastifyRequest): Officer => ({ change: changeOf(request), name: request.principal!.realname || request.principal!.username });

/** /rest/publicity/*: the office's 公示管理 and the portal's reads. Contract in, one service call, the answer out. */
export function registerPublicityRoutes(app: FastifyInstance, { office, portal }: { office: PublicityService; portal: PortalPublicityService }) {
  serve(app, publicityCalls.page, async (request) => ok(await office.page(request.body)));
  serve(app, publicityCalls.detail, async (request) => ok(await office.detail(request.body.publicityId)));
  serve(app, publicityCalls.preview, async (request) => ok(await office.preview(request.body)));
  serve(app, publicityCalls.add, async (request) => ok(await office.add(officerOf(request), request.body), '新增成功'));
  serve(app, publicityCalls.update, async (request) => {
    const { publicityId, lockVersion, ...values } = request.body;
    return ok(await office.update(officerOf(request), publicityId, lockVersion, values), '修改成功');
  });
  serve(app, publicityCalls.schedule, async (request) => ok(await office.schedule(officerOf(request), request.body.publicityId, request.body.lockVersion), '已发布，到开始日期自动公示'));
  serve(app, publicityCalls.withdraw, async (request) => ok(await office.withdraw(officerOf(request), request.body.publicityId, request.body.lockVersion), '已撤回'));
  serve(app, publicityCalls.close, async (request) => ok(await office.close(officerOf(request), request.body.publicityId, request.body.lockVersion), '公示已结束'));
  serve(app, publicityCalls.fieldSettings, async () => ok(await office.fieldSettings()));
  serve(app, publicityCalls.saveFieldSetting, async (request) => {
    const { prizeKind, fields, lockVersion } = request.body;
    return ok(await office.saveFieldSetting(officerOf(request), prizeKind, fields, lockVersion), '保存成功');
  });

  serve(app, portalPublicityCalls.byEditionPrize, async (request) => portalOk(await portal.byEditionPrize(request.body.jieciId, request.body.prizeId)));
  serve(app, portalPublicityCalls.page, async (request) => portalOk(await portal.page(request.body)));
  serve(app, portalPublicityCalls.detail, async (request) => portalOk(await portal.detail(request.body.publicityId)));
  serve(app, portalPublicityCalls.awardResults, async (request) => portalOk(await portal.awardResults(request.body)));
  serve(app, portalPublicityCalls.filters, async () => portalOk(await portal.filters()));
  serve(app, portalPublicityCalls.myResults, async (request) => portalOk(await portal.myResults(request.principal!.userId)));
}
