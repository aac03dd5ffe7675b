import type { APIRequestContext, Page } from '@playwright/test';
import { adminToken, expect, snapshot, test } from './fixtures';

/**
 * Logs journey: the administrator renames a post through its form; the operation log
 * shows the change and its detail the field before and after; the interface log shows the calls
 * (the sign-in with its password masked); the home page draws the visit and sign-in trends; the
 * monitor's figures refresh by themselves.
 */

const ADMIN_PASSWORD = 'Admin@2026!';
/** The field on the page in front: the console keeps other tabs' pages (and their search forms) alive. */
const byLabel = (page: Page, label: string) => page.getByLabel(label, { exact: true }).filter({ visible: true });

async function call<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { headers: { authorization: token }, data });
  const body = (await response.json()) as { code: string; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe('0000');
  return body.data;
}

test('a change is logged with before and after, calls are logged masked, the home page and the monitor show live figures', async ({ page, request, pageErrors }) => {
  const stamp = String(Date.now() % 1e8);
  const admin = await adminToken(request);
  const post = await call<{ postId: string }>(request, admin, '/rest/postService/addPost', { postCode: `LOG_${stamp}`, postName: `档案员${stamp}`, status: 'NORMAL', sort: 0 });

  // Sign in through the login page: this call is what the interface log must show masked.
  await page.goto('/login');
  await byLabel(page, '用户名').fill('admin');
  await byLabel(page, '密码').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Rename the post through its form.
  await page.goto('/system/post/postList');
  await byLabel(page, '岗位编码').fill(`LOG_${stamp}`);
  await page.getByRole('button', { name: '查询' }).click();
  await page.getByRole('row', { name: new RegExp(`LOG_${stamp}`) }).getByRole('button', { name: '修改' }).click();
  // The list (kept alive in its tab) has a 岗位名称 search field too: take the page on show's.
  const nameField = page.locator('.dl-console-page').filter({ visible: true }).getByLabel('岗位名称', { exact: true });
  await expect(nameField).toHaveValue(`档案员${stamp}`);
  await nameField.fill(`档案管理员${stamp}`);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();

  // The operation log: the change, then its before and after.
  await page.goto('/base/log/logList');
  await page.getByRole('button', { name: '展开' }).click();
  await byLabel(page, '记录编号').fill(post.postId);
  await page.getByRole('button', { name: '查询' }).click();
  const change = page.getByRole('row', { name: new RegExp(`修改岗位「档案管理员${stamp}」`) });
  await expect(change).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`新增岗位「档案员${stamp}」`) })).toBeVisible();
  await snapshot(page, 'logs-operation-list');
  await change.getByRole('button', { name: '详情' }).click();
  await expect(page).toHaveURL(/\/base\/log\/logDetail\?id=\d+$/);
  const nameRow = page.getByRole('row', { name: /岗位名称/ });
  await expect(nameRow.locator('.dl-log-diff__old')).toHaveText(`档案员${stamp}`);
  await expect(nameRow.locator('.dl-log-diff__new')).toHaveText(`档案管理员${stamp}`);
  await expect(page.getByText(/^修改 \d+ 项$/)).toBeVisible();
  await snapshot(page, 'logs-operation-detail');

  // From the change to its interface call (same request id), written by the batch writer within seconds.
  await page.getByRole('button', { name: '查看接口调用' }).click();
  await expect(page).toHaveURL(/\/base\/rest\/restList\?requestId=/);
  await expect(async () => {
    await page.getByRole('button', { name: '查询' }).click();
    await expect(page.getByRole('row', { name: /\/rest\/postService\/updatePost/ })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  // The sign-in call: its password is stored masked.
  await page.goto('/base/rest/restList');
  await byLabel(page, '接口路径').fill('/callback');
  await page.getByRole('button', { name: '查询' }).click();
  const signInRow = page.getByRole('row', { name: /\/callback/ }).first();
  await expect(signInRow).toBeVisible();
  await snapshot(page, 'logs-rest-list');
  await signInRow.getByRole('button', { name: '详情' }).click();
  const requestBody = page.locator('pre.dl-log-body').first();
  await expect(requestBody).toContainText('"password": "******"');
  await expect(requestBody).not.toContainText(ADMIN_PASSWORD);
  await expect(page.locator('pre.dl-log-body').nth(1)).toContainText('"token": "******"');
  await snapshot(page, 'logs-rest-detail');

  // Sign-in and access logs, two tabs of one page; the pages just opened are there.
  await page.goto('/base/log/loginLogList');
  await expect(page.getByRole('row', { name: /admin.*账号密码.*成功/ }).first()).toBeVisible();
  await snapshot(page, 'logs-login-list');
  await page.getByRole('tab', { name: '访问日志' }).click();
  await expect(page.getByRole('row', { name: /控制台.*\/base\/log\/logList/ }).first()).toBeVisible();
  await snapshot(page, 'logs-access-list');

  // The home page: today's figures and both trend charts, drawn once ECharts has loaded.
  await page.goto('/home');
  await expect(page.getByText('今日访问量')).toBeVisible();
  // The charts and the table sit below the fold and load when scrolled to.
  await page.getByTestId('home-trends-placeholder').scrollIntoViewIfNeeded();
  for (const name of [/门户、控制台访问量/, /登录成功、失败次数/]) {
    await expect(page.getByRole('img', { name }).locator('svg')).toBeVisible();
  }
  await expect(page.getByText('热门页面（近 7 天）')).toBeVisible();
  await snapshot(page, 'logs-home');

  // The monitor: figures that refresh by themselves.
  await page.goto('/base/monitor/monitorMain');
  await expect(page.getByText('每 5 秒刷新')).toBeVisible();
  const updated = page.getByText(/^更新于 /);
  await expect(updated).toBeVisible();
  const first = await updated.textContent();
  await expect(updated).not.toHaveText(first!, { timeout: 15_000 });
  await expect(page.getByRole('img', { name: /CPU 使用率/ }).locator('svg')).toBeVisible();
  await expect(page.getByText('PGlite（嵌入式）')).toBeVisible();
  await snapshot(page, 'logs-monitor');

  expect(pageErrors).toEqual([]);
});
