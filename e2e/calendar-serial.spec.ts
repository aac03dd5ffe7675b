import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { adminToken, expect, signInAsAdmin, snapshot, test } from './fixtures';

/**
 * Holiday calendar and serial numbers, through the screens: the administrator marks a
 * weekday as a holiday and the 工作日计算 panel's answer across it drops by one; then creates a
 * serial rule, sees its format previewed, takes numbers and sees them in the page.
 */

const byLabel = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });


async function call<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { headers: { authorization: token }, data });
  const body = (await response.json()) as { code: string; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe('0000');
  return body.data;
}

/** yyyyMMdd of today in Beijing, as the server dates numbers. */
const beijingToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()).replaceAll('-', '');

/** Types a date into an antd picker input and confirms it. */
async function typeDate(input: Locator, value: string) {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

test('a weekday marked as a holiday changes the working-day sum; a serial rule previews and hands out numbers', async ({ page, request, pageErrors }) => {
  const admin = await adminToken(request);
  // A year after this one, so nothing else of the run has marked it: 2027-03-10 style dates, computed.
  const year = Number(beijingToday().slice(0, 4)) + 1;
  const monday = await call<{ days: Array<{ day: string; weekday: number }> }>(request, admin, '/rest/calendar/days', { start: `${year}-03-01`, end: `${year}-03-07` });
  const firstMonday = monday.days.find((d) => d.weekday === 1)!.day;
  const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const [weekStart, wednesday, weekEnd] = [firstMonday, addDays(firstMonday, 2), addDays(firstMonday, 4)];

  await signInAsAdmin(page);
  await page.goto('/base/calendar/calendarList');
  await expect(page.getByText('工作日计算', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '下一年' }).click();
  await expect(page.getByRole('heading', { name: `${year}年`, exact: true })).toBeVisible();
  const cell = page.locator(`[data-day="${wednesday}"]`);
  await expect(cell).toHaveAttribute('data-tone', 'work');

  // 工作日计算: Monday to Friday of that week.
  const panel = page.locator('.ant-card', { hasText: '工作日计算' });
  await typeDate(panel.getByPlaceholder('开始日期'), weekStart);
  await typeDate(panel.getByPlaceholder('结束日期'), weekEnd);
  await panel.getByRole('button', { name: '计算工作日天数' }).click();
  const answer = panel.getByRole('status', { name: '工作日天数结果' });
  await expect(answer).toHaveText(`${weekStart} 至 ${weekEnd} 共 5 天：工作日 5 天，休息日 0 天`);
  await snapshot(page, 'calendar-year');

  // Mark the Wednesday as a holiday through the day dialog.
  await cell.click();
  const dialog = page.getByRole('dialog').filter({ hasText: '当前：' });
  await expect(dialog.getByText('当前：')).toBeVisible();
  await expect(dialog.getByLabel('节假日（休息）')).toBeChecked();
  await byLabel(dialog, '名称').fill('测试假日');
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('标记成功')).toBeVisible();
  await expect(cell).toHaveAttribute('data-tone', 'holiday');
  await expect(cell).toHaveAttribute('aria-label', new RegExp(`节假日：测试假日$`));
  // The panel's answer is recomputed from the calendar.
  await expect(answer).toHaveText(`${weekStart} 至 ${weekEnd} 共 5 天：工作日 4 天，休息日 1 天`);
  await expect(page.locator('.ant-card', { hasText: '本年节假日与调休' }).getByText('测试假日')).toBeVisible();
  const stored = await call<{ days: Array<{ kind: string; dayName: string }> }>(request, admin, '/rest/calendar/days', { start: wednesday, end: wednesday });
  expect(stored.days[0]).toMatchObject({ kind: 'HOLIDAY', dayName: '测试假日' });

  // Dragging across two days of the next week opens the range dialog for them.
  await page.locator(`[data-day="${addDays(weekStart, 7)}"]`).hover();
  await page.mouse.down();
  await page.locator(`[data-day="${addDays(weekStart, 8)}"]`).hover();
  await page.mouse.up();
  const range = page.getByRole('dialog', { name: '标记区间' });
  await expect(range.getByLabel('区间说明')).toHaveText('共 2 天。');
  await snapshot(page, 'calendar-range');
  await range.getByRole('button', { name: '取消' }).click();

  // The month view of that month.
  await page.getByRole('group', { name: `${year}年3月` }).getByRole('button', { name: '3月', exact: true }).click();
  await expect(page.getByRole('heading', { name: `${year}年3月`, exact: true })).toBeVisible();
  await expect(page.locator(`[data-day="${wednesday}"]`)).toContainText('测试假日');
  await snapshot(page, 'calendar-month');

  // The bulk weekends dialog, looked at (not saved).
  await page.getByRole('button', { name: '批量设置周末' }).click();
  const weekends = page.getByRole('dialog', { name: '批量设置周末' });
  await expect(weekends.getByLabel('星期六')).toBeChecked();
  await snapshot(page, 'calendar-weekends');
  await weekends.getByRole('button', { name: '取消' }).click();

  // ── Serial numbers ──
  const stamp = String(Date.now() % 1e6);
  const code = `E2E_${stamp}`;
  const today = beijingToday();
  await page.goto('/base/serial/serialList');
  await page.locator('button', { hasText: /^新增$/ }).click();
  const drawer = page.getByRole('dialog', { name: '新增流水号规则' });
  await byLabel(drawer, '规则编码').fill(code);
  await byLabel(drawer, '规则名称').fill(`测试编号${stamp}`);
  await byLabel(drawer, '前缀').fill('CS');
  const preview = drawer.getByRole('status', { name: '编号预览' });
  await expect(preview).toContainText(`CS${today}-0001`);
  await expect(preview).toContainText(`CS${today}-0002`);
  await snapshot(page, 'serial-form');
  await drawer.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row.getByText(`CS${today}-0001`)).toBeVisible();
  await row.getByRole('button', { name: '取号' }).click();
  const take = page.getByRole('dialog', { name: new RegExp(`取号 · 测试编号${stamp}`) });
  await expect(take.getByText(`CS${today}-0001`)).toBeVisible();
  await byLabel(take, '取号数量').fill('3');
  await take.getByRole('button', { name: '取号', exact: true }).click();
  const taken = take.getByLabel('已取得的编号');
  await expect(taken.getByRole('listitem')).toHaveText([`CS${today}-0001`, `CS${today}-0002`, `CS${today}-0003`]);
  await snapshot(page, 'serial-take');
  await take.getByRole('button', { name: '关闭', exact: true }).last().click();
  await expect(take).toBeHidden();
  await expect(row.getByText(`CS${today}-0004`)).toBeVisible();
  await expect(row.getByText('3（' + today + '）')).toBeVisible();
  await snapshot(page, 'serial-list');
  const next = await call<{ values: string[] }>(request, admin, '/rest/serial/preview', { ruleCode: code });
  expect(next.values).toEqual([`CS${today}-0004`]);
  expect(pageErrors).toEqual([]);
});
