/**
 * Portal sample content of mock mode (spec §3 CMS site, Catalogue; §7 /rest/cms/index and
 * /rest/cmsCatalog/TreeCmsCatalogBySite). Shaped like the real answers, so the portal renders
 * from it unchanged. Development sample data only.
 */
import {
  CATALOG_CONTENT_TYPE,
  CATALOG_STATUS,
  CATALOG_TYPE,
  LINK_TYPE,
  OPEN_TYPE,
  SITE_STATUS_ONLINE,
} from '@dandelion/shared';
import type { PortalCatalog, PortalIndex, PortalSection } from '../../portal/api';

export const MOCK_SITE = {
  siteId: '1',
  siteCode: 'dandelion',
  siteName: '蒲公英',
  displayName: '蒲公英科技奖励申报平台',
  siteStatus: SITE_STATUS_ONLINE,
  themeId: '1',
  portalId: '1',
};

/** A catalogue with every field of spec §3 (the portal reads a subset). */
export interface MockCatalog extends PortalCatalog {
  level: number;
  parentCatalogId: string;
  siteId: string;
  catalogStatus: string;
  catalogType: string;
  linkType: string;
  openType: string;
  catalogContentType: string;
  children: MockCatalog[];
}

const TOP: Array<[code: string, name: string]> = [
  ['notification', '通知公告'],
  ['policy', '政策法规'],
  ['declare', '奖励申报'],
  ['fund', '基金项目'],
  ['national', '国家奖励'],
  ['show', '成果展示'],
  ['query', '结果查询'],
];

function catalog(code: string, catalogName: string, sort: number, parent?: MockCatalog): MockCatalog {
  return {
    catalogId: parent ? `${parent.catalogId}${sort}` : String(sort * 10),
    catalogName,
    code,
    catalogPath: `/${code}`,
    sort,
    level: parent ? parent.level + 1 : 1,
    parentCatalogId: parent?.catalogId ?? '0',
    siteId: MOCK_SITE.siteId,
    catalogStatus: CATALOG_STATUS.ENABLE,
    catalogType: CATALOG_TYPE.TITLE_COLUMN,
    linkType: LINK_TYPE.FRONT_LINK,
    openType: OPEN_TYPE.INTERNAL_OPEN,
    catalogContentType: CATALOG_CONTENT_TYPE.ATTILE,
    linkUrl: null,
    templateStyle: null,
    showInNav: true,
    children: [],
  };
}

function buildCatalogs(): MockCatalog[] {
  const top = TOP.map(([code, name], i) => catalog(code, name, i + 1));
  const policy = top.find((c) => c.code === 'policy')!;
  policy.children = [catalog('policyNational', '国家政策', 1, policy), catalog('policyLocal', '地方政策', 2, policy)];
  return top;
}

export const MOCK_CATALOGS: MockCatalog[] = buildCatalogs();

const SECTION_TITLES: Record<string, string[]> = {
  notification: ['关于开展 2024 年度科技奖励申报工作的通知', '2024 年度科技奖励形式审查结果公示', '关于组织专家库专家信息更新的通知'],
  policy: ['科学技术奖励办法', '科学技术奖励办法实施细则', '科技奖励提名工作指南'],
  fund: ['自然科学基金项目申报指南', '重点研发计划项目验收通知'],
  show: ['新型农业育种技术成果介绍', '城市智能交通管理系统成果介绍'],
};

function sections(): PortalSection[] {
  let n = 0;
  return Object.entries(SECTION_TITLES).map(([code, titles]) => {
    const cat = MOCK_CATALOGS.find((c) => c.code === code)!;
    return {
      catalogId: cat.catalogId,
      code,
      catalogName: cat.catalogName,
      contents: titles.map((title, i) => {
        n += 1;
        return {
          contentId: String(n),
          catalogId: cat.catalogId,
          catalogCode: code,
          catalogName: cat.catalogName,
          title,
          summary: null,
          author: null,
          isTop: false,
          publishTime: new Date(Date.UTC(2024, 2, 20 - i * 3 - n, 2, 0, 0)).toISOString(),
          coverUrl: null,
          linkUrl: null,
        };
      }),
    };
  });
}

/** `dataSet` of POST /rest/cms/index. */
export const MOCK_PORTAL_INDEX: PortalIndex = {
  site: {
    siteId: MOCK_SITE.siteId,
    siteCode: MOCK_SITE.siteCode,
    siteName: MOCK_SITE.siteName,
    displayName: MOCK_SITE.displayName,
    siteStatus: MOCK_SITE.siteStatus,
    logoUrl: null,
    description: null,
    copyright: null,
    icp: null,
    contactPhone: null,
    contactAddress: null,
    organizer: null,
    contactEmail: null,
    policeRecord: null,
    siteIdentCode: null,
  },
  catalogs: MOCK_CATALOGS,
  sections: sections(),
  banners: [],
};
