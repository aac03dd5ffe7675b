import { zLockVersion, zRecordStatus, zRemark, zSort } from '@dandelion/shared';
import { changeOf } from '../../../core/audit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageParameterSchema } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { sendWorkbook } from '../../../core/excel';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import type { RoleBindingService } from './bindings';
import { DATA_SCOPES, type RoleAdminService } from './service';

const TAG = '角色';

/** Who acts and from where, for the operation log. */
export { changeOf };

const roleSchema = z.object({
  roleId: zId,
  roleCode: z.string(),
  roleName: z.string(),
  roleType: z.string(),
  dataScope: z.string(),
  status: z.string(),
  sort: z.number(),
  remark: z.string().nullable(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  lockVersion: z.number(),
});
const roleDetailSchema = roleSchema.extend({ dataOrgIds: z.array(zId) });

const roleBody = z.object({
  roleCode: z
    .string({ error: '请输入角色编码' })
    .trim()
    .min(1, '请输入角色编码')
    .max(64, '角色编码不能超过64个字符')
    .regex(/^[A-Za-z0-9_]+$/, '角色编码只能包含字母、数字和下划线'),
  roleName: z.string({ error: '请输入角色名称' }).trim().min(1, '请输入角色名称').max(64, '角色名称不能超过64个字符'),
  roleType: z.string({ error: '请选择角色类型' }).trim().min(1, '请选择角色类型'),
  dataScope: z.enum(DATA_SCOPES, { error: '数据范围只能是 ALL、ORG_AND_CHILDREN、ORG、SELF 或 CUSTOM' }).default('SELF'),
  status: zRecordStatus.default('NORMAL'),
  sort: zSort,
  remark: zRemark,
  dataOrgIds: z.array(zId).max(1000, '自定义机构最多 1000 个').optional(),
});
const lockVersion = zLockVersion;
const userSchema = z.object({ id: zId, username: z.string(), realname: z.string().nullable(), phone: z.string().nullable(), status: z.string() });
const treeNode: z.ZodType = z.lazy(() =>
  z.object({ funcId: zId, pid: zId.nullable(), funcCode: z.string(), funcName: z.string(), funcType: z.string(), children: z.array(treeNode) }),
);

/** Roles (spec §7 /rest/role/*: add, update, bindPermission, getRolePermission, getAllRole, users; detail, delete, permissionTree are ours). */
export function registerRoleRoutes(app: FastifyInstance, deps: { roles: RoleAdminService; bindings: RoleBindingService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { roles, bindings } = deps;

  r.post(
    '/rest/role/getAllRole',
    {
      config: { permission: 'system:role:list' },
      schema: {
        tags: [TAG],
        summary: '角色列表：带 pageParameter 时分页（含停用），否则返回全部在用角色（选择器用）',
        body: z.object({
          pageParameter: pageParameterSchema.optional(),
          roleName: z.string().trim().max(64).optional(),
          roleCode: z.string().trim().max(64).optional(),
          roleType: z.string().trim().max(16).optional(),
          status: zRecordStatus.optional(),
        }),
        response: { 200: envelopeOf(z.union([pageOf(roleSchema), z.array(roleSchema)])) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(pageParameter ? await roles.page(filter, pageParameter) : await roles.allInForce(filter));
    },
  );

  r.post(
    '/rest/role/export',
    {
      config: { permission: 'system:role:export' },
      schema: {
        tags: [TAG],
        summary: '导出角色列表（与列表相同的筛选条件，含停用角色，.xlsx）',
        body: z.object({
          roleName: z.string().trim().max(64).optional(),
          roleCode: z.string().trim().max(64).optional(),
          roleType: z.string().trim().max(16).optional(),
          status: zRecordStatus.optional(),
        }),
      },
    },
    async (request, reply) => sendWorkbook(reply, '角色列表', 'roles', await roles.exportWorkbook(request.body)),
  );

  r.post(
    '/rest/role/detail',
    {
      config: { permission: 'system:role:detail' },
      schema: { tags: [TAG], summary: '角色详情（含自定义数据范围的机构）', body: z.object({ roleId: zId }), response: { 200: envelopeOf(roleDetailSchema) } },
    },
    async (request) => ok(await roles.detail(request.body.roleId)),
  );

  r.post(
    '/rest/role/add',
    {
      config: { permission: 'system:role:add' },
      schema: {
        tags: [TAG],
        summary: '新增角色：角色编码唯一（字母、数字、下划线），角色类型取字典 ROLE_TYPE',
        body: roleBody,
        response: { 200: envelopeOf(roleDetailSchema) },
      },
    },
    async (request) => ok(await roles.add(request.body, changeOf(request)), '新增成功'),
  );

  r.post(
    '/rest/role/update',
    {
      config: { permission: 'system:role:upd' },
      schema: {
        tags: [TAG],
        summary: '修改角色（乐观锁：lockVersion 过期返回 409）；超级管理员角色 ADMIN 的编码不可改、不可停用',
        body: roleBody.extend({ roleId: zId, lockVersion }),
        response: { 200: envelopeOf(roleDetailSchema) },
      },
    },
    async (request) => {
      const { roleId, lockVersion: version, ...input } = request.body;
      return ok(await roles.update(roleId, version, input, changeOf(request)), '修改成功');
    },
  );

  r.post(
    '/rest/role/delete',
    {
      config: { permission: 'system:role:del' },
      schema: {
        tags: [TAG],
        summary: '删除角色（逻辑删除）；仍有用户持有时拒绝（409），超级管理员角色不可删除',
        body: z.object({ roleId: zId, lockVersion: lockVersion.optional() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await roles.remove(request.body.roleId, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/rest/role/users',
    {
      config: { permission: 'system:role:detail' },
      schema: {
        tags: [TAG],
        summary: '持有该角色的用户（分页，手机号脱敏）',
        body: z.object({ roleId: zId, pageParameter: zPageParameter }),
        response: { 200: envelopeOf(pageOf(userSchema)) },
      },
    },
    async (request) => ok(await roles.users(request.body.roleId, request.body.pageParameter)),
  );

  r.post(
    '/rest/role/permissionTree',
    {
      config: { permission: 'system:role:perm' },
      schema: {
        tags: [TAG],
        summary: '分配权限用：完整的功能树（DIR 目录、MENU 菜单、BUTTON 按钮）与全部数据权限规则',
        body: z.object({}),
        response: {
          200: envelopeOf(
            z.object({
              funcs: z.array(treeNode),
              rules: z.array(z.object({ ruleId: zId, ruleCode: z.string(), ruleName: z.string(), scopeType: z.string(), status: z.string() })),
            }),
          ),
        },
      },
    },
    async () => ok({ funcs: await bindings.permissionTree(), rules: await bindings.rules() }),
  );

  r.post(
    '/rest/role/getRolePermission',
    {
      config: { permission: 'system:role:perm' },
      schema: {
        tags: [TAG],
        summary: '角色已绑定的菜单/按钮 funcIds 与数据权限规则 ruleIds',
        body: z.object({ roleId: zId }),
        response: { 200: envelopeOf(z.object({ funcIds: z.array(zId), ruleIds: z.array(zId) })) },
      },
    },
    async (request) => ok(await bindings.permissions(request.body.roleId)),
  );

  r.post(
    '/rest/role/bindPermission',
    {
      config: { permission: 'system:role:perm' },
      schema: {
        tags: [TAG],
        summary: '替换角色的菜单/按钮与（传入时）数据权限规则；持有该角色的用户立即生效',
        description: 'funcIds 为勾选的全部节点（含半选的上级目录/菜单）；ruleIds 不传时保持原绑定不变。未知编号返回 400，整体在一个事务中完成。',
        body: z.object({
          roleId: zId,
          funcIds: z.array(zId, { error: '请提供 funcIds 列表' }).max(5000, '一次最多绑定 5000 个菜单或按钮'),
          ruleIds: z.array(zId).max(500, '一次最多绑定 500 条数据权限规则').optional(),
        }),
        response: { 200: envelopeOf(z.object({ funcIds: z.array(zId), ruleIds: z.array(zId) })) },
      },
    },
    async (request) => {
      const { roleId, ...input } = request.body;
      return ok(await bindings.bind(roleId, input, changeOf(request)), '权限已保存');
    },
  );
}
