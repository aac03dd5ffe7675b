import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createMemoryBus } from '../../../core/bus';
import { createdBy } from '../../../core/records';
import { createTestApp, get, post, type TestContext } from '../../../../test/helpers/testApp';
import { sysOperLog } from '../../../core/audit';
import { sysFile } from '../../file/tables';
import { createPerson, createRole, signInAdmin, upload, type Person } from '../../../../test/kits/messageTestKit';
import { cmsCatalog } from '../catalog/tables';
import { createPortalCache } from '../portalCache/module';
import { createContentService } from './service';
import { publishDueJob } from './publishDueJob';
import { cmsContent } from './tables';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';

let ctx: TestContext;
let admin: Record<string, string>;
let nobody: Person;
let editor: Person;
const bus = createMemoryBus();
/** A second instance's portal cache on the same bus: it must be emptied by every change. */
const otherInstance = createPortalCache(bus);
let cacheLoads = 0;
const portalRead = () => otherInstance.read('probe', async () => ++cacheLoads);

let rootCatalog: number;
let childCatalog: number;
let otherCatalog: number;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const URLS = ['getCatalogTree', 'getContentPage', 'add', 'update', 'detail', 'delete', 'deleteBatch', 'publish', 'offline', 'top', 'sort'].map((m) => `/rest/content/${m}`);
const article = (extra: Record<string, unknown> = {}) => ({ catalogId: String(rootCatalog), title: '科技成果转化新政解读', body: '<p>正文</p>', ...extra });
const stored = async (id: string) => (await ctx.database.db.select().from(cmsContent).where(eq(cmsContent.id, Number(id))))[0]!;
const anonymousDownload = (fileId: string) => get(ctx.app, `/stream/fms/downloads/1?fileId=${fileId}&filename=x.png`);

async function addCatalog(code: string, name: string, parentCatalogId: number | null = null) {
  const [site] = await ctx.database.db.select({ siteId: cmsCatalog.siteId }).from(cmsCatalog).limit(1);
  const [row] = await ctx.database.db
    .insert(cmsCatalog)
    .values({ siteId: site!.siteId, code, catalogName: name, parentCatalogId, level: parentCatalogId ? 2 : 1, ...createdBy(null) })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestApp({ bus });
  admin = await signInAdmin(ctx);
  nobody = await createPerson(ctx, 'nobody');
  await createRole(ctx, 'CONTENT_EDITOR', ['cms:content:list', 'cms:content:add', 'cms:content:upd', 'cms:content:detail']);
  editor = await createPerson(ctx, 'editor', { roleCodes: ['CONTENT_EDITOR'] });
  rootCatalog = await addCatalog('t_root', '测试栏目');
  childCatalog = await addCatalog('t_child', '测试子栏目', rootCatalog);
  otherCatalog = await addCatalog('t_other', '其他栏目');
});
afterAll(async () => {
  await ctx.app.close();
});

describe('article calls refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    await expectRefusedToOutsiders(ctx.app, URLS, nobody.headers);
    // An editor may write but not publish, offline, pin or delete.
    for (const url of ['/rest/content/publish', '/rest/content/offline', '/rest/content/top', '/rest/content/delete']) {
      expect((await call(url, { contentId: '1', lockVersion: 0 }, editor.headers)).status, url).toBe(403);
    }
  });

  it('invalid articles with 400 and the exact message, storing nothing', async () => {
    const before = (await ctx.database.db.select().from(cmsContent)).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [article({ title: ' ' }), '请输入文章标题'],
      [article({ title: undefined }), '请输入文章标题'],
      [article({ title: '长'.repeat(257) }), '文章标题不能超过256个字符'],
      [article({ linkUrl: 'javascript:alert(1)' }), '链接地址必须以 http:// 或 https:// 开头'],
      [article({ linkUrl: 'ftp://example.com/a' }), '链接地址必须以 http:// 或 https:// 开头'],
      [article({ catalogId: '999999' }), '所选栏目不存在或已被删除'],
      [article({ body: `<p>${'字'.repeat(50_001)}</p>` }), '超出了允许的最大的字数限制：[ 50001/50000 ]!'],
      [article({ sort: -1 }), '排序不能小于0'],
      [article({ coverFileId: '999999' }), '附件不存在，或不是您上传的文件'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/content/add', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    // A cover must be an image: a text document is refused and nothing is kept.
    const doc = await upload(ctx, admin, '说明.txt', Buffer.from('纯文本说明'));
    const notImage = await call('/rest/content/add', article({ coverFileId: doc }));
    expect(notImage.status).toBe(400);
    expect(notImage.body.msg).toBe('封面只能是图片文件（jpg、png、gif、webp、bmp）');
    expect((await ctx.database.db.select().from(cmsContent)).length).toBe(before);
    // Someone else's upload cannot be claimed as an attachment.
    const othersFile = await upload(ctx, editor.headers, '别人的.png');
    const claimed = await call('/rest/content/add', article({ attachmentIds: [othersFile] }));
    expect(claimed.body.msg).toBe('附件不存在，或不是您上传的文件');
    expect((await ctx.database.db.select().from(sysFile).where(eq(sysFile.id, Number(othersFile))))[0]!.bizType).toBeNull();
  });
});

describe('article administration', () => {
  let contentId: string;
  let cover: string;
  let inline: string;
  let attachment: string;

  it('adds a draft: the body sanitised (XSS stripped), search text kept, files attached privately, a log row, the portal cache emptied', async () => {
    cover = await upload(ctx, admin, '封面.png');
    inline = await upload(ctx, admin, '插图.png');
    attachment = await upload(ctx, admin, '附件.txt', Buffer.from('附件内容'));
    await portalRead();
    const loads = cacheLoads;
    const res = await call(
      '/rest/content/add',
      article({
        subject: '副标题',
        summary: '政策要点',
        author: '张三',
        source: '科技厅',
        coverFileId: cover,
        attachmentIds: [attachment],
        body: `<p onclick="alert(1)">转化<strong>收益</strong><script>alert('x')</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a></p><img src="/stream/fms/downloads/1?fileId=${inline}&amp;filename=a.png"><iframe src="https://evil.example"></iframe>`,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ msg: '新增成功', data: { title: '科技成果转化新政解读', status: 'DRAFT', catalogName: '测试栏目', lockVersion: 0, author: '张三', cover: { fileId: cover } } });
    expect(res.body.data.attachments.map((a: { fileId: string }) => a.fileId)).toEqual([attachment]);
    contentId = res.body.data.contentId;
    const row = await stored(contentId);
    expect(row.body).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(row.body).toContain('<strong>收益</strong>');
    expect(row.body).toContain(`fileId=${inline}`);
    expect(row.searchText.split(' ')).toEqual(expect.arrayContaining(['科技', '转化', '收益', '要点']));
    const files = await ctx.database.db.select().from(sysFile).where(eq(sysFile.bizId, contentId));
    expect(files.map((f) => [f.id, f.bizType, f.visibility]).sort()).toEqual(
      [
        [Number(cover), 'CMS_CONTENT', 'PRIVATE'],
        [Number(inline), 'CMS_CONTENT', 'PRIVATE'],
        [Number(attachment), 'CMS_CONTENT_ATT', 'PRIVATE'],
      ].sort(),
    );
    const [log] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'cms:content'), eq(sysOperLog.action, 'CREATE')));
    expect(log).toMatchObject({ entityId: contentId, summary: '新增文章「科技成果转化新政解读」' });
    await portalRead();
    expect(cacheLoads).toBe(loads + 1);
    // A colleague who may read articles sees the draft's files; someone without the code does not.
    expect((await get(ctx.app, `/stream/fms/downloads/1?fileId=${cover}&filename=x.png&authorization=${editor.token}`)).status).toBe(200);
    expect((await get(ctx.app, `/stream/fms/downloads/1?fileId=${cover}&filename=x.png&authorization=${nobody.token}`)).status).toBe(404);
  });

  it('updates under the lock version; a stale one gets 409; a dropped attachment is let go', async () => {
    const res = await call('/rest/content/update', article({ contentId, lockVersion: 0, title: '成果转化政策解读', coverFileId: cover, body: '<p>新的正文</p>' }), editor.headers);
    expect(res.body).toMatchObject({ msg: '修改成功', data: { title: '成果转化政策解读', lockVersion: 1, attachments: [] } });
    const stale = await call('/rest/content/update', article({ contentId, lockVersion: 0 }));
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const [dropped] = await ctx.database.db.select().from(sysFile).where(eq(sysFile.id, Number(attachment)));
    expect(dropped).toMatchObject({ bizType: null, bizId: null });
    const [log] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'cms:content'), eq(sysOperLog.action, 'UPDATE')));
    expect(log!.before).toMatchObject({ title: '科技成果转化新政解读' });
    expect(log!.after).toMatchObject({ title: '成果转化政策解读' });
    expect((await stored(contentId)).searchText).not.toContain('收益');
    expect((await call('/rest/content/update', article({ contentId: '999999', lockVersion: 0 }))).status).toBe(404);
  });

  it('refuses illegal steps with 409 and the reason', async () => {
    const offline = await call('/rest/content/offline', { contentId, lockVersion: 1 });
    expect(offline.status).toBe(409);
    expect(offline.body.msg).toBe('文章「成果转化政策解读」未发布，只有已发布或待发布的文章可以下线');
  });

  it('publishes: status, files public to anonymous visitors, a log row; publishing again is 409', async () => {
    expect((await anonymousDownload(cover)).status).toBe(401);
    const res = await call('/rest/content/publish', { contentId, lockVersion: 1 });
    expect(res.body).toMatchObject({ msg: '发布成功', data: { status: 'PUBLISHED', lockVersion: 2, catalogName: expect.any(String) } });
    expect(new Date(res.body.data.publishTime).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await anonymousDownload(cover)).status).toBe(200);
    const again = await call('/rest/content/publish', { contentId, lockVersion: 2 });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('文章「成果转化政策解读」已发布，无需重复发布');
    const [log] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'cms:content'), eq(sysOperLog.action, 'PUBLISH')));
    expect(log).toMatchObject({ summary: '发布文章「成果转化政策解读」', before: expect.objectContaining({ status: 'DRAFT' }), after: expect.objectContaining({ status: 'PUBLISHED' }) });
  });

  it('pins and sorts', async () => {
    expect((await call('/rest/content/top', { contentId, lockVersion: 2, isTop: true })).body).toMatchObject({ msg: '置顶成功', data: { isTop: true, lockVersion: 3 } });
    expect((await call('/rest/content/sort', { contentId, lockVersion: 3, sort: 5 })).body).toMatchObject({ data: { sort: 5, lockVersion: 4 } });
    expect((await call('/rest/content/sort', { contentId, lockVersion: 4, sort: 100000 })).body.msg).toBe('排序不能大于99999');
  });

  it('offlines: files private again; publishing again keeps the original date', async () => {
    const firstDate = (await stored(contentId)).publishTime!;
    const res = await call('/rest/content/offline', { contentId, lockVersion: 4 });
    expect(res.body).toMatchObject({ msg: '下线成功', data: { status: 'OFFLINE' } });
    expect((await anonymousDownload(cover)).status).toBe(401);
    const again = await call('/rest/content/publish', { contentId, lockVersion: 5 });
    expect(again.body.data.status).toBe('PUBLISHED');
    expect((await stored(contentId)).publishTime).toEqual(firstDate);
  });

  it('pages by keyword, catalogue subtree, status, author and publish time; pinned first, then newest', async () => {
    const inChild = (await call('/rest/content/add', article({ catalogId: String(childCatalog), title: '子栏目文章', author: '李四' }))).body.data;
    await call('/rest/content/add', article({ catalogId: String(otherCatalog), title: '别处文章' }));
    const page = (body: Record<string, unknown>) => call('/rest/content/getContentPage', body).then((r) => r.body.data.list.map((c: { title: string }) => c.title));
    expect(await page({ catalogId: String(rootCatalog) })).toEqual(['成果转化政策解读', '子栏目文章']);
    expect(await page({ catalogId: String(childCatalog) })).toEqual(['子栏目文章']);
    expect(await page({ catalogId: String(rootCatalog), status: 'DRAFT' })).toEqual(['子栏目文章']);
    expect(await page({ title: '政策解读' })).toEqual(['成果转化政策解读']);
    // The keyword is narrowed through the search lexemes and still matched exactly: inside a run, one
    // character, the run's last character, a whole title, and nothing for pieces the title lacks.
    expect(await page({ title: '化政策' })).toEqual(['成果转化政策解读']);
    expect(await page({ title: '读' })).toEqual(['成果转化政策解读']);
    expect(await page({ title: '成果转化政策解读' })).toEqual(['成果转化政策解读']);
    expect(await page({ title: '政策解读啊' })).toEqual([]);
    expect(await page({ title: '策解', catalogId: String(otherCatalog) })).toEqual([]);
    expect(await page({ author: '李四' })).toEqual(['子栏目文章']);
    const date = (await stored(contentId)).publishTime!;
    expect(await page({ catalogId: String(rootCatalog), publishTimeFrom: new Date(date.getTime() - 1000).toISOString(), publishTimeTo: new Date(date.getTime() + 1000).toISOString() })).toEqual([
      '成果转化政策解读',
    ]);
    // One end of the range only (the pinned article is found through both is_top values; drafts have no time).
    expect(await page({ catalogId: String(rootCatalog), publishTimeTo: new Date(date.getTime() + 1000).toISOString() })).toEqual(['成果转化政策解读']);
    expect(await page({ catalogId: String(rootCatalog), publishTimeFrom: new Date(date.getTime() + 1000).toISOString() })).toEqual([]);
    const res = await call('/rest/content/getContentPage', { catalogId: String(rootCatalog), pageParameter: { pageNum: 1, pageSize: 1 } });
    expect(res.body.data).toMatchObject({ total: 2, pageNum: 1, pageSize: 1 });
    expect((await call('/rest/content/getContentPage', { status: 'GONE' })).body.msg).toBe('文章状态只能是 DRAFT、SCHEDULED、PUBLISHED 或 OFFLINE');
    expect((await call('/rest/content/detail', { contentId: inChild.contentId }, editor.headers)).body.data).toMatchObject({ catalogName: '测试子栏目', body: '<p>正文</p>' });
  });

  it('deletes one (files private) and a batch all or nothing', async () => {
    const res = await call('/rest/content/delete', { contentId, lockVersion: 6 });
    expect(res.body.msg).toBe('删除成功');
    expect((await stored(contentId)).delFlag).toBe(1);
    expect((await anonymousDownload(cover)).status).toBe(401);
    expect((await call('/rest/content/detail', { contentId })).status).toBe(404);
    const ids = (await call('/rest/content/getContentPage', { catalogId: String(rootCatalog) })).body.data.list.map((c: { contentId: string }) => c.contentId);
    const partial = await call('/rest/content/deleteBatch', { ids: [...ids, contentId] });
    expect(partial.status).toBe(404);
    expect(partial.body.msg).toBe('部分文章不存在或已被删除');
    expect((await call('/rest/content/deleteBatch', { ids: [] })).body.msg).toBe('请选择要删除的文章');
    expect((await call('/rest/content/deleteBatch', { ids })).body).toMatchObject({ msg: '删除成功', data: { deleted: 1 } });
  });
});

describe('catalogue tree of the article page', () => {
  it('lists every live catalogue, disabled ones too, children under their parent', async () => {
    await ctx.database.db.update(cmsCatalog).set({ catalogStatus: 'DISABLE' }).where(eq(cmsCatalog.id, otherCatalog));
    const res = await call('/rest/content/getCatalogTree', {}, editor.headers);
    expect(res.status).toBe(200);
    const root = res.body.data.find((n: { catalogId: string }) => n.catalogId === String(rootCatalog));
    expect(root).toMatchObject({ catalogName: '测试栏目', children: [{ catalogId: String(childCatalog), catalogName: '测试子栏目', children: [] }] });
    expect(res.body.data.find((n: { catalogId: string }) => n.catalogId === String(otherCatalog))).toMatchObject({ catalogStatus: 'DISABLE' });
    expect(res.body.data.map((n: { catalogName: string }) => n.catalogName)).toEqual(expect.arrayContaining(['通知公告', '新闻动态']));
  });
});

describe('scheduled publishing', () => {
  it('publish with a future time schedules; an edit must keep the time in the future; the CMS_PUBLISH_DUE job publishes when it has come', async () => {
    const image = await upload(ctx, admin, '定时.png');
    const added = (await call('/rest/content/add', article({ title: '定时文章', coverFileId: image }))).body.data;
    const future = new Date(Date.now() + 3_600_000);
    const res = await call('/rest/content/publish', { contentId: added.contentId, lockVersion: 0, publishTime: future.toISOString() });
    expect(res.body).toMatchObject({ msg: '已设置定时发布', data: { status: 'SCHEDULED', publishTime: future.toISOString() } });
    expect((await anonymousDownload(image)).status).toBe(401);
    const past = await call('/rest/content/update', article({ contentId: added.contentId, lockVersion: 1, title: '定时文章', coverFileId: image, publishTime: new Date(Date.now() - 1000).toISOString() }));
    expect(past.status).toBe(400);
    expect(past.body.msg).toBe('定时发布的文章，发布时间必须晚于当前时间；要立即发布请使用发布');

    const contents = createContentService({ db: ctx.database.db, files: ctx.app.services.files, portalCache: createPortalCache(bus) });
    const job = publishDueJob(contents);
    expect(job.handler).toBe('cms.publishDue');
    const context = { signal: new AbortController().signal, taskId: 1, taskCode: 'CMS_PUBLISH_DUE', runId: 1, fireTime: new Date(), trigger: 'MANUAL' as const, attempt: 1 };
    expect(await job.run({}, context)).toBe('已发布到期的定时文章 0 篇');
    expect((await stored(added.contentId)).status).toBe('SCHEDULED');

    // The time comes.
    await ctx.database.db.update(cmsContent).set({ publishTime: new Date(Date.now() - 1000) }).where(eq(cmsContent.id, Number(added.contentId)));
    await portalRead();
    const loads = cacheLoads;
    expect(await job.run({}, context)).toBe('已发布到期的定时文章 1 篇');
    expect(await stored(added.contentId)).toMatchObject({ status: 'PUBLISHED', lockVersion: 2, updateBy: 'system' });
    expect((await anonymousDownload(image)).status).toBe(200);
    await portalRead();
    expect(cacheLoads).toBe(loads + 1);
    const [log] = await ctx.database.db.select().from(sysOperLog).where(eq(sysOperLog.summary, '到期自动发布文章「定时文章」'));
    expect(log).toMatchObject({ username: 'system', before: expect.objectContaining({ status: 'SCHEDULED' }) });
    // Nothing left to publish.
    expect(await job.run({}, context)).toBe('已发布到期的定时文章 0 篇');
    expect(job.params.safeParse({ extra: 1 }).success).toBe(false);
  });

  it('the job is registered with the scheduler under cms.publishDue', async () => {
    const res = await call('/rest/task/getHandlers', {});
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body.data)).toContain('cms.publishDue');
  });
});

describe('search text of older rows', () => {
  it('is filled at start and by the backfill for rows that have none', async () => {
    const seeded = await ctx.database.db.select().from(cmsContent).where(eq(cmsContent.searchText, ''));
    expect(seeded).toHaveLength(0);
    const [row] = await ctx.database.db
      .insert(cmsContent)
      .values({ siteId: 1, catalogId: rootCatalog, title: '旧文章标题', body: '<p>历史<b>数据</b></p>', ...createdBy(null) })
      .returning();
    const contents = createContentService({ db: ctx.database.db, files: ctx.app.services.files, portalCache: createPortalCache(bus) });
    expect(await contents.backfillSearchText()).toBe(1);
    expect((await stored(String(row!.id))).searchText.split(' ')).toEqual(expect.arrayContaining(['旧文', '标题', '历史', '数据']));
    expect(await contents.backfillSearchText()).toBe(0);
  });
});
