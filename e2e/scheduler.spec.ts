import type { APIRequestContext, Page } from '@playwright/test';
import { adminToken, expect, snapshot, test } from './fixtures';

/**
 * Scheduled tasks: the administrator creates a task through the form that calls the
 * server's own /healthz every 2 seconds; its runs appear in the run log with the response in the
 * message body, schedulerLogDetail shows the whole body; after 停用 no further slot is run.
 * Everything is done through the screens; the API is only read to check what was stored.
 */

const ADMIN_PASSWORD = 'Admin@2026!';
// The console keeps visited pages mounted (multi-tab), hidden: only the page in view counts.
const byLabel = (page: Page, label: string) => page.getByLabel(label, { exact: true }).filter({ visible: true });

async function signIn(page: Page) {
  await page.goto('/login');
  await byLabel(page, '用户名').fill('admin');
  await byLabel(page, '密码').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

// Tall enough that the form fits: a full-page screenshot then shows the fixed header where it is.
test.use({ viewport: { width: 1280, height: 1800 } });

interface Run {
  logId: string;
  triggerType: string;
  fireTime: string;
  status: string;
}

async function scheduledRuns(request: APIRequestContext, token: string, taskId: string): Promise<Run[]> {
  const response = await request.post('/rest/task/getTaskLogPage', {
    headers: { authorization: token },
    data: { pageParameter: { pageNum: 1, pageSize: 500 }, taskId, triggerType: 'SCHEDULE' },
  });
  const body = (await response.json()) as { code: string; data: { list: Run[] } };
  expect(body.code).toBe('0000');
  return body.data.list;
}

test('a task firing every 2 seconds: its run log and message body appear, and 停用 stops it', async ({ page, request, pageErrors }) => {
  const stamp = String(Date.now() % 1e8);
  const code = `E2E_PING_${stamp}`;
  const name = `自检${stamp}`;
  const admin = await adminToken(request);

  await signIn(page);
  await page.goto('/base/scheduler/schedulerMain');
  await expect(page.locator('button', { hasText: /^新增$/ })).toBeVisible();

  // The form: cron with its live preview, the HTTP job with its description, the parameters as JSON.
  await page.locator('button', { hasText: /^新增$/ }).click();
  await expect(page).toHaveURL(/\/base\/scheduler\/schedulerAdd$/);
  await expect(page.getByText('新增定时任务')).toBeVisible();
  await byLabel(page, '任务编码').fill(code);
  await byLabel(page, '任务名称').fill(name);
  await byLabel(page, '任务分组').fill('OPS');
  await byLabel(page, '启用').check();
  await byLabel(page, 'Cron 表达式').fill('*/2 * * * * *');
  const preview = byLabel(page, '接下来的触发时间');
  await expect(preview.locator('li')).toHaveCount(5);
  await byLabel(page, '任务处理器').click();
  await page.locator('.ant-select-dropdown').getByText('调用 HTTP 接口（base.httpCall）').click();
  await expect(page.getByText('2xx 视为成功')).toBeVisible();
  const origin = new URL(page.url()).origin;
  await byLabel(page, '任务参数').fill(JSON.stringify({ url: `${origin}/healthz`, method: 'GET', timeoutSeconds: 10 }, null, 2));
  await byLabel(page, '超时时间').fill('10');
  await byLabel(page, '备注').fill('每 2 秒调用本服务的 /healthz');
  await snapshot(page, 'scheduler-form');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/base\/scheduler\/schedulerMain$/);

  // The list: the task is enabled and, within a few seconds, its last run shows 成功.
  await byLabel(page, '任务编码').fill(code);
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row.getByText('启用', { exact: true })).toBeVisible();
  await expect
    .poll(async () => {
      await page.getByRole('button', { name: '查询' }).click();
      return row.getByText('成功', { exact: true }).count();
    }, { timeout: 20_000 })
    .toBe(1);
  await snapshot(page, 'scheduler-list');

  // 执行日志 of the task: runs appear with the response in their message.
  await row.getByText('更多').click();
  await page.getByRole('menuitem', { name: '执行日志' }).click();
  const drawer = page.locator('.ant-drawer-section', { hasText: `执行日志：${name}` });
  await expect(drawer).toBeVisible();
  const runRow = drawer.getByRole('row', { name: /HTTP 200 OK/ }).first();
  await expect(runRow).toBeVisible({ timeout: 15_000 });
  await expect(runRow.getByText('定时触发')).toBeVisible();
  await snapshot(page, 'scheduler-runs');

  // schedulerLogDetail: the whole message body and the timings.
  await runRow.getByRole('button', { name: '详情' }).click();
  await expect(page).toHaveURL(/\/base\/scheduler\/schedulerLogDetail\?id=\d+$/);
  const body = byLabel(page, '消息内容');
  await expect(body).toContainText(`GET ${origin}/healthz`);
  await expect(body).toContainText('HTTP 200 OK');
  await expect(body).toContainText('"status":"up"');
  await expect(page.getByText('成功', { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(page.getByText('定时触发').filter({ visible: true })).toBeVisible();
  await snapshot(page, 'scheduler-log-detail');

  // Back to the list (the run log opens again from the address), then 停用.
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page.locator('.ant-drawer-section', { hasText: `执行日志：${name}` })).toBeVisible();
  await page.locator('.ant-drawer-close').click();
  await expect(page.locator('.ant-drawer-section')).toHaveCount(0);
  const listed = await request.post('/rest/task/getTaskPage', { headers: { authorization: admin }, data: { taskCode: code } });
  const taskId = ((await listed.json()) as { data: { list: Array<{ taskId: string }> } }).data.list[0]!.taskId;
  const taskRow = page.getByRole('row', { name: new RegExp(code) });
  await taskRow.getByText('更多').click();
  await page.getByRole('menuitem', { name: '停用' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已停用')).toBeVisible();
  const disabledAt = Date.now();
  await expect(taskRow.getByText('停用', { exact: true })).toBeVisible();

  // No slot after 停用 is run: two would have come in this wait.
  await page.waitForTimeout(4500);
  const runs = await scheduledRuns(request, admin, taskId);
  expect(runs.length).toBeGreaterThanOrEqual(1);
  expect(runs.filter((r) => new Date(r.fireTime).getTime() > disabledAt)).toEqual([]);
  expect(new Set(runs.map((r) => r.fireTime)).size).toBe(runs.length);
  expect(pageErrors).toEqual([]);
});
