import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CMS_CODE_MESSAGE, CMS_CODE_PATTERN, CMS_SETTING_PERMISSIONS as P, SITE_STATUSES } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import { changeOf } from '../../../core/audit';
import { zLockVersion, zSort } from '@dandelion/shared';
import type { SiteAdminService } from './admin';
import { zFileId, zOptionalText } from './fields';

const TAG = 'CMS 站点';

const zSiteStatus = z.enum(SITE_STATUSES, { error: '站点状态只能是 2（在线）或 1（离线）' });

const siteSchema = z.object({
  siteId: zId,
  siteCode: z.string(),
  siteName: z.string(),
  displayName: z.string(),
  siteStatus: z.string(),
  isDefault: z.boolean(),
  themeId: z.number().nullable(),
  portalId: z.number().nullable(),
  logoFileId: z.string().nullable(),
  logoUrl: z.string().nullable(),
  domain: z.string().nullable(),
  description: z.string().nullable(),
  copyright: z.string().nullable(),
  icp: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactAddress: z.string().nullable(),
  sort: z.number(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  lockVersion: z.number(),
});

const siteBody = z.object({
  siteCode: z
    .string({ error: '请输入站点编码' })
    .trim()
    .min(1, '请输入站点编码')
    .max(64, '站点编码不能超过64个字符')
    .regex(CMS_CODE_PATTERN, CMS_CODE_MESSAGE),
  siteName: z.string({ error: '请输入站点名称' }).trim().min(1, '请输入站点名称').max(128, '站点名称不能超过128个字符'),
  displayName: z.string({ error: '请输入显示名称' }).trim().min(1, '请输入显示名称').max(128, '显示名称不能超过128个字符'),
  siteStatus: zSiteStatus.default('1'),
  themeId: z.number({ error: '主题编号必须是整数' }).int('主题编号必须是整数').positive('主题编号必须是整数').nullish().transform((v) => v ?? null),
  portalId: z.number({ error: '门户编号必须是整数' }).int('门户编号必须是整数').positive('门户编号必须是整数').nullish().transform((v) => v ?? null),
  logoFileId: zFileId('站点标志'),
  domain: zOptionalText(256, '域名'),
  description: zOptionalText(512, '站点描述'),
  copyright: zOptionalText(256, '版权信息'),
  icp: zOptionalText(64, 'ICP 备案号'),
  contactPhone: zOptionalText(64, '联系电话'),
  contactAddress: zOptionalText(256, '联系地址'),
  sort: zSort,
});

/** 站点管理 (spec §3 CMS site; status online is code 2, offline code 1). */
export function registerSiteRoutes(app: FastifyInstance, { sites }: { sites: SiteAdminService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/cms_site/getSitePage',
    {
      config: { permission: P.list },
      schema: {
        tags: [TAG],
        summary: '站点分页（按编码、名称、状态查询；默认站点在前）',
        body: z.object({
          pageParameter: zPageParameter,
          siteCode: z.string().trim().max(64).optional(),
          siteName: z.string().trim().max(128).optional(),
          siteStatus: zSiteStatus.optional(),
        }),
        response: { 200: envelopeOf(pageOf(siteSchema)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await sites.page(filter, pageParameter, request.principal!));
    },
  );

  r.post(
    '/rest/cms_site/listAll',
    {
      config: { permission: P.list },
      schema: { tags: [TAG], summary: '全部站点（栏目、轮播图的站点选择）', response: { 200: envelopeOf(z.array(siteSchema)) } },
    },
    async () => ok(await sites.listAll()),
  );

  r.post(
    '/rest/cms_site/detail',
    {
      config: { permission: P.list },
      schema: { tags: [TAG], summary: '站点详情', body: z.object({ siteId: zId }), response: { 200: envelopeOf(siteSchema) } },
    },
    async (request) => ok(await sites.detail(request.body.siteId, request.principal!)),
  );

  r.post(
    '/rest/cms_site/add',
    {
      config: { permission: P.add },
      schema: { tags: [TAG], summary: '新增站点：站点编码唯一；标志为本人上传的图片', body: siteBody, response: { 200: envelopeOf(siteSchema) } },
    },
    async (request) => ok(await sites.add(request.body, changeOf(request), request.principal!), '新增成功'),
  );

  r.post(
    '/rest/cms_site/update',
    {
      config: { permission: P.upd },
      schema: {
        tags: [TAG],
        summary: '修改站点（乐观锁：lockVersion 过期返回 409）；默认站点不能下线',
        // The status is required here: a form that left it out must not take a site offline by default.
        body: siteBody.extend({ siteId: zId, lockVersion: zLockVersion, siteStatus: zSiteStatus }),
        response: { 200: envelopeOf(siteSchema) },
      },
    },
    async (request) => {
      const { siteId, lockVersion, ...input } = request.body;
      return ok(await sites.update(siteId, lockVersion, input, changeOf(request), request.principal!), '修改成功');
    },
  );

  r.post(
    '/rest/cms_site/updateStatus',
    {
      config: { permission: P.upd },
      schema: {
        tags: [TAG],
        summary: '上线（2）或下线（1）站点；站点在线时标志公开',
        body: z.object({ siteId: zId, lockVersion: zLockVersion, siteStatus: zSiteStatus }),
        response: { 200: envelopeOf(siteSchema) },
      },
    },
    async (request) => {
      const { siteId, lockVersion, siteStatus } = request.body;
      return ok(await sites.updateStatus(siteId, lockVersion, siteStatus, changeOf(request), request.principal!), siteStatus === '2' ? '已上线' : '已下线');
    },
  );

  r.post(
    '/rest/cms_site/setDefault',
    {
      config: { permission: P.upd },
      schema: { tags: [TAG], summary: '设为默认站点（门户未指定站点时显示；须在线）', body: z.object({ siteId: zId }), response: { 200: envelopeOf(siteSchema) } },
    },
    async (request) => ok(await sites.setDefault(request.body.siteId, changeOf(request), request.principal!), '已设为默认站点'),
  );

  r.post(
    '/rest/cms_site/delete',
    {
      config: { permission: P.del },
      schema: {
        tags: [TAG],
        summary: '删除站点（逻辑删除）；默认站点或仍有栏目、轮播图时拒绝（409）',
        body: z.object({ siteId: zId, lockVersion: zLockVersion.optional() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await sites.remove(request.body.siteId, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    },
  );
}
