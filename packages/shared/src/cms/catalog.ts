/** CMS catalogues (spec §3 Catalogue; /rest/cmsCatalog/*): each site's tree in every status, for the back office. */
import { z } from 'zod';
import { defineCall } from '../contract';
import { zLockVersion, zSort } from '../records';
import { zId } from '../schemas';
import { auditedAnswer, removeBody, versionedBody, zCmsCode, zHttpUrl, zName, zOptionalId, zOptionalText, zOrderedIds } from './fields';
import { CMS_SETTING_PERMISSIONS as P, zOpenType } from './setting';

export const CATALOG_STATUSES = ['ENABLE', 'DISABLE'] as const;
export type CatalogStatus = (typeof CATALOG_STATUSES)[number];
export const CATALOG_STATUS_LABELS: Readonly<Record<CatalogStatus, string>> = { ENABLE: '启用', DISABLE: '停用' };
export const zCatalogStatus = z.enum(CATALOG_STATUSES, { error: '栏目状态只能是 ENABLE 或 DISABLE' });

/** TITLE_COLUMN (spec): an ordinary column listing articles; the others are ours. */
export const CATALOG_TYPES = ['TITLE_COLUMN', 'SINGLE_PAGE', 'PICTURE_COLUMN'] as const;
export type CatalogType = (typeof CATALOG_TYPES)[number];
export const CATALOG_TYPE_LABELS: Readonly<Record<CatalogType, string>> = {
  TITLE_COLUMN: '标题栏目',
  SINGLE_PAGE: '单页栏目',
  PICTURE_COLUMN: '图片栏目',
};

export const LINK_TYPES = ['FRONT_LINK', 'EXTERNAL_LINK'] as const;
export type LinkType = (typeof LINK_TYPES)[number];
export const LINK_TYPE_LABELS: Readonly<Record<LinkType, string>> = { FRONT_LINK: '站内页面', EXTERNAL_LINK: '外部链接' };

/** ATTILE is the spec's (sic) spelling for articles; kept so stored values match. */
export const CATALOG_CONTENT_TYPES = ['ATTILE', 'PICTURE', 'VIDEO', 'DOWNLOAD'] as const;
export type CatalogContentType = (typeof CATALOG_CONTENT_TYPES)[number];
export const CATALOG_CONTENT_TYPE_LABELS: Readonly<Record<CatalogContentType, string>> = {
  ATTILE: '文章',
  PICTURE: '图片',
  VIDEO: '视频',
  DOWNLOAD: '下载',
};

const TAG = 'CMS 栏目';

export const catalogRow = z.object({
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
  ...auditedAnswer,
});

/** A catalogue of the back-office tree, with its children. */
export const catalogTreeNode = catalogRow.extend({
  get children(): z.ZodArray<typeof catalogTreeNode> {
    return z.array(catalogTreeNode);
  },
});

/** The fields of the catalogue form (add and update). */
export const catalogFields = z.object({
  catalogName: zName('栏目名称', 128),
  code: zCmsCode('栏目编码'),
  catalogStatus: zCatalogStatus.default('ENABLE'),
  catalogType: z.enum(CATALOG_TYPES, { error: '栏目类型不正确' }).default('TITLE_COLUMN'),
  linkType: z.enum(LINK_TYPES, { error: '链接类型只能是 FRONT_LINK 或 EXTERNAL_LINK' }).default('FRONT_LINK'),
  openType: zOpenType.default('INTERNAL_OPEN'),
  catalogContentType: z.enum(CATALOG_CONTENT_TYPES, { error: '内容类型不正确' }).default('ATTILE'),
  linkUrl: z.string().nullish(),
  templateId: zOptionalId,
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

export const catalogCalls = {
  adminTree: defineCall({
    method: 'POST',
    path: '/rest/cmsCatalog/getAdminTree',
    access: P.list,
    tag: TAG,
    summary: '站点的栏目树（全部状态）；按名称、编码查询时保留命中节点及其上级',
    body: z.object({ siteId: zId, catalogName: z.string().trim().max(128).optional(), code: z.string().trim().max(64).optional() }),
    response: z.array(catalogTreeNode),
  }),
  detail: defineCall({ method: 'POST', path: '/rest/cmsCatalog/detail', access: P.list, tag: TAG, summary: '栏目详情', body: z.object({ catalogId: zId }), response: catalogRow }),
  add: defineCall({
    method: 'POST',
    path: '/rest/cmsCatalog/add',
    access: P.add,
    tag: TAG,
    summary: '新增栏目：编码在站点内唯一；外部链接须填 http/https 地址',
    body: withLink(catalogFields.extend({ siteId: zId, parentCatalogId: zOptionalId })),
    response: catalogRow,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/cmsCatalog/update',
    access: P.upd,
    tag: TAG,
    summary: '修改栏目（乐观锁）；改编码时下级栏目的路径随之更新',
    body: withLink(catalogFields.extend({ catalogId: zId, lockVersion: zLockVersion })),
    response: catalogRow,
  }),
  updateStatus: defineCall({
    method: 'POST',
    path: '/rest/cmsCatalog/updateStatus',
    access: P.upd,
    tag: TAG,
    summary: '启用（ENABLE）或停用（DISABLE）栏目；停用后门户不再显示它及其下级',
    body: versionedBody('catalogId').extend({ catalogStatus: zCatalogStatus }),
    response: catalogRow,
  }),
  move: defineCall({
    method: 'POST',
    path: '/rest/cmsCatalog/move',
    access: P.sort,
    tag: TAG,
    summary: '移动栏目到新的上级（同一站点；不能移到自己的下级）；parentCatalogId 为空即移到顶级',
    body: z.object({ catalogId: zId, parentCatalogId: zOptionalId, lockVersion: zLockVersion.optional() }),
    response: catalogRow,
  }),
  sort: defineCall({
    method: 'POST',
    path: '/rest/cmsCatalog/sort',
    access: P.sort,
    tag: TAG,
    summary: '调整同级栏目顺序：catalogIds 为该上级的全部下级栏目，按新顺序排列',
    body: z.object({ siteId: zId, parentCatalogId: zOptionalId, catalogIds: zOrderedIds('栏目', '个') }),
    response: z.null(),
  }),
  remove: defineCall({
    method: 'POST',
    path: '/rest/cmsCatalog/delete',
    access: P.del,
    tag: TAG,
    summary: '删除栏目（逻辑删除）；仍有子栏目或文章时拒绝（409）',
    body: removeBody('catalogId'),
    response: z.null(),
  }),
};
