import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REQUIRED_MESSAGE } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { PUBLIC } from '../../../core/permissions';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import { changeOf } from '../../../core/audit';
import { zLockVersion, zRemark } from '@dandelion/shared';
import type { RegionService } from './service';

export const TAG = '行政区划';

const CODE_MESSAGE = '区划代码须为6至12位数字';
export const zRegionCode = z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).regex(/^\d{6,12}$/, CODE_MESSAGE);
const zParentCode = z.union([z.string().trim().regex(/^(\d{6,12})?$/, '上级区划代码须为6至12位数字'), z.null()]).optional().transform((v) => v || null);
export const zSortField = z.number({ error: '排序必须是整数' }).int('排序必须是整数').min(0, '排序不能小于0').max(99999, '排序不能大于99999');

/** Reads the portal's forms make: public, so a registration or declaration form can ask before sign-in. */
const portalRead = { permission: PUBLIC, rateLimit: { max: 300, timeWindow: 60_000 } };

const optionSchema = z.object({ regionCode: z.string(), regionName: z.string(), regionLevel: z.number(), isLeaf: z.boolean() });

const recordShape = {
  regionId: zId,
  parentId: zId.nullable(),
  parentCode: z.string().nullable(),
  regionCode: z.string(),
  regionName: z.string(),
  regionLevel: z.number(),
  sort: z.number(),
  remark: z.string().nullable(),
  hasChildren: z.boolean(),
  lockVersion: z.number(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
};
const recordSchema = z.object(recordShape);

const regionBody = z.object({
  parentCode: zParentCode,
  regionCode: zRegionCode,
  regionName: z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(64, '区划名称不能超过64个字符'),
  sort: zSortField.optional(),
  remark: zRemark,
});

/** Regions (spec §7 /rest/region/*; the member names are ours). */
export function registerRegionRoutes(app: FastifyInstance, { regions }: { regions: RegionService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/region/children',
    {
      config: portalRead,
      schema: {
        tags: [TAG],
        summary: '下级行政区划（级联选择用，无需登录，来自缓存，每个 IP 每分钟最多 300 次）：parentCode 不传为省级',
        body: z.object({ parentCode: zParentCode }),
        response: { 200: envelopeOf(z.array(optionSchema)) },
      },
    },
    async (request) => ok(await regions.childrenByCode(request.body.parentCode)),
  );

  r.post(
    '/rest/region/path',
    {
      config: portalRead,
      schema: {
        tags: [TAG],
        summary: '行政区划及其全部上级（省在前），用于把已保存的区划代码显示为“省 / 市 / 县”（无需登录）',
        body: z.object({ regionCode: zRegionCode }),
        response: { 200: envelopeOf(z.array(optionSchema.omit({ isLeaf: true }))) },
      },
    },
    async (request) => ok(await regions.pathByCode(request.body.regionCode)),
  );

  r.post(
    '/rest/region/tree',
    {
      config: { permission: 'base:region:list' },
      schema: {
        tags: [TAG],
        summary: '区划树的一层（懒加载）：parentId 不传为省级；每行带 hasChildren',
        body: z.object({ parentId: zId.nullish().transform((v) => v ?? null) }),
        response: { 200: envelopeOf(z.array(recordSchema)) },
      },
    },
    async (request) => ok(await regions.tree(request.body.parentId)),
  );

  r.post(
    '/rest/region/search',
    {
      config: { permission: 'base:region:list' },
      schema: {
        tags: [TAG],
        summary: '按名称或代码搜索行政区划（分页，按级别、代码排序），每条带完整名称 fullName 与路径代码 pathCodes',
        body: z.object({
          pageParameter: zPageParameter,
          keyword: z.string({ error: '请输入区划名称或代码' }).trim().min(1, '请输入区划名称或代码').max(64, '关键字不能超过64个字符'),
        }),
        response: { 200: envelopeOf(pageOf(z.object({ ...recordShape, fullName: z.string(), pathCodes: z.array(z.string()) }))) },
      },
    },
    async (request) => ok(await regions.search(request.body.keyword, request.body.pageParameter)),
  );

  r.post(
    '/rest/region/detail',
    {
      config: { permission: 'base:region:list' },
      schema: {
        tags: [TAG],
        summary: '行政区划详情：带上级路径代码 parentPath（表单上级字段的值）与完整名称',
        body: z.object({ regionId: zId }),
        response: { 200: envelopeOf(z.object({ ...recordShape, parentPath: z.array(z.string()), fullName: z.string() })) },
      },
    },
    async (request) => ok(await regions.detail(request.body.regionId)),
  );

  r.post(
    '/rest/region/add',
    {
      config: { permission: 'base:region:add' },
      schema: {
        tags: [TAG],
        summary: '新增行政区划：代码为6至12位数字且唯一，级别由上级计算（最多5级），不传 sort 排在同级最后',
        body: regionBody,
        response: { 200: envelopeOf(recordSchema) },
      },
    },
    async (request) => ok(await regions.add(request.body, changeOf(request)), '新增成功'),
  );

  r.post(
    '/rest/region/update',
    {
      config: { permission: 'base:region:upd' },
      schema: {
        tags: [TAG],
        summary: '修改行政区划（带 lockVersion，过期返回 409）；改变 parentCode 即移动整棵子树，不能移到自身或其下级之下',
        body: regionBody.extend({ regionId: zId, lockVersion: zLockVersion }),
        response: { 200: envelopeOf(recordSchema) },
      },
    },
    async (request) => {
      const { regionId, lockVersion, ...input } = request.body;
      return ok(await regions.update(regionId, lockVersion, input, changeOf(request)), '修改成功');
    },
  );

  r.post(
    '/rest/region/delete',
    {
      config: { permission: 'base:region:del' },
      schema: {
        tags: [TAG],
        summary: '删除行政区划（逻辑删除）；还有下级区划或仍属于某个区划分组时拒绝（409，说明原因）',
        body: z.object({ regionId: zId, lockVersion: zLockVersion.optional() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await regions.remove(request.body.regionId, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    },
  );
}
