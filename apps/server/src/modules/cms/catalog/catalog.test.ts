import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createMemoryBus } from '../../../core/bus';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { cmsContent } from '../content/tables';
import { cmsSite } from '../site/tables';
import { cmsTemplate } from '../template/tables';
import { cmsCatalog } from './tables';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;
let siteId: string;
/** Portal cache flushes heard on the bus (every instance empties its cache on one). */
let flushes = 0;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const logs = (action: string) => ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'cms:catalog'), eq(sysOperLog.action, action)));
const row = async (id: string) => (await ctx.database.db.select().from(cmsCatalog).where(eq(cmsCatalog.id, Number(id))))[0]!;
const urls = ['getAdminTree', 'detail', 'add', 'update', 'updateStatus', 'move', 'sort', 'delete'].map((m) => `/rest/cmsCatalog/${m}`);
type Node = { catalogId: string; code: string; children: Node[] };
const codesOf = (nodes: Node[]): unknown[] => nodes.map((n) => (n.children.length ? [n.code, codesOf(n.children)] : n.code));

beforeAll(async () => {
  const bus = createMemoryBus();
  bus.subscribe('cache:cms-portal', () => flushes++);
  ctx = await createTestApp({ bus });
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'clerk', password: 'Clerk@2026x', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'clerk', 'Clerk@2026x') };
  // A site of our own keeps the seeded catalogues out of the way.
  const [site] = await ctx.database.db.insert(cmsSite).values({ siteCode: 'science', siteName: '科技站', displayName: '科技站' }).returning();
  siteId = String(site!.id);
});
afterAll(async () => {
  await ctx.app.close();
});

const body = (extra: Record<string, unknown> = {}) => ({ siteId, catalogName: '新闻中心', code: 'news', ...extra });

describe('catalogue routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    await expectRefusedToOutsiders(ctx.app, urls, clerk);
  });

  it('invalid input with 400 and the exact message, storing nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [body({ catalogName: '' }), '请输入栏目名称'],
      [body({ code: '' }), '请输入栏目编码'],
      [body({ code: '新闻' }), '编码须以字母开头，只能包含字母、数字、下划线和横杠'],
      [body({ catalogStatus: 'ON' }), '栏目状态只能是 ENABLE 或 DISABLE'],
      [body({ catalogType: 'X' }), '栏目类型不正确'],
      [body({ linkType: 'X' }), '链接类型只能是 FRONT_LINK 或 EXTERNAL_LINK'],
      [body({ openType: 'X' }), '打开方式只能是 INTERNAL_OPEN 或 EXTERNAL_OPEN'],
      [body({ catalogContentType: 'ARTICLE' }), '内容类型不正确'],
      [body({ linkType: 'EXTERNAL_LINK' }), '外部链接栏目请填写链接地址'],
      [body({ linkType: 'EXTERNAL_LINK', linkUrl: 'javascript:alert(1)' }), '请输入正确的网址!'],
      [body({ linkType: 'EXTERNAL_LINK', linkUrl: 'ftp://example.com' }), '请输入正确的网址!'],
      [body({ siteId: 'x' }), '编号格式不正确'],
    ];
    for (const [b, msg] of cases) {
      const res = await call('/rest/cmsCatalog/add', b);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await ctx.database.db.select().from(cmsCatalog).where(eq(cmsCatalog.siteId, Number(siteId)))).toHaveLength(0);
    expect(flushes).toBe(0);
  });

  it('an unknown site with 404 and an index template with 400', async () => {
    const missing = await call('/rest/cmsCatalog/add', body({ siteId: '999999' }));
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('站点不存在或已被删除');
    const [index] = await ctx.database.db
      .insert(cmsTemplate)
      .values({ templateCode: 'home', templateName: '首页', templateType: 'INDEX', componentName: 'HomeIndex' })
      .returning();
    const res = await call('/rest/cmsCatalog/add', body({ templateId: String(index!.id) }));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('首页模板不能用于栏目，请选择列表或详情模板');
  });
});

describe('catalogue tree administration', () => {
  const ids: Record<string, string> = {};

  it('adds catalogues with level and path from the parent, numbering siblings in tens; a duplicate code in the site is refused', async () => {
    for (const [code, name, parent] of [['news', '新闻中心', null], ['policy', '政策法规', null], ['local', '地方动态', 'news'], ['city', '市级', 'local']] as const) {
      const res = await call('/rest/cmsCatalog/add', body({ code, catalogName: name, parentCatalogId: parent ? ids[parent] : null }));
      expect(res.body.code, code).toBe('0000');
      ids[code] = res.body.data.catalogId;
    }
    expect(await row(ids.city!)).toMatchObject({ level: 3, catalogPath: '/news/local/city', catalogStatus: 'ENABLE', catalogType: 'TITLE_COLUMN', linkType: 'FRONT_LINK', openType: 'INTERNAL_OPEN', catalogContentType: 'ATTILE', showInNav: true });
    expect((await row(ids.policy!)).sort).toBe(20);
    const dup = await call('/rest/cmsCatalog/add', body({ code: 'news', catalogName: '另一个' }));
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('栏目编码已存在，请更换后重试');
    // The same code is fine in another site: codes are unique per site.
    const [seeded] = await ctx.database.db.select().from(cmsSite).where(eq(cmsSite.siteCode, 'dandelion'));
    expect((await call('/rest/cmsCatalog/add', { siteId: String(seeded!.id), catalogName: '外站', code: 'local' })).body.code).toBe('0000');
    const [log] = await logs('CREATE');
    expect(log).toMatchObject({ entityId: ids.news, summary: '新增栏目「新闻中心」' });
    expect(flushes).toBe(5);
  });

  it('answers the whole tree in every status, and a search keeps the ancestors of the matches', async () => {
    const tree = await call('/rest/cmsCatalog/getAdminTree', { siteId });
    expect(codesOf(tree.body.data)).toEqual([['news', [['local', ['city']]]], 'policy']);
    const search = await call('/rest/cmsCatalog/getAdminTree', { siteId, catalogName: '市级' });
    expect(codesOf(search.body.data)).toEqual([['news', [['local', ['city']]]]]);
    const byCode = await call('/rest/cmsCatalog/getAdminTree', { siteId, code: 'POL' });
    expect(codesOf(byCode.body.data)).toEqual(['policy']);
  });

  it('an external link stores its address; changing a code rewrites the paths below it; a stale version gets 409', async () => {
    const detail = await call('/rest/cmsCatalog/detail', { catalogId: ids.news });
    const res = await call('/rest/cmsCatalog/update', {
      catalogId: ids.news, lockVersion: detail.body.data.lockVersion, catalogName: '新闻', code: 'press',
      linkType: 'EXTERNAL_LINK', linkUrl: 'https://news.example.cn/a?b=1', openType: 'EXTERNAL_OPEN', catalogType: 'PICTURE_COLUMN', catalogContentType: 'PICTURE', showInNav: false, description: '外部新闻',
    });
    expect(res.body.data).toMatchObject({ code: 'press', catalogPath: '/press', linkUrl: 'https://news.example.cn/a?b=1', openType: 'EXTERNAL_OPEN', showInNav: false, lockVersion: 1 });
    expect(await row(ids.city!)).toMatchObject({ catalogPath: '/press/local/city', level: 3 });
    const stale = await call('/rest/cmsCatalog/update', { catalogId: ids.news, lockVersion: 0, catalogName: 'x', code: 'press' });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    // Back to a front link: the address is dropped.
    const back = await call('/rest/cmsCatalog/update', { catalogId: ids.news, lockVersion: 1, catalogName: '新闻', code: 'press', linkType: 'FRONT_LINK', linkUrl: 'https://x.cn' });
    expect(back.body.data.linkUrl).toBeNull();
    const [log] = await logs('UPDATE');
    expect(log!.before).toMatchObject({ code: 'news' });
  });

  it('never moves a catalogue under itself or its subtree, and moves with its subtree elsewhere', async () => {
    for (const target of [ids.news, ids.local, ids.city]) {
      const res = await call('/rest/cmsCatalog/move', { catalogId: ids.news, parentCatalogId: target });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('不能把栏目移动到它自己或它的下级栏目下');
    }
    const res = await call('/rest/cmsCatalog/move', { catalogId: ids.local, parentCatalogId: ids.policy });
    expect(res.body).toMatchObject({ msg: '移动成功', data: { level: 2, catalogPath: '/policy/local' } });
    expect(await row(ids.city!)).toMatchObject({ level: 3, catalogPath: '/policy/local/city' });
    const top = await call('/rest/cmsCatalog/move', { catalogId: ids.city, parentCatalogId: null });
    expect(top.body.data).toMatchObject({ level: 1, catalogPath: '/city', sort: 30 });
    expect((await logs('MOVE')).map((l) => l.summary)).toEqual(expect.arrayContaining(['移动栏目「地方动态」到「政策法规」下', '移动栏目「市级」到顶级']));
  });

  it('orders siblings exactly as given, refusing a list that is not exactly the siblings', async () => {
    const partial = await call('/rest/cmsCatalog/sort', { siteId, catalogIds: [ids.city, ids.news] });
    expect(partial.status).toBe(409);
    expect(partial.body.msg).toBe('栏目已被他人调整，请刷新后重新排序');
    const res = await call('/rest/cmsCatalog/sort', { siteId, parentCatalogId: null, catalogIds: [ids.city, ids.policy, ids.news] });
    expect(res.body.msg).toBe('排序成功');
    const roots = await ctx.database.db.select().from(cmsCatalog).where(and(eq(cmsCatalog.siteId, Number(siteId)), eq(cmsCatalog.level, 1))).orderBy(asc(cmsCatalog.sort));
    expect(roots.map((r) => r.code)).toEqual(['city', 'policy', 'press']);
    expect(await logs('SORT')).toHaveLength(1);
  });

  it('switches the status under the lock version', async () => {
    const current = await row(ids.policy!);
    const off = await call('/rest/cmsCatalog/updateStatus', { catalogId: ids.policy, lockVersion: current.lockVersion, catalogStatus: 'DISABLE' });
    expect(off.body).toMatchObject({ msg: '已停用', data: { catalogStatus: 'DISABLE' } });
    expect((await call('/rest/cmsCatalog/updateStatus', { catalogId: ids.policy, lockVersion: current.lockVersion, catalogStatus: 'ENABLE' })).status).toBe(409);
    const tree = await call('/rest/cmsCatalog/getAdminTree', { siteId });
    expect(codesOf(tree.body.data)).toContainEqual(['policy', ['local']]);
  });

  it('refuses to delete a catalogue with children or articles, saying which, then deletes it', async () => {
    const withChild = await call('/rest/cmsCatalog/delete', { catalogId: ids.policy });
    expect(withChild.status).toBe(409);
    expect(withChild.body.msg).toBe('栏目「政策法规」下还有 1 个子栏目，请先删除或移走子栏目');
    const [article] = await ctx.database.db.insert(cmsContent).values({ siteId: Number(siteId), catalogId: Number(ids.local), title: '一篇文章' }).returning();
    const withArticle = await call('/rest/cmsCatalog/delete', { catalogId: ids.local });
    expect(withArticle.status).toBe(409);
    expect(withArticle.body.msg).toBe('栏目「地方动态」下还有 1 篇文章，请先删除或移走文章');
    await ctx.database.db.update(cmsContent).set({ delFlag: 1 }).where(eq(cmsContent.id, article!.id));
    const res = await call('/rest/cmsCatalog/delete', { catalogId: ids.local });
    expect(res.body).toMatchObject({ code: '0000', msg: '删除成功' });
    expect((await call('/rest/cmsCatalog/detail', { catalogId: ids.local })).status).toBe(404);
    expect((await logs('DELETE'))[0]).toMatchObject({ entityId: ids.local, summary: '删除栏目「地方动态」' });
  });
});
