import type { APIRequestContext, Page } from '@playwright/test';
import { adminToken, expect, snapshot, test } from './fixtures';

/**
 * System administration journey of issue 5: an organisation, a role with a few permissions and a
 * user in that organisation with that role; the user sees exactly what the role grants; freezing
 * ends their open session; recycle and restore. The organisation and the role are created through
 * their forms; the permission binding and the user through the API (their screens have component tests).
 */

const ADMIN_PASSWORD = 'Admin@2026!';
const byLabel = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await byLabel(page, '用户名').fill(username);
  await byLabel(page, '密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

async function call<T>(request: APIRequestContext, token: string, path: string, data: unknown, method: 'post' | 'put' = 'post'): Promise<T> {
  const response = await request[method](path, { headers: { authorization: token }, data });
  const body = (await response.json()) as { code: string; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe('0000');
  return body.data;
}

interface FuncNode {
  funcId: string;
  funcCode: string;
  children: FuncNode[];
}
const flatten = (nodes: FuncNode[]): FuncNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

test('an organisation, a role and a user: the user sees exactly the grant; freezing ends their session; recycle and restore', async ({ browser, page, request, pageErrors }) => {
  const stamp = String(Date.now() % 1e8);
  const admin = await adminToken(request);

  // The administrator creates the organisation and the role through their forms.
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/system/org/orgAdd');
  await byLabel(page, '机构编码').fill(`E2E${stamp}`);
  await byLabel(page, '机构名称').fill(`测试处${stamp}`);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  const orgs = await call<Array<{ orgId: string; orgCode: string }>>(request, admin, '/rest/organ/tree', { keyword: `E2E${stamp}` });
  const org = orgs.find((o) => o.orgCode === `E2E${stamp}`)!;
  expect(org).toBeTruthy();

  await page.goto('/system/role/roleAdd');
  await byLabel(page, '角色编码').fill(`SMS_VIEW_${stamp}`);
  await byLabel(page, '角色名称').fill(`短信查看${stamp}`);
  await byLabel(page, '角色类型').click();
  await page.locator('.ant-select-dropdown').getByText('系统', { exact: true }).click();
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  const roles = await call<Array<{ roleId: string; roleCode: string }>>(request, admin, '/rest/role/getAllRole', {});
  const role = roles.find((r) => r.roleCode === `SMS_VIEW_${stamp}`)!;
  expect(role).toBeTruthy();
  const tree = await call<{ funcs: FuncNode[] }>(request, admin, '/rest/role/permissionTree', {});
  const granted = flatten(tree.funcs).filter((f) => ['message', 'message:sms:main', 'message:sms:list'].includes(f.funcCode));
  expect(granted).toHaveLength(3);
  await call(request, admin, '/rest/role/bindPermission', { roleId: role.roleId, funcIds: granted.map((f) => f.funcId) });
  const username = `staff${stamp}`;
  const password = 'Staff#2026go';
  await call(request, admin, '/api/service', { id: 0, username, realname: `职员${stamp.slice(-4)}`, orgId: org.orgId, empStatus: 'NORMAL', enableUser: 1, roleIds: [role.roleId], password });

  // The user: exactly the granted menu; the list without its delete buttons; other console pages are 403.
  const staffContext = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const staff = await staffContext.newPage();
  await signIn(staff, username, password);
  await expect(staff).toHaveURL(/\/home$/);
  const menu = staff.getByTestId('console-menu');
  await expect(menu.getByText('消息管理')).toBeVisible();
  await expect(menu.getByText('系统管理')).toHaveCount(0);
  await menu.getByText('消息管理').click();
  await menu.getByText('短信日志', { exact: true }).click();
  await expect(staff).toHaveURL(/\/message\/sms\/smsList$/);
  await expect(staff.getByRole('columnheader', { name: '手机号' })).toBeVisible();
  await expect(staff.getByRole('button', { name: /批量删除/ })).toHaveCount(0);
  await snapshot(staff, 'system-granted-user');
  await staff.goto('/system/user/userList');
  await expect(staff).toHaveURL(/\/403$/);

  // The administrator finds the user and freezes them from the list.
  await page.goto('/system/user/userList');
  await byLabel(page, '用户名').fill(username);
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.getByRole('row', { name: new RegExp(username) });
  await expect(row).toBeVisible();
  await snapshot(page, 'system-user-list');
  // 冻结 is one of several overflow actions: it sits in the 更多 menu and confirms in a dialog.
  await row.getByText('更多').click();
  await page.getByRole('menuitem', { name: '冻结' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /确定|确 定|冻结/ }).click();
  await expect(row.getByText('冻结', { exact: true })).toBeVisible();

  // Their open session has ended: the next call answers 401 and the login dialog opens.
  await staff.goto('/message/sms/smsList');
  await expect(staff.getByText('登录已失效，请重新登录')).toBeVisible();

  // Recycle bin and restore.
  await call(request, admin, '/rest/user/DelUser', { userIds: [await userId(request, admin, username)] });
  await page.getByRole('button', { name: '回收站' }).click();
  const bin = page.getByRole('dialog', { name: '回收站' });
  const binRow = bin.getByRole('row', { name: new RegExp(username) });
  await expect(binRow).toBeVisible();
  await binRow.getByRole('button', { name: '恢复' }).click();
  await expect(page.getByText('恢复成功')).toBeVisible();
  await expect(bin.getByRole('row', { name: new RegExp(username) })).toHaveCount(0);
  const restored = await call<{ list: Array<{ username: string; status: string }> }>(request, admin, '/rest/user/getUserPage', { pageParameter: { pageNum: 1, pageSize: 10 }, username });
  expect(restored.list.map((u) => [u.username, u.status])).toEqual([[username, 'FROZEN']]);

  await staffContext.close();
  expect(pageErrors).toEqual([]);
});

async function userId(request: APIRequestContext, token: string, username: string): Promise<string> {
  const page = await call<{ list: Array<{ userId: string; username: string }> }>(request, token, '/rest/user/getUserPage', { pageParameter: { pageNum: 1, pageSize: 10 }, username });
  return page.list.find((u) => u.username === username)!.userId;
}
