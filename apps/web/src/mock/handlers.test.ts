import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import type { MenuNode } from '../api/consoleTypes';
import { postJson } from '../api/http';
import { ALL_CODES, EXTRA_ADMIN_CODE } from './data/menus';
import { MOCK_PASSWORD } from './data/users';
import { handlers, mockCaptchaAnswer } from './handlers';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

interface MockBody<T = unknown> {
  code: number;
  success: boolean;
  msg: string;
  data: T;
}

async function call<T = unknown>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<MockBody<T>> {
  const response = await fetch(path, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: init.token } : {}) },
    body: init.method === 'GET' ? undefined : JSON.stringify(init.body ?? {}),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as MockBody<T>;
}

async function login(username: string, password = MOCK_PASSWORD): Promise<string> {
  const answer = await call<{ token: string }>('/pillar/login', { body: { username, password } });
  expect([answer.code, answer.success]).toEqual([20000, true]);
  return answer.data.token;
}

function walk(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => [n, ...walk(n.children)]);
}

describe('mock login', () => {
  it('getCaptcha answers an image data URL and a key', async () => {
    const answer = await call<{ captchaKey: string; image: string }>('/pillar/login/getCaptcha');
    expect([answer.code, answer.success, answer.msg]).toEqual([20000, true, '操作成功']);
    expect(answer.data.image).toMatch(/^data:image\/svg\+xml/);
    expect(mockCaptchaAnswer(answer.data.captchaKey)).toMatch(/^[A-Z2-9]{4}$/);
  });

  it('answers a token for admin and editor and refuses a wrong password or an unknown user', async () => {
    expect(await login('admin')).toBe('admin-token');
    expect(await login('editor')).toBe('editor-token');
    for (const body of [{ username: 'admin', password: 'wrong' }, { username: 'nobody', password: MOCK_PASSWORD }, {}]) {
      const refused = await call('/pillar/login', { body });
      expect([refused.code, refused.success, refused.msg, refused.data]).toEqual([60204, false, '账号或密码错误', null]);
    }
  });

  it('checks a captcha once when one is sent', async () => {
    const { data } = await call<{ captchaKey: string }>('/pillar/login/getCaptcha');
    const answer = mockCaptchaAnswer(data.captchaKey)!;
    const wrong = await call('/pillar/login', { body: { username: 'admin', password: MOCK_PASSWORD, captchaKey: data.captchaKey, captchaCode: 'XXXX' } });
    expect([wrong.code, wrong.msg]).toEqual([60205, '验证码错误或已过期']);
    // Spent by the failed attempt.
    const reused = await call('/pillar/login', { body: { username: 'admin', password: MOCK_PASSWORD, captchaKey: data.captchaKey, captchaCode: answer } });
    expect(reused.code).toBe(60205);

    const fresh = (await call<{ captchaKey: string }>('/pillar/login/getCaptcha')).data.captchaKey;
    const good = await call<{ token: string }>('/pillar/login', {
      body: { username: 'admin', password: MOCK_PASSWORD, captchaKey: fresh, captchaCode: mockCaptchaAnswer(fresh)!.toLowerCase() },
    });
    expect([good.code, good.data.token]).toEqual([20000, 'admin-token']);
  });
});

describe('mock current user', () => {
  it('getUserInfo answers user, emp, org, roles and funcs; ADMIN holds every code plus one', async () => {
    interface UserInfo {
      user: Record<string, unknown>;
      emp: Record<string, unknown>;
      org: Record<string, unknown>;
      roles: string[];
      funcs: string[];
    }
    const answer = await call<UserInfo>('/pillar/common/getUserInfo', { token: await login('admin') });
    expect([answer.code, answer.success, answer.msg]).toEqual([20000, true, '获取用户信息成功！']);
    const { user, emp, org, roles, funcs } = answer.data;
    expect(user).toMatchObject({ userRealName: '系统管理员', status: 'NORMAL', loginType: 'ACCOUNT' });
    for (const field of ['avatar', 'userPhone', 'userEmail', 'cardType', 'cardNo']) expect(user[field]).toBeTruthy();
    expect(Object.keys(emp).sort()).toEqual(
      ['empId', 'empCode', 'empName', 'orgId', 'empAvatar', 'inDate', 'outDate', 'empStatus', 'enableUser', 'empSort', 'remark'].sort(),
    );
    expect([emp.empStatus, emp.enableUser, emp.orgId]).toEqual(['NORMAL', 1, org.orgId]);
    expect(Object.keys(org).sort()).toEqual(
      [
        'orgId', 'orgCode', 'orgName', 'orgType', 'orgLevel', 'parentOrgId', 'parentOrgIds', 'orgAddr',
        'orgLinkman', 'orgLinktel', 'orgLinkemail', 'orgStatus', 'orgSort', 'remark',
      ].sort(),
    );
    expect(org.orgStatus).toBe('NORMAL');
    expect(roles).toEqual(['ADMIN']);
    expect(funcs.length).toBe(ALL_CODES.length + 1);
    expect(funcs).toEqual(expect.arrayContaining([...ALL_CODES, EXTRA_ADMIN_CODE]));
    expect(ALL_CODES).not.toContain(EXTRA_ADMIN_CODE);
  });

  it('the editor holds only content-management and personal-centre codes', async () => {
    const answer = await call<{ roles: string[]; funcs: string[] }>('/pillar/common/getUserInfo', { token: await login('editor') });
    expect(answer.data.roles).toEqual(['EDITOR']);
    expect(answer.data.funcs).toContain('cms:resource:list');
    expect(answer.data.funcs.every((code) => /^(cms|center)(:|$)/.test(code))).toBe(true);
  });

  it.each(['/pillar/common/getUserInfo', '/pillar/common/getMenusByUser'])('%s refuses an unknown token with 50008', async (path) => {
    for (const token of ['forged-token', undefined]) {
      const answer = await call(path, { token });
      expect([answer.code, answer.success, answer.msg, answer.data]).toEqual([50008, false, 'Login failed, unable to get user details.', null]);
    }
  });

  it('getMenusByUser answers the menu tree in the spec node shape', async () => {
    const answer = await call<MenuNode[]>('/pillar/common/getMenusByUser', { token: 'admin-token' });
    expect([answer.code, answer.success, answer.msg]).toEqual([20000, true, '获取用户菜单成功！']);
    expect(answer.data.map((n) => n.path)).toEqual(['/base', '/cms', '/system', '/center']);
    const nodes = walk(answer.data);
    for (const n of nodes) {
      expect(Object.keys(n).sort()).toEqual(['alwaysShow', 'children', 'hidden', 'id', 'meta', 'name', 'path', 'pid', 'redirect', 'url']);
      expect(Object.keys(n.meta).sort()).toEqual(['activeMenu', 'icon', 'title']);
      for (const child of n.children) expect(child.pid).toBe(n.id);
    }
    const dict = nodes.find((n) => n.path === '/base/dict')!;
    expect(dict).toMatchObject({ name: 'base:dict:main', redirect: '/base/dict/dictList', url: 'Layout' });
    expect(dict.children[0]).toMatchObject({ path: '/base/dict/dictList', url: 'base/dict/dictList', hidden: true, meta: { activeMenu: '/base/dict' } });
    expect(new Set(nodes.map((n) => n.id)).size).toBe(nodes.length);

    const editor = await call<MenuNode[]>('/pillar/common/getMenusByUser', { token: 'editor-token' });
    expect(editor.data.map((n) => n.path)).toEqual(['/cms', '/center']);
  });

  it('getTopMsgNum answers 0 and logout answers null data', async () => {
    const count = await call('/pillar/common/getTopMsgNum', { token: 'admin-token' });
    expect([count.code, count.success, count.msg, count.data]).toEqual([20000, true, '操作成功', 0]);
    const logout = await call('/pillar/logout', { token: 'admin-token' });
    expect([logout.code, logout.success, logout.msg, logout.data]).toEqual([20000, true, '操作成功', null]);
  });

  it('vue-admin user/info answers the profile for a known token and 50008 otherwise', async () => {
    const known = await call<{ roles: string[]; name: string; avatar: string; introduction: string }>('/vue-admin-template/user/info?token=admin-token', { method: 'GET' });
    expect([known.code, known.success, known.msg]).toEqual([20000, true, '获取用户信息成功！']);
    expect(known.data).toMatchObject({ roles: ['admin'], name: '系统管理员' });
    const unknown = await call('/vue-admin-template/user/info?token=nope', { method: 'GET' });
    expect([unknown.code, unknown.msg]).toEqual([50008, 'Login failed, unable to get user details.']);
  });

  it('the vue-admin table list answers the table mock records', async () => {
    const answer = await call<{ total: number; items: Array<Record<string, unknown>> }>('/vue-admin-template/table/list', { method: 'GET' });
    expect(answer.data.total).toBe(answer.data.items.length);
    for (const item of answer.data.items) {
      expect(Object.keys(item).sort()).toEqual(['author', 'display_time', 'id', 'pageviews', 'status', 'title']);
      expect(['published', 'draft', 'deleted']).toContain(item.status);
    }
  });
});

describe('mock portal content', () => {
  it('/rest/cms/index answers the portal envelope with serviceId and header, and the request layer unwraps it', async () => {
    const response = await fetch('/rest/cms/index', { method: 'POST', body: '{}' });
    const body = (await response.json()) as Record<string, unknown>;
    expect([body.rtnCode, body.rtnMessage, body.serviceId]).toEqual(['0000', '操作成功', 'cms.index']);
    expect(body.header).toMatchObject({ serviceId: 'cms.index', rtnTime: expect.stringMatching(/^\d{14}$/) });

    const index = await postJson<{ site: { displayName: string; siteStatus: string }; catalogs: unknown[]; sections: Array<{ contents: unknown[] }> }>('/rest/cms/index', {});
    expect(index.site).toMatchObject({ displayName: '蒲公英科技奖励申报平台', siteStatus: '2' });
    expect(index.catalogs.length).toBeGreaterThan(0);
    expect(index.sections.every((s) => s.contents.length > 0)).toBe(true);
  });

  it('/rest/cmsCatalog/TreeCmsCatalogBySite answers the catalogue tree with the spec fields', async () => {
    const tree = await postJson<Array<Record<string, unknown> & { children: Array<Record<string, unknown>> }>>('/rest/cmsCatalog/TreeCmsCatalogBySite', { siteId: '1' });
    const policy = tree.find((c) => c.code === 'policy')!;
    expect(policy).toMatchObject({
      catalogStatus: 'ENABLE',
      catalogType: 'TITLE_COLUMN',
      linkType: 'FRONT_LINK',
      openType: 'INTERNAL_OPEN',
      catalogContentType: 'ATTILE',
      level: 1,
      parentCatalogId: '0',
      siteId: '1',
    });
    expect(policy.children[0]).toMatchObject({ level: 2, parentCatalogId: policy.catalogId });
  });
});
