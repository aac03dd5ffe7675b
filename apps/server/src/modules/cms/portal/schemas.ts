import { z } from 'zod';
import { zDateTime, zId } from '@dandelion/shared';
import type { PortalCatalogRow } from './catalogTree';

/** Response whitelists of the portal calls (docs/cms-portal.md describes each field). */

export const siteSchema = z.object({
  siteId: zId,
  siteCode: z.string(),
  siteName: z.string(),
  displayName: z.string(),
  siteStatus: z.string(),
  logoUrl: z.string().nullable(),
  description: z.string().nullable(),
  copyright: z.string().nullable(),
  icp: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactAddress: z.string().nullable(),
});

const catalogFields = {
  catalogId: zId,
  parentCatalogId: zId.nullable(),
  catalogName: z.string(),
  code: z.string(),
  catalogPath: z.string().nullable(),
  level: z.number(),
  sort: z.number(),
  catalogType: z.string(),
  linkType: z.string(),
  linkUrl: z.string().nullable(),
  openType: z.string(),
  catalogContentType: z.string(),
  showInNav: z.boolean(),
  templateStyle: z.string().nullable(),
};

/** What the portal answers of a catalogue: its row without the component (answered apart), with its children. */
type CatalogShape = Omit<PortalCatalogRow, 'componentName'> & { children: CatalogShape[] };
export const catalogNodeSchema: z.ZodType<CatalogShape, unknown> = z.lazy(() => z.object({ ...catalogFields, children: z.array(catalogNodeSchema) }));

export const contentSummarySchema = z.object({
  contentId: zId,
  catalogId: zId,
  catalogCode: z.string(),
  catalogName: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  author: z.string().nullable(),
  isTop: z.boolean(),
  publishTime: zDateTime,
  coverUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
});
type ContentSummaryShape = z.output<typeof contentSummarySchema>;

interface CatalogWithContentsShape extends Omit<CatalogShape, 'children'> {
  contents: ContentSummaryShape[];
  children: CatalogWithContentsShape[];
}
export const catalogWithContentsSchema: z.ZodType<CatalogWithContentsShape, unknown> = z.lazy(() =>
  z.object({ ...catalogFields, contents: z.array(contentSummarySchema), children: z.array(catalogWithContentsSchema) }),
);

export const catalogWithComponentSchema = z.object({
  ...catalogFields,
  children: z.array(catalogNodeSchema),
  component: z.object({ componentName: z.string(), templateStyle: z.string().nullable() }).nullable(),
});

export const bannerSchema = z.object({
  bannerId: zId,
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
  openType: z.string(),
});

const linkSchema = z.object({ contentId: zId, title: z.string() }).nullable();
export const contentDetailSchema = contentSummarySchema.extend({
  subject: z.string().nullable(),
  body: z.string(),
  source: z.string().nullable(),
  viewCount: z.number(),
  attachments: z.array(z.object({ fileId: zId, filename: z.string(), size: z.number(), url: z.string() })),
  prev: linkSchema,
  next: linkSchema,
});

const segmentsSchema = z.array(z.object({ text: z.string(), hit: z.boolean() }));
export const searchHitSchema = contentSummarySchema.extend({ titleSegments: segmentsSchema, summarySegments: segmentsSchema });

export const zSiteCode = z.string().trim().min(1).max(64, '站点编码不能超过64个字符').optional().describe('站点编码；不传时使用默认站点');
export const zCatalogCode = z.string({ error: '请指定栏目编码' }).trim().min(1, '请指定栏目编码').max(64, '栏目编码不能超过64个字符');
