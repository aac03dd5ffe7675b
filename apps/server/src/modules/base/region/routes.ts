import type { FastifyInstance } from 'fastify';
import { regionCalls as calls } from '@dandelion/shared/base/region';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { serve, type ServeOptions } from '../../../core/route';
import type { RegionGroupService } from './groups';
import type { RegionService } from './service';

/** The portal's forms ask before sign-in: public, served from the cache, limited per address. */
const portalRead: ServeOptions = { config: { rateLimit: { max: 300, timeWindow: 60_000 } } };

/** Regions and region groups (spec §7 /rest/region/*; the member names are ours). */
export function registerRegionRoutes(app: FastifyInstance, { regions, groups }: { regions: RegionService; groups: RegionGroupService }) {
  serve(app, calls.children, async (request) => ok(await regions.childrenByCode(request.body.parentCode)), portalRead);
  serve(app, calls.path, async (request) => ok(await regions.pathByCode(request.body.regionCode)), portalRead);

  serve(app, calls.tree, async (request) => ok(await regions.tree(request.body.parentId)));
  serve(app, calls.search, async (request) => ok(await regions.search(request.body.keyword, request.body.pageParameter)));
  serve(app, calls.detail, async (request) => ok(await regions.detail(request.body.regionId)));
  serve(app, calls.add, async (request) => ok(await regions.add(request.body, changeOf(request)), '新增成功'));
  serve(app, calls.update, async (request) => {
    const { regionId, lockVersion, ...input } = request.body;
    return ok(await regions.update(regionId, lockVersion, input, changeOf(request)), '修改成功');
  });
  serve(app, calls.remove, async (request) => {
    await regions.remove(request.body.regionId, request.body.lockVersion, changeOf(request));
    return ok(null, '删除成功');
  });

  serve(app, calls.groupPage, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await groups.page(filter, pageParameter));
  });
  serve(app, calls.groupDetail, async (request) => ok(await groups.detail(request.body.groupId)));
  serve(app, calls.addGroup, async (request) => ok(await groups.add(request.body, changeOf(request)), '新增成功'));
  serve(app, calls.updateGroup, async (request) => {
    const { groupId, lockVersion, ...input } = request.body;
    return ok(await groups.update(groupId, lockVersion, input, changeOf(request)), '修改成功');
  });
  serve(app, calls.removeGroup, async (request) => {
    await groups.remove(request.body.groupId, request.body.lockVersion, changeOf(request));
    return ok(null, '删除成功');
  });
}
