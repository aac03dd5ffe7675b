import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BANNER_STATUSES, CMS_CODE_MESSAGE, CMS_CODE_PATTERN, CMS_SETTING_PERMISSIONS as P, DEFAULT_BANNER_CODE, OPEN_TYPES } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import { changeOf } from '../../../core/audit';
import { zLockVersion, zSort } from '@dandelion/shared';
import { zFileId, zPortalLink } from '../site/fields';
import type { BannerService } from './service';

const TAG = 'CMS 轮播图';

const zBannerStatus = z.enum(BANNER_STATUSES, { error: '轮播图状态只能是 ENABLE 或 DISABLE' });

const bannerSchema = z.object({
  bannerId: zId,
  siteId: zId,
  code: z.string(),
  title: z.string(),
  imageFileId: z.string(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  openType: z.string(),
  sort: z.number(),
  status: z.string(),
  startTime: zDateTime.nullable(),
  endTime: zDateTime.nullable(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  lockVersion: z.number(),
});

const zTime = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label}格式不正确` })
    .nullish()
    .transform((v) => (v ? new Date(v) : null));

const bannerFields = z.object({
  siteId: zId,
  // A blank position means the home page carousel, the one the portal asks for by default.
  code: z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && !v.trim()) ? DEFAULT_BANNER_CODE : v),
    z.string({ error: '位置编码必须是文本' }).trim().max(64, '位置编码不能超过64个字符').regex(CMS_CODE_PATTERN, CMS_CODE_MESSAGE),
  ),
  title: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(128, '标题不能超过128个字符'),
  imageFileId: zFileId('轮播图片').refine((v) => v !== null, '请上传轮播图片').transform((v) => v!),
  linkUrl: zPortalLink,
  openType: z.enum(OPEN_TYPES, { error: '打开方式只能是 INTERNAL_OPEN 或 EXTERNAL_OPEN' }).default('INTERNAL_OPEN'),
  sort: zSort,
  status: zBannerStatus.default('ENABLE'),
  startTime: zTime('开始时间'),
  endTime: zTime('结束时间'),
});
const withWindow = <T extends z.ZodType<z.output<typeof bannerFields>>>(schema: T) =>
  schema.refine((b) => !b.startTime || !b.endTime || b.endTime > b.startTime, { message: '结束时间必须晚于开始时间', path: ['endTime'] });

/** 轮播图管理 (the portal reads them through `/rest/componentService/rotatePictures {code}`). */
export function registerBannerRoutes(app: FastifyInstance, { banners }: { banners: BannerService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/cmsBanner/getBannerPage',
    {
      config: { permission: P.list },
      schema: {
        tags: [TAG],
        summary: '轮播图分页（按站点、位置、标题、状态；同一位置按排序号）',
        body: z.object({
          pageParameter: zPageParameter,
          siteId: zId.optional(),
          code: z.string().trim().max(64).optional(),
          title: z.string().trim().max(128).optional(),
          status: zBannerStatus.optional(),
        }),
        response: { 200: envelopeOf(pageOf(bannerSchema)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await banners.page(filter, pageParameter, request.principal!));
    },
  );

  r.post(
    '/rest/cmsBanner/detail',
    {
      config: { permission: P.list },
      schema: { tags: [TAG], summary: '轮播图详情', body: z.object({ bannerId: zId }), response: { 200: envelopeOf(bannerSchema) } },
    },
    async (request) => ok(await banners.detail(request.body.bannerId, request.principal!)),
  );

  r.post(
    '/rest/cmsBanner/add',
    {
      config: { permission: P.add },
      schema: {
        tags: [TAG],
        summary: '新增轮播图：图片为本人上传的图片文件；可选展示时间段（结束晚于开始）',
        body: withWindow(bannerFields),
        response: { 200: envelopeOf(bannerSchema) },
      },
    },
    async (request) => ok(await banners.add(request.body, changeOf(request), request.principal!), '新增成功'),
  );

  r.post(
    '/rest/cmsBanner/update',
    {
      config: { permission: P.upd },
      schema: {
        tags: [TAG],
        summary: '修改轮播图（乐观锁：lockVersion 过期返回 409）',
        body: withWindow(bannerFields.extend({ bannerId: zId, lockVersion: zLockVersion })),
        response: { 200: envelopeOf(bannerSchema) },
      },
    },
    async (request) => {
      const { bannerId, lockVersion, ...input } = request.body as z.output<typeof bannerFields> & { bannerId: number; lockVersion: number };
      return ok(await banners.update(bannerId, lockVersion, input, changeOf(request), request.principal!), '修改成功');
    },
  );

  r.post(
    '/rest/cmsBanner/updateStatus',
    {
      config: { permission: P.upd },
      schema: {
        tags: [TAG],
        summary: '启用（ENABLE）或停用（DISABLE）轮播图；启用时图片公开',
        body: z.object({ bannerId: zId, lockVersion: zLockVersion, status: zBannerStatus }),
        response: { 200: envelopeOf(bannerSchema) },
      },
    },
    async (request) => {
      const { bannerId, lockVersion, status } = request.body;
      return ok(await banners.updateStatus(bannerId, lockVersion, status, changeOf(request), request.principal!), status === 'ENABLE' ? '已启用' : '已停用');
    },
  );

  r.post(
    '/rest/cmsBanner/sort',
    {
      config: { permission: P.sort },
      schema: {
        tags: [TAG],
        summary: '调整同一站点同一位置的轮播图顺序：bannerIds 为该位置的全部轮播图，按新顺序排列',
        body: z.object({
          siteId: zId,
          code: z.string({ error: '请输入位置编码' }).trim().min(1, '请输入位置编码').max(64),
          bannerIds: z.array(zId, { error: '请提供排序后的轮播图' }).min(1, '请提供排序后的轮播图').max(500, '一次最多排序 500 张轮播图'),
        }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const { siteId, code, bannerIds } = request.body;
      await banners.sort(siteId, code, bannerIds, changeOf(request));
      return ok(null, '排序成功');
    },
  );

  r.post(
    '/rest/cmsBanner/delete',
    {
      config: { permission: P.del },
      schema: {
        tags: [TAG],
        summary: '删除轮播图（逻辑删除；图片不再公开）',
        body: z.object({ bannerId: zId, lockVersion: zLockVersion.optional() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await banners.remove(request.body.bannerId, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/rest/cmsBanner/deleteBatch',
    {
      config: { permission: P.del },
      schema: {
        tags: [TAG],
        summary: '批量删除轮播图（全部成功或全部不删）',
        body: z.object({ ids: z.array(zId, { error: '请选择要删除的轮播图' }).min(1, '请选择要删除的轮播图').max(500, '一次最多删除 500 张轮播图') }),
        response: { 200: envelopeOf(z.object({ deleted: z.number() })) },
      },
    },
    async (request) => ok({ deleted: await banners.removeMany(request.body.ids, changeOf(request)) }, '删除成功'),
  );
}
