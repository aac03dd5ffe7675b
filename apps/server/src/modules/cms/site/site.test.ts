import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { sysFile } from '../../file/tables';
import { cmsCatalog } from '../catalog/tables';
import { cmsSite } from './tables';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
async function upload(filename: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  const encoded = new Response(form);
  const res = await ctx.app.inject({
    method: 'POST', url: '/auth/webUpload', payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, authorization: admin.authorization! },
  });
  return String(res.json().data.fileId);
}
const visibilityOf = async (fileId: string) => (await ctx.database.db.select().from(sysFile).where(eq(sysFile.id, Number(fileId))))[0]!.visibility;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const logs = (action: string) => ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'cms:site'), eq(sysOperLog.action, action)));
const siteBody = { siteCode: 'science', siteName: '科技站', displayName: '科技服务门户', siteStatus: '1', copyright: '© 2026 科技局', icp: '京ICP备00000001号' };
const urls = ['getSitePage', 'listAll', 'detail', 'add', 'update', 'updateStatus', 'setDefault', 'delete'].map((m) => `/rest/cms_site/${m}`);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'clerk', password: 'Clerk@2026x', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'clerk', 'Clerk@2026x') };
});
afterAll(async () => {
  await ctx.app.close();
});

describe('site routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    await expectRefusedToOutsiders(ctx.app, urls, clerk);
  });

  it('invalid input with 400 and the exact message, storing nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...siteBody, siteCode: '' }, '请输入站点编码'],
      [{ ...siteBody, siteCode: '9科技' }, '编码须以字母开头，只能包含字母、数字、下划线和横杠'],
      [{ ...siteBody, siteName: ' ' }, '请输入站点名称'],
      [{ ...siteBody, displayName: undefined }, '请输入显示名称'],
      [{ ...siteBody, siteStatus: '0' }, '站点状态只能是 2（在线）或 1（离线）'],
      [{ ...siteBody, logoFileId: 'abc' }, '站点标志编号格式不正确'],
      [{ ...siteBody, icp: 'x'.repeat(65) }, 'ICP 备案号不能超过64个字符'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/cms_site/add', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await ctx.database.db.select().from(cmsSite).where(eq(cmsSite.siteCode, 'science'))).toHaveLength(0);
  });

  it('a logo that is not an image, or not an upload, with 400', async () => {
    const pdf = await upload('说明.pdf', Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF', 'latin1'));
    const notImage = await call('/rest/cms_site/add', { ...siteBody, logoFileId: pdf });
    expect(notImage.status).toBe(400);
    expect(notImage.body.msg).toBe('站点标志只能是图片（jpg、png、gif、webp、bmp）');
    const missing = await call('/rest/cms_site/add', { ...siteBody, logoFileId: '987654' });
    expect(missing.body.msg).toBe('站点标志不存在，请重新上传');
    expect(await ctx.database.db.select().from(cmsSite).where(eq(cmsSite.siteCode, 'science'))).toHaveLength(0);
  });

  it('the default site cannot be deleted nor taken offline, and a site with catalogues cannot be deleted', async () => {
    const [site] = await ctx.database.db.select().from(cmsSite).where(eq(cmsSite.siteCode, 'dandelion'));
    const del = await call('/rest/cms_site/delete', { siteId: String(site!.id) });
    expect(del.status).toBe(409);
    expect(del.body.msg).toBe(`站点「${site!.siteName}」是默认站点，不能删除，请先将其他站点设为默认站点`);
    const offline = await call('/rest/cms_site/updateStatus', { siteId: String(site!.id), lockVersion: site!.lockVersion, siteStatus: '1' });
    expect(offline.status).toBe(409);
    expect(offline.body.msg).toBe('默认站点不能下线，请先将其他站点设为默认站点');
    expect((await ctx.database.db.select().from(cmsSite).where(eq(cmsSite.id, site!.id)))[0]).toMatchObject({ siteStatus: '2', delFlag: 0 });
  });
});

describe('site administration', () => {
  let siteId: string;
  let logo: string;

  it('adds a site with a logo kept private while offline, and refuses a duplicate code naming the field', async () => {
    logo = await upload('logo.png', PNG);
    const res = await call('/rest/cms_site/add', { ...siteBody, logoFileId: logo });
    expect(res.body).toMatchObject({ code: '0000', msg: '新增成功', data: { ...siteBody, isDefault: false, logoFileId: logo, lockVersion: 0, createBy: 'admin' } });
    expect(res.body.data.logoUrl).toContain(`fileId=${logo}`);
    siteId = res.body.data.siteId;
    expect(await visibilityOf(logo)).toBe('PRIVATE');
    const [log] = await logs('CREATE');
    expect(log).toMatchObject({ entityId: siteId, username: 'admin', summary: '新增站点「科技站」' });
    const dup = await call('/rest/cms_site/add', { ...siteBody, siteName: '另一个' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('站点编码已存在，请更换后重试');
  });

  it('pages sites by code, name and status; the default site first', async () => {
    const all = await call('/rest/cms_site/getSitePage', { pageParameter: { pageNum: 1, pageSize: 10 } });
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.list[0]).toMatchObject({ siteCode: 'dandelion', isDefault: true });
    const offline = await call('/rest/cms_site/getSitePage', { siteStatus: '1' });
    expect(offline.body.data.list.map((s: { siteCode: string }) => s.siteCode)).toEqual(['science']);
    expect((await call('/rest/cms_site/getSitePage', { siteName: '科技站' })).body.data.total).toBe(1);
    expect((await call('/rest/cms_site/getSitePage', { siteCode: 'nothing' })).body.data.total).toBe(0);
    expect((await call('/rest/cms_site/listAll', {})).body.data).toHaveLength(2);
  });

  it('cannot make an offline site the default', async () => {
    const res = await call('/rest/cms_site/setDefault', { siteId });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('站点「科技站」未上线，请先上线再设为默认站点');
  });

  it('updates under the lock version, refuses a stale one, and publishes the logo while online', async () => {
    const res = await call('/rest/cms_site/update', { ...siteBody, siteName: '科技服务站', siteStatus: '2', logoFileId: logo, siteId, lockVersion: 0 });
    expect(res.body.data).toMatchObject({ siteName: '科技服务站', siteStatus: '2', lockVersion: 1 });
    expect(await visibilityOf(logo)).toBe('PUBLIC');
    const { siteStatus: _omitted, ...withoutStatus } = siteBody;
    const noStatus = await call('/rest/cms_site/update', { ...withoutStatus, siteId, lockVersion: 1 });
    expect(noStatus.status).toBe(400);
    expect(noStatus.body.msg).toBe('站点状态只能是 2（在线）或 1（离线）');
    const stale = await call('/rest/cms_site/update', { ...siteBody, siteId, lockVersion: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const [log] = await logs('UPDATE');
    expect(log!.before).toMatchObject({ siteName: '科技站', siteStatus: '1' });
    expect(log!.after).toMatchObject({ siteName: '科技服务站', siteStatus: '2' });
  });

  it('a replaced logo goes private; going offline takes the current one private too', async () => {
    const newLogo = await upload('logo2.png', PNG);
    await call('/rest/cms_site/update', { ...siteBody, siteStatus: '2', logoFileId: newLogo, siteId, lockVersion: 1 });
    expect(await visibilityOf(logo)).toBe('PRIVATE');
    expect(await visibilityOf(newLogo)).toBe('PUBLIC');
    const off = await call('/rest/cms_site/updateStatus', { siteId, lockVersion: 2, siteStatus: '1' });
    expect(off.body).toMatchObject({ msg: '已下线', data: { siteStatus: '1', lockVersion: 3 } });
    expect(await visibilityOf(newLogo)).toBe('PRIVATE');
    const on = await call('/rest/cms_site/updateStatus', { siteId, lockVersion: 3, siteStatus: '2' });
    expect(on.body.msg).toBe('已上线');
    expect(await visibilityOf(newLogo)).toBe('PUBLIC');
    expect(await visibilityOf(logo)).toBe('PRIVATE');
  });

  it('moves the default to another online site, which the portal then shows when no site is named', async () => {
    const res = await call('/rest/cms_site/setDefault', { siteId });
    expect(res.body).toMatchObject({ msg: '已设为默认站点', data: { isDefault: true } });
    const defaults = await ctx.database.db.select().from(cmsSite).where(and(eq(cmsSite.isDefault, true), eq(cmsSite.delFlag, 0)));
    expect(defaults.map((s) => String(s.id))).toEqual([siteId]);
    const detail = await call('/rest/cms_site/detail', { siteId });
    expect(detail.body.data).toMatchObject({ siteCode: 'science', isDefault: true, logoUrl: expect.stringContaining('fileId=') });
  });

  it('refuses to delete a site that has catalogues, then deletes it once they are gone', async () => {
    const [old] = await ctx.database.db.select().from(cmsSite).where(eq(cmsSite.siteCode, 'dandelion'));
    await call('/rest/cms_site/setDefault', { siteId: String(old!.id) });
    await ctx.database.db.insert(cmsCatalog).values({ siteId: Number(siteId), catalogName: '动态', code: 'news', catalogPath: '/news' });
    const held = await call('/rest/cms_site/delete', { siteId });
    expect(held.status).toBe(409);
    expect(held.body.msg).toBe('站点「科技站」下还有 1 个栏目，请先删除栏目再删除站点');
    await ctx.database.db.update(cmsCatalog).set({ delFlag: 1 }).where(eq(cmsCatalog.siteId, Number(siteId)));
    const res = await call('/rest/cms_site/delete', { siteId });
    expect(res.body).toMatchObject({ code: '0000', msg: '删除成功' });
    expect((await call('/rest/cms_site/detail', { siteId })).status).toBe(404);
    const [log] = await logs('DELETE');
    expect(log).toMatchObject({ entityId: siteId, summary: '删除站点「科技站」' });
  });
});
