import type { Page } from '@playwright/test';
import { adminToken, expect, signInAsAdmin, snapshot, test } from './fixtures';

/**
 * Empty lists say what to do next: a list with nothing stored yet (the values of a dictionary
 * category made for this journey, so no other journey's data can fill it) says what it holds and
 * offers the add action, which opens the add dialog; a search that matches nothing in a list that
 * has rows (角色管理) says so and offers 清空条件, which brings the rows back.
 */

const byLabel = (page: Page, label: string) => page.getByLabel(label, { exact: true });


test('an empty list offers its add action; a search that matched nothing offers 清空条件', async ({ page, request, pageErrors }) => {
  const token = await adminToken(request);
  const suffix = String(Date.now() % 1e6);
  const categoryName = `空分类${suffix}`;
  const added = await request.post('/rest/dict/add', {
    headers: { authorization: token },
    data: { dictCode: `EMPTY_${suffix}`, dictName: categoryName },
  });
  expect(added.status(), await added.text()).toBe(200);

  await signInAsAdmin(page);

  // Nothing stored: what the list holds, what to do, and the add action.
  await page.goto('/base/dict/dictList');
  await page.locator('.dict-category-node', { hasText: categoryName }).locator('span', { hasText: categoryName }).first().click();
  await expect(page.getByText(`字典项 · ${categoryName}`)).toBeVisible();
  await expect(page.getByText('还没有字典项', { exact: true })).toBeVisible();
  await expect(page.getByText('字典项是该分类下可选的值，新增后即出现在使用它的下拉框中。')).toBeVisible();
  const addItem = page.getByRole('button', { name: /新增字典项/ });
  await expect(addItem).toBeVisible();
  await page.screenshot({ path: '/tmp/empty-state.png' });
  await snapshot(page, 'empty-state-dict-items');
  await addItem.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('字典项编码', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();

  // A search that matches nothing: say so, and 清空条件 brings every row back with the field emptied.
  await page.goto('/system/role/roleList');
  const adminRow = page.getByRole('row', { name: /系统管理员/ });
  await expect(adminRow).toBeVisible();
  await byLabel(page, '角色名称').fill(`没有这个角色${Date.now() % 1e6}`);
  await page.getByRole('button', { name: /查询/ }).click();
  await expect(page.getByText('没有符合条件的记录')).toBeVisible();
  await expect(adminRow).toHaveCount(0);
  await expect(page.getByRole('button', { name: /新增角色/ })).toHaveCount(0);
  await snapshot(page, 'empty-state-no-match');
  await page.getByRole('button', { name: /清空条件/ }).click();
  await expect(adminRow).toBeVisible();
  await expect(byLabel(page, '角色名称')).toHaveValue('');
  await expect(page.getByText('没有符合条件的记录')).toHaveCount(0);

  expect(pageErrors).toEqual([]);
});
