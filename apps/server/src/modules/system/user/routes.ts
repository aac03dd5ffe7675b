import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userCalls } from '@dandelion/shared/system/user';
import { ok } from '../../../core/envelope';
import { errors } from '../../../core/errors';
import { attachmentHeader, sendWorkbook, XLSX_MIME } from '../../../core/excel';
import { serve } from '../../../core/route';
import { tokenFromHeader } from '../../../core/token';
import type { UserWorkbooks } from './excel';
import type { ExternalUserService } from './external';
import type { UserAdminService, UserChange } from './service';

const changeOf = (request: FastifyRequest): UserChange => {
  const p = request.principal!;
  return { actor: { id: p.userId, name: p.username }, scope: p.dataScope, isSuperAdmin: p.isSuperAdmin, ip: request.ip, requestId: request.id };
};
const scopeOf = (request: FastifyRequest) => request.principal!.dataScope;

/** The workbook travels as base64 inside JSON, so the import accepts up to ~3 MB. */
const IMPORT_BODY_LIMIT = 3 * 1024 * 1024;

/** Staff account administration (spec §2 /system/user, §4 users, §7 Users) and the portal accounts an administrator maintains. */
export function registerUserRoutes(app: FastifyInstance, { users, external, workbooks }: { users: UserAdminService; external: ExternalUserService; workbooks: UserWorkbooks }) {
  serve(app, userCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await users.page(filter, pageParameter, scopeOf(request)));
  });
  serve(app, userCalls.pageByGet, async (request) => {
    const { page, size, keyword } = request.query;
    return ok(await users.page({ keyword }, { pageNum: page, pageSize: size }, scopeOf(request)));
  });
  serve(app, userCalls.detail, async (request) => ok(await users.detail(request.body.userId, scopeOf(request))));
  serve(app, userCalls.listByIds, async (request) =>
    ok({ sysUserList: await users.listByIds(request.body.userIds, scopeOf(request)), token: tokenFromHeader(request.headers.authorization) ?? '' }),
  );
  serve(app, userCalls.detailByGet, async (request) => ok(await users.detail(request.query.id, scopeOf(request))));

  serve(app, userCalls.create, async (request) => {
    const { id: _id, password, ...input } = request.body;
    return ok(await users.create({ ...input, password: password ?? undefined }, changeOf(request)), '新增成功');
  });
  serve(app, userCalls.update, async (request) => {
    const { id, lockVersion, ...input } = request.body;
    return ok(await users.update(id, lockVersion, input, changeOf(request)), '修改成功');
  });

  serve(app, userCalls.freeze, async (request) => {
    await users.setFrozen(request.body.userId, request.body.frozen, changeOf(request));
    return ok(null, request.body.frozen ? '已冻结' : '已解冻');
  });
  serve(app, userCalls.recycle, async (request) => ok({ deleted: await users.recycle(request.body.userIds, changeOf(request)) }, '已移入回收站'));
  serve(app, userCalls.recyclePage, async (request) => ok(await users.page({ keyword: request.body.keyword }, request.body.pageParameter, scopeOf(request), true)));
  serve(app, userCalls.restore, async (request) => ok({ restored: await users.restore(request.body.userIds, changeOf(request)) }, '恢复成功'));
  serve(app, userCalls.purge, async (request) => {
    await users.purge(request.body.userId, changeOf(request));
    return ok(null, '已彻底删除');
  });
  serve(app, userCalls.generateIds, async () => ok(await users.generateIds()));

  serve(app, userCalls.boundRoles, async (request) => ok(await users.boundRoles(request.body.userId, scopeOf(request))));
  serve(app, userCalls.bindRoles, async (request) => {
    await users.bindRoles(request.body.userId, request.body.roleIds, changeOf(request));
    return ok(null, '角色分配成功');
  });
  serve(app, userCalls.roleOptions, async () => ok(await users.roleOptions()));
  serve(app, userCalls.permissionCodes, async (request) => ok(await external.permissionCodes(request.query.userId, scopeOf(request))));

  // ── portal (CLIENT) accounts, maintained by an administrator ──
  serve(app, userCalls.externalDetail, async (request) => ok(await external.detail(request.body.userId, scopeOf(request))));
  for (const call of [userCalls.externalUpdate, userCalls.clientUpdate]) {
    serve(app, call, async (request) => {
      const { userId, lockVersion, ...input } = request.body;
      return ok(await external.update(userId, lockVersion, input, changeOf(request)), '修改成功');
    });
  }

  // ── Excel ──
  serve(app, userCalls.export, async (request, reply) => sendWorkbook(reply, '用户列表', 'users', await workbooks.export(request.body, scopeOf(request))));
  serve(app, userCalls.importTemplate, async (_request, reply) =>
    reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader('用户导入模板.xlsx', 'user_import_template.xlsx')).send(await workbooks.template()),
  );
  serve(
    app,
    userCalls.import,
    async (request) => {
      const content = request.body.contentBase64.replace(/^data:[^,]*,/, '');
      if (!/^[A-Za-z0-9+/=\s]+$/.test(content)) throw errors.badRequest('文件内容不是有效的 base64');
      const result = await workbooks.import(Buffer.from(content, 'base64'), changeOf(request));
      return ok(result, `成功导入 ${result.imported} 个用户`);
    },
    { bodyLimit: IMPORT_BODY_LIMIT },
  );
}
