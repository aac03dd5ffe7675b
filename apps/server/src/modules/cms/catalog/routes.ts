import type { FastifyInstance } from 'fastify';
import { catalogCalls } from '@dandelion/shared/cms/catalog';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { serve } from '../../../core/route';
import type { CatalogService } from './service';

/** 栏目管理 (spec §3 Catalogue; /rest/cmsCatalog/*; the portal's anonymous reads of the tree live in cms/portal). */
export function registerCatalogRoutes(app: FastifyInstance, catalogs: CatalogService) {
  serve(app, catalogCalls.adminTree, async (request) => {
    const { siteId, ...filter } = request.body;
    return ok(await catalogs.adminTree(siteId, filter));
  });
  serve(app, catalogCalls.detail, async (request) => ok(await catalogs.detail(request.body.catalogId)));
  serve(app, catalogCalls.add, async (request) => {
    const { siteId, parentCatalogId, ...input } = request.body;
    return ok(await catalogs.add(siteId, parentCatalogId, input, changeOf(request)), '新增成功');
  });
  serve(app, catalogCalls.update, async (request) => {
    const { catalogId, lockVersion, ...input } = request.body;
    return ok(await catalogs.update(catalogId, lockVersion, input, changeOf(request)), '修改成功');
  });
  serve(app, catalogCalls.updateStatus, async (request) => {
    const { catalogId, lockVersion, catalogStatus } = request.body;
    return ok(await catalogs.updateStatus(catalogId, lockVersion, catalogStatus, changeOf(request)), catalogStatus === 'ENABLE' ? '已启用' : '已停用');
  });
  serve(app, catalogCalls.move, async (request) => {
    const { catalogId, parentCatalogId, lockVersion } = request.body;
    return ok(await catalogs.move(catalogId, parentCatalogId, lockVersion, changeOf(request)), '移动成功');
  });
  serve(app, catalogCalls.sort, async (request) => {
    const { siteId, parentCatalogId, catalogIds } = request.body;
    return ok(await catalogs.sort(siteId, parentCatalogId, catalogIds, changeOf(request)), '排序成功');
  });
  serve(app, catalogCalls.remove, async (request) => {
    await catalogs.remove(request.body.catalogId, request.body.lockVersion, changeOf(request));
    return ok(null, '删除成功');
  });
}
