import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { portalEnvelopeOf, portalOk } from '../../../core/envelope';
import { pageOf, zId, zPageParameter } from '@dandelion/shared';
import { portalConfig, PORTAL_TAG } from './routes';
import { contentDetailSchema, contentSummarySchema, searchHitSchema, zCatalogCode, zSiteCode } from './schemas';
import { KEYWORD_MAX } from './search';
import { CATALOG_LIST_DEFAULT, CATALOG_LIST_MAX, type PortalService } from './service';

/** Articles of the portal: detail, lists and full-text search (spec §7 Content). */
export function registerPortalContentRoutes(app: FastifyInstance, { portal }: { portal: PortalService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [PORTAL_TAG];

  r.post(
    '/rest/content/getDetailContent',
    {
      config: portalConfig,
      schema: {
        tags,
        summary: '文章详情（计一次浏览；未发布的文章返回404）',
        body: z.object({ contentId: zId }),
        response: { 200: portalEnvelopeOf(contentDetailSchema) },
      },
    },
    async (request) => portalOk(await portal.detail(request.body.contentId)),
  );

  r.post(
    '/rest/content/queryClientListByPage',
    {
      config: portalConfig,
      schema: {
        tags,
        summary: '按栏目分页查询已发布文章',
        body: z.object({ catalogCode: zCatalogCode, siteCode: zSiteCode, pageParameter: zPageParameter, includeChildren: z.boolean().optional().describe('为 true 时一并列出下级栏目（整个分支）的文章') }),
        response: { 200: portalEnvelopeOf(pageOf(contentSummarySchema)) },
      },
    },
    async (request) => {
      const { catalogCode, pageParameter, siteCode, includeChildren } = request.body;
      return portalOk(await portal.listByCatalog(catalogCode, pageParameter, siteCode, includeChildren ?? false));
    },
  );

  r.post(
    '/rest/content/queryClientListByCatalog',
    {
      config: portalConfig,
      schema: {
        tags,
        summary: `栏目最新文章（size 默认${CATALOG_LIST_DEFAULT}，最多${CATALOG_LIST_MAX}）`,
        body: z.object({
          catalogCode: zCatalogCode,
          siteCode: zSiteCode,
          size: z
            .number({ error: `文章条数必须是1到${CATALOG_LIST_MAX}之间的整数` })
            .int(`文章条数必须是1到${CATALOG_LIST_MAX}之间的整数`)
            .min(1, `文章条数必须是1到${CATALOG_LIST_MAX}之间的整数`)
            .max(CATALOG_LIST_MAX, `文章条数必须是1到${CATALOG_LIST_MAX}之间的整数`)
            .default(CATALOG_LIST_DEFAULT),
        }),
        response: { 200: portalEnvelopeOf(z.array(contentSummarySchema)) },
      },
    },
    async (request) => portalOk(await portal.newestByCatalog(request.body.catalogCode, request.body.size, request.body.siteCode)),
  );

  r.post(
    '/rest/content/searchContent',
    {
      config: portalConfig,
      schema: {
        tags,
        summary: '全文检索已发布文章：标题命中优先，其次按发布时间倒序；返回高亮片段',
        body: z.object({
          keyword: z
            .string({ error: '请输入搜索关键词' })
            .trim()
            .min(1, '请输入搜索关键词')
            .max(KEYWORD_MAX, `搜索关键词不能超过${KEYWORD_MAX}个字符`),
          siteCode: zSiteCode,
          catalogCode: zCatalogCode.optional(),
          pageParameter: zPageParameter,
        }),
        response: { 200: portalEnvelopeOf(pageOf(searchHitSchema)) },
      },
    },
    async (request) => {
      const { keyword, pageParameter, siteCode, catalogCode } = request.body;
      return portalOk(await portal.search(keyword, pageParameter, siteCode, catalogCode));
    },
  );
}
