import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATALOG_CONTENT_TYPES, CATALOG_STATUSES, CATALOG_TYPES, CMS_CODE_MESSAGE, CMS_CODE_PATTERN, CMS_SETTING_PERMISSIONS as P, LINK_TYPES, OPEN_TYPES,
} from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { zDateTime, zId } from '@dandelion/shared';
import { changeOf } from '../../../core/audit';
import { zLockVersion, zSort } from '@dandelion/shared';
import { zHttpUrl, zOptionalText } from '../site/fields';
import type { CatalogAdminService, CatalogView } from './admin';

const TAG = 'CMS 栏目';

const zCatalogStatus = z.enum(CATALOG_STATUSES, { error: '栏目状态只能是 ENABLE 或 DISABLE' });

const catalogSchema = z.object({
  catalogId: zId,
  siteId: zId,
  parentCatalogId: zId.nullable(),
  catalogName: z.string(),
  code: z.string(),
  catalogPath: z.string().nullable(),
  level: z.number(),
  sort: z.number(),
  catalogStatus: z.string(),
  catalogType: z.string(),
  linkType: z.string(),
  openType: z.string(),
  catalogContentType: z.string(),
  linkUrl: z.string().nullable(),
  templateId: zId.nullable(),
  description: z.string().nullable(),
  showInNav: z.boolean(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  lockVersion: z.number(),
});
type CatalogOut = z.input<typeof catalogSchema> & { children: CatalogOut[] };
const treeSchema: z.ZodType<CatalogOut, unknown> = z.lazy(() => catalogSchema.extend({ children: z.array(treeSchema) })) as never;

const catalogFields = z.object({
  catalogName: z.string({ error: '请输入栏目名称' }).trim().min(1, '请输入栏目名称').max(128, '栏目名称不能超过128个字符'),
  code: z.string({ error: '请输入栏目编码' }).trim().min(1, '请输入栏目编码').max(64, '栏目编码不能超过64个字符').regex(CMS_CODE_PATTERN, CMS_CODE_MESSAGE),
  catalogStatus: zCatalogStatus.default('ENABLE'),
  catalogType: z.enum(CATALOG_TYPES, { error: '栏目类型不正确' }).default('TITLE_COLUMN'),
  linkType: z.enum(LINK_TYPES, { error: '链接类型只能是 FRONT_LINK 或 EXTERNAL_LINK' }).default('FRONT_LINK'),
  openType: z.enum(OPEN_TYPES, { error: '打开方式只能是 INTERNAL_OPEN 或 EXTERNAL_OPEN' }).default('INTERNAL_OPEN'),
  catalogContentType: z.enum(CATALOG_CONTENT_TYPES, { error: '内容类型不正确' }).default('ATTILE'),
  linkUrl: z.string().nullish(),
  templateId: zId.nullish().transform((v) => v ?? null),
  description: zOptionalText(512, '栏目描述'),
  showInNav: z.boolean({ error: '是否在导航显示必须是布尔值' }).default(true),
  sort: zSort,
});

/** An external-link catalogue must say where it goes; a front-link one keeps no address. */
const withLink = <T extends z.ZodType<z.output<typeof catalogFields>>>(schema: T) =>
  schema.transform((body, ctx) => {
    if (body.linkType !== 'EXTERNAL_LINK') return { ...body, linkUrl: null };
    const url = (body.linkUrl ?? '').trim();
    if (!url) {
      ctx.addIssue({ code: 'custom', path: ['linkUrl'], message: '外部链接栏目请填写链接地址' });
      return z.NEVER;
    }
    const checked = zHttpUrl.safeParse(url);
    if (!checked.success) {
      ctx.addIssue({ code: 'custom', path: ['linkUrl'], message: checked.error.issues[0]!.message });
      return z.NEVER;
    }
    return { ...body, linkUrl: checked.data };
  });

const addBody = withLink(catalogFields.extend({ siteId: zId, parentCatalogId: zId.nullish().transform((v) => v ?? null) }));
const updateBody = withLink(catalogFields.extend({ catalogId: zId, lockVersion: zLockVersion }));

const presentTree = (nodes: CatalogView[]): never => nodes as never;

/** 栏目管理 (spec §3 Catalogue; the portal's anonymous reads of the tree live in cms/portal). */
export function registerCatalogRoutes(app: FastifyInstance, { catalogs }: { catalogs: CatalogAdminService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/cmsCatalog/getAdminTree',
    {
      config: { permission: P.list },
      schema: {
        tags: [TAG],
        summary: '站点的栏目树（全部状态）；按名称、编码查询时保留命中节点及其上级',
        body: z.object({ siteId: zId, catalogName: z.string().trim().max(128).optional(), code: z.string().trim().max(64).optional() }),
        response: { 200: envelopeOf(z.array(treeSchema)) },
      },
    },
    async (request) => {
      const { siteId, ...filter } = request.body;
      return ok(presentTree(await catalogs.adminTree(siteId, filter)));
    },
  );

  r.post(
    '/rest/cmsCatalog/detail',
    {
      config: { permission: P.list },
      schema: { tags: [TAG], summary: '栏目详情', body: z.object({ catalogId: zId }), response: { 200: envelopeOf(catalogSchema) } },
    },
    async (request) => ok(await catalogs.detail(request.body.catalogId)),
  );

  r.post(
    '/rest/cmsCatalog/add',
    {
      config: { permission: P.add },
      schema: { tags: [TAG], summary: '新增栏目：编码在站点内唯一；外部链接须填 http/https 地址', body: addBody, response: { 200: envelopeOf(catalogSchema) } },
    },
    async (request) => {
      const { siteId, parentCatalogId, ...input } = request.body;
      return ok(await catalogs.add(siteId, parentCatalogId, input, changeOf(request)), '新增成功');
    },
  );

  r.post(
    '/rest/cmsCatalog/update',
    {
      config: { permission: P.upd },
      schema: { tags: [TAG], summary: '修改栏目（乐观锁）；改编码时下级栏目的路径随之更新', body: updateBody, response: { 200: envelopeOf(catalogSchema) } },
    },
    async (request) => {
      const { catalogId, lockVersion, ...input } = request.body;
      return ok(await catalogs.update(catalogId, lockVersion, input, changeOf(request)), '修改成功');
    },
  );

  r.post(
    '/rest/cmsCatalog/updateStatus',
    {
      config: { permission: P.upd },
      schema: {
        tags: [TAG],
        summary: '启用（ENABLE）或停用（DISABLE）栏目；停用后门户不再显示它及其下级',
        body: z.object({ catalogId: zId, lockVersion: zLockVersion, catalogStatus: zCatalogStatus }),
        response: { 200: envelopeOf(catalogSchema) },
      },
    },
    async (request) => {
      const { catalogId, lockVersion, catalogStatus } = request.body;
      return ok(await catalogs.updateStatus(catalogId, lockVersion, catalogStatus, changeOf(request)), catalogStatus === 'ENABLE' ? '已启用' : '已停用');
    },
  );

  r.post(
    '/rest/cmsCatalog/move',
    {
      config: { permission: P.sort },
      schema: {
        tags: [TAG],
        summary: '移动栏目到新的上级（同一站点；不能移到自己的下级）；parentCatalogId 为空即移到顶级',
        body: z.object({ catalogId: zId, parentCatalogId: zId.nullish().transform((v) => v ?? null), lockVersion: zLockVersion.optional() }),
        response: { 200: envelopeOf(catalogSchema) },
      },
    },
    async (request) => {
      const { catalogId, parentCatalogId, lockVersion } = request.body;
      return ok(await catalogs.move(catalogId, parentCatalogId, lockVersion, changeOf(request)), '移动成功');
    },
  );

  r.post(
    '/rest/cmsCatalog/sort',
    {
      config: { permission: P.sort },
      schema: {
        tags: [TAG],
        summary: '调整同级栏目顺序：catalogIds 为该上级的全部下级栏目，按新顺序排列',
        body: z.object({
          siteId: zId,
          parentCatalogId: zId.nullish().transform((v) => v ?? null),
          catalogIds: z.array(zId, { error: '请提供排序后的栏目' }).min(1, '请提供排序后的栏目').max(500, '一次最多排序 500 个栏目'),
        }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const { siteId, parentCatalogId, catalogIds } = request.body;
      return ok(await catalogs.sort(siteId, parentCatalogId, catalogIds, changeOf(request)), '排序成功');
    },
  );

  r.post(
    '/rest/cmsCatalog/delete',
    {
      config: { permission: P.del },
      schema: {
        tags: [TAG],
        summary: '删除栏目（逻辑删除）；仍有子栏目或文章时拒绝（409）',
        body: z.object({ catalogId: zId, lockVersion: zLockVersion.optional() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await catalogs.remove(request.body.catalogId, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    },
  );
}
