import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { sysOperLog } from '../../../core/audit';
import { THEME_BASIC_KEYS } from '@dandelion/shared/system/theme';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysTheme } from './tables';

let ctx: TestContext;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
  await createAccount(ctx.database, { username: 'painter', password: 'Painter@2026', roleCodes: ['APPLICANT'] });
  userToken = await signIn(ctx.app, 'painter', 'Painter@2026');
});
afterAll(async () => {
  await ctx.app.close();
});

const valueOf = (theme: { basicProperties: Array<{ uiName: string; value: unknown }> }, key: string) => theme.basicProperties.find((p) => p.uiName === key)?.value;

describe('POST /rest/theme/get', () => {
  it('refuses anonymous callers', async () => {
    const res = await post(ctx.app, '/rest/theme/get', {});
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: '401', success: false });
  });

  it('answers the seeded global default with every catalogue property in order', async () => {
    const res = await post(ctx.app, '/rest/theme/get', {}, { authorization: userToken });
    expect(res.body).toMatchObject({ code: '0000', data: { themeName: '默认主题', layoutUiName: 'cms-layout', personal: false } });
    expect(res.body.data.basicProperties.map((p: { uiName: string }) => p.uiName)).toEqual(THEME_BASIC_KEYS);
    expect(valueOf(res.body.data, 'multiTab')).toBe(true);
    expect(res.body.data.components.map((c: { uiName: string }) => c.uiName)).toEqual(['menu', 'logo', 'button', 'jModal', 'listTitle', 'formSearch', 'dTable']);
  });
});

describe('styled components (spec §3 Theme, §9 Theme defaults)', () => {
  type Component = { uiName: string; properties: Array<{ uiName: string; value: unknown; defaultValue: unknown; inputType: string; valueOption?: Array<{ value: string }> }> };
  const component = (data: { components: Component[] }, name: string) => data.components.find((c) => c.uiName === name)!;
  const propertyOf = (data: { components: Component[] }, name: string, key: string) => component(data, name).properties.find((p) => p.uiName === key)!;

  it('answers each component with its properties and the spec defaults', async () => {
    const res = await post(ctx.app, '/rest/theme/get', {}, { authorization: adminToken });
    const data = res.body.data;
    expect(component(data, 'menu').properties.map((p) => [p.uiName, p.value])).toEqual([
      ['fontSize', '14px'],
      ['height', '40px'],
      ['subMenuPadding', '0 0 0 10px'],
      ['subMenuPaddingL2', '0 0 0 30px'],
      ['fontWeight', 'normal'],
    ]);
    const align = propertyOf(data, 'button', 'buttonAlign');
    expect(align).toMatchObject({ value: 'left', defaultValue: 'left', inputType: 'select', displayName: '工具栏按钮对齐' });
    expect(align.valueOption!.map((o) => o.value)).toEqual(['left', 'center', 'right']);
    expect(propertyOf(data, 'button', 'fontWeight').valueOption!.map((o) => o.value)).toEqual(['bold', 'normal']);
    expect(propertyOf(data, 'jModal', 'buttonAlign').value).toBe('right');
    expect(propertyOf(data, 'formSearch', 'buttonAlign').value).toBe('left');
    expect(propertyOf(data, 'dTable', 'headerFontWeight').value).toBe('bold');
    expect(propertyOf(data, 'logo', 'fontWeight').value).toBe('bold');
    expect(propertyOf(data, 'listTitle', 'fontWeight').value).toBe('bold');
    for (const c of data.components as Component[]) expect(c.properties.length, c.uiName).toBeGreaterThan(0);
  });

  it('saves component values in a personal theme and refuses values outside their options', async () => {
    const save = (components: unknown) => post(ctx.app, '/rest/theme/personal/save', { layoutUiName: 'cms-layout', basicProperties: [], components }, { authorization: adminToken });
    const bad = await save([{ uiName: 'button', properties: [{ uiName: 'buttonAlign', value: 'justify' }] }]);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('工具栏按钮对齐的取值不在可选范围内');
    expect((await save([{ uiName: 'sidebar', properties: [] }])).body.msg).toBe('未知的主题组件：sidebar');
    expect((await save([{ uiName: 'button', properties: [{ uiName: 'color', value: 'red' }] }])).body.msg).toBe('未知的主题属性：color');

    const saved = await save([{ uiName: 'button', properties: [{ uiName: 'buttonAlign', value: 'right' }, { uiName: 'fontWeight', value: 'bold' }] }]);
    expect(saved.status).toBe(200);
    const mine = (await post(ctx.app, '/rest/theme/get', {}, { authorization: adminToken })).body.data;
    expect(propertyOf(mine, 'button', 'buttonAlign').value).toBe('right');
    expect(propertyOf(mine, 'button', 'fontWeight').value).toBe('bold');
    expect(propertyOf(mine, 'jModal', 'buttonAlign').value).toBe('right');
    await post(ctx.app, '/rest/theme/personal/reset', {}, { authorization: adminToken });
  });
});

describe('POST /rest/theme/personal/save and reset', () => {
  const save = (body: unknown, token = userToken) => post(ctx.app, '/rest/theme/personal/save', body, { authorization: token });

  it('refuses unknown layouts, unknown keys and malformed colours, storing nothing', async () => {
    expect((await post(ctx.app, '/rest/theme/personal/save', { layoutUiName: 'top-layout', basicProperties: [] })).status).toBe(401);
    const layout = await save({ layoutUiName: 'floating', basicProperties: [] });
    expect(layout.status).toBe(400);
    expect(layout.body.msg).toBe('不支持的布局：floating');
    const key = await save({ layoutUiName: 'top-layout', basicProperties: [{ uiName: 'fontFamily', value: 'x' }] });
    expect(key.body.msg).toBe('未知的主题属性：fontFamily');
    const colour = await save({ layoutUiName: 'top-layout', basicProperties: [{ uiName: 'primaryColor', value: 'red; background:url(x)' }] });
    expect(colour.status).toBe(400);
    expect(colour.body.msg).toBe('主题色必须是 #RRGGBB 格式的颜色');
    const flag = await save({ layoutUiName: 'top-layout', basicProperties: [{ uiName: 'multiTab', value: 'yes' }] });
    expect(flag.body.msg).toBe('多页签只能是开或关');
    expect(await ctx.database.db.select().from(sysTheme).where(eq(sysTheme.isDefault, false))).toHaveLength(0);
  });

  it('saves one override per user that only that user sees, and a second save replaces it', async () => {
    const first = await save({ layoutUiName: 'top-layout', basicProperties: [{ uiName: 'primaryColor', value: '#c0392b' }] });
    expect(first.body).toMatchObject({ code: '0000', msg: '主题已保存', data: { layoutUiName: 'top-layout', personal: true } });
    expect(valueOf(first.body.data, 'primaryColor')).toBe('#c0392b');
    expect(valueOf(first.body.data, 'multiTab')).toBe(true);

    const second = await save({ layoutUiName: 'cms-layout', basicProperties: [{ uiName: 'primaryColor', value: '#2e7d32' }, { uiName: 'multiTab', value: false }] });
    expect(second.body.data.themeId).toBe(first.body.data.themeId);
    const mine = await post(ctx.app, '/rest/theme/get', {}, { authorization: userToken });
    expect(valueOf(mine.body.data, 'primaryColor')).toBe('#2e7d32');
    expect(valueOf(mine.body.data, 'multiTab')).toBe(false);
    const overrides = await ctx.database.db.select().from(sysTheme).where(eq(sysTheme.isDefault, false));
    expect(overrides).toHaveLength(1);
    expect(overrides[0]).toMatchObject({ updateBy: 'painter', lockVersion: 1 });

    const admins = await post(ctx.app, '/rest/theme/get', {}, { authorization: adminToken });
    expect(admins.body.data).toMatchObject({ personal: false, layoutUiName: 'cms-layout' });

    const permission = await post(ctx.app, '/rest/index/permission', {}, { authorization: userToken });
    expect(permission.body.data.theme).toEqual({ layoutUiName: 'cms-layout' });
  });

  it('the layout of the override is what the permission response names', async () => {
    await save({ layoutUiName: 'top-layout', basicProperties: [] });
    const permission = await post(ctx.app, '/rest/index/permission', {}, { authorization: userToken });
    expect(permission.body.data.theme).toEqual({ layoutUiName: 'top-layout' });
  });

  it('reset drops the override and answers the global default', async () => {
    const res = await post(ctx.app, '/rest/theme/personal/reset', {}, { authorization: userToken });
    expect(res.body).toMatchObject({ code: '0000', msg: '已恢复默认主题', data: { personal: false, layoutUiName: 'cms-layout' } });
    expect(await ctx.database.db.select().from(sysTheme).where(eq(sysTheme.isDefault, false))).toHaveLength(0);
    // Saves and the reset are in the operation log under the user who made them.
    const logs = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'system:theme'), eq(sysOperLog.username, 'painter')));
    expect(logs.map((l) => l.action)).toEqual(['PERSONAL_SAVE', 'PERSONAL_SAVE', 'PERSONAL_SAVE', 'PERSONAL_RESET']);
    expect(logs.at(-1)).toMatchObject({ summary: '恢复默认主题（删除个人主题）', before: { layoutUiName: 'top-layout' } });
    // A second reset has nothing to drop and logs nothing.
    await post(ctx.app, '/rest/theme/personal/reset', {}, { authorization: userToken });
    // (Counted for this user: other tests in the file reset their own themes.)
    expect(
      await ctx.database.db
        .select()
        .from(sysOperLog)
        .where(and(eq(sysOperLog.module, 'system:theme'), eq(sysOperLog.action, 'PERSONAL_RESET'), eq(sysOperLog.username, 'painter'))),
    ).toHaveLength(1);
  });
});
