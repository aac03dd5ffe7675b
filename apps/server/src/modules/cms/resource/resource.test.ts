import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createdBy } from '../../../core/records';
import { createTestApp, get, post, type TestContext } from '../../../../test/helpers/testApp';
import { sysOperLog } from '../../../core/audit';
import { sysFile } from '../../file/tables';
import { createPerson, createRole, signInAdmin, upload, type Person } from '../../../../test/kits/messageTestKit';
import { cmsCatalog } from '../catalog/tables';
import { cmsContent } from '../content/tables';
import { cmsResource } from './tables';

let ctx: TestContext;
let admin: Record<string, string>;
let nobody: Person;
let viewer: Person;
let catalogId: string;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const URLS = ['getResourcePage', 'add', 'update', 'detail', 'delete', 'deleteBatch', 'addArticle'].map((m) => `/rest/resource/${m}`);
// A minimal MP4: an ftyp box is what players and sniffers read first.
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41'), Buffer.from([0, 0, 0, 8]), Buffer.from('free')]);
const TEXT = Buffer.from('项目申报指南全文');

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAdmin(ctx);
  nobody = await createPerson(ctx, 'nobody');
  await createRole(ctx, 'RESOURCE_VIEWER', ['cms:resource:list', 'cms:resource:detail']);
  viewer = await createPerson(ctx, 'viewer', { roleCodes: ['RESOURCE_VIEWER'] });
  const [site] = await ctx.database.db.select({ siteId: cmsCatalog.siteId }).from(cmsCatalog).limit(1);
  const [row] = await ctx.database.db.insert(cmsCatalog).values({ siteId: site!.siteId, code: 'r_test', catalogName: '资源测试栏目', ...createdBy(null) }).returning();
  catalogId = String(row!.id);
});
afterAll(async () => {
  await ctx.app.close();
});

describe('resource calls refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    for (const url of URLS) {
      expect((await post(ctx.app, url, {})).status, url).toBe(401);
      expect((await call(url, {}, nobody.headers)).status, url).toBe(403);
    }
    for (const url of ['/rest/resource/add', '/rest/resource/update', '/rest/resource/delete', '/rest/resource/addArticle']) {
      expect((await call(url, {}, viewer.headers)).status, url).toBe(403);
    }
  });

  it('invalid resources with 400 and the exact message, storing nothing', async () => {
    const image = await upload(ctx, admin, '图.png');
    const text = await upload(ctx, admin, '指南.txt', TEXT);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ resourceName: ' ', resourceType: 'IMAGE', fileId: image }, '请输入资源名称'],
      [{ resourceName: '图', resourceType: 'AUDIO', fileId: image }, '资源类型只能是 IMAGE（图片）、DOCUMENT（文档）、VIDEO（视频）或 LINK（链接）'],
      [{ resourceName: '图', resourceType: 'IMAGE' }, '请上传资源文件'],
      [{ resourceName: '链', resourceType: 'LINK' }, '请输入链接地址'],
      [{ resourceName: '链', resourceType: 'LINK', url: 'javascript:alert(1)' }, '链接地址必须以 http:// 或 https:// 开头'],
      // The stored kind is what the bytes are (sniffed at upload), and it must match the type.
      [{ resourceName: '图', resourceType: 'IMAGE', fileId: text }, '资源类型为图片，请上传图片文件（jpg、png、gif、webp、bmp）'],
      [{ resourceName: '文', resourceType: 'DOCUMENT', fileId: image }, '资源类型为文档，请上传文档文件（pdf、doc、docx、xls、xlsx、ppt、pptx、wps、ofd、txt、csv）'],
      [{ resourceName: '视', resourceType: 'VIDEO', fileId: image }, '资源类型为视频，请上传 mp4 视频文件'],
      [{ resourceName: '图', resourceType: 'IMAGE', fileId: '999999' }, '附件不存在，或不是您上传的文件'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/resource/add', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await ctx.database.db.select().from(cmsResource)).toHaveLength(0);
    // A refused resource leaves its upload unattached.
    expect((await ctx.database.db.select().from(sysFile).where(eq(sysFile.id, Number(text))))[0]!.bizType).toBeNull();
  });
});

describe('resource library', () => {
  const ids: Record<string, string> = {};

  it('adds one of each type; the file is attached to the resource and stays private', async () => {
    const image = await upload(ctx, admin, '会场.png');
    const doc = await upload(ctx, admin, '申报指南.txt', TEXT);
    const video = await upload(ctx, admin, '宣传片.mp4', MP4);
    const add = (body: Record<string, unknown>) => call('/rest/resource/add', body);
    const img = await add({ resourceName: '会场照片', resourceType: 'IMAGE', fileId: image, tags: '会议,照片', url: 'https://ignored.example' });
    expect(img.body).toMatchObject({ msg: '新增成功', data: { resourceName: '会场照片', resourceType: 'IMAGE', fileId: image, url: null, file: { fileId: image, filename: '会场.png' }, lockVersion: 0 } });
    ids.image = img.body.data.resourceId;
    ids.doc = (await add({ resourceName: '申报指南', resourceType: 'DOCUMENT', fileId: doc, tags: '指南' })).body.data.resourceId;
    ids.video = (await add({ resourceName: '宣传片', resourceType: 'VIDEO', fileId: video, description: '平台宣传视频' })).body.data.resourceId;
    const link = await add({ resourceName: '科技部网站', resourceType: 'LINK', url: 'https://www.most.gov.cn', fileId: image });
    expect(link.body.data).toMatchObject({ fileId: null, url: 'https://www.most.gov.cn', file: null });
    ids.link = link.body.data.resourceId;
    const [file] = await ctx.database.db.select().from(sysFile).where(eq(sysFile.id, Number(image)));
    expect(file).toMatchObject({ bizType: 'CMS_RESOURCE', bizId: ids.image, visibility: 'PRIVATE' });
    const read = (who: Person) => get(ctx.app, `/stream/fms/downloads/1?fileId=${image}&filename=a.png&authorization=${who.token}`);
    expect((await read(viewer)).status).toBe(200);
    expect((await read(nobody)).status).toBe(404);
    const [log] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'cms:resource'), eq(sysOperLog.action, 'CREATE')));
    expect(log).toMatchObject({ entityId: ids.image, summary: '新增资源「会场照片」' });
  });

  it('pages by name, type and tag, newest first', async () => {
    const page = (body: Record<string, unknown>) => call('/rest/resource/getResourcePage', body, viewer.headers).then((r) => r.body.data.list.map((x: { resourceName: string }) => x.resourceName));
    expect(await page({})).toEqual(['科技部网站', '宣传片', '申报指南', '会场照片']);
    expect(await page({ resourceType: 'DOCUMENT' })).toEqual(['申报指南']);
    expect(await page({ resourceName: '宣传' })).toEqual(['宣传片']);
    expect(await page({ tag: '照片' })).toEqual(['会场照片']);
    expect((await call('/rest/resource/detail', { resourceId: ids.video }, viewer.headers)).body.data).toMatchObject({ description: '平台宣传视频', file: { filename: '宣传片.mp4' } });
  });

  it('updates under the lock version (a replaced file is let go); a stale one gets 409', async () => {
    const newImage = await upload(ctx, admin, '新会场.png');
    const old = (await call('/rest/resource/detail', { resourceId: ids.image })).body.data.fileId;
    const res = await call('/rest/resource/update', { resourceId: ids.image, lockVersion: 0, resourceName: '会场照片（新）', resourceType: 'IMAGE', fileId: newImage });
    expect(res.body).toMatchObject({ msg: '修改成功', data: { resourceName: '会场照片（新）', fileId: newImage, lockVersion: 1 } });
    expect((await ctx.database.db.select().from(sysFile).where(eq(sysFile.id, Number(old))))[0]).toMatchObject({ bizType: null });
    const stale = await call('/rest/resource/update', { resourceId: ids.image, lockVersion: 0, resourceName: 'x', resourceType: 'IMAGE', fileId: newImage });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
  });

  it('发布文章: an image goes into the body, a document or video becomes the attachment, a link the article link — each a draft with its own file copy', async () => {
    const refused = await call('/rest/resource/addArticle', { resourceId: ids.image });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('请选择栏目');
    expect((await call('/rest/resource/addArticle', { resourceId: ids.image, catalogId: '999999' })).body.msg).toBe('所选栏目不存在或已被删除');
    expect((await call('/rest/resource/addArticle', { resourceId: '999999', catalogId })).status).toBe(404);

    const fromImage = await call('/rest/resource/addArticle', { resourceId: ids.image, catalogId, title: '会场一瞥' });
    expect(fromImage.body).toMatchObject({ msg: '已生成文章草稿' });
    const article = (await call('/rest/content/detail', { contentId: fromImage.body.data.contentId })).body.data;
    expect(article).toMatchObject({ title: '会场一瞥', status: 'DRAFT', catalogId });
    const [imageCopy] = await ctx.database.db.select().from(sysFile).where(and(eq(sysFile.bizType, 'CMS_CONTENT'), eq(sysFile.bizId, article.contentId)));
    expect(article.body).toBe(`<p><img src="/stream/fms/downloads/1?fileId=${imageCopy!.id}&amp;filename=%E6%96%B0%E4%BC%9A%E5%9C%BA.png" alt="会场照片（新）" /></p>`);
    const resourceFile = (await call('/rest/resource/detail', { resourceId: ids.image })).body.data.fileId;
    expect(String(imageCopy!.id)).not.toBe(resourceFile);

    const fromDoc = (await call('/rest/resource/addArticle', { resourceId: ids.doc, catalogId })).body.data.contentId;
    expect((await call('/rest/content/detail', { contentId: fromDoc })).body.data).toMatchObject({ title: '申报指南', body: '', attachments: [{ filename: '申报指南.txt' }] });
    const fromVideo = (await call('/rest/resource/addArticle', { resourceId: ids.video, catalogId })).body.data.contentId;
    expect((await call('/rest/content/detail', { contentId: fromVideo })).body.data).toMatchObject({ summary: '平台宣传视频', attachments: [{ filename: '宣传片.mp4' }] });
    const fromLink = (await call('/rest/resource/addArticle', { resourceId: ids.link, catalogId })).body.data.contentId;
    expect((await call('/rest/content/detail', { contentId: fromLink })).body.data).toMatchObject({ linkUrl: 'https://www.most.gov.cn', attachments: [] });
    const [row] = await ctx.database.db.select().from(cmsContent).where(eq(cmsContent.id, Number(fromImage.body.data.contentId)));
    expect(row!.searchText.split(' ')).toEqual(expect.arrayContaining(['会场', '一瞥']));

    // Publishing the article makes its copy public; the library's own file stays private.
    await call('/rest/content/publish', { contentId: article.contentId, lockVersion: 0 });
    expect((await get(ctx.app, `/stream/fms/downloads/1?fileId=${imageCopy!.id}&filename=a.png`)).status).toBe(200);
    expect((await get(ctx.app, `/stream/fms/downloads/1?fileId=${resourceFile}&filename=a.png`)).status).toBe(401);
    const [log] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'cms:resource'), eq(sysOperLog.action, 'ADD_ARTICLE')));
    expect(log).toMatchObject({ entityId: ids.image, summary: '资源「会场照片（新）」发布为文章「会场一瞥」' });
  });

  it('deletes one and a batch all or nothing', async () => {
    expect((await call('/rest/resource/delete', { resourceId: ids.link, lockVersion: 0 })).body.msg).toBe('删除成功');
    expect((await call('/rest/resource/detail', { resourceId: ids.link })).status).toBe(404);
    const partial = await call('/rest/resource/deleteBatch', { ids: [ids.doc, ids.link] });
    expect(partial.status).toBe(404);
    expect(partial.body.msg).toBe('部分资源不存在或已被删除');
    expect((await call('/rest/resource/deleteBatch', { ids: [ids.doc, ids.video] })).body).toMatchObject({ data: { deleted: 2 } });
    expect((await call('/rest/resource/getResourcePage', {})).body.data.total).toBe(1);
  });
});
