import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../core/db';
import { envelopeOf, ok } from '../../../core/envelope';
import { errors } from '../../../core/errors';
import { pageOf, zId } from '@dandelion/shared';
import type { UserAdminService, UserChange } from './admin';
import { attachmentHeader, sendWorkbook, XLSX_MIME } from '../../../core/excel';
import { exportUsers, importTemplate, importUsers, MAX_IMPORT_BYTES } from './excel';
import type { ExternalUserService } from './external';
import {
  createUserBody,
  externalUpdateBody,
  externalUserSchema,
  updateUserBody,
  userDetailSchema,
  userFilterSchema,
  userIdsBody,
  userItemSchema,
  userPageBody,
} from './schemas';

const TAG = '用户管理';

const changeOf = (request: FastifyRequest): UserChange => {
  const p = request.principal!;
  return { actor: { id: p.userId, name: p.username }, scope: p.dataScope, isSuperAdmin: p.isSuperAdmin, ip: request.ip, requestId: request.id };
};
const scopeOf = (request: FastifyRequest) => request.principal!.dataScope;

const createdSchema = z.object({ userId: zId, username: z.string(), generatedPassword: z.string().nullable() });
const savedSchema = z.object({ userId: zId, lockVersion: z.number() });
const boundRoleSchema = z.object({ roleId: zId, roleCode: z.string(), roleName: z.string(), roleType: z.string(), status: z.string(), bound: z.boolean() });
const importBody = z.object({
  fileName: z.string({ error: '请选择要导入的文件' }).trim().min(1, '请选择要导入的文件').max(255).refine((n) => /\.xlsx$/i.test(n), '只能导入 .xlsx 格式的 Excel 文件'),
  // base64 grows 4/3: 2 MB of file is at most ~2.8 MB of text.
  contentBase64: z.string({ error: '文件内容为空' }).min(1, '文件内容为空').max(Math.ceil((MAX_IMPORT_BYTES * 4) / 3) + 16, '导入文件不能超过 2 MB'),
});

/** Staff account administration (spec §2 /system/user, §4 users, §7 Users). */
export function registerUserRoutes(app: FastifyInstance, deps: { db: Db; users: UserAdminService; external: ExternalUserService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, users, external } = deps;

  r.post(
    '/rest/user/getUserPage',
    {
      config: { permission: 'system:user:list' },
      schema: { tags: [TAG], summary: '用户分页（按调用者的数据范围过滤）', body: userPageBody, response: { 200: envelopeOf(pageOf(userItemSchema)) } },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await users.page(filter, pageParameter, scopeOf(request)));
    },
  );

  r.get(
    '/api/user',
    {
      config: { permission: 'system:user:list' },
      schema: {
        tags: [TAG],
        summary: '用户分页（GET 形式，keyword 匹配用户名、姓名、手机号、工号）',
        querystring: z.object({
          page: z.coerce.number().int().min(1, '页码从 1 开始').default(1),
          size: z.coerce.number().int().min(1).max(500, '每页最多 500 条').default(10),
          keyword: z.string().trim().max(64).optional(),
        }),
        response: { 200: envelopeOf(pageOf(userItemSchema)) },
      },
    },
    async (request) => {
      const { page, size, keyword } = request.query;
      return ok(await users.page({ keyword }, { pageNum: page, pageSize: size }, scopeOf(request)));
    },
  );

  for (const [method, url] of [['POST', '/rest/user/getUserService'], ['GET', '/api/service']] as const) {
    r.route({
      method,
      url,
      config: { permission: 'system:user:detail' },
      schema: {
        tags: [TAG],
        summary: '用户详情（新增/修改/详情共用表单：人员字段、角色、岗位、lockVersion）',
        ...(method === 'GET' ? { querystring: z.object({ id: zId }) } : { body: z.object({ userId: zId }) }),
        response: { 200: envelopeOf(userDetailSchema) },
      },
      handler: async (request) => {
        const id = method === 'GET' ? (request.query as { id: number }).id : (request.body as { userId: number }).userId;
        return ok(await users.detail(id, scopeOf(request)));
      },
    });
  }

  r.post(
    '/api/service',
    {
      config: { permission: 'system:user:add' },
      schema: {
        tags: [TAG],
        summary: '新增用户（service save：id 为 0 时新增）；不填初始密码时生成强密码，仅在本次答复中返回',
        body: createUserBody,
        response: { 200: envelopeOf(createdSchema) },
      },
    },
    async (request) => {
      const { id: _id, password, ...input } = request.body;
      return ok(await users.create({ ...input, password: password ?? undefined }, changeOf(request)), '新增成功');
    },
  );

  r.put(
    '/api/service',
    {
      config: { permission: 'system:user:upd' },
      schema: { tags: [TAG], summary: '修改用户（service save：id 非 0 时修改，携带 lockVersion）', body: updateUserBody, response: { 200: envelopeOf(savedSchema) } },
    },
    async (request) => {
      const { id, lockVersion, ...input } = request.body;
      return ok(await users.update(id, lockVersion, input, changeOf(request)), '修改成功');
    },
  );

  r.post(
    '/rest/user/UpdFrozenUser',
    {
      config: { permission: 'system:user:lock' },
      schema: {
        tags: [TAG],
        summary: '冻结或解冻用户；冻结后该用户的所有会话立即失效且不能登录',
        body: z.object({ userId: zId, frozen: z.boolean({ error: 'frozen 必须是 true 或 false' }) }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await users.setFrozen(request.body.userId, request.body.frozen, changeOf(request));
      return ok(null, request.body.frozen ? '已冻结' : '已解冻');
    },
  );

  r.post(
    '/rest/user/DelUser',
    {
      config: { permission: 'system:user:del' },
      schema: { tags: [TAG], summary: '删除用户（移入回收站，会话立即失效）', body: userIdsBody, response: { 200: envelopeOf(z.object({ deleted: z.number() })) } },
    },
    async (request) => ok({ deleted: await users.recycle(request.body.userIds, changeOf(request)) }, '已移入回收站'),
  );

  r.post(
    '/rest/user/getUserRecycle',
    {
      config: { permission: 'system:user:recycle' },
      schema: {
        tags: [TAG],
        summary: '回收站中的用户分页',
        body: z.object({ pageParameter: userPageBody.shape.pageParameter, keyword: userFilterSchema.keyword }),
        response: { 200: envelopeOf(pageOf(userItemSchema)) },
      },
    },
    async (request) => ok(await users.page({ keyword: request.body.keyword }, request.body.pageParameter, scopeOf(request), true)),
  );

  r.post(
    '/rest/user/UpdReduUser',
    {
      config: { permission: 'system:user:recycle' },
      schema: { tags: [TAG], summary: '从回收站恢复用户（用户名、手机号、邮箱或工号已被占用时 409）', body: userIdsBody, response: { 200: envelopeOf(z.object({ restored: z.number() })) } },
    },
    async (request) => ok({ restored: await users.restore(request.body.userIds, changeOf(request)) }, '恢复成功'),
  );

  r.post(
    '/rest/user/DelUserById',
    {
      config: { permission: 'system:user:recycle' },
      schema: { tags: [TAG], summary: '彻底删除回收站中的用户（连同角色、岗位关联）', body: z.object({ userId: zId }), response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await users.purge(request.body.userId, changeOf(request));
      return ok(null, '已彻底删除');
    },
  );

  r.post(
    '/rest/user/GenerateUserId',
    {
      config: { permission: 'system:user:add' },
      schema: { tags: [TAG], summary: '生成一个未被使用的用户名与工号建议', body: z.object({}), response: { 200: envelopeOf(z.object({ username: z.string(), empCode: z.string() })) } },
    },
    async () => ok(await users.generateIds()),
  );

  r.post(
    '/rest/user/getUserBindRoles',
    {
      config: { permission: 'system:user:perm' },
      schema: { tags: [TAG], summary: '全部角色及该用户是否已拥有（bound）', body: z.object({ userId: zId }), response: { 200: envelopeOf(z.array(boundRoleSchema)) } },
    },
    async (request) => ok(await users.boundRoles(request.body.userId, scopeOf(request))),
  );

  r.post(
    '/rest/user/bindRoles',
    {
      config: { permission: 'system:user:perm' },
      schema: {
        tags: [TAG],
        summary: '分配角色：以 roleIds 替换该用户的全部角色，其会话在下次请求时按新权限生效',
        body: z.object({ userId: zId, roleIds: z.array(zId).max(100, '角色过多') }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await users.bindRoles(request.body.userId, request.body.roleIds, changeOf(request));
      return ok(null, '角色分配成功');
    },
  );

  r.get(
    '/api/role',
    {
      config: { permission: 'system:user:list' },
      schema: { tags: [TAG], summary: '可分配的角色（表单下拉用）', response: { 200: envelopeOf(z.array(boundRoleSchema.omit({ bound: true }))) } },
    },
    async (request) => {
      // The bound flags of the caller are irrelevant here; reuse the query with the caller as subject.
      const roles = await users.boundRoles(request.principal!.userId, { all: true, subtreeOf: null, orgIds: [], userId: 0 });
      return ok(roles.filter((x) => x.status === 'NORMAL').map(({ bound: _b, ...x }) => x));
    },
  );

  r.get(
    '/api/permission/no-pager',
    {
      config: { permission: 'system:user:detail' },
      schema: { tags: [TAG], summary: '某用户经由角色拥有的全部权限码（不分页）', querystring: z.object({ userId: zId }), response: { 200: envelopeOf(z.array(z.string())) } },
    },
    async (request) => ok(await external.permissionCodes(request.query.userId, scopeOf(request))),
  );

  // ── portal (CLIENT) accounts, maintained by an administrator ──
  r.post(
    '/rest/outUser/detail',
    {
      config: { permission: 'system:user:detail' },
      schema: { tags: [TAG], summary: '外部用户（申报人等）详情，证件号脱敏', body: z.object({ userId: zId }), response: { 200: envelopeOf(externalUserSchema) } },
    },
    async (request) => ok(await external.detail(request.body.userId, scopeOf(request))),
  );

  for (const url of ['/rest/outUser/update', '/rest/client/UpdUser']) {
    r.post(
      url,
      {
        config: { permission: 'system:user:upd' },
        schema: { tags: [TAG], summary: '管理员修改外部用户资料（携带 lockVersion；冻结时其会话立即失效）', body: externalUpdateBody, response: { 200: envelopeOf(externalUserSchema) } },
      },
      async (request) => {
        const { userId, lockVersion, ...input } = request.body;
        return ok(await external.update(userId, lockVersion, input, changeOf(request)), '修改成功');
      },
    );
  }

  // ── Excel ──
  r.post(
    '/rest/user/export',
    {
      config: { permission: 'system:user:export' },
      schema: { tags: [TAG], summary: '导出用户列表（与列表相同的筛选条件与数据范围，.xlsx）', body: z.object(userFilterSchema) },
    },
    async (request, reply) => {
      return sendWorkbook(reply, '用户列表', 'users', await exportUsers(db, request.body, scopeOf(request)));
    },
  );

  r.post(
    '/rest/user/importTemplate',
    { config: { permission: 'system:user:import' }, schema: { tags: [TAG], summary: '用户导入模板（.xlsx）', body: z.object({}) } },
    async (_request, reply) =>
      reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader('用户导入模板.xlsx', 'user_import_template.xlsx')).send(await importTemplate()),
  );

  r.post(
    '/rest/user/import',
    {
      config: { permission: 'system:user:import' },
      // The workbook travels as base64 inside JSON, so this one route accepts up to ~3 MB.
      bodyLimit: 3 * 1024 * 1024,
      schema: {
        tags: [TAG],
        summary: '导入用户（.xlsx 的 base64，不超过 2 MB）：逐行全部校验，任一行有误则不导入任何数据，attributes.errors 列出 { row, field, message }',
        body: importBody,
        response: {
          200: envelopeOf(z.object({ imported: z.number(), users: z.array(z.object({ row: z.number(), username: z.string(), generatedPassword: z.string().nullable() })) })),
        },
      },
    },
    async (request) => {
      const content = request.body.contentBase64.replace(/^data:[^,]*,/, '');
      if (!/^[A-Za-z0-9+/=\s]+$/.test(content)) throw errors.badRequest('文件内容不是有效的 base64');
      const result = await importUsers(db, Buffer.from(content, 'base64'), changeOf(request));
      return ok(result, `成功导入 ${result.imported} 个用户`);
    },
  );
}
