import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { portalEnvelopeOf, portalOk } from '../../../core/envelope';
import { PUBLIC } from '../../../core/permissions';
import { pageOf, zDateTime, zId, zPageParameter } from '../../../core/schemas';
import type { PortalService } from './service';

const TAG = '门户内容';

const siteSchema = z.object({ siteId: zId, siteCode: z.string(), siteName: z.string(), displayName: z.string(), siteStatus: z.string() });
type PortalCatalogShape = { catalogId: number; catalogName: string; code: string; catalogPath: string | null; sort: number; children: PortalCatalogShape[] };
const catalogSchema: z.ZodType<PortalCatalogShape, unknown> = z.lazy(() =>
  z.object({ catalogId: zId, catalogName: z.string(), code: z.string(), catalogPath: z.string().nullable(), sort: z.number(), children: z.array(catalogSchema) }),
);
const contentSummarySchema = z.object({
  contentId: zId,
  catalogId: zId,
  catalogCode: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  author: z.string().nullable(),
  isTop: z.boolean(),
  publishTime: zDateTime,
});
const siteCode = z.string().trim().min(1).max(64).optional().describe('站点编码；不传时使用默认站点');

export function registerPortalRoutes(app: FastifyInstance, { portal }: { portal: PortalService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/cms/index',
    {
      config: { permission: PUBLIC, envelope: 'portal' },
      schema: {
        tags: [TAG],
        summary: '门户首页：站点、栏目导航与各栏目最新文章',
        body: z.object({ siteCode }).default({}),
        response: {
          200: portalEnvelopeOf(
            z.object({
              site: siteSchema,
              catalogs: z.array(catalogSchema),
              sections: z.array(z.object({ catalogId: zId, code: z.string(), catalogName: z.string(), contents: z.array(contentSummarySchema) })),
            }),
          ),
        },
      },
    },
    async (request) => portalOk(await portal.index(request.body.siteCode)),
  );

  r.post(
    '/rest/content/queryClientListByPage',
    {
      config: { permission: PUBLIC, envelope: 'portal' },
      schema: {
        tags: [TAG],
        summary: '按栏目分页查询已发布文章',
        body: z.object({
          catalogCode: z.string({ error: '请指定栏目编码' }).trim().min(1, '请指定栏目编码').max(64),
          siteCode,
          pageParameter: zPageParameter,
        }),
        response: { 200: portalEnvelopeOf(pageOf(contentSummarySchema)) },
      },
    },
    async (request) => portalOk(await portal.listByCatalog(request.body.catalogCode, request.body.pageParameter, request.body.siteCode)),
  );
}
