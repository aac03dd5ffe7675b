import type { FastifyInstance } from 'fastify';
import { roleCalls } from '@dandelion/shared/system/role';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { sendWorkbook } from '../../../core/excel';
import { serveRecordCalls } from '../../../core/recordRoutes';
import { serve } from '../../../core/route';
import type { RolePermissionService } from './permissions';
import type { RoleAdminService } from './service';

/** Roles (spec §7 /rest/role/*: add, update, bindPermission, getRolePermission, getAllRole, users; detail, delete, permissionTree are ours). */
export function registerRoleRoutes(app: FastifyInstance, { roles, permissions }: { roles: RoleAdminService; permissions: RolePermissionService }) {
  serveRecordCalls(app, roleCalls, roles);

  serve(app, roleCalls.export, async (request, reply) => sendWorkbook(reply, '角色列表', 'roles', await roles.exportWorkbook(request.body)));

  serve(app, roleCalls.users, async (request) => ok(await roles.users(request.body.roleId, request.body.pageParameter)));

  serve(app, roleCalls.permissionTree, async () => ok({ funcs: await permissions.permissionTree(), rules: await permissions.rules() }));

  serve(app, roleCalls.permissions, async (request) => ok(await permissions.permissions(request.body.roleId)));

  serve(app, roleCalls.bindPermission, async (request) => {
    const { roleId, ...input } = request.body;
    return ok(await permissions.bind(roleId, input, changeOf(request)), '权限已保存');
  });
}
