/**
 * The anonymous portal API (spec §7 Content): sites, catalogues, banners and published articles, each
 * answered in the portal envelope `{ rtnCode, rtnMessage, dataSet }` (docs/cms-portal.md describes each field).
 */
import { z } from 'zod';
import { defineCall, PUBLIC } from '../contract';
import { pageOf, zDateTime, zId, zPageParameter } from '../schemas';
import { catalogRow } from './catalog';
import { siteRow } from './site';

const TAG = '门户内容';

/** How many articles each top-level catalogue shows on the portal home page. */
export const HOME_SECTION_SIZE = 8;
export const TREE_CONTENTS_DEFAULT = 5;
export const TREE_CONTENTS_MAX = 20;
export const CATALOG_LIST_DEFAULT = 8;
export const CATALOG_LIST_MAX = 50;
export const KEYWORD_MAX = 50;

/** What a visitor sees of a site: its public fields (no theme, files or audit). */
export const portalSite = siteRow.pick({ siteId: true, siteCode: true, siteName: true, displayName: true, siteStatus: true, logoUrl: true, description: true, copyright: true, icp: true, contactPhone: true, contactAddress: true,
  organizer: true, contactEmail: true, policeRecord: true, siteIdentCode: true,
});
/** The texts a registering user agrees to, as the site keeps them; null where the office wrote none. */
export const portalAgreements = siteRow.pick({ userAgreement: true, privacyPolicy: true });

/** What a visitor sees of a catalogue: its own fields, and the style of the template it lists through. */
const catalogFields = catalogRow
  .pick({
    catalogId: true, parentCatalogId: true, catalogName: true, code: true, catalogPath: true, level: true, sort: true,
    catalogType: true, linkType: true, linkUrl: true, openType: true, catalogContentType: true, showInNav: true,
  })
  .extend({ templateStyle: z.string().nullable() });

/** A visible catalogue with its visible children (the component its template names is answered apart). */
export const portalCatalog = catalogFields.extend({
  get children(): z.ZodArray<typeof portalCatalog> {
    return z.array(portalCatalog);
  },
});

export const contentSummary = z.object({
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

export const catalogWithContents = catalogFields.extend({
  contents: z.array(contentSummary),
  get children(): z.ZodArray<typeof catalogWithContents> {
    return z.array(catalogWithContents);
  },
});

export const catalogWithComponent = catalogFields.extend({
  children: z.array(portalCatalog),
  component: z.object({ componentName: z.string(), templateStyle: z.string().nullable() }).nullable(),
});

export const portalBanner = z.object({
  bannerId: zId,
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
  openType: z.string(),
});

const neighbour = z.object({ contentId: zId, title: z.string() }).nullable();
export const portalArticle = contentSummary.extend({
  subject: z.string().nullable(),
  body: z.string(),
  source: z.string().nullable(),
  viewCount: z.number(),
  attachments: z.array(z.object({ fileId: zId, filename: z.string(), size: z.number(), url: z.string() })),
  prev: neighbour,
  next: neighbour,
});

const segments = z.array(z.object({ text: z.string(), hit: z.boolean() }));
export const searchHit = contentSummary.extend({ titleSegments: segments, summarySegments: segments });

const zSiteCode = z.string().trim().min(1).max(64, '站点编码不能超过64个字符').optional().describe('站点编码；不传时使用默认站点');
const zCatalogCode = z.string({ error: '请指定栏目编码' }).trim().min(1, '请指定栏目编码').max(64, '栏目编码不能超过64个字符');
const zSize = (max: number, fallback: number) =>
  z
    .number({ error: `文章条数必须是1到${max}之间的整数` })
    .int(`文章条数必须是1到${max}之间的整数`)
    .min(1, `文章条数必须是1到${max}之间的整数`)
    .max(max, `文章条数必须是1到${max}之间的整数`)
    .default(fallback);

/** Every portal call: anonymous, answered in the portal envelope (errors too). */
const portalCall = { method: 'POST', access: PUBLIC, tag: TAG, answer: 'portal' } as const;

export const portalCalls = {
  index: defineCall({
    ...portalCall,
    path: '/rest/cms/index',
    summary: '门户首页：站点、导航栏目、各顶级栏目最新文章与首页轮播图',
    body: z.object({ siteCode: zSiteCode }).default({}),
    response: z.object({
      site: portalSite,
      catalogs: z.array(portalCatalog),
      sections: z.array(z.object({ catalogId: zId, code: z.string(), catalogName: z.string(), contents: z.array(contentSummary) })),
      banners: z.array(portalBanner),
    }),
  }),
  agreements: defineCall({
    ...portalCall,
    path: '/rest/cms/agreements',
    summary: '注册须知：站点的《用户协议》与《隐私政策》全文（站点设置中维护）',
    body: z.object({ siteCode: zSiteCode }).default({}),
    response: portalAgreements,
  }),
  siteDetail: defineCall({
    ...portalCall,
    path: '/rest/cms_site/querySiteDetailInfo',
    summary: '在线站点详情',
    body: z.object({ siteId: zId }),
    response: portalSite,
  }),
  sites: defineCall({
    ...portalCall,
    path: '/rest/componentService/querySites',
    summary: '按站点编码查询在线站点（未上线或不存在的编码不返回）',
    body: z.object({
      siteCodes: z
        .array(z.string().trim().min(1, '站点编码不能为空').max(64, '站点编码不能超过64个字符'), { error: '请指定站点编码' })
        .min(1, '请指定站点编码')
        .max(50, '一次最多查询50个站点'),
    }),
    response: z.array(portalSite),
  }),
  catalogTree: defineCall({
    ...portalCall,
    path: '/rest/cmsCatalog/TreeCmsCatalogBySite',
    summary: '站点的启用栏目树',
    body: z.object({ siteCode: zSiteCode }).default({}),
    response: z.array(portalCatalog),
  }),
  subCatalogs: defineCall({
    ...portalCall,
    path: '/rest/cmsCatalog/queryClientSubCatalogList',
    summary: '栏目的直接下级栏目（列表页标签）',
    body: z.object({ catalogCode: zCatalogCode, siteCode: zSiteCode }),
    response: z.array(portalCatalog),
  }),
  catalogsWithComponent: defineCall({
    ...portalCall,
    path: '/rest/cmsCatalog/ListCmsCatalogAndCom',
    summary: '栏目及其渲染组件：指定栏目的下级，不指定时为顶级栏目',
    body: z.object({ siteCode: zSiteCode, catalogCode: zCatalogCode.optional() }).default({}),
    response: z.array(catalogWithComponent),
  }),
  catalogTreeWithContents: defineCall({
    ...portalCall,
    path: '/rest/cmsCatalog/ListCatalogAndComTree',
    summary: '栏目树及每个栏目的最新文章（size 默认5，最多20）',
    body: z
      .object({ siteCode: zSiteCode, catalogCode: zCatalogCode.optional(), size: zSize(TREE_CONTENTS_MAX, TREE_CONTENTS_DEFAULT) })
      .default({ size: TREE_CONTENTS_DEFAULT }),
    response: z.array(catalogWithContents),
  }),
  banners: defineCall({
    ...portalCall,
    path: '/rest/componentService/rotatePictures',
    summary: '某位置的轮播图（启用且在展示时间内，按排序）',
    body: z.object({
      code: z.string({ error: '请指定轮播图位置编码' }).trim().min(1, '请指定轮播图位置编码').max(64, '位置编码不能超过64个字符'),
      siteCode: zSiteCode,
    }),
    response: z.array(portalBanner),
  }),
  article: defineCall({
    ...portalCall,
    path: '/rest/content/getDetailContent',
    summary: '文章详情（计一次浏览；未发布的文章返回404）',
    body: z.object({ contentId: zId }),
    response: portalArticle,
  }),
  listByPage: defineCall({
    ...portalCall,
    path: '/rest/content/queryClientListByPage',
    summary: '按栏目分页查询已发布文章',
    body: z.object({
      catalogCode: zCatalogCode,
      siteCode: zSiteCode,
      pageParameter: zPageParameter,
      includeChildren: z.boolean().optional().describe('为 true 时一并列出下级栏目（整个分支）的文章'),
    }),
    response: pageOf(contentSummary),
  }),
  newest: defineCall({
    ...portalCall,
    path: '/rest/content/queryClientListByCatalog',
    summary: `栏目最新文章（size 默认${CATALOG_LIST_DEFAULT}，最多${CATALOG_LIST_MAX}）`,
    body: z.object({ catalogCode: zCatalogCode, siteCode: zSiteCode, size: zSize(CATALOG_LIST_MAX, CATALOG_LIST_DEFAULT) }),
    response: z.array(contentSummary),
  }),
  search: defineCall({
    ...portalCall,
    path: '/rest/content/searchContent',
    summary: '全文检索已发布文章：标题命中优先，其次按发布时间倒序；返回高亮片段',
    body: z.object({
      keyword: z.string({ error: '请输入搜索关键词' }).trim().min(1, '请输入搜索关键词').max(KEYWORD_MAX, `搜索关键词不能超过${KEYWORD_MAX}个字符`),
      siteCode: zSiteCode,
      catalogCode: zCatalogCode.optional(),
      pageParameter: zPageParameter,
    }),
    response: pageOf(searchHit),
  }),
};
