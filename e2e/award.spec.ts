import { expect, signInAsAdmin, snapshot, test } from './fixtures';

/**
 * The prize office prepares an edition: the seeded prizes are there with their caps, a new edition
 * opens one of them with declaration dates around today, 发布 makes it public, and the portal's
 * list of open prizes offers it. 复制上一届 then prepares next year's edition without dates.
 */



/** A Beijing date `days` from today, as the date pickers take it. */
const day = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

test('the office opens a prize in a new edition, publishes it, and the portal offers it', async ({ page, request, pageErrors }) => {
  await signInAsAdmin(page);

  await page.goto('/award/prize/prizeList');
  await expect(page.getByText('特等奖 15人/10单位')).toBeVisible();

  await page.goto('/award/edition/editionList');
  await page.locator('button', { hasText: /^新增$/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: '新增届次' })).toBeVisible();
  // The list stays mounted behind its tab (with a 届次名称 search field): the fields of the page on show.
  const shown = page.locator('.dl-console-page').filter({ visible: true });
  await shown.getByLabel('年度', { exact: true }).fill('2030');
  await shown.getByLabel('届次名称', { exact: true }).fill('2030年度科学技术奖');
  await shown.getByLabel('开放奖种', { exact: true }).click();
  await page.locator('.ant-select-item-option', { hasText: '科技进步奖' }).click();
  await page.keyboard.press('Escape');
  // The declaration window from today to 20 days on, picked in the range picker's two month panels.
  const start = page.getByLabel('申报起止日期').first();
  await start.click();
  const panels = page.locator('.ant-picker-dropdown:visible');
  // A click during the dropdown's opening animation can be lost: pick once it has settled. Its first opening runs
  // the motion's appear phase (ant-slide-up-appear…), later ones the enter phase: wait out both.
  await expect(panels).not.toHaveClass(/-(appear|enter)/);
  await panels.locator(`td[title="${day(0)}"]`).first().click();
  await expect(start).toHaveValue(day(0));
  await panels.locator(`td[title="${day(20)}"]`).first().click();
  await expect(panels).toHaveCount(0);
  await page.getByRole('button', { name: '保存', exact: true }).click();

  const row = page.locator('tr.ant-table-row', { hasText: '2030年度科学技术奖' });
  await expect(row.getByText(`${day(0)} 至 ${day(20)}`)).toBeVisible();
  await expect(row.getByText('未发布')).toBeVisible();
  await row.getByRole('button', { name: /更多/ }).click();
  await page.getByRole('menuitem', { name: '发布' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(row.getByText('已发布')).toBeVisible();
  await expect(row.getByText('申报中')).toBeVisible();
  await snapshot(page, 'award-edition-published');

  const open = await request.post('/rest/prize/getPrizeList', { data: {} });
  const body = (await open.json()) as { data: Array<{ editionName: string; prizeName: string; declarationEnd: string }> };
  expect(body.data).toContainEqual(expect.objectContaining({ editionName: '2030年度科学技术奖', prizeName: '科技进步奖', declarationEnd: day(20) }));

  // Next year starts from this one: same prizes and rules, no dates, unpublished.
  await page.locator('button', { hasText: /^复制上一届$/ }).click();
  await page.getByRole('button', { name: '确定', exact: true }).click();
  await expect(page).toHaveURL(/editionUpd\?id=/);
  // Other form tabs stay mounted behind this one: the fields of the page on show.
  await expect(shown.getByLabel('届次名称', { exact: true })).toHaveValue('2031年度科学技术奖');
  await expect(shown.getByLabel('年度', { exact: true })).toHaveValue('2031');
  expect(pageErrors).toEqual([]);
});
