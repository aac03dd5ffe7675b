import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { portalEnvelopeOf, portalOk } from '../../../core/envelope';
import { PUBLIC } from '../../../core/permissions';
import { zId } from '@dandelion/shared';
import {
  bannerSchema,
  catalogNodeSchema,
  catalogWithComponentSchema,
  catalogWithContentsSchema,
  contentSummarySchema,
  siteSchema,
  zCatalogCode,
  zSiteCode,
} from './schemas';
import { TREE_CONTENTS_DEFAULT, TREE_CONTENTS_MAX, type PortalService } from './service';

export const PORTAL_TAG = '门户内容';
/** Every portal call: anonymous, answered in the portal envelope (errors too). */
export const portalConfig = { permission: PUBLIC, envelope: 'portal' } as const;

/** Sites, catalogues and banners of the portal (spec §7 Content). */
export function registerPortalSiteRoutes(app: FastifyInstance, { portal }: { portal: PortalService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [PORTAL_TAG];

  r.post(
    '/rest/cms/index',
    {
      config: portalConfig,
      schema: {
        tags,
        summary: '门户首页：站点、导航栏目、各顶级栏目最新文章与首页轮播图',
        body: z.object({ siteCode: zSiteCode }).default({}),
        response: {
          200: portalEnvelopeOf(
            z.object({
              site: siteSchema,
              catalogs: z.array(catalogNodeSchema),
              sections: z.array(z.object({ catalogId: zId, code: z.string(), catalogName: z.string(), contents: z.array(contentSummarySchema) })),
              banners: z.array(bannerSchema),
            }),
          ),
        },
      },
    },
    async (request) => portalOk(await portal.index(request.body.siteCode)),
  );

  r.post(
    '/rest/cms_site/querySiteDetailInfo',
    {
      config: portalConfig,
      schema: { tags, summary: '在线站点详情', body: z.object({ siteId: zId }), response: { 200: portalEnvelopeOf(siteSchema) } },
    },
    async (request) => portalOk(await portal.siteById(request.body.siteId)),
  );

  r.post(
    '/rest/componentService/querySites',
    {
      config: portalConfig,
      schema: {
        tags,
        summary: '按站点编码查询在线站点（未上线或不存在的编码不返回）',
        body: z.object({
          siteCodes: z
            .array(z.string().trim().min(1, '站点编码不能为空').max(64, '站点编码不能超过64个字符'), { error: '请指定站点编码' })
            .min(1, '请指定站点编码')
            .max(50, '一次最多查询50个站点'),
        }),
        response: { 200: portalEnvelopeOf(z.array(siteSchema)) },
      },
    },
    async (request) => portalOk(await portal.sitesByCodes(request.body.siteCodes)),
  );

  r.post(
    '/rest/cmsCatalog/TreeCmsCatalogBySite',
    {
      config: portalConfig,
      schema: { tags, summary: '站点的启用栏目树', body: z.object({ siteCode: zSiteCode }).default({}), response: { 200: portalEnvelopeOf(z.array(catalogNodeSchema)) } },
    },
    async (request) => portalOk(await portal.catalogTree(request.body.siteCode)),
  );

  r.post(
    '/rest/cmsCatalog/queryClientSubCatalogList',
    {
      config: portalConfig,
      schema: {
        tags,
        summary: '栏目的直接下级栏目（列表页标签）',
        body: z.object({ catalogCode: zCatalogCode, siteCode: zSiteCode }),
        response: { 200: portalEnvelopeOf(z.array(catalogNodeSchema)) },
      },
    },
    async (request) => portalOk(await portal.subCatalogs(request.body.catalogCode, request.body.siteCode)),
  );

  r.post(
    '/rest/cmsCatalog/ListCmsCatalogAndCom',
    {
      config: portalConfig,
      schema: {
        tags,
        summary: '栏目及其渲染组件：指定栏目的下级，不指定时为顶级栏目',
        body: z.object({ siteCode: zSiteCode, catalogCode: zCatalogCode.optional() }).default({}),
        response: { 200: portalEnvelopeOf(z.array(catalogWithComponentSchema)) },
      },
    },
    async (request) => portalOk(await portal.catalogsWithComponent(request.body.siteCode, request.body.catalogCode)),
  );

  r.post(
    '/rest/cmsCatalog/ListCatalogAndComTree',
    {
      config: portalConfig,
      schema: {
        tags,
        summary: '栏目树及每个栏目的最新文章（size 默认5，最多20）',
        body: z
          .object({
            siteCode: zSiteCode,
            catalogCode: zCatalogCode.optional(),
            size: z
              .number({ error: `文章条数必须是1到${TREE_CONTENTS_MAX}之间的整数` })
              .int(`文章条数必须是1到${TREE_CONTENTS_MAX}之间的整数`)
              .min(1, `文章条数必须是1到${TREE_CONTENTS_MAX}之间的整数`)
              .max(TREE_CONTENTS_MAX, `文章条数必须是1到${TREE_CONTENTS_MAX}之间的整数`)
              .default(TREE_CONTENTS_DEFAULT),
          })
          .default({ size: TREE_CONTENTS_DEFAULT }),
        response: { 200: portalEnvelopeOf(z.array(catalogWithContentsSchema)) },
      },
    },
    async (request) => portalOk(await portal.catalogTreeWithContents(request.body.siteCode, request.body.catalogCode, request.body.size)),
  );

  r.post(
    '/rest/componentService/rotatePictures',
    {
      config: portalConfig,
      schema: {
        tags,
        summary: '某位置的轮播图（启用且在展示时间内，按排序）',
        body: z.object({
          code: z.string({ error: '请指定轮播图位置编码' }).trim().min(1, '请指定轮播图位置编码').max(64, '位置编码不能超过64个字符'),
          siteCode: zSiteCode,
        }),
        response: { 200: portalEnvelopeOf(z.array(bannerSchema)) },
      },
    },
    async (request) => portalOk(await portal.banners(request.body.code, request.body.siteCode)),
  );
}
