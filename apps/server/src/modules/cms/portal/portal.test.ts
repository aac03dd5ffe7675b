import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { cmsCatalog } from '../catalog/schema';
import { cmsContent } from '../content/schema';
import { cmsSite } from '../site/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.app.close();
});

async function newsCatalogId(): Promise<number> {
  const [row] = await ctx.database.db.select({ id: cmsCatalog.id }).from(cmsCatalog).where(eq(cmsCatalog.code, 'news'));
  return row!.id;
}

describe('POST /rest/cms/index', () => {
  it('answers the default site, its navigation and the newest published articles in the portal envelope', async () => {
    const res = await post(ctx.app, '/rest/cms/index', {});
    expect(res.status).toBe(200);
    expect(res.body.rtnCode).toBe('0000');
    const { site, catalogs, sections } = res.body.dataSet;
    expect(site).toMatchObject({ siteCode: 'dandelion', displayName: '蒲公英科技奖励申报平台', siteStatus: '2' });
    expect(typeof site.siteId).toBe('string');
    expect(catalogs.map((c: { code: string }) => c.code).slice(0, 4)).toEqual(['notification', 'policy', 'news', 'introduce']);
    const notices = sections.find((s: { code: string }) => s.code === 'notification');
    expect(notices.catalogName).toBe('通知公告');
    // The pinned notice comes first.
    expect(notices.contents[0].title).toBe('关于开展2026年度科学技术奖提名工作的通知');
    expect(notices.contents[0].publishTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(notices.contents[0]).not.toHaveProperty('body');
  });

  it('works with no body at all, as the portal calls it', async () => {
    const res = await post(ctx.app, '/rest/cms/index');
    expect(res.status).toBe(200);
    expect(res.body.dataSet.site.siteCode).toBe('dandelion');
  });

  it('answers 404 in the portal envelope for an unknown or offline site', async () => {
    const unknown = await post(ctx.app, '/rest/cms/index', { siteCode: 'nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ rtnCode: '404', rtnMessage: '站点不存在或已被删除', dataSet: null });

    await ctx.database.db.update(cmsSite).set({ siteStatus: '1' }).where(eq(cmsSite.siteCode, 'dandelion'));
    try {
      const offline = await post(ctx.app, '/rest/cms/index', {});
      expect(offline.status).toBe(404);
    } finally {
      await ctx.database.db.update(cmsSite).set({ siteStatus: '2' }).where(eq(cmsSite.siteCode, 'dandelion'));
    }
  });
});

describe('POST /rest/content/queryClientListByPage', () => {
  it('refuses a missing catalogue code with the Chinese message', async () => {
    const res = await post(ctx.app, '/rest/content/queryClientListByPage', {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ rtnCode: '400', rtnMessage: '请指定栏目编码', dataSet: null });
  });

  it('refuses page parameters out of range', async () => {
    const zero = await post(ctx.app, '/rest/content/queryClientListByPage', { catalogCode: 'news', pageParameter: { pageNum: 0, pageSize: 10 } });
    expect(zero.status).toBe(400);
    expect(zero.body.rtnMessage).toBe('页码必须是正整数');
    const huge = await post(ctx.app, '/rest/content/queryClientListByPage', { catalogCode: 'news', pageParameter: { pageNum: 1, pageSize: 501 } });
    expect(huge.status).toBe(400);
    expect(huge.body.rtnMessage).toBe('每页条数必须在1到500之间');
  });

  it('answers 404 for an unknown catalogue', async () => {
    const res = await post(ctx.app, '/rest/content/queryClientListByPage', { catalogCode: 'missing' });
    expect(res.status).toBe(404);
    expect(res.body.rtnMessage).toBe('栏目不存在或已被删除');
  });

  it('pages through published articles, newest first', async () => {
    const first = await post(ctx.app, '/rest/content/queryClientListByPage', { catalogCode: 'news', pageParameter: { pageNum: 1, pageSize: 1 } });
    expect(first.status).toBe(200);
    expect(first.body.dataSet).toMatchObject({ total: 2, pageNum: 1, pageSize: 1 });
    expect(first.body.dataSet.list).toHaveLength(1);
    expect(first.body.dataSet.list[0].title).toBe('2025年度科学技术奖励大会召开');
    const second = await post(ctx.app, '/rest/content/queryClientListByPage', { catalogCode: 'news', pageParameter: { pageNum: 2, pageSize: 1 } });
    expect(second.body.dataSet.list[0].title).toBe('申报平台完成升级，支持手机号登录');
    const beyond = await post(ctx.app, '/rest/content/queryClientListByPage', { catalogCode: 'news', pageParameter: { pageNum: 3, pageSize: 1 } });
    expect(beyond.body.dataSet).toMatchObject({ list: [], total: 2 });
  });

  it('never shows drafts, articles scheduled for later, or deleted articles', async () => {
    const catalogId = await newsCatalogId();
    const base = { siteId: 1, catalogId, createBy: 'test', updateBy: 'test' };
    const [draft] = await ctx.database.db.insert(cmsContent).values({ ...base, title: '草稿文章', status: 'DRAFT', publishTime: new Date() }).returning();
    const [future] = await ctx.database.db
      .insert(cmsContent)
      .values({ ...base, title: '定时发布文章', status: 'PUBLISHED', publishTime: new Date(Date.now() + 86_400_000) })
      .returning();
    const [deleted] = await ctx.database.db.insert(cmsContent).values({ ...base, title: '已删除文章', status: 'PUBLISHED', publishTime: new Date(), delFlag: 1 }).returning();
    try {
      const res = await post(ctx.app, '/rest/content/queryClientListByPage', { catalogCode: 'news', pageParameter: { pageNum: 1, pageSize: 50 } });
      const titles = res.body.dataSet.list.map((c: { title: string }) => c.title);
      expect(res.body.dataSet.total).toBe(2);
      expect(titles).not.toContain('草稿文章');
      expect(titles).not.toContain('定时发布文章');
      expect(titles).not.toContain('已删除文章');
    } finally {
      for (const row of [draft, future, deleted]) await ctx.database.db.delete(cmsContent).where(and(eq(cmsContent.id, row!.id)));
    }
  });
});
