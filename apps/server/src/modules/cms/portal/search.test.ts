import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { post } from '../../../../test/helpers/testApp';
import { withTransaction } from '../../../core/transaction';
import { cmsContent } from '../content/tables';
import { searchQueryOf } from '../search/bigrams';
import { addArticle, addCatalog, catalogIdOf, createPortalTestApp } from '../../../../test/kits/portalTestKit';

let ctx: Awaited<ReturnType<typeof createPortalTestApp>>;
let newsId: number;
const day = 86_400_000;
beforeAll(async () => {
  ctx = await createPortalTestApp();
  newsId = await catalogIdOf(ctx, 'news');
  await addArticle(ctx, { catalogId: newsId, title: '量子通信研究取得突破', summary: '研究团队在量子通信领域取得重要进展。', publishTime: new Date(Date.now() - 10 * day) });
  await addArticle(ctx, { catalogId: newsId, title: '年度科技工作会议', summary: null, body: '<p>会议指出，要加快量子计算与通信技术攻关。</p>', publishTime: new Date(Date.now() - day) });
  await addArticle(ctx, { catalogId: newsId, title: '量子草稿', status: 'DRAFT' });
  await addArticle(ctx, { catalogId: newsId, title: '量子未来文章', publishTime: new Date(Date.now() + day) });
  const disabled = await addCatalog(ctx, { code: 'search-off', catalogName: '停用', catalogStatus: 'DISABLE' });
  await addArticle(ctx, { catalogId: disabled.id, title: '停用栏目的量子文章' });
  await ctx.invalidate();
});
afterAll(async () => {
  await ctx.app.close();
});

const search = (body: unknown) => post(ctx.app, '/rest/content/searchContent', body);

describe('POST /rest/content/searchContent', () => {
  it('refuses an empty or too long keyword with the Chinese message', async () => {
    for (const body of [{}, { keyword: '' }, { keyword: '   ' }]) {
      const res = await search(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ rtnCode: '400', rtnMessage: '请输入搜索关键词', dataSet: null });
    }
    const long = await search({ keyword: '长'.repeat(51) });
    expect(long.status).toBe(400);
    expect(long.body.rtnMessage).toBe('搜索关键词不能超过50个字符');
    expect((await search({ keyword: '量子', catalogCode: 'search-off' })).status).toBe(404);
  });

  it('finds a two-character word, title hits first, and marks it in title and excerpt', async () => {
    const res = await search({ keyword: '量子' });
    expect(res.status).toBe(200);
    const { list, total } = res.body.dataSet;
    expect(total).toBe(2);
    expect(list.map((c: { title: string }) => c.title)).toEqual(['量子通信研究取得突破', '年度科技工作会议']);
    expect(list[0].titleSegments).toEqual([
      { text: '量子', hit: true },
      { text: '通信研究取得突破', hit: false },
    ]);
    expect(list[0].summarySegments.filter((s: { hit: boolean }) => s.hit).map((s: { text: string }) => s.text)).toEqual(['量子']);
    // No summary: the excerpt comes from the body text, tags gone.
    expect(list[1].titleSegments).toEqual([{ text: '年度科技工作会议', hit: false }]);
    expect(list[1].summarySegments.map((s: { text: string }) => s.text).join('')).toBe('会议指出，要加快量子计算与通信技术攻关。');
    expect(list[1].summarySegments).toContainEqual({ text: '量子', hit: true });
    expect(list[1]).toMatchObject({ catalogCode: 'news', catalogName: '新闻动态' });
  });

  it('needs every word, pages, and scopes to a catalogue', async () => {
    expect((await search({ keyword: '量子 会议' })).body.dataSet.list.map((c: { title: string }) => c.title)).toEqual(['年度科技工作会议']);
    expect((await search({ keyword: '绝无此词' })).body.dataSet).toMatchObject({ list: [], total: 0 });
    expect((await search({ keyword: '！？' })).body.dataSet).toMatchObject({ list: [], total: 0 });
    const second = await search({ keyword: '量子', pageParameter: { pageNum: 2, pageSize: 1 } });
    expect(second.body.dataSet).toMatchObject({ total: 2, pageNum: 2, pageSize: 1 });
    expect(second.body.dataSet.list[0].title).toBe('年度科技工作会议');
    // Past the last page the total is still right.
    expect((await search({ keyword: '量子', pageParameter: { pageNum: 5, pageSize: 1 } })).body.dataSet).toMatchObject({ list: [], total: 2 });
    expect((await search({ keyword: '量子', catalogCode: 'policy' })).body.dataSet.total).toBe(0);
  });

  it('sees a newly published article once the cache is emptied', async () => {
    expect((await search({ keyword: '光伏' })).body.dataSet.total).toBe(1);
    await addArticle(ctx, { catalogId: newsId, title: '光伏发电新进展' });
    expect((await search({ keyword: '光伏' })).body.dataSet.total).toBe(1);
    await ctx.invalidate();
    const fresh = await search({ keyword: '光伏' });
    expect(fresh.body.dataSet.total).toBe(2);
    expect(fresh.body.dataSet.list[0].title).toBe('光伏发电新进展');
  });

  it('is answered through the GIN index (the plan can use cms_content_search_idx)', async () => {
    // With a handful of rows the planner prefers a scan; with scans priced out it must still be able to
    // use the index for the match (bench/cms checks the real query picks it on 100 000 articles).
    const plan = await withTransaction(ctx.database.db, async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain select id from cms_content where ${cmsContent.searchDoc} @@ ${searchQueryOf('量子')}::tsquery`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<Record<string, string>>;
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('cms_content_search_idx');
  });
});
