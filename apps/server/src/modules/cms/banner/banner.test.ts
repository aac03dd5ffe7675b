import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createMemoryBus } from '../../../core/bus';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { sysFile } from '../../file/tables';
import { cmsSite } from '../site/tables';
import { cmsBanner } from './tables';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;
let siteId: string;
let flushes = 0;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
async function upload(filename: string, bytes: Buffer, token = admin.authorization!): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  const encoded = new Response(form);
  const res = await ctx.app.inject({
    method: 'POST', url: '/auth/webUpload', payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, authorization: token },
  });
  return String(res.json().data.fileId);
}
const visibilityOf = async (fileId: string) => (await ctx.database.db.select().from(sysFile).where(eq(sysFile.id, Number(fileId))))[0]!.visibility;
const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const logs = (action: string) => ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'cms:banner'), eq(sysOperLog.action, action)));
const urls = ['getBannerPage', 'detail', 'add', 'update', 'updateStatus', 'sort', 'delete', 'deleteBatch'].map((m) => `/rest/cmsBanner/${m}`);

beforeAll(async () => {
  const bus = createMemoryBus();
  bus.subscribe('cache:cms-portal', () => flushes++);
  ctx = await createTestApp({ bus });
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'clerk', password: 'Clerk@2026x', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'clerk', 'Clerk@2026x') };
  const [site] = await ctx.database.db.select().from(cmsSite).where(eq(cmsSite.siteCode, 'dandelion'));
  siteId = String(site!.id);
});
afterAll(async () => {
  await ctx.app.close();
});

describe('banner routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    await expectRefusedToOutsiders(ctx.app, urls, clerk);
  });

  it('invalid input with 400 and the exact message, storing nothing', async () => {
    const image = await upload('a.png', PNG);
    const good = { siteId, title: '春季申报开始', imageFileId: image };
    const cases: Array<[unknown, string]> = [
      [{ ...good, title: '' }, '请输入标题'],
      [{ ...good, imageFileId: undefined }, '请上传轮播图片'],
      [{ ...good, imageFileId: 'x' }, '轮播图片编号格式不正确'],
      [{ ...good, linkUrl: 'javascript:alert(1)' }, '请输入正确的网址!（http:// 或 https:// 开头，或以 / 开头的站内路径）'],
      [{ ...good, linkUrl: '//evil.example' }, '请输入正确的网址!（http:// 或 https:// 开头，或以 / 开头的站内路径）'],
      [{ ...good, status: 'ON' }, '轮播图状态只能是 ENABLE 或 DISABLE'],
      [{ ...good, code: 'home page' }, '编码须以字母开头，只能包含字母、数字、下划线和横杠'],
      [{ ...good, startTime: 'tomorrow' }, '开始时间格式不正确'],
      [{ ...good, startTime: '2026-12-01T00:00:00+08:00', endTime: '2026-11-01T00:00:00+08:00' }, '结束时间必须晚于开始时间'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/cmsBanner/add', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    const doc = await upload('a.txt', Buffer.from('纯文本'));
    const notImage = await call('/rest/cmsBanner/add', { ...good, imageFileId: doc });
    expect(notImage.body.msg).toBe('轮播图片只能是图片（jpg、png、gif、webp、bmp）');
    // Somebody else's upload cannot be claimed by its id.
    await createAccount(ctx.database, { username: 'editor', password: 'Editor@2026x', roleCodes: ['ADMIN'] });
    const editor = { authorization: await signIn(ctx.app, 'editor', 'Editor@2026x') };
    const theirs = await call('/rest/cmsBanner/add', good, editor);
    expect(theirs.status).toBe(400);
    expect(theirs.body.msg).toBe('附件不存在，或不是您上传的文件');
    const unknownSite = await call('/rest/cmsBanner/add', { ...good, siteId: '999999' });
    expect(unknownSite.status).toBe(404);
    expect(await ctx.database.db.select().from(cmsBanner)).toHaveLength(0);
    expect(flushes).toBe(0);
  });
});

describe('banner administration', () => {
  const ids: string[] = [];
  const images: string[] = [];

  it('adds banners numbered in tens per position, their images public while enabled', async () => {
    for (const [title, status] of [['春季申报', 'ENABLE'], ['政策解读', 'ENABLE'], ['停用的', 'DISABLE']] as const) {
      const image = await upload(`${title}.png`, PNG);
      images.push(image);
      const res = await call('/rest/cmsBanner/add', {
        siteId, title, imageFileId: image, status, linkUrl: '/policy', openType: 'EXTERNAL_OPEN',
        startTime: '2026-01-01T00:00:00+08:00', endTime: '2027-01-01T00:00:00+08:00',
      });
      expect(res.body).toMatchObject({ code: '0000', msg: '新增成功', data: { title, code: 'HOME', status, linkUrl: '/policy' } });
      expect(res.body.data.imageUrl).toContain(`fileId=${image}`);
      ids.push(res.body.data.bannerId);
    }
    const rows = await ctx.database.db.select().from(cmsBanner).orderBy(asc(cmsBanner.id));
    expect(rows.map((r) => r.sort)).toEqual([10, 20, 30]);
    expect(rows[0]!.startTime!.toISOString()).toBe('2025-12-31T16:00:00.000Z');
    expect(await Promise.all(images.map(visibilityOf))).toEqual(['PUBLIC', 'PUBLIC', 'PRIVATE']);
    expect(await logs('CREATE')).toHaveLength(3);
    expect(flushes).toBe(3);
  });

  it('pages banners with thumbnails, filtered by title and status', async () => {
    const all = await call('/rest/cmsBanner/getBannerPage', { siteId, pageParameter: { pageNum: 1, pageSize: 2 } });
    expect(all.body.data).toMatchObject({ total: 3, pageSize: 2 });
    expect(all.body.data.list.map((b: { title: string }) => b.title)).toEqual(['春季申报', '政策解读']);
    expect(all.body.data.list[0].imageUrl).toMatch(/^\/stream\/fms\/downloads\/1\?fileId=/);
    expect((await call('/rest/cmsBanner/getBannerPage', { status: 'DISABLE' })).body.data.total).toBe(1);
    expect((await call('/rest/cmsBanner/getBannerPage', { title: '政策' })).body.data.list[0].bannerId).toBe(ids[1]);
  });

  it('updates under the lock version; a replaced image goes private; disabling takes the image private', async () => {
    const image = await upload('新图.png', PNG);
    const res = await call('/rest/cmsBanner/update', { bannerId: ids[0], lockVersion: 0, siteId, title: '春季申报启动', imageFileId: image, linkUrl: 'https://gov.example.cn/x' });
    expect(res.body.data).toMatchObject({ title: '春季申报启动', lockVersion: 1, startTime: null, endTime: null });
    expect(await visibilityOf(images[0]!)).toBe('PRIVATE');
    expect(await visibilityOf(image)).toBe('PUBLIC');
    const stale = await call('/rest/cmsBanner/update', { bannerId: ids[0], lockVersion: 0, siteId, title: 'x', imageFileId: image });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const off = await call('/rest/cmsBanner/updateStatus', { bannerId: ids[0], lockVersion: 1, status: 'DISABLE' });
    expect(off.body).toMatchObject({ msg: '已停用', data: { status: 'DISABLE', lockVersion: 2 } });
    expect(await visibilityOf(image)).toBe('PRIVATE');
    const on = await call('/rest/cmsBanner/updateStatus', { bannerId: ids[2], lockVersion: 0, status: 'ENABLE' });
    expect(on.body.msg).toBe('已启用');
    expect(await visibilityOf(images[2]!)).toBe('PUBLIC');
    const [log] = await logs('UPDATE');
    expect(log!.before).toMatchObject({ title: '春季申报' });
  });

  it('orders a position exactly as given', async () => {
    const partial = await call('/rest/cmsBanner/sort', { siteId, code: 'HOME', bannerIds: [ids[0]] });
    expect(partial.status).toBe(409);
    expect(partial.body.msg).toBe('轮播图已被他人调整，请刷新后重新排序');
    const res = await call('/rest/cmsBanner/sort', { siteId, code: 'HOME', bannerIds: [ids[2], ids[0], ids[1]] });
    expect(res.body.msg).toBe('排序成功');
    const page = await call('/rest/cmsBanner/getBannerPage', { siteId });
    expect(page.body.data.list.map((b: { bannerId: string }) => b.bannerId)).toEqual([ids[2], ids[0], ids[1]]);
    expect(await logs('SORT')).toHaveLength(1);
  });

  it('deletes one, then a batch all or nothing; deleted images go private', async () => {
    const one = await call('/rest/cmsBanner/delete', { bannerId: ids[2] });
    expect(one.body).toMatchObject({ code: '0000', msg: '删除成功' });
    expect(await visibilityOf(images[2]!)).toBe('PRIVATE');
    const mixed = await call('/rest/cmsBanner/deleteBatch', { ids: [ids[1], ids[2]] });
    expect(mixed.status).toBe(404);
    expect(mixed.body.msg).toBe('部分轮播图不存在或已被删除');
    expect((await call('/rest/cmsBanner/detail', { bannerId: ids[1] })).body.data.status).toBe('ENABLE');
    const batch = await call('/rest/cmsBanner/deleteBatch', { ids: [ids[0], ids[1]] });
    expect(batch.body).toMatchObject({ msg: '删除成功', data: { deleted: 2 } });
    expect((await call('/rest/cmsBanner/getBannerPage', {})).body.data.total).toBe(0);
    expect(await visibilityOf(images[1]!)).toBe('PRIVATE');
    expect(await logs('DELETE')).toHaveLength(3);
  });
});
