import { changeOf } from '../../../core/audit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../../core/envelope';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import { RULE_STATUSES, SCOPE_TYPES, type DataPermissionService } from './service';

const TAG = '数据权限';

const ruleColumns = {
  id: zId, ruleCode: z.string(), ruleName: z.string(), scopeType: z.string(), status: z.string(), sort: z.number(), remark: z.string().nullable(),
  createTime: zDateTime, createBy: z.string().nullable(), updateTime: zDateTime, updateBy: z.string().nullable(), lockVersion: z.number(),
};
const ruleSchema = z.object(ruleColumns);
const ruleDetailSchema = z.object({ ...ruleColumns, orgIds: z.array(zId), orgs: z.array(z.object({ orgId: zId, orgName: z.string() })) });

const scopeType = z.enum(SCOPE_TYPES, { error: '数据范围只能是 全部、本机构及下级、本机构、仅本人 或 自定义' });
const status = z.enum(RULE_STATUSES, { error: '状态只能是正常（NORMAL）或停用（DISABLED）' });
const ruleFields = {
  ruleCode: z.string({ error: '请输入规则编码' }).trim().min(1, '请输入规则编码').max(64, '规则编码不能超过64个字符')
    .regex(/^[A-Za-z0-9_:-]+$/, '规则编码只能包含字母、数字、下划线、冒号和横杠'),
  ruleName: z.string({ error: '请输入规则名称' }).trim().min(1, '请输入规则名称').max(64, '规则名称不能超过64个字符'),
  scopeType,
  orgIds: z.array(zId).max(500, '自定义机构最多500个').default([]),
  status: status.default('NORMAL'),
  sort: z.number({ error: '排序必须是整数' }).int('排序必须是整数').min(0, '排序不能小于0').max(999_999, '排序不能大于999999').default(0),
  remark: z.string().trim().max(512, '备注不能超过512个字符').nullish().transform((v) => v || null),
};
const lockVersion = z.number({ error: '缺少数据版本（lockVersion）' }).int().min(0);


/** Data-permission rules (spec §7 /rest/datapermission/*): how far holders (roles, organisations) see org-owned data. */
export function registerDataPermissionRoutes(app: FastifyInstance, { rules }: { rules: DataPermissionService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/datapermission/page',
    {
      config: { permission: 'system:datapermission:list' },
      schema: {
        tags: [TAG],
        summary: '数据权限规则分页；keyword 匹配名称或编码（不区分大小写）',
        body: z.object({ pageParameter: zPageParameter, keyword: z.string().trim().max(64).optional(), scopeType: scopeType.optional(), status: status.optional() }),
        response: { 200: envelopeOf(pageOf(ruleSchema)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await rules.page(filter, pageParameter));
    },
  );

  r.post(
    '/rest/datapermission/detail',
    {
      config: { permission: 'system:datapermission:detail' },
      schema: { tags: [TAG], summary: '数据权限规则详情（含自定义范围的机构）', body: z.object({ id: zId }), response: { 200: envelopeOf(ruleDetailSchema) } },
    },
    async (request) => ok(await rules.detail(request.body.id)),
  );

  r.post(
    '/rest/datapermission/add',
    {
      config: { permission: 'system:datapermission:add' },
      schema: {
        tags: [TAG],
        summary: '新增数据权限规则；规则编码唯一；orgIds 仅且必须用于自定义范围（CUSTOM）',
        body: z.object(ruleFields),
        response: { 200: envelopeOf(ruleDetailSchema) },
      },
    },
    async (request) => ok(await rules.add(request.body, changeOf(request)), '新增成功'),
  );

  r.post(
    '/rest/datapermission/update',
    {
      config: { permission: 'system:datapermission:upd' },
      schema: {
        tags: [TAG],
        summary: '修改数据权限规则（带 lockVersion，过期返回 409）',
        body: z.object({ id: zId, lockVersion, ...ruleFields }),
        response: { 200: envelopeOf(ruleDetailSchema) },
      },
    },
    async (request) => {
      const { id, lockVersion: version, ...input } = request.body;
      return ok(await rules.update(id, version, input, changeOf(request)), '修改成功');
    },
  );

  r.post(
    '/rest/datapermission/delete',
    {
      config: { permission: 'system:datapermission:del' },
      schema: {
        tags: [TAG],
        summary: '删除数据权限规则（逻辑删除）；仍绑定在角色或机构上时拒绝（409）',
        body: z.object({ id: zId, lockVersion: lockVersion.optional() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await rules.remove(request.body.id, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/rest/datapermission/updateStatus',
    {
      config: { permission: 'system:datapermission:enable' },
      schema: {
        tags: [TAG],
        summary: '启用（NORMAL）或停用（DISABLED）数据权限规则',
        body: z.object({ id: zId, status, lockVersion: lockVersion.optional() }),
        response: { 200: envelopeOf(ruleDetailSchema) },
      },
    },
    async (request) => ok(await rules.updateStatus(request.body.id, request.body.status, request.body.lockVersion, changeOf(request)), request.body.status === 'NORMAL' ? '已启用' : '已停用'),
  );
}
