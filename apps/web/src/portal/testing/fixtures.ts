/**
 * Test data of the portal tests: answers shaped like the portal API's (spec §7 Content) and a fake
 * server answering the calls every portal page makes (the index, the public notices). Tests only.
 */
import { fakeServer, type FakeReply } from '../../test/renderApp';
import type { PortalCatalog, PortalContentItem, PortalIndex } from '../api';

export const portalOk = (dataSet: unknown): FakeReply => ({ body: { rtnCode: '0000', rtnMessage: '成功', dataSet } });
export const portalRefuse = (status: number, rtnMessage: string): FakeReply => ({
  status,
  body: { rtnCode: String(status), rtnMessage, dataSet: null },
});

export const SITE_NAME = '省科学技术奖励申报平台';

export function catalog(catalogId: string, catalogName: string, code: string, sort: number, extra: Partial<PortalCatalog> = {}): PortalCatalog {
  return {
    catalogId,
    catalogName,
    code,
    catalogPath: null,
    sort,
    parentCatalogId: null,
    level: 1,
    catalogType: 'TITLE_COLUMN',
    linkType: 'FRONT_LINK',
    linkUrl: null,
    openType: 'INTERNAL_OPEN',
    catalogContentType: 'ATTILE',
    templateStyle: null,
    showInNav: true,
    children: [],
    ...extra,
  };
}

export function article(contentId: string, title: string, catalogCode: string, extra: Partial<PortalContentItem> = {}): PortalContentItem {
  return {
    contentId,
    catalogId: '11',
    catalogCode,
    catalogName: '政策文件',
    title,
    summary: null,
    author: null,
    isTop: false,
    publishTime: '2026-03-02T02:00:00.000Z',
    coverUrl: null,
    linkUrl: null,
    ...extra,
  };
}

export const CATALOGS: PortalCatalog[] = [
  catalog('12', '新闻动态', 'news', 3),
  catalog('11', '政策文件', 'policy', 2, {
    children: [catalog('21', '国家政策', 'policy-national', 1, { level: 2, parentCatalogId: '11' }), catalog('22', '地方政策', 'policy-local', 2, { level: 2, parentCatalogId: '11' })],
  }),
  catalog('10', '通知公告', 'notification', 1),
  catalog('13', '科技部', 'most', 9, { linkType: 'EXTERNAL_LINK', linkUrl: 'https://www.most.gov.cn/', openType: 'EXTERNAL_OPEN' }),
];

export const INDEX: PortalIndex = {
  site: {
    siteId: '1',
    siteCode: 'dandelion',
    siteName: 'dandelion',
    displayName: SITE_NAME,
    siteStatus: 'ONLINE',
    logoUrl: null,
    description: null,
    copyright: '© 2026 省科学技术厅',
    icp: '京ICP备00000000号',
    contactPhone: '010-12345678',
    contactAddress: '北京市海淀区',
    organizer: '省科学技术厅',
    contactEmail: null,
    policeRecord: null,
    siteIdentCode: '1100000001',
  },
  catalogs: CATALOGS,
  sections: [
    { catalogId: '10', code: 'notification', catalogName: '通知公告', contents: [article('90', '栏目里的通知', 'notification')] },
    { catalogId: '12', code: 'news', catalogName: '新闻动态', contents: [article('300', '科学技术奖励大会召开', 'news')] },
    {
      catalogId: '11',
      code: 'policy',
      catalogName: '政策文件',
      // 16:30 UTC on 31 March is already 1 April in Shanghai.
      contents: [article('200', '科学技术奖励办法', 'policy', { publishTime: '2025-03-31T16:30:00.000Z' })],
    },
  ],
  banners: [{ bannerId: '1', title: '2026年度科学技术奖提名启动', imageUrl: '/files/banner.png', linkUrl: '/notification', openType: 'INTERNAL_OPEN' }],
};

export const NOTICES = {
  list: [{ noticeId: '7', title: '关于开展2026年度提名工作的通知', summary: '提名工作现已启动。', priority: 'URGENT', publishTime: '2026-03-01T01:00:00.000Z' }],
  total: 1,
  pageNum: 1,
  pageSize: 8,
};

type Route = Parameters<typeof fakeServer>[0][string];

/** A fake server with the index, the public notices and the side lists answered; `routes` adds or overrides. */
export function fakePortal(routes: Record<string, Route> = {}) {
  return fakeServer({
    '/rest/cms/index': portalOk(INDEX),
    '/rest/noticeService/getPublicNoticeByPage': portalOk(NOTICES),
    '/rest/content/queryClientListByCatalog': portalOk([]),
    '/rest/cmsCatalog/TreeCmsCatalogBySite': portalOk(CATALOGS),
    ...routes,
  });
}
