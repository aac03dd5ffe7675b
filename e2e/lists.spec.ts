import type { Page } from '@playwright/test';
import { adminToken, expect, signInAsAdmin, snapshot, test } from './fixtures';

/**
 * The console's lists at the sizes administrators use: at 1366×768 (sidebar open) the article and
 * user lists show their key columns without sideways scrolling; a column hidden in 列设置 stays
 * hidden after a reload; at 375×812 the user list keeps the width and its organisation tree opens
 * in a drawer, where choosing a node filters the list.
 */



/**
 * The list's table, told by one of its headers: console tabs keep the pages opened before mounted
 * beside it.
 */
const tableOf = (page: Page, header = '用户名') =>
  page.locator('.ant-table').filter({ visible: true }).filter({ has: page.locator('thead th', { hasText: new RegExp(`^${header}$`) }) }).first();

async function expectHeadersInView(page: Page, headers: string[]) {
  const table = tableOf(page, headers[0]);
  for (const header of headers) {
    const cell = table.locator('thead th', { hasText: new RegExp(`^${header}$`) }).first();
    await expect(cell, header).toBeVisible();
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width, `${header} ends inside the window`).toBeLessThanOrEqual(1366);
  }
  // Nothing to scroll sideways: the table's scroll area is no wider than what it shows.
  const overflow = await table.locator('.ant-table-content, .ant-table-body').first().evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

test.describe('lists at 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the article and user lists show their key columns without scrolling; a hidden column stays hidden', async ({ page, pageErrors }) => {
    // Two lists, a reload each for the column and the fold: more steps than most journeys.
    test.setTimeout(180_000);
    await signInAsAdmin(page);

    await page.goto('/cms/content/contentList');
    // The first console page of a fresh server can take a while on a busy machine.
    await expect(page.locator('.ant-tree').filter({ hasText: '全部栏目' })).toBeVisible({ timeout: 30_000 });
    await expect(tableOf(page, '标题').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await expectHeadersInView(page, ['标题', '栏目', '状态', '作者', '发布时间', '操作']);
    await snapshot(page, 'lists-content-1366');

    await page.goto('/system/user/userList');
    // The first page holds the newest accounts; other journeys add some, so no particular name is looked for.
    await expect(tableOf(page).locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
    await expectHeadersInView(page, ['用户名', '姓名', '人员状态', '角色', '账号状态', '操作']);
    await snapshot(page, 'lists-user-1366');

    // 列设置: hide 手机号; the choice outlives a reload.
    const phoneHeader = tableOf(page).locator('thead th', { hasText: /^手机号$/ });
    await expect(phoneHeader).toBeVisible();
    await page.getByRole('button', { name: '列设置' }).click();
    await page.getByRole('checkbox', { name: '手机号' }).uncheck();
    await expect(phoneHeader).toHaveCount(0);
    await page.reload();
    await expect(tableOf(page).locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
    await expect(tableOf(page).locator('thead th', { hasText: /^账号状态$/ })).toBeVisible();
    await expect(tableOf(page).locator('thead th', { hasText: /^手机号$/ })).toHaveCount(0);

    // The tree folds to a strip (remembered too) and the list takes the room.
    const before = (await tableOf(page).boundingBox())!.width;
    await page.getByRole('button', { name: '收起组织机构' }).click();
    await expect(page.getByRole('button', { name: '展开组织机构' })).toBeVisible();
    await expect.poll(async () => (await tableOf(page).boundingBox())!.width).toBeGreaterThan(before + 150);
    await page.reload();
    await expect(page.getByRole('button', { name: '展开组织机构' })).toBeVisible();
    await page.getByRole('button', { name: '展开组织机构' }).click();
    await expect(page.locator('.dl-tree-panel__side .ant-tree')).toBeVisible();
    expect(pageErrors).toEqual([]);
  });
});

test.describe('lists at 375×812', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the user list keeps its width; the organisation tree opens in a drawer and filters the list', async ({ page, request, pageErrors }) => {
    // An organisation of this journey's own with one user in it, so the filter has something to show.
    const token = await adminToken(request);
    const stamp = String(Date.now() % 1e6);
    const orgName = `窄屏机构${stamp}`;
    const org = await request.post('/rest/organ/add', { headers: { authorization: token }, data: { orgName, orgCode: `NARROW_${stamp}` } });
    const orgBody = (await org.json()) as { code: string; msg: string; data: { orgId: string } };
    expect(orgBody.code, orgBody.msg).toBe('0000');
    const username = `narrow${stamp}`;
    const user = await request.post('/api/service', {
      headers: { authorization: token },
      data: { id: 0, username, realname: '窄屏用户', orgId: orgBody.data.orgId, phone: `139${stamp.padStart(8, '0')}` },
    });
    const userBody = (await user.json()) as { code: string; msg: string };
    expect(userBody.code, userBody.msg).toBe('0000');

    await signInAsAdmin(page);
    await page.goto('/system/user/userList');
    // A phone: the sidebar folds away first (the console layout's own button).
    const foldMenu = page.getByRole('button', { name: '收起菜单' });
    if (await foldMenu.isVisible()) await foldMenu.click();
    // The newest user comes first: this journey's own (other journeys' users push older ones off page 1).
    await expect(tableOf(page).getByRole('cell', { name: username, exact: true })).toBeVisible({ timeout: 30_000 });
    // The tree takes no width from the list: the table spans the whole list area. (The console
    // layout's collapsed menu rail still takes 64 px of the 375: the table gets about 270 px.)
    const area = (await page.locator('.dl-tree-panel__main').boundingBox())!.width;
    expect((await tableOf(page).boundingBox())!.width).toBeGreaterThanOrEqual(area - 2 * 12 - 4);
    await expect(page.locator('.ant-tree').filter({ visible: true })).toHaveCount(0);

    await page.getByRole('button', { name: /选择机构/ }).click();
    const drawer = page.getByRole('dialog', { name: '组织机构' });
    await expect(drawer).toBeVisible();
    await drawer.getByText(orgName, { exact: true }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: new RegExp(`选择机构\\s*：\\s*${orgName}`) })).toBeVisible();
    await expect(tableOf(page).getByRole('cell', { name: username, exact: true })).toBeVisible();
    // Only the organisation's one user is left.
    await expect(tableOf(page).locator('tbody tr.ant-table-row')).toHaveCount(1);
    await snapshot(page, 'lists-user-375');
    expect(pageErrors).toEqual([]);
  });
});
