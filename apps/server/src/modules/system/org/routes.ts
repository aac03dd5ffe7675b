import { changeOf } from '../../../core/audit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rules, type ValidationRule } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { sendWorkbook } from '../../../core/excel';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import type { OrgBindingService } from './bindings';
import type { OrgService } from './service';

const TAG = '机构';

const nodeSchema = z.object({
  orgId: zId, orgCode: z.string(), orgName: z.string(), parentOrgId: zId.nullable(), orgType: z.string().nullable(), orgLevel: z.string().nullable(),
  orgStatus: z.string(), orgSort: z.number(), isLeaf: z.boolean(),
});

const detailSchema = z.object({
  orgId: zId, orgCode: z.string(), orgName: z.string(), orgType: z.string().nullable(), orgLevel: z.string().nullable(),
  parentOrgId: zId.nullable(), parentOrgName: z.string().nullable(), parentOrgIds: z.string(),
  orgAddr: z.string().nullable(), orgLinkman: z.string().nullable(), orgLinktel: z.string().nullable(), orgLinkemail: z.string().nullable(),
  orgStatus: z.string(), orgSort: z.number(), remark: z.string().nullable(),
  createTime: zDateTime, createBy: z.string().nullable(), updateTime: zDateTime, updateBy: z.string().nullable(), lockVersion: z.number(),
});

const userSchema = z.object({ id: zId, username: z.string(), realname: z.string().nullable(), phone: z.string().nullable(), status: z.string(), orgId: zId.nullable() });

/** Optional text: blank becomes null. */
const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label}不能超过${max}个字符`).nullish().transform((v) => v || null);
/** Optional text checked by a spec §5 rule when filled in. */
const optionalRule = (r: ValidationRule, max: number) =>
  z.string({ error: r.message }).trim().max(max, r.message).nullish().transform((v) => v || null).refine((v) => v === null || r.test(v), r.message);

const orgFields = {
  orgCode: z.string({ error: '请输入机构编码' }).trim().min(1, '请输入机构编码').max(64, '机构编码不能超过64个字符')
    .regex(/^[A-Za-z0-9_-]+$/, '机构编码只能包含字母、数字、下划线和横杠'),
  orgName: z.string({ error: '请输入机构名称' }).trim().min(1, '请输入机构名称').max(128, '机构名称不能超过128个字符'),
  orgType: optionalText(32, '机构类型'),
  orgLevel: optionalText(32, '机构级别'),
  parentOrgId: zId.nullish().transform((v) => v ?? null),
  orgAddr: optionalText(256, '机构地址'),
  orgLinkman: optionalText(64, '联系人'),
  orgLinktel: optionalRule(rules.contact, 32),
  orgLinkemail: optionalRule(rules.email, 128),
  orgStatus: z.enum(['NORMAL', 'DISABLED'], { error: '机构状态只能是正常（NORMAL）或停用（DISABLED）' }).default('NORMAL'),
  orgSort: z.number({ error: '排序必须是整数' }).int('排序必须是整数').min(0, '排序不能小于0').max(999_999, '排序不能大于999999').default(0),
  remark: optionalText(512, '备注'),
};

const lockVersion = z.number({ error: '缺少数据版本（lockVersion）' }).int().min(0);
const scopeOf = (request: FastifyRequest) => request.principal!.dataScope;
const presentDetail = (row: Awaited<ReturnType<OrgService['detail']>>) => ({ ...row, orgId: row.id });

/** Organisations (spec §7 /rest/organ/*): the lazy/searchable tree, administration and bindings, all within the caller's data scope. */
export function registerOrgRoutes(app: FastifyInstance, { orgs, bindings }: { orgs: OrgService; bindings: OrgBindingService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/organ/tree',
    {
      config: { permission: 'system:org:list' },
      schema: {
        tags: [TAG],
        summary: '机构树：parentId 的直接下级（不传为根机构），isLeaf 表示没有下级；传 keyword 时返回名称或编码匹配的机构及其全部上级（平铺列表）',
        description: '只返回调用者数据权限范围内的机构；范围受限时，“根机构”是其可见的最上层机构。',
        body: z.object({ parentId: zId.optional(), keyword: z.string().trim().max(64, '关键字不能超过64个字符').optional() }),
        response: { 200: envelopeOf(z.array(nodeSchema)) },
      },
    },
    async (request) => {
      const { parentId, keyword } = request.body;
      if (keyword) return ok(await orgs.search(keyword, scopeOf(request)));
      return ok(await orgs.children(parentId ?? null, scopeOf(request)));
    },
  );

  r.post(
    '/rest/organ/export',
    {
      config: { permission: 'system:org:export' },
      schema: {
        tags: [TAG],
        summary: '导出机构列表（调用者数据权限范围内；传 keyword 时只导出名称或编码匹配的机构，.xlsx）',
        body: z.object({ keyword: z.string().trim().max(64, '关键字不能超过64个字符').optional() }),
      },
    },
    async (request, reply) => sendWorkbook(reply, '机构列表', 'organisations', await orgs.exportWorkbook(request.body.keyword || undefined, scopeOf(request))),
  );

  r.post(
    '/rest/organ/detail',
    {
      config: { permission: 'system:org:detail' },
      schema: { tags: [TAG], summary: '机构详情（新增/修改/详情共用表单的读取）', body: z.object({ orgId: zId }), response: { 200: envelopeOf(detailSchema) } },
    },
    async (request) => ok(presentDetail(await orgs.detail(request.body.orgId, scopeOf(request)))),
  );

  r.post(
    '/rest/organ/add',
    {
      config: { permission: 'system:org:add' },
      schema: {
        tags: [TAG],
        summary: '新增机构；机构类型、级别须为 ORG_TYPE / ORG_LEVEL 字典项编码，机构编码唯一',
        body: z.object(orgFields),
        response: { 200: envelopeOf(detailSchema) },
      },
    },
    async (request) => {
      const row = await orgs.add(request.body, scopeOf(request), changeOf(request));
      return ok(presentDetail(await orgs.detail(row.id, scopeOf(request))), '新增成功');
    },
  );

  r.post(
    '/rest/organ/update',
    {
      config: { permission: 'system:org:upd' },
      schema: {
        tags: [TAG],
        summary: '修改机构（带 lockVersion，过期返回 409）；改变上级机构即移动整棵子树，不能移到自身或其下级之下。同级顺序可直接改 orgSort，或用 /rest/organ/sort 整体排序',
        body: z.object({ orgId: zId, lockVersion, ...orgFields }),
        response: { 200: envelopeOf(detailSchema) },
      },
    },
    async (request) => {
      const { orgId, lockVersion: version, ...input } = request.body;
      await orgs.update(orgId, version, input, scopeOf(request), changeOf(request));
      return ok(presentDetail(await orgs.detail(orgId, scopeOf(request))), '修改成功');
    },
  );

  r.post(
    '/rest/organ/delete',
    {
      config: { permission: 'system:org:del' },
      schema: {
        tags: [TAG],
        summary: '删除机构（逻辑删除）；还有下级机构或用户时拒绝（409）；其管理员、菜单与数据权限绑定一并解除',
        body: z.object({ orgId: zId, lockVersion: lockVersion.optional() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await orgs.remove(request.body.orgId, request.body.lockVersion, scopeOf(request), changeOf(request));
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/rest/organ/sort',
    {
      config: { permission: 'system:org:sort' },
      schema: {
        tags: [TAG],
        summary: '同级机构排序：orderedIds 为 parentOrgId（不传为顶级）的全部直接下级的新顺序，依次写入 orgSort 1、2、3…',
        body: z.object({
          parentOrgId: zId.nullish().transform((v) => v ?? null),
          orderedIds: z.array(zId, { error: '请提供排序后的机构列表' }).min(1, '请提供排序后的机构列表').max(500, '一次最多排序500个机构'),
        }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await orgs.sort(request.body.parentOrgId, request.body.orderedIds, scopeOf(request), changeOf(request));
      return ok(null, '排序已保存');
    },
  );

  r.post(
    '/rest/organ/users',
    {
      config: { permission: 'system:org:list' },
      schema: {
        tags: [TAG],
        summary: '机构下的用户分页（includeChildren 为 true 时包含全部下级机构的用户）；手机号脱敏',
        body: z.object({ orgId: zId, includeChildren: z.boolean().default(false), pageParameter: zPageParameter }),
        response: { 200: envelopeOf(pageOf(userSchema)) },
      },
    },
    async (request) => ok(await bindings.users(request.body.orgId, request.body.includeChildren, request.body.pageParameter, scopeOf(request))),
  );

  r.post(
    '/rest/organ/admins',
    {
      // One route reads and replaces: it declares the stronger code (spec §6: organisations bind admins).
      config: { permission: 'system:org:bind' },
      schema: {
        tags: [TAG],
        summary: '机构管理员：不传 userIds 时返回当前管理员；传 userIds 时整体替换为这些用户（空数组即清空）',
        body: z.object({ orgId: zId, userIds: z.array(zId).max(500, '管理员最多500人').optional() }),
        response: { 200: envelopeOf(z.array(userSchema)) },
      },
    },
    async (request) => {
      const { orgId, userIds } = request.body;
      if (userIds === undefined) return ok(await bindings.admins(orgId, scopeOf(request)));
      return ok(await bindings.setAdmins(orgId, userIds, scopeOf(request), changeOf(request)), '管理员已保存');
    },
  );

  r.post(
    '/rest/organ/permissions',
    {
      config: { permission: 'system:org:bind' },
      schema: {
        tags: [TAG],
        summary: '机构绑定的菜单（funcIds）与数据权限规则（ruleIds）：都不传时返回当前绑定；传入的列表整体替换对应绑定，未传的保持不变',
        body: z.object({
          orgId: zId,
          funcIds: z.array(zId).max(2000, '菜单过多').optional(),
          ruleIds: z.array(zId).max(500, '数据权限规则过多').optional(),
        }),
        response: { 200: envelopeOf(z.object({ funcIds: z.array(zId), ruleIds: z.array(zId) })) },
      },
    },
    async (request) => {
      const { orgId, funcIds, ruleIds } = request.body;
      if (funcIds === undefined && ruleIds === undefined) return ok(await bindings.permissions(orgId, scopeOf(request)));
      return ok(await bindings.setPermissions(orgId, { funcIds, ruleIds }, scopeOf(request), changeOf(request)), '绑定已保存');
    },
  );
}
