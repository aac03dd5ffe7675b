import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createMemoryBus } from '../../../core/bus';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { cmsCatalog } from '../catalog/tables';
import { cmsSite } from '../site/tables';
import { cmsTemplate } from './tables';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;
let flushes = 0;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const logs = (action: string) => ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'cms:template'), eq(sysOperLog.action, action)));
const urls = ['getTemplatePage', 'listAll', 'detail', 'add', 'update', 'delete'].map((m) => `/rest/cmsTemplate/${m}`);
const listBody = { templateCode: 'news_list', templateName: '新闻列表', templateType: 'LIST', templateStyle: 'LIST', componentName: 'ContentList', remark: '条目式' };

beforeAll(async () => {
  const bus = createMemoryBus();
  bus.subscribe('cache:cms-portal', () => flushes++);
  ctx = await createTestApp({ bus });
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'clerk', password: 'Clerk@2026x', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'clerk', 'Clerk@2026x') };
});
afterAll(async () => {
  await ctx.app.close();
});

describe('template routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    await expectRefusedToOutsiders(ctx.app, urls, clerk);
  });

  it('invalid input with 400 and the exact message, storing nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...listBody, templateCode: '' }, '请输入模板编码'],
      [{ ...listBody, templateCode: '列表' }, '编码须以字母开头，只能包含字母、数字、下划线和横杠'],
      [{ ...listBody, templateName: '' }, '请输入模板名称'],
      [{ ...listBody, templateType: 'PAGE' }, '模板类型只能是 INDEX、LIST 或 DETAIL'],
      [{ ...listBody, templateStyle: 'CARD' }, '展示样式只能是 LIST、GRID 或 TABLE'],
      [{ ...listBody, componentName: '<script>' }, '组件名称只能是门户已注册的组件：HomeIndex、ContentList、ContentGrid、ContentTable、ContentDetail'],
      [{ ...listBody, thumbnail: '123' }, '模板预览图不存在，请重新上传'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/cmsTemplate/add', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await ctx.database.db.select().from(cmsTemplate)).toHaveLength(0);
    expect(flushes).toBe(0);
  });
});

describe('template administration', () => {
  let templateId: string;

  it('adds a template with an operation-log row and refuses a duplicate code naming the field', async () => {
    const res = await call('/rest/cmsTemplate/add', listBody);
    expect(res.body).toMatchObject({ code: '0000', msg: '新增成功', data: { ...listBody, lockVersion: 0, thumbnail: null } });
    templateId = res.body.data.templateId;
    expect((await logs('CREATE'))[0]).toMatchObject({ entityId: templateId, summary: '新增模板「新闻列表」' });
    const dup = await call('/rest/cmsTemplate/add', { ...listBody, templateName: '另一个' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('模板编码已存在，请更换后重试');
    expect(flushes).toBe(1);
  });

  it('pages and lists templates by type', async () => {
    await call('/rest/cmsTemplate/add', { templateCode: 'home', templateName: '门户首页', templateType: 'INDEX', componentName: 'HomeIndex' });
    const page = await call('/rest/cmsTemplate/getTemplatePage', { pageParameter: { pageNum: 1, pageSize: 10 } });
    expect(page.body.data.total).toBe(2);
    expect((await call('/rest/cmsTemplate/getTemplatePage', { templateName: '首页' })).body.data.list[0].templateCode).toBe('home');
    expect((await call('/rest/cmsTemplate/getTemplatePage', { templateType: 'LIST' })).body.data.list.map((t: { templateCode: string }) => t.templateCode)).toEqual(['news_list']);
    expect((await call('/rest/cmsTemplate/listAll', { templateType: 'INDEX' })).body.data.map((t: { templateCode: string }) => t.templateCode)).toEqual(['home']);
    expect((await call('/rest/cmsTemplate/listAll', {})).body.data).toHaveLength(2);
  });

  it('updates under the lock version and refuses a stale one', async () => {
    const res = await call('/rest/cmsTemplate/update', { ...listBody, templateStyle: 'GRID', componentName: 'ContentGrid', templateId, lockVersion: 0 });
    expect(res.body.data).toMatchObject({ templateStyle: 'GRID', componentName: 'ContentGrid', lockVersion: 1 });
    const stale = await call('/rest/cmsTemplate/update', { ...listBody, templateId, lockVersion: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const [log] = await logs('UPDATE');
    expect(log!.before).toMatchObject({ templateStyle: 'LIST' });
    expect(log!.after).toMatchObject({ templateStyle: 'GRID' });
    expect((await call('/rest/cmsTemplate/detail', { templateId })).body.data.componentName).toBe('ContentGrid');
  });

  it('refuses to delete a template a catalogue uses (or to make it an index template), then deletes it once free', async () => {
    const [site] = await ctx.database.db.select().from(cmsSite).where(eq(cmsSite.siteCode, 'dandelion'));
    const [catalog] = await ctx.database.db.insert(cmsCatalog).values({ siteId: site!.id, catalogName: '使用者', code: 'user_of_tpl', templateId: Number(templateId) }).returning();
    const used = await call('/rest/cmsTemplate/delete', { templateId });
    expect(used.status).toBe(409);
    expect(used.body.msg).toBe('模板「新闻列表」正被 1 个栏目使用，请先为这些栏目更换模板再删除');
    const toIndex = await call('/rest/cmsTemplate/update', { ...listBody, templateType: 'INDEX', templateId, lockVersion: 1 });
    expect(toIndex.status).toBe(409);
    expect(toIndex.body.msg).toBe('模板「新闻列表」正被 1 个栏目使用，不能改为首页模板');
    await ctx.database.db.update(cmsCatalog).set({ templateId: null }).where(eq(cmsCatalog.id, catalog!.id));
    const res = await call('/rest/cmsTemplate/delete', { templateId, lockVersion: 1 });
    expect(res.body).toMatchObject({ code: '0000', msg: '删除成功' });
    expect((await call('/rest/cmsTemplate/detail', { templateId })).status).toBe(404);
    expect((await logs('DELETE'))[0]).toMatchObject({ entityId: templateId, summary: '删除模板「新闻列表」' });
  });
});
