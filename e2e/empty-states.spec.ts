import type { Page } from '@playwright/test';
import { adminToken, expect, snapshot, test } from './fixtures';

/**
 * Empty lists say what to do next: a list with nothing stored yet (岗位管理 on a fresh install)
 * says what it holds and offers the add action, which opens the add form; a search that matches
 * nothing in a list that has rows (角色管理) says so and offers 清空条件, which brings the rows back.
 */

const ADMIN_PASSWORD = 'Admin@2026!';
const byLabel = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function signIn(page: Page) {
  await page.goto('/login');
  await byLabel(page, '用户名').fill('admin');
  await byLabel(page, '密码').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

test('an empty list offers its add action; a search that matched nothing offers 清空条件', async ({ page, request, pageErrors }) => {
  // The installation seeds no posts; the journey is about that empty list, so make sure it is.
  const token = await adminToken(request);
  const posts = await request.post('/rest/postService/getPostByPage', { headers: { authorization: token }, data: { pageParameter: { pageNum: 1, pageSize: 1 } } });
  expect(((await posts.json()) as { data: { total: number } }).data.total, 'posts stored before the journey').toBe(0);

  await signIn(page);

  // Nothing stored: what the list holds, what to do, and the add action.
  await page.goto('/system/post/postList');
  await expect(page.getByText('还没有岗位', { exact: true })).toBeVisible();
  await expect(page.getByText('岗位标明用户担任的职务，新增后可在用户信息中分配。')).toBeVisible();
  const addPost = page.getByRole('button', { name: /新增岗位/ });
  await expect(addPost).toBeVisible();
  await page.screenshot({ path: '/tmp/empty-state.png' });
  await snapshot(page, 'empty-state-posts');
  await addPost.click();
  await expect(page).toHaveURL(/\/system\/post\/postAdd$/);
  await expect(byLabel(page, '岗位编码')).toBeVisible();

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
