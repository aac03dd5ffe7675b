import type { APIRequestContext } from '@playwright/test';
import { adminToken, expect, signInAsAdmin, test } from './fixtures';

/**
 * Detail pages (issue 15): a record's …Detail is a read-only description list with 编辑 for those
 * who may edit, not the edit form greyed out; a role's detail carries its users and permissions.
 */


async function call<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { headers: { authorization: token }, data });
  const body = (await response.json()) as { code: string; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe('0000');
  return body.data;
}


test('a post opened from its list’s 详情 is described, and 编辑 opens its edit form', async ({ page, request, pageErrors }) => {
  const stamp = String(Date.now() % 1e8);
  const admin = await adminToken(request);
  await call(request, admin, '/rest/postService/addPost', { postCode: `DET_${stamp}`, postName: `详情岗位${stamp}`, status: 'NORMAL', sort: 3 });

  await signInAsAdmin(page);
  await page.goto('/system/post/postList');
  await page.locator('form').getByLabel('岗位名称', { exact: true }).fill(`详情岗位${stamp}`);
  await page.locator('button', { hasText: /^查询$/ }).click();
  const row = page.locator('tr', { hasText: `DET_${stamp}` });
  await row.locator('button', { hasText: /^详情$/ }).click();

  await expect(page).toHaveURL(/\/system\/post\/postDetail\?id=\d+$/);
  const card = page.locator('.ant-card', { hasText: '岗位详情' });
  await expect(card.locator('.ant-descriptions')).toBeVisible();
  const valueOf = (label: string) => card.locator('th', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::td[1]');
  await expect(valueOf('岗位编码')).toHaveText(`DET_${stamp}`);
  await expect(valueOf('岗位名称')).toHaveText(`详情岗位${stamp}`);
  await expect(valueOf('状态')).toHaveText('正常');
  await expect(valueOf('备注')).toHaveText('—');
  await expect(valueOf('创建时间')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  // A description, not a form: no input boxes, no required asterisks, no placeholders.
  await expect(card.locator('input, textarea, .ant-select')).toHaveCount(0);
  await expect(card.locator('.ant-form-item-required')).toHaveCount(0);

  await card.locator('button', { hasText: /^编辑$/ }).click();
  await expect(page).toHaveURL(/\/system\/post\/postUpd\?id=\d+$/);
  await expect(page.locator('.ant-card-head-title', { hasText: '修改岗位' })).toBeVisible();
  await expect(page.locator('.ant-card', { hasText: '修改岗位' }).getByLabel('岗位编码', { exact: true })).toHaveValue(`DET_${stamp}`);
  expect(pageErrors).toEqual([]);
});

test('a role’s detail shows its users and its granted permissions in tabs', async ({ page, request, pageErrors }) => {
  const stamp = String(Date.now() % 1e8);
  const admin = await adminToken(request);
  const role = await call<{ roleId: string }>(request, admin, '/rest/role/add', { roleCode: `DET_${stamp}`, roleName: `详情角色${stamp}`, roleType: 'SYS', dataScope: 'SELF', status: 'NORMAL', sort: 0 });

  await signInAsAdmin(page);
  await page.goto(`/system/role/roleDetail?id=${role.roleId}`);
  const card = page.locator('.ant-card', { hasText: '角色详情' });
  await expect(card.getByText(`DET_${stamp}`)).toBeVisible();
  await expect(card.getByText('仅本人')).toBeVisible();

  await card.getByRole('tab', { name: '用户' }).click();
  await expect(page.getByText('还没有用户拥有该角色')).toBeVisible();

  await card.getByRole('tab', { name: '权限' }).click();
  await expect(page.getByText('菜单与按钮')).toBeVisible();
  await expect(page.getByText('未绑定数据权限规则')).toBeVisible();
  expect(pageErrors).toEqual([]);
});
