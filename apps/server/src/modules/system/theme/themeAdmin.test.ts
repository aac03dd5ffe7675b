import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { sysTheme } from './tables';

let ctx: TestContext;
let admin: string;
let applicant: string;
const call = (url: string, body: unknown, token = admin) => post(ctx.app, url, body, { authorization: token });
const valueOf = (theme: { basicProperties: Array<{ uiName: string; value: unknown }> }, key: string) => theme.basicProperties.find((p) => p.uiName === key)?.value;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
  await createAccount(ctx.database, { username: 'applicant', password: 'Applicant@2026', roleCodes: ['APPLICANT'] });
  applicant = await signIn(ctx.app, 'applicant', 'Applicant@2026');
});
afterAll(async () => {
  await ctx.app.close();
});

describe('shared theme administration', () => {
  it('refuses anonymous callers and callers without the code', async () => {
    for (const url of ['/rest/theme/query', '/rest/theme/create', '/rest/theme/update', '/rest/theme/delete', '/rest/theme/setGlobalDefaultTheme']) {
      expect((await post(ctx.app, url, {})).status, url).toBe(401);
      expect((await call(url, {}, applicant)).status, url).toBe(403);
    }
    const detail = await call('/rest/theme/get', { themeId: '1' }, applicant);
    expect(detail.status).toBe(403);
    expect((await call('/rest/theme/get', {}, applicant)).body.data.personal).toBe(false);
  });

  it('refuses unknown layouts and malformed values', async () => {
    const layout = await call('/rest/theme/create', { themeName: '夜间', layoutUiName: 'floating', basicProperties: [] });
    expect(layout.status).toBe(400);
    expect(layout.body.msg).toBe('不支持的布局：floating');
    const colour = await call('/rest/theme/create', { themeName: '夜间', layoutUiName: 'top-layout', basicProperties: [{ uiName: 'primaryColor', value: 'red' }] });
    expect(colour.body.msg).toBe('主题色必须是 #RRGGBB 格式的颜色');
    expect((await call('/rest/theme/create', { themeName: '', layoutUiName: 'top-layout', basicProperties: [] })).body.msg).toBe('请输入主题名称');
  });

  it('creates, reads, updates, switches the default and refuses deleting the default', async () => {
    const created = await call('/rest/theme/create', { themeName: '夜间', layoutUiName: 'top-layout', basicProperties: [{ uiName: 'primaryColor', value: '#112233' }] });
    expect(created.body).toMatchObject({ msg: '新增成功', data: { themeName: '夜间', isDefault: false, lockVersion: 0, personal: false } });
    const id = created.body.data.themeId;
    expect(valueOf(created.body.data, 'primaryColor')).toBe('#112233');
    expect((await call('/rest/theme/get', { themeId: id })).body.data).toMatchObject({ themeId: id, themeName: '夜间', isDefault: false });

    // A personal override never shows in the shared list.
    await call('/rest/theme/personal/save', { layoutUiName: 'top-layout', basicProperties: [] }, applicant);
    const list = await call('/rest/theme/query', { pageParameter: { pageNum: 1, pageSize: 10 } });
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.list.map((t: { themeName: string }) => t.themeName)).toEqual(['默认主题', '夜间']);

    const updated = await call('/rest/theme/update', { themeId: id, lockVersion: 0, themeName: '夜间2', layoutUiName: 'cms-layout', basicProperties: [{ uiName: 'multiTab', value: false }] });
    expect(updated.body.data).toMatchObject({ themeName: '夜间2', lockVersion: 1 });
    const stale = await call('/rest/theme/update', { themeId: id, lockVersion: 0, themeName: 'x', layoutUiName: 'cms-layout', basicProperties: [] });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');

    const oldDefault = list.body.data.list[0].themeId;
    const set = await call('/rest/theme/setGlobalDefaultTheme', { themeId: id });
    expect(set.body).toMatchObject({ msg: '已设为默认主题', data: { isDefault: true } });
    const defaults = await ctx.database.db.select().from(sysTheme).where(and(eq(sysTheme.isDefault, true), eq(sysTheme.delFlag, 0)));
    expect(defaults.map((t) => String(t.id))).toEqual([id]);
    expect((await call('/rest/theme/get', {})).body.data.themeName).toBe('夜间2');

    const refused = await call('/rest/theme/delete', { themeId: id });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('不能删除全局默认主题，请先把其他主题设为默认');
    expect((await call('/rest/theme/delete', { themeId: oldDefault })).body.msg).toBe('删除成功');
    const [log] = await ctx.database.db.select().from(sysOperLog).where(eq(sysOperLog.module, 'system:theme')).orderBy(desc(sysOperLog.id)).limit(1);
    expect(log).toMatchObject({ action: 'DELETE', entityId: oldDefault });
  });
});
