import type { APIRequestContext, Page } from '@playwright/test';
import { adminToken, expect, openMenuEntry, snapshot, test } from './fixtures';

/**
 * System administration journey: an organisation, a role with a few permissions and a
 * user in that organisation with that role; the user sees exactly what the role grants; freezing
 * ends their open session; recycle and restore. Everything the administrator does goes through the
 * screens; the API is only read to check what was stored.
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

  // 分配权限 from the role list: only the SMS log list page; its parents become half-checked and are granted with it.
  await page.goto('/system/role/roleList');
  await byLabel(page, '角色编码').fill(`SMS_VIEW_${stamp}`);
  await page.getByRole('button', { name: '查询' }).click();
  const roleRow = page.getByRole('row', { name: new RegExp(`SMS_VIEW_${stamp}`) });
  await roleRow.getByText('更多').click();
  await page.getByRole('menuitem', { name: '分配权限' }).click();
  const drawer = page.getByRole('dialog', { name: new RegExp(`分配权限：短信查看${stamp}`) });
  // The tree opens folded to its groups; 展开全部 shows every page and button.
  await drawer.getByRole('button', { name: '展开全部', exact: true }).click();
  await drawer.locator('.ant-tree-treenode', { hasText: '短信日志列表' }).locator('.ant-tree-checkbox').click();
  await expect(drawer.locator('.ant-tree-treenode', { hasText: '消息管理' }).first().locator('.ant-tree-checkbox-indeterminate')).toBeVisible();
  await snapshot(page, 'system-role-permissions');
  await drawer.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('权限已保存')).toBeVisible();
  const bound = await call<{ funcIds: string[] }>(request, admin, '/rest/role/getRolePermission', { roleId: role.roleId });
  const tree = await call<{ funcs: FuncNode[] }>(request, admin, '/rest/role/permissionTree', {});
  const codeOf = new Map(flatten(tree.funcs).map((f) => [f.funcId, f.funcCode]));
  expect(bound.funcIds.map((id) => codeOf.get(id)).sort()).toEqual(['message', 'message:sms:list', 'message:sms:main']);

  // The user, through the shared user form: in the new organisation, with the new role.
  const username = `staff${stamp}`;
  const password = 'Staff#2026go';
  await page.goto('/system/user/userAdd');
  await byLabel(page, '用户名').fill(username);
  await byLabel(page, '姓名').fill(`职员${stamp.slice(-4)}`);
  await byLabel(page, '所属机构').click();
  await page.locator('.ant-select-dropdown:visible').getByText(`测试处${stamp}`).click();
  await byLabel(page, '角色').click();
  await page.locator('.ant-select-dropdown:visible').getByText(`短信查看${stamp}`, { exact: true }).click();
  await page.keyboard.press('Escape');
  await byLabel(page, '初始密码').fill(password);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  const created = await call<{ list: Array<{ username: string; orgId: string }> }>(request, admin, '/rest/user/getUserPage', { pageParameter: { pageNum: 1, pageSize: 10 }, username });
  expect(created.list.map((u) => [u.username, u.orgId])).toEqual([[username, org.orgId]]);

  // The user: exactly the granted menu; the list without its delete buttons; other console pages are 403.
  const staffContext = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const staff = await staffContext.newPage();
  await signIn(staff, username, password);
  await expect(staff).toHaveURL(/\/home$/);
  const menu = staff.getByTestId('console-menu');
  await expect(menu.getByText('消息管理')).toBeVisible();
  await expect(menu.getByText('系统管理')).toHaveCount(0);
  await openMenuEntry(menu, '消息管理', '短信日志');
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
  await row.getByText('更多').click();
  await page.getByRole('menuitem', { name: '删除' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /确定|确 定|删除/ }).click();
  await expect(page.getByText('已移入回收站')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(username) })).toHaveCount(0);
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
