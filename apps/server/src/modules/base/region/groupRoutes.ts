import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REQUIRED_MESSAGE } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import { changeOf } from '../../../core/audit';
import { zLockVersion, zRemark } from '@dandelion/shared';
import type { RegionGroupService } from './groupService';
import { TAG, zSortField } from './routes';

const groupShape = {
  groupId: zId,
  groupCode: z.string(),
  groupName: z.string(),
  sort: z.number(),
  remark: z.string().nullable(),
  memberCount: z.number(),
  lockVersion: z.number(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
};
const memberSchema = z.object({ regionId: zId, regionCode: z.string(), regionName: z.string(), regionLevel: z.number() });
const groupSchema = z.object({ ...groupShape, members: z.array(memberSchema) });

const groupBody = z.object({
  groupCode: z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(64, '分组编码不能超过64个字符')
    .regex(/^[A-Za-z0-9_]+$/, '分组编码只能包含字母、数字和下划线'),
  groupName: z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(64, '分组名称不能超过64个字符'),
  sort: zSortField.default(0),
  remark: zRemark,
  regionCodes: z
    .array(z.string().regex(/^\d{6,12}$/, '区划代码须为6至12位数字'), { error: '请选择分组包含的行政区划' })
    .min(1, '请至少选择一个行政区划')
    .max(5000, '一个分组最多包含 5000 个行政区划'),
});

/** Region groups (part of /rest/region/*): named sets of regions with their members. */
export function registerRegionGroupRoutes(app: FastifyInstance, { groups }: { groups: RegionGroupService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/region/groupPage',
    {
      config: { permission: 'base:region:list' },
      schema: {
        tags: [TAG],
        summary: '区划分组分页：每个分组带成员数 memberCount 与前 8 个成员名称 memberNames',
        body: z.object({
          pageParameter: zPageParameter,
          groupCode: z.string().trim().max(64).optional(),
          groupName: z.string().trim().max(64).optional(),
        }),
        response: { 200: envelopeOf(pageOf(z.object({ ...groupShape, memberNames: z.array(z.string()) }))) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await groups.page(filter, pageParameter));
    },
  );

  r.post(
    '/rest/region/groupDetail',
    {
      config: { permission: 'base:region:list' },
      schema: { tags: [TAG], summary: '区划分组详情，带全部成员', body: z.object({ groupId: zId }), response: { 200: envelopeOf(groupSchema) } },
    },
    async (request) => ok(await groups.detail(request.body.groupId)),
  );

  r.post(
    '/rest/region/addGroup',
    {
      config: { permission: 'base:region:add' },
      schema: {
        tags: [TAG],
        summary: '新增区划分组：分组编码唯一；regionCodes 为成员区划代码（不存在的代码会被指出）',
        body: groupBody,
        response: { 200: envelopeOf(groupSchema) },
      },
    },
    async (request) => ok(await groups.add(request.body, changeOf(request)), '新增成功'),
  );

  r.post(
    '/rest/region/updateGroup',
    {
      config: { permission: 'base:region:upd' },
      schema: {
        tags: [TAG],
        summary: '修改区划分组（带 lockVersion，过期返回 409）；regionCodes 整体替换成员',
        body: groupBody.extend({ groupId: zId, lockVersion: zLockVersion }),
        response: { 200: envelopeOf(groupSchema) },
      },
    },
    async (request) => {
      const { groupId, lockVersion, ...input } = request.body;
      return ok(await groups.update(groupId, lockVersion, input, changeOf(request)), '修改成功');
    },
  );

  r.post(
    '/rest/region/deleteGroup',
    {
      config: { permission: 'base:region:del' },
      schema: {
        tags: [TAG],
        summary: '删除区划分组（逻辑删除），成员关系一并解除；区划本身不受影响',
        body: z.object({ groupId: zId, lockVersion: zLockVersion.optional() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await groups.remove(request.body.groupId, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    },
  );
}
