import { expect, snapshot, test } from './fixtures';

test('the home page renders the seeded site in Chinese', async ({ page, pageErrors }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/首页/);
  await expect(page.getByRole('heading', { name: '蒲公英科技奖励申报平台' })).toBeVisible();
  for (const section of ['通知公告', '政策文件', '新闻动态', '奖项介绍']) {
    await expect(page.getByText(section, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText('关于开展2026年度科学技术奖提名工作的通知')).toBeVisible();
  await expect(page.getByText('我要申报')).toBeVisible();
  await snapshot(page, 'home');
  expect(pageErrors).toEqual([]);
});

test('the home page fits a phone screen', async ({ page, pageErrors }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  // The home page's own section (the header's navigation links sit in the phone drawer at this width).
  await expect(page.getByRole('main').getByText('通知公告', { exact: true }).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snapshot(page, 'home-phone');
  expect(pageErrors).toEqual([]);
});

test('/login renders the account and phone sign-in forms with Chinese validation', async ({ page, pageErrors }) => {
  await page.goto('/login');
  await expect(page.getByRole('tab', { name: '账号登录' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '手机号登录' })).toBeVisible();
  // Enter in a field submits the form, and each field says what it lacks.
  await page.getByLabel('用户名', { exact: true }).press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: '请输入用户名' })).toBeVisible();
  await expect(page.getByText('请输入密码')).toBeVisible();
  await expect(page.getByLabel('用户名', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('请输入用户名')).toBeVisible();
  await page.getByRole('tab', { name: '手机号登录' }).click();
  await page.getByPlaceholder('请输入手机号').fill('12345');
  await page.getByPlaceholder('请输入手机号').blur();
  await expect(page.getByText('您的手机号码格式不正确!')).toBeVisible();
  await snapshot(page, 'login');
  expect(pageErrors).toEqual([]);
});

test('an unknown path shows the 404 page with a way back', async ({ page, pageErrors }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('抱歉，您访问的页面不存在。')).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(pageErrors).toEqual([]);
});

test('the standalone error pages render', async ({ page, pageErrors }) => {
  for (const [path, text] of [['/403', '403'], ['/500', '500'], ['/errorBlank', '返回首页'], ['/enroll', '注册']] as const) {
    await page.goto(path);
    await expect(page.getByText(text).first()).toBeVisible();
  }
  expect(pageErrors).toEqual([]);
});

test('the API documentation is browsable at /api-docs', async ({ page, pageErrors }) => {
  await page.goto('/api-docs');
  // Tags start folded; the filter box narrows them and a click opens one.
  await page.getByPlaceholder(/filter/i).fill('门户内容');
  const tag = page.locator('h3.opblock-tag', { hasText: '门户内容' });
  await expect(page.locator('h3.opblock-tag')).toHaveCount(1);
  await tag.click();
  await expect(tag).toHaveAttribute('data-is-open', 'true');
  await expect(page.getByText('/rest/content/queryClientListByPage')).toBeVisible();
  expect(pageErrors).toEqual([]);
});
