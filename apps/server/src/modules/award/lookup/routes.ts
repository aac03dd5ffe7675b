import type { FastifyInstance } from 'fastify';
import { collectionCalls, LOOKUP_CALLS, LOOKUP_KINDS, PUBLIC_LOOKUP_CALLS } from '@dandelion/shared/award/lookup';
import { changeOf } from '../../../core/audit';
import { ok, portalOk } from '../../../core/envelope';
import { serve } from '../../../core/route';
import type { LookupService } from './service';

/**
 * The three lookups (/rest/lookfunds, /rest/lookProject, /rest/origin: insert, getpage, updata, delete,
 * getdetail) on one service, and /rest/collection/update. Reading needs only a sign-in (applicants pick
 * from the lists); the answers carry the caller's own favourites.
 */
export function registerLookupRoutes(app: FastifyInstance, lookups: LookupService) {
  for (const kind of LOOKUP_KINDS) {
    const calls = LOOKUP_CALLS[kind];
    serve(app, calls.page, async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await lookups.page(request.principal!.userId, kind, filter, pageParameter));
    });
    serve(app, calls.detail, async (request) => ok(await lookups.detail(request.principal!.userId, kind, request.body.id)));
    serve(app, calls.add, async (request) => ok(await lookups.add(kind, request.body, changeOf(request)), '新增成功'));
    serve(app, calls.update, async (request) => {
      const { id, lockVersion, ...input } = request.body;
      return ok(await lookups.update(kind, id, lockVersion, input, changeOf(request)), '修改成功');
    });
    serve(app, calls.remove, async (request) => {
      await lookups.remove(kind, request.body.id, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    });
  }
  // The portal's /fund and /national: anonymous, live rows only, from the cache.
  for (const kind of ['FUND', 'PROJECT'] as const) {
    const calls = PUBLIC_LOOKUP_CALLS[kind];
    serve(app, calls.page, async (request) => {
      const { pageParameter, ...filter } = request.body;
      return portalOk(await lookups.publicPage(kind, filter, pageParameter));
    });
    serve(app, calls.detail, async (request) => portalOk(await lookups.publicDetail(kind, request.body.id)));
  }
  serve(app, collectionCalls.update, async (request) => {
    const { kind, id, collected } = request.body;
    return ok(await lookups.setCollected(request.principal!.userId, kind, id, collected), collected ? '已收藏' : '已取消收藏');
  });
}
