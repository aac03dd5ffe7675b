import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { adminToken, expect, test } from './fixtures';

/**
 * Accessibility of the sign-in page and the console's key pages (issue 15): axe-core finds no
 * critical or serious violation once each page shows its data, and every console page names
 * itself with one h1 inside the main landmark.
 */

const ADMIN_PASSWORD = 'Admin@2026!';

/** Waits until the console page in view shows its data: no skeleton or spinner left. */
async function settled(page: Page) {
  const view = page.locator('.dl-console-page:visible, .dl-console-content');
  await expect(view.first()).toBeVisible();
  await expect(page.locator('main .ant-skeleton, main .dl-shimmer')).toHaveCount(0);
  await expect(page.locator('main .ant-spin-spinning')).toHaveCount(0);
}

/** The console page's heading: one visible h1 in main naming the page. */
async function expectHeading(page: Page, title: string) {
  await expect(page.locator('main h1:visible')).toHaveText(title);
}

test('login, console home, a list, an add form and a detail page have no critical or serious axe violation', async ({
  page,
  request,
  pageErrors,
}) => {
  const admin = await adminToken(request);
  const stamp = Date.now().toString(36).toUpperCase();
  const created = await request.post('/rest/postService/addPost', {
    headers: { authorization: admin },
    data: { postCode: `A11Y_${stamp}`, postName: `无障碍岗位${stamp}`, status: 'NORMAL', sort: 0 },
  });
  const { data: post } = (await created.json()) as { data: { postId: string } };
  await page.setViewportSize({ width: 1366, height: 768 });

  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '登录页');

  await page.getByLabel('用户名', { exact: true }).fill('admin');
  await page.getByLabel('密码', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await settled(page);
  await expectHeading(page, '首页');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '控制台首页');

  await page.goto('/system/user/userList');
  // The first visit of a page loads its code chunk on a busy machine: allow for it.
  await expect(page.getByRole('cell', { name: 'admin', exact: true })).toBeVisible({ timeout: 30_000 });
  await settled(page);
  await expectHeading(page, '用户管理');
  await expectNoSeriousA11yViolations(page, '用户管理');

  await page.goto('/system/post/postAdd');
  await expect(page.getByLabel('岗位名称', { exact: true })).toBeVisible();
  await settled(page);
  await expectHeading(page, '新增岗位');
  await expectNoSeriousA11yViolations(page, '岗位新增');

  await page.goto(`/system/post/postDetail?id=${post.postId}`);
  const postName = `无障碍岗位${stamp}`;
  // A read-only form shows the name in an input, a description list as text: either will do.
  await expect(page.getByText(postName).or(page.locator(`input[value="${postName}"]`)).first()).toBeVisible();
  await settled(page);
  await expectNoSeriousA11yViolations(page, '岗位详情');
  expect(pageErrors).toEqual([]);
});
