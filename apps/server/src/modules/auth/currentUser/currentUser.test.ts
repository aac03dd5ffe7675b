import { DECLARE_PERMISSIONS } from '@dandelion/shared/award/declaration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, get, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';

let ctx: TestContext;
let adminToken: string;
let applicantToken: string;
let adminId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await createAccount(ctx.database, { username: 'wangwu', password: 'Wangwu@2026', roleCodes: ['APPLICANT'] });
  adminToken = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
  applicantToken = await signIn(ctx.app, 'wangwu', 'Wangwu@2026');
  adminId = (await get(ctx.app, '/api/user/info', { authorization: adminToken })).body.data.userId;
});
afterAll(async () => {
  await ctx.app.close();
});

const titles = (nodes: Array<{ meta: { title: string } }>) => nodes.map((n) => n.meta.title);

describe('menus and permissions of the signed-in user', () => {
  it('refuses anonymous callers', async () => {
    for (const url of ['/rest/menu/UserMenuList', '/rest/menu/getMenuUserTree', '/rest/index/init', '/rest/index/permission', '/rest/user/getUserRoles']) {
      expect((await post(ctx.app, url, {})).status, url).toBe(401);
    }
  });

  it('gives the administrator the whole console tree with spec §2 menu nodes', async () => {
    const res = await post(ctx.app, '/rest/menu/UserMenuList', {}, { authorization: adminToken });
    expect(titles(res.body.data)).toEqual(['评奖管理', '基础模块', '内容管理', '系统管理', '消息管理', '个人中心']);
    const system = res.body.data.find((n: { name: string }) => n.name === 'system');
    const user = system.children.find((n: { name: string }) => n.name === 'system:user:main');
    expect(user).toMatchObject({ path: '/system/user', redirect: '/system/user/userList', hidden: false, alwaysShow: false });
    const perm = user.children.find((n: { path: string }) => n.path === '/system/user/userPerm');
    expect(perm).toMatchObject({ name: 'system:user:perm', hidden: true, meta: { title: '分配角色', activeMenu: '/system/user' } });
    // Buttons are permissions, not menu entries.
    expect(JSON.stringify(res.body.data)).not.toContain('system:user:reset');
  });

  it('gives an applicant only what the applicant role grants, and drops empty groups', async () => {
    const tree = await post(ctx.app, '/rest/menu/getMenuUserTree', {}, { authorization: applicantToken });
    expect(titles(tree.body.data.menus)).toEqual(['个人中心']);
    // The declaration actions are buttons under 个人中心, not menu entries.
    expect([...tree.body.data.permissions].sort()).toEqual(['center:main', ...Object.values(DECLARE_PERMISSIONS).filter((c) => !c.endsWith(':main'))].sort());
  });

  it('init answers icons, menu, apps, indexMenu, appDicts and permissions', async () => {
    const res = await post(ctx.app, '/rest/index/init', {}, { authorization: adminToken });
    expect(Object.keys(res.body.data).sort()).toEqual(['appDicts', 'apps', 'icons', 'indexMenu', 'menu', 'permissions']);
    expect(res.body.data.indexMenu.path).toBe('/home');
    expect(res.body.data.permissions).toEqual(expect.arrayContaining(['system:user:list', 'system:user:reset', 'base:dict:list']));
  });

  it('the permission response carries the site display name, templates, theme and index template', async () => {
    const res = await post(ctx.app, '/rest/index/permission', {}, { authorization: applicantToken });
    expect(res.body.data).toMatchObject({
      site: { displayName: '蒲公英科技奖励申报平台' },
      theme: { layoutUiName: 'cms-layout' },
      indexTemplateEntity: { componentPath: 'home/index' },
    });
    expect(titles(res.body.data.templateList)).toEqual(['个人中心']);
  });

  it('roles by user id: one’s own freely, another’s only with system:user:list', async () => {
    expect((await post(ctx.app, '/rest/user/getUserRoles', {}, { authorization: applicantToken })).body.data).toEqual([
      expect.objectContaining({ roleCode: 'APPLICANT', roleType: 'CLIENT' }),
    ]);
    const other = await post(ctx.app, '/rest/user/getUserRoles', { userId: adminId }, { authorization: applicantToken });
    expect(other.status).toBe(403);
    expect(other.body.msg).toBe('没有权限执行此操作');
    const asAdmin = await post(ctx.app, '/rest/user/getUserRoles', { userId: adminId }, { authorization: adminToken });
    expect(asAdmin.body.data[0].roleCode).toBe('ADMIN');
  });
});
