import type { FastifyInstance, FastifyRequest } from 'fastify';
import { orgCalls } from '@dandelion/shared/system/org';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { sendWorkbook } from '../../../core/excel';
import { serve } from '../../../core/route';
import type { OrgService } from './service';

const scopeOf = (request: FastifyRequest) => request.principal!.dataScope;

/** Organisations (spec §7 /rest/organ/*): the lazy/searchable tree, administration and bindings, all within the caller's data scope. */
export function registerOrgRoutes(app: FastifyInstance, orgs: OrgService) {
  serve(app, orgCalls.tree, async (request) => {
    const { parentId, keyword } = request.body;
    if (keyword) return ok(await orgs.search(keyword, scopeOf(request)));
    return ok(await orgs.children(parentId ?? null, scopeOf(request)));
  });

  serve(app, orgCalls.export, async (request, reply) =>
    sendWorkbook(reply, '机构列表', 'organisations', await orgs.exportWorkbook(request.body.keyword || undefined, scopeOf(request))),
  );

  serve(app, orgCalls.detail, async (request) => ok(await orgs.detail(request.body.orgId, scopeOf(request))));

  serve(app, orgCalls.add, async (request) => {
    const row = await orgs.add(request.body, scopeOf(request), changeOf(request));
    return ok(await orgs.detail(row.id, scopeOf(request)), '新增成功');
  });

  serve(app, orgCalls.update, async (request) => {
    const { orgId, lockVersion, ...input } = request.body;
    await orgs.update(orgId, lockVersion, input, scopeOf(request), changeOf(request));
    return ok(await orgs.detail(orgId, scopeOf(request)), '修改成功');
  });

  serve(app, orgCalls.remove, async (request) => {
    await orgs.remove(request.body.orgId, request.body.lockVersion, scopeOf(request), changeOf(request));
    return ok(null, '删除成功');
  });

  serve(app, orgCalls.sort, async (request) => {
    await orgs.sort(request.body.parentOrgId, request.body.orderedIds, scopeOf(request), changeOf(request));
    return ok(null, '排序已保存');
  });

  serve(app, orgCalls.users, async (request) =>
    ok(await orgs.users(request.body.orgId, request.body.includeChildren, request.body.pageParameter, scopeOf(request))),
  );

  serve(app, orgCalls.admins, async (request) => {
    const { orgId, userIds } = request.body;
    if (userIds === undefined) return ok(await orgs.admins(orgId, scopeOf(request)));
    return ok(await orgs.setAdmins(orgId, userIds, scopeOf(request), changeOf(request)), '管理员已保存');
  });

  serve(app, orgCalls.permissions, async (request) => {
    const { orgId, funcIds, ruleIds } = request.body;
    if (funcIds === undefined && ruleIds === undefined) return ok(await orgs.permissions(orgId, scopeOf(request)));
    return ok(await orgs.setPermissions(orgId, { funcIds, ruleIds }, scopeOf(request), changeOf(request)), '绑定已保存');
  });
}
