import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createdBy } from '../../../core/records';
import { post } from '../../../../test/helpers/testApp';
import { cmsBanner } from '../banner/tables';
import { cmsCatalog } from '../catalog/tables';
import { cmsSite } from '../site/tables';
import { cmsTemplate } from '../template/tables';
import { addArticle, addCatalog, addFile, catalogIdOf, createPortalTestApp, defaultSiteId } from '../../../../test/kits/portalTestKit';

let ctx: Awaited<ReturnType<typeof createPortalTestApp>>;
let siteId: number;
beforeAll(async () => {
  ctx = await createPortalTestApp();
  siteId = await defaultSiteId(ctx);
});
afterAll(async () => {
  await ctx.app.close();
});

const codes = (nodes: Array<{ code: string }>) => nodes.map((n) => n.code);

describe('POST /rest/cms/index', () => {
  it('answers 404 in the portal envelope for an unknown or offline site', async () => {
    const unknown = await post(ctx.app, '/rest/cms/index', { siteCode: 'nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ rtnCode: '404', rtnMessage: '站点不存在或已被删除', dataSet: null });

    await ctx.database.db.update(cmsSite).set({ siteStatus: '1' }).where(eq(cmsSite.id, siteId));
    await ctx.invalidate();
    try {
      const offline = await post(ctx.app, '/rest/cms/index', {});
      expect(offline.status).toBe(404);
      expect(offline.body.rtnCode).toBe('404');
    } finally {
      await ctx.database.db.update(cmsSite).set({ siteStatus: '2' }).where(eq(cmsSite.id, siteId));
      await ctx.invalidate();
    }
  });

  it('answers the default site, its navigation, the newest articles and the HOME banners', async () => {
    const res = await post(ctx.app, '/rest/cms/index', {});
    expect(res.status).toBe(200);
    expect(res.body.rtnCode).toBe('0000');
    const { site, catalogs, sections, banners } = res.body.dataSet;
    expect(site).toMatchObject({ siteCode: 'dandelion', displayName: '蒲公英科技奖励申报平台', siteStatus: '2', logoUrl: null });
    expect(typeof site.siteId).toBe('string');
    expect(codes(catalogs).slice(0, 4)).toEqual(['notification', 'policy', 'news', 'introduce']);
    expect(catalogs[0]).toMatchObject({ parentCatalogId: null, level: 1, linkType: 'FRONT_LINK', openType: 'INTERNAL_OPEN', children: [] });
    const notices = sections.find((s: { code: string }) => s.code === 'notification');
    expect(notices.catalogName).toBe('通知公告');
    // The pinned notice comes first.
    expect(notices.contents[0]).toMatchObject({ title: '关于开展2026年度科学技术奖提名工作的通知', catalogCode: 'notification', catalogName: '通知公告', isTop: true, coverUrl: null });
    expect(notices.contents[0].publishTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(notices.contents[0]).not.toHaveProperty('body');
    expect(banners).toEqual([]);
  });

  it('works with no body at all, as the portal calls it', async () => {
    const res = await post(ctx.app, '/rest/cms/index');
    expect(res.status).toBe(200);
    expect(res.body.dataSet.site.siteCode).toBe('dandelion');
  });

  it('leaves catalogues hidden from the navigation out of it, but keeps their section', async () => {
    await ctx.database.db.update(cmsCatalog).set({ showInNav: false }).where(eq(cmsCatalog.code, 'other'));
    await ctx.invalidate();
    try {
      const { dataSet } = (await post(ctx.app, '/rest/cms/index')).body;
      expect(codes(dataSet.catalogs)).not.toContain('other');
      expect(codes(dataSet.sections)).toContain('other');
    } finally {
      await ctx.database.db.update(cmsCatalog).set({ showInNav: true }).where(eq(cmsCatalog.code, 'other'));
      await ctx.invalidate();
    }
  });

  it('fills a top-level section with the newest articles of its whole subtree', async () => {
    const newsId = await catalogIdOf(ctx, 'news');
    const child = await addCatalog(ctx, { code: 'news_local', catalogName: '地方动态', parentCatalogId: newsId, level: 2 });
    const article = await addArticle(ctx, { catalogId: child.id, title: '子栏目里的最新动态', publishTime: new Date() });
    await ctx.invalidate();
    const { dataSet } = (await post(ctx.app, '/rest/cms/index')).body;
    const news = dataSet.sections.find((s: { code: string }) => s.code === 'news');
    expect(news.contents[0]).toMatchObject({ contentId: String(article.id), catalogCode: 'news_local', catalogName: '地方动态' });
    expect(codes(dataSet.sections)).not.toContain('news_local');
  });

  it('keeps answering from the cache until the back office invalidates it', async () => {
    const before = (await post(ctx.app, '/rest/cms/index')).body.dataSet.site.displayName;
    await ctx.database.db.update(cmsSite).set({ displayName: '改名后的站点' }).where(eq(cmsSite.id, siteId));
    try {
      expect((await post(ctx.app, '/rest/cms/index')).body.dataSet.site.displayName).toBe(before);
      await ctx.invalidate();
      expect((await post(ctx.app, '/rest/cms/index')).body.dataSet.site.displayName).toBe('改名后的站点');
    } finally {
      await ctx.database.db.update(cmsSite).set({ displayName: before }).where(eq(cmsSite.id, siteId));
      await ctx.invalidate();
    }
  });
});

describe('sites', () => {
  it('querySiteDetailInfo refuses a bad id, 404s an offline site and answers an online one with its logo URL', async () => {
    const bad = await post(ctx.app, '/rest/cms_site/querySiteDetailInfo', { siteId: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ rtnCode: '400', rtnMessage: '编号格式不正确', dataSet: null });

    const logo = await addFile(ctx, 'logo.png');
    const [offline] = await ctx.database.db
      .insert(cmsSite)
      .values({ siteCode: 'offline-site', siteName: '下线站点', displayName: '下线站点', siteStatus: '1', ...createdBy(null) })
      .returning();
    expect((await post(ctx.app, '/rest/cms_site/querySiteDetailInfo', { siteId: String(offline!.id) })).status).toBe(404);

    await ctx.database.db.update(cmsSite).set({ logoFileId: String(logo.id), icp: '京ICP备00000000号' }).where(eq(cmsSite.id, siteId));
    await ctx.invalidate();
    const res = await post(ctx.app, '/rest/cms_site/querySiteDetailInfo', { siteId: String(siteId) });
    expect(res.status).toBe(200);
    expect(res.body.dataSet).toMatchObject({ siteId: String(siteId), siteCode: 'dandelion', icp: '京ICP备00000000号', logoUrl: `/stream/fms/downloads/1?fileId=${logo.id}&filename=logo.png` });
  });

  it('querySites needs codes and answers only the online ones', async () => {
    const none = await post(ctx.app, '/rest/componentService/querySites', {});
    expect(none.status).toBe(400);
    expect(none.body.rtnMessage).toBe('请指定站点编码');
    const res = await post(ctx.app, '/rest/componentService/querySites', { siteCodes: ['dandelion', 'offline-site', 'missing'] });
    expect(res.status).toBe(200);
    expect(codes(res.body.dataSet.map((s: { siteCode: string }) => ({ code: s.siteCode })))).toEqual(['dandelion']);
  });
});

describe('catalogues', () => {
  let parentId: number;
  beforeAll(async () => {
    parentId = await catalogIdOf(ctx, 'policy', siteId);
    const [template] = await ctx.database.db
      .insert(cmsTemplate)
      .values({ templateCode: 'grid-list', templateName: '宫格列表', templateType: 'LIST', templateStyle: 'GRID', componentName: 'GridList', ...createdBy(null) })
      .returning();
    await addCatalog(ctx, { code: 'policy-national', catalogName: '国家政策', parentCatalogId: parentId, level: 2, sort: 1, templateId: template!.id });
    const local = await addCatalog(ctx, { code: 'policy-local', catalogName: '地方政策', parentCatalogId: parentId, level: 2, sort: 2 });
    // Disabled: hidden, and so is everything under it.
    const disabled = await addCatalog(ctx, { code: 'policy-old', catalogName: '废止政策', parentCatalogId: parentId, level: 2, sort: 3, catalogStatus: 'DISABLE' });
    await addCatalog(ctx, { code: 'policy-old-sub', catalogName: '废止政策子栏目', parentCatalogId: disabled.id, level: 3 });
    await addCatalog(ctx, { code: 'policy-deleted', catalogName: '已删除', parentCatalogId: parentId, level: 2, delFlag: 1 });
    await addArticle(ctx, { catalogId: local.id, title: '地方政策文章一' });
    await addArticle(ctx, { catalogId: local.id, title: '地方政策文章二', publishTime: new Date(Date.now() - 3_600_000) });
    await addArticle(ctx, { catalogId: disabled.id, title: '废止栏目里的文章' });
    await ctx.invalidate();
  });

  it('TreeCmsCatalogBySite answers the enabled tree only', async () => {
    const res = await post(ctx.app, '/rest/cmsCatalog/TreeCmsCatalogBySite', {});
    expect(res.status).toBe(200);
    const policy = res.body.dataSet.find((c: { code: string }) => c.code === 'policy');
    expect(codes(policy.children)).toEqual(['policy-national', 'policy-local']);
    expect(policy.children[0]).toMatchObject({ parentCatalogId: String(parentId), level: 2, templateStyle: 'GRID' });
    expect((await post(ctx.app, '/rest/cmsCatalog/TreeCmsCatalogBySite', { siteCode: 'offline-site' })).status).toBe(404);
  });

  it('queryClientSubCatalogList needs a code, 404s a hidden catalogue and answers the direct children', async () => {
    const none = await post(ctx.app, '/rest/cmsCatalog/queryClientSubCatalogList', {});
    expect(none.status).toBe(400);
    expect(none.body.rtnMessage).toBe('请指定栏目编码');
    expect((await post(ctx.app, '/rest/cmsCatalog/queryClientSubCatalogList', { catalogCode: 'policy-old' })).status).toBe(404);
    expect((await post(ctx.app, '/rest/cmsCatalog/queryClientSubCatalogList', { catalogCode: 'policy-old-sub' })).status).toBe(404);
    const res = await post(ctx.app, '/rest/cmsCatalog/queryClientSubCatalogList', { catalogCode: 'policy' });
    expect(codes(res.body.dataSet)).toEqual(['policy-national', 'policy-local']);
  });

  it('ListCmsCatalogAndCom answers children (or the top level) with their template component', async () => {
    const res = await post(ctx.app, '/rest/cmsCatalog/ListCmsCatalogAndCom', { catalogCode: 'policy' });
    expect(res.status).toBe(200);
    expect(res.body.dataSet.map((c: { code: string; component: unknown }) => [c.code, c.component])).toEqual([
      ['policy-national', { componentName: 'GridList', templateStyle: 'GRID' }],
      ['policy-local', null],
    ]);
    const top = await post(ctx.app, '/rest/cmsCatalog/ListCmsCatalogAndCom', {});
    expect(codes(top.body.dataSet)).toContain('notification');
    expect(codes(top.body.dataSet)).not.toContain('policy-local');
  });

  it('ListCatalogAndComTree refuses a bad size and answers each node with its newest articles', async () => {
    const huge = await post(ctx.app, '/rest/cmsCatalog/ListCatalogAndComTree', { size: 21 });
    expect(huge.status).toBe(400);
    expect(huge.body.rtnMessage).toBe('文章条数必须是1到20之间的整数');
    const res = await post(ctx.app, '/rest/cmsCatalog/ListCatalogAndComTree', { catalogCode: 'policy', size: 1 });
    expect(res.status).toBe(200);
    expect(codes(res.body.dataSet)).toEqual(['policy-national', 'policy-local']);
    expect(res.body.dataSet[0].contents).toEqual([]);
    expect(res.body.dataSet[1].contents.map((c: { title: string }) => c.title)).toEqual(['地方政策文章一']);
    const whole = await post(ctx.app, '/rest/cmsCatalog/ListCatalogAndComTree', {});
    const notification = whole.body.dataSet.find((c: { code: string }) => c.code === 'notification');
    expect(notification.contents).toHaveLength(3);
    const all = JSON.stringify(whole.body.dataSet);
    expect(all).not.toContain('废止栏目里的文章');
  });
});

describe('POST /rest/componentService/rotatePictures', () => {
  it('needs a position code', async () => {
    const res = await post(ctx.app, '/rest/componentService/rotatePictures', {});
    expect(res.status).toBe(400);
    expect(res.body.rtnMessage).toBe('请指定轮播图位置编码');
  });

  it('answers enabled banners inside their window, by sort, with image URLs', async () => {
    const image = await addFile(ctx, 'banner.png');
    const base = { siteId, code: 'HOME', imageFileId: String(image.id), ...createdBy(null) };
    const hour = 3_600_000;
    await ctx.database.db.insert(cmsBanner).values([
      { ...base, title: '第二张', sort: 2, linkUrl: 'https://example.com', openType: 'EXTERNAL_OPEN' },
      { ...base, title: '第一张', sort: 1, startTime: new Date(Date.now() - hour), endTime: new Date(Date.now() + hour) },
      { ...base, title: '停用', sort: 0, status: 'DISABLE' },
      { ...base, title: '未开始', sort: 0, startTime: new Date(Date.now() + hour) },
      { ...base, title: '已结束', sort: 0, endTime: new Date(Date.now() - hour) },
      { ...base, title: '已删除', sort: 0, delFlag: 1 },
      { ...base, title: '图片已删除', sort: 0, imageFileId: '999999' },
      { ...base, title: '别的位置', code: 'SIDE' },
    ]);
    await ctx.invalidate();
    const res = await post(ctx.app, '/rest/componentService/rotatePictures', { code: 'HOME' });
    expect(res.status).toBe(200);
    expect(res.body.dataSet.map((b: { title: string }) => b.title)).toEqual(['第一张', '第二张']);
    expect(res.body.dataSet[1]).toMatchObject({ imageUrl: `/stream/fms/downloads/1?fileId=${image.id}&filename=banner.png`, linkUrl: 'https://example.com', openType: 'EXTERNAL_OPEN' });
    expect(typeof res.body.dataSet[0].bannerId).toBe('string');
    // The home page carries the same HOME banners.
    expect((await post(ctx.app, '/rest/cms/index')).body.dataSet.banners.map((b: { title: string }) => b.title)).toEqual(['第一张', '第二张']);
  });
});
