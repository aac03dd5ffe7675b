import type { FastifyInstance } from 'fastify';
import { editionCalls, openPrizeCalls } from '@dandelion/shared/award/edition';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { serve } from '../../../core/route';
import type { EditionService } from './service';

/** Editions (/rest/edition/*) and the portal's list of prizes open now (/rest/prize/getPrizeList). */
export function registerEditionRoutes(app: FastifyInstance, editions: EditionService) {
  serve(app, editionCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await editions.page(filter, pageParameter));
  });
  serve(app, editionCalls.detail, async (request) => ok(await editions.detail(request.body.editionId)));
  serve(app, editionCalls.add, async (request) => ok(await editions.add(request.body, changeOf(request)), '新增成功'));
  serve(app, editionCalls.update, async (request) => {
    const { editionId, lockVersion, ...input } = request.body;
    return ok(await editions.update(editionId, lockVersion, input, changeOf(request)), '修改成功');
  });
  serve(app, editionCalls.remove, async (request) => {
    await editions.remove(request.body.editionId, request.body.lockVersion, changeOf(request));
    return ok(null, '删除成功');
  });
  serve(app, editionCalls.publish, async (request) => ok(await editions.publish(request.body.editionId, request.body.lockVersion, changeOf(request)), '发布成功'));
  serve(app, editionCalls.cloneFromLast, async (request) => ok(await editions.cloneFromLast(changeOf(request)), '已复制上一届，请设置各阶段日期'));
  serve(app, openPrizeCalls.list, async () => ok(await editions.openPrizes()));
}
