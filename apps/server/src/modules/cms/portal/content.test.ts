import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { post } from '../../../../test/helpers/testApp';
import { sysFile } from '../../file/tables';
import { cmsCatalog } from '../catalog/tables';
import { cmsContent } from '../content/tables';
import { cmsSite } from '../site/tables';
import { CONTENT_MEDIA_BIZ } from '../content/articleFiles';
import { CONTENT_ATTACHMENT_BIZ as CONTENT_FILE_BIZ } from '../content/articleFiles';
import { addArticle, addCatalog, addFile, catalogIdOf, createPortalTestApp, defaultSiteId } from '../../../../test/kits/portalTestKit';

let ctx: Awaited<ReturnType<typeof createPortalTestApp>>;
let siteId: number;
let newsId: number;
const day = 86_400_000;
beforeAll(async () => {
  ctx = await createPortalTestApp();
  siteId = await defaultSiteId(ctx);
  newsId = await catalogIdOf(ctx, 'news', siteId);
});
afterAll(async () => {
  await ctx.app.close();
});

const titles = (list: Array<{ title: string }>) => list.map((c) => c.title);

describe('POST /rest/content/getDetailContent', () => {
  it('refuses a bad id and answers 404 in the portal envelope for anything not published', async () => {
    const bad = await post(ctx.app, '/rest/content/getDetailContent', {});
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ rtnCode: '400', rtnMessage: '编号格式不正确', dataSet: null });

    const disabled = await addCatalog(ctx, { code: 'hidden-news', catalogName: '停用栏目', catalogStatus: 'DISABLE' });
    const hidden = [
      await addArticle(ctx, { catalogId: newsId, title: '草稿', status: 'DRAFT' }),
      await addArticle(ctx, { catalogId: newsId, title: '已下线', status: 'OFFLINE' }),
      await addArticle(ctx, { catalogId: newsId, title: '定时', status: 'SCHEDULED', publishTime: new Date(Date.now() + day) }),
      await addArticle(ctx, { catalogId: newsId, title: '发布时间未到', publishTime: new Date(Date.now() + day) }),
      await addArticle(ctx, { catalogId: newsId, title: '已删除', delFlag: 1 }),
      await addArticle(ctx, { catalogId: disabled.id, title: '停用栏目的文章' }),
    ];
    for (const row of hidden) {
      const res = await post(ctx.app, '/rest/content/getDetailContent', { contentId: String(row.id) });
      expect(res.status, row.title).toBe(404);
      expect(res.body).toEqual({ rtnCode: '404', rtnMessage: '文章不存在或已被删除', dataSet: null });
    }
    const missing = await post(ctx.app, '/rest/content/getDetailContent', { contentId: '99999999' });
    expect(missing.status).toBe(404);
  });

  it('answers the article with sanitised body, attachments and neighbours, and counts each view', async () => {
    const cover = await addFile(ctx, 'cover.png');
    const older = await addArticle(ctx, { catalogId: newsId, title: '更早的新闻', publishTime: new Date(Date.now() - 300 * day) });
    const article = await addArticle(ctx, {
      catalogId: newsId,
      title: '带附件的新闻',
      subject: '副标题',
      source: '科技厅',
      author: '张三',
      body: '<p onclick="alert(1)">正文<script>alert(2)</script></p>',
      coverFileId: String(cover.id),
      publishTime: new Date(Date.now() - 200 * day),
    });
    const newer = await addArticle(ctx, { catalogId: newsId, title: '更新的新闻', publishTime: new Date(Date.now() - 100 * day) });
    const attachment = await addFile(ctx, '申报指南.pdf', { bizType: CONTENT_FILE_BIZ, bizId: String(article.id) });
    // The cover belongs to the article's media, which the attachment list never shows.
    await ctx.database.db.update(sysFile).set({ bizType: CONTENT_MEDIA_BIZ, bizId: String(article.id) }).where(eq(sysFile.id, cover.id));

    const first = await post(ctx.app, '/rest/content/getDetailContent', { contentId: String(article.id) });
    expect(first.status).toBe(200);
    expect(first.body.rtnCode).toBe('0000');
    const detail = first.body.dataSet;
    expect(detail).toMatchObject({
      contentId: String(article.id),
      catalogId: String(newsId),
      catalogCode: 'news',
      catalogName: '新闻动态',
      title: '带附件的新闻',
      subject: '副标题',
      source: '科技厅',
      author: '张三',
      body: '<p>正文</p>',
      viewCount: 1,
      coverUrl: `/stream/fms/downloads/1?fileId=${cover.id}&filename=cover.png`,
      prev: { contentId: String(newer.id), title: '更新的新闻' },
      next: { contentId: String(older.id), title: '更早的新闻' },
    });
    // The cover is not listed again as an attachment.
    expect(detail.attachments).toEqual([
      { fileId: String(attachment.id), filename: '申报指南.pdf', size: 1234, url: `/stream/fms/downloads/1?fileId=${attachment.id}&filename=${encodeURIComponent('申报指南.pdf')}` },
    ]);
    // The detail is cached, the count is not.
    const second = await post(ctx.app, '/rest/content/getDetailContent', { contentId: String(article.id) });
    expect(second.body.dataSet.viewCount).toBe(2);
    const [stored] = await ctx.database.db.select({ viewCount: cmsContent.viewCount }).from(cmsContent).where(eq(cmsContent.id, article.id));
    expect(stored!.viewCount).toBe(2);

    // Taken offline: gone at once, even before the cache is emptied (the count checks), and after.
    await ctx.database.db.update(cmsContent).set({ status: 'OFFLINE' }).where(eq(cmsContent.id, article.id));
    expect((await post(ctx.app, '/rest/content/getDetailContent', { contentId: String(article.id) })).status).toBe(404);
    await ctx.invalidate();
    expect((await post(ctx.app, '/rest/content/getDetailContent', { contentId: String(article.id) })).status).toBe(404);
  });

  it('hides every article of an offline site', async () => {
    const article = await addArticle(ctx, { catalogId: newsId, title: '站点下线后的文章' });
    await ctx.database.db.update(cmsSite).set({ siteStatus: '1' }).where(eq(cmsSite.id, siteId));
    await ctx.invalidate();
    try {
      expect((await post(ctx.app, '/rest/content/getDetailContent', { contentId: String(article.id) })).status).toBe(404);
      expect((await post(ctx.app, '/rest/content/queryClientListByPage', { catalogCode: 'news' })).status).toBe(404);
    } finally {
      await ctx.database.db.update(cmsSite).set({ siteStatus: '2' }).where(eq(cmsSite.id, siteId));
      await ctx.invalidate();
    }
  });
});

describe('POST /rest/content/queryClientListByPage', () => {
  it('refuses a missing catalogue code and page parameters out of range', async () => {
    const res = await post(ctx.app, '/rest/content/queryClientListByPage', {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ rtnCode: '400', rtnMessage: '请指定栏目编码', dataSet: null });
    const zero = await post(ctx.app, '/rest/content/queryClientListByPage', { catalogCode: 'news', pageParameter: { pageNum: 0, pageSize: 10 } });
    expect(zero.status).toBe(400);
    expect(zero.body.rtnMessage).toBe('页码必须是正整数');
    const huge = await post(ctx.app, '/rest/content/queryClientListByPage', { catalogCode: 'news', pageParameter: { pageNum: 1, pageSize: 501 } });
    expect(huge.status).toBe(400);
    expect(huge.body.rtnMessage).toBe('每页条数必须在1到500之间');
  });

  it('answers 404 for an unknown or disabled catalogue', async () => {
    const res = await post(ctx.app, '/rest/content/queryClientListByPage', { catalogCode: 'missing' });
    expect(res.status).toBe(404);
    expect(res.body.rtnMessage).toBe('栏目不存在或已被删除');
    expect((await post(ctx.app, '/rest/content/queryClientListByPage', { catalogCode: 'hidden-news' })).status).toBe(404);
  });

  it('pages through the published articles of a catalogue, pinned then newest first', async () => {
    const policyId = await catalogIdOf(ctx, 'policy', siteId);
    const first = await post(ctx.app, '/rest/content/queryClientListByPage', { catalogCode: 'policy', pageParameter: { pageNum: 1, pageSize: 1 } });
    expect(first.status).toBe(200);
    expect(first.body.dataSet).toMatchObject({ total: 2, pageNum: 1, pageSize: 1 });
    expect(first.body.dataSet.list[0]).toMatchObject({ catalogId: String(policyId), catalogCode: 'policy', catalogName: '政策文件' });
    const second = await post(ctx.app, '/rest/content/queryClientListByPage', { catalogCode: 'policy', pageParameter: { pageNum: 2, pageSize: 1 } });
    expect(second.body.dataSet.list).toHaveLength(1);
    expect(second.body.dataSet.list[0].title).not.toBe(first.body.dataSet.list[0].title);
    const beyond = await post(ctx.app, '/rest/content/queryClientListByPage', { catalogCode: 'policy', pageParameter: { pageNum: 3, pageSize: 1 } });
    expect(beyond.body.dataSet).toMatchObject({ list: [], total: 2 });
  });

  it('never lists drafts, scheduled, future, offline or deleted articles; includeChildren adds the branch', async () => {
    const parent = await addCatalog(ctx, { code: 'branch', catalogName: '父栏目' });
    const child = await addCatalog(ctx, { code: 'branch-child', catalogName: '子栏目', parentCatalogId: parent.id, level: 2 });
    const hiddenChild = await addCatalog(ctx, { code: 'branch-off', catalogName: '停用子栏目', parentCatalogId: parent.id, level: 2, catalogStatus: 'DISABLE' });
    await addArticle(ctx, { catalogId: parent.id, title: '父栏目文章', publishTime: new Date(Date.now() - 2 * day) });
    await addArticle(ctx, { catalogId: child.id, title: '子栏目文章', publishTime: new Date(Date.now() - day) });
    await addArticle(ctx, { catalogId: hiddenChild.id, title: '停用子栏目文章' });
    for (const [title, extra] of [
      ['草稿文章', { status: 'DRAFT' }],
      ['定时文章', { status: 'SCHEDULED', publishTime: new Date(Date.now() + day) }],
      ['未到时间', { publishTime: new Date(Date.now() + day) }],
      ['下线文章', { status: 'OFFLINE' }],
      ['删除文章', { delFlag: 1 }],
    ] as const) await addArticle(ctx, { catalogId: parent.id, title, ...extra });
    await ctx.invalidate();

    const own = await post(ctx.app, '/rest/content/queryClientListByPage', { catalogCode: 'branch', pageParameter: { pageNum: 1, pageSize: 50 } });
    expect(titles(own.body.dataSet.list)).toEqual(['父栏目文章']);
    expect(own.body.dataSet.total).toBe(1);
    const branch = await post(ctx.app, '/rest/content/queryClientListByPage', { catalogCode: 'branch', includeChildren: true, pageParameter: { pageNum: 1, pageSize: 50 } });
    expect(titles(branch.body.dataSet.list)).toEqual(['子栏目文章', '父栏目文章']);
    expect(branch.body.dataSet.list[0]).toMatchObject({ catalogCode: 'branch-child', catalogName: '子栏目' });

    // A changed row shows once the cache is emptied.
    await ctx.database.db.update(cmsCatalog).set({ catalogName: '改名子栏目' }).where(eq(cmsCatalog.id, child.id));
    await ctx.database.db.update(cmsContent).set({ title: '改名的子栏目文章' }).where(eq(cmsContent.catalogId, child.id));
    const stale = await post(ctx.app, '/rest/content/queryClientListByPage', { catalogCode: 'branch', includeChildren: true, pageParameter: { pageNum: 1, pageSize: 50 } });
    expect(titles(stale.body.dataSet.list)).toEqual(['子栏目文章', '父栏目文章']);
    await ctx.invalidate();
    const fresh = await post(ctx.app, '/rest/content/queryClientListByPage', { catalogCode: 'branch', includeChildren: true, pageParameter: { pageNum: 1, pageSize: 50 } });
    expect(titles(fresh.body.dataSet.list)).toEqual(['改名的子栏目文章', '父栏目文章']);
    expect(fresh.body.dataSet.list[0].catalogName).toBe('改名子栏目');
  });
});

describe('POST /rest/content/queryClientListByCatalog', () => {
  it('refuses a missing code and a size out of range', async () => {
    expect((await post(ctx.app, '/rest/content/queryClientListByCatalog', {})).body.rtnMessage).toBe('请指定栏目编码');
    const big = await post(ctx.app, '/rest/content/queryClientListByCatalog', { catalogCode: 'news', size: 51 });
    expect(big.status).toBe(400);
    expect(big.body.rtnMessage).toBe('文章条数必须是1到50之间的整数');
    expect((await post(ctx.app, '/rest/content/queryClientListByCatalog', { catalogCode: 'news', size: 0 })).status).toBe(400);
  });

  it('answers the newest published articles of the catalogue', async () => {
    const res = await post(ctx.app, '/rest/content/queryClientListByCatalog', { catalogCode: 'notification', size: 2 });
    expect(res.status).toBe(200);
    expect(res.body.dataSet).toHaveLength(2);
    expect(res.body.dataSet[0]).toMatchObject({ title: '关于开展2026年度科学技术奖提名工作的通知', isTop: true, catalogCode: 'notification' });
    const all = await post(ctx.app, '/rest/content/queryClientListByCatalog', { catalogCode: 'branch' });
    expect(titles(all.body.dataSet)).toEqual(['父栏目文章']);
  });
});
