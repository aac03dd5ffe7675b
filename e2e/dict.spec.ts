import type { Page } from '@playwright/test';
import { adminToken, expect, signInAsAdmin, snapshot, test } from './fixtures';

/**
 * Dictionaries and regions: the administrator adds a value to ORG_TYPE in the dictionary
 * page and finds it at once in the organisation form's 机构类型 select; locking the value stops
 * editing it. The region page shows the provinces, opens a province, and finds a county by search.
 */

const byLabel = (page: Page, label: string) => page.getByLabel(label, { exact: true });


/**
 * Records every class name of antd's zoom animation running (its active phase) from now on; the returned function
 * reads them. The prepare phase shows without motion too: the dialog measures where it opens from.
 */
async function watchZoomClasses(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const note = (node: Node) => {
      if (node instanceof Element && /\bant-zoom-(?:appear|enter)-active\b/.test(node.className)) seen.push(node.className);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        note(record.target);
        record.addedNodes.forEach((added) => {
          note(added);
          if (added instanceof Element) added.querySelectorAll('*').forEach(note);
        });
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    (window as unknown as { zoomClasses: string[] }).zoomClasses = seen;
  });
  return () => page.evaluate(() => (window as unknown as { zoomClasses: string[] }).zoomClasses);
}

async function openOrgType(page: Page) {
  await page.goto('/base/dict/dictList');
  await page.locator('.dict-category-node', { hasText: '机构类型' }).locator('span', { hasText: '机构类型' }).first().click();
  await expect(page.getByText('字典项 · 机构类型')).toBeVisible();
  await expect(page.getByRole('row', { name: /单位/ }).first()).toBeVisible();
}

test('a value added to ORG_TYPE shows in the organisation form at once; once locked it can no longer be edited', async ({ page, request, pageErrors }) => {
  const stamp = String(Date.now() % 1e8);
  const code = `ALLIANCE_${stamp}`;
  const name = `联合体${stamp}`;
  await signInAsAdmin(page);

  // The organisation form has read ORG_TYPE before the change: its cached copy must not hide the new value.
  await page.goto('/system/org/orgAdd');
  await byLabel(page, '机构类型').click();
  await expect(page.locator('.ant-select-dropdown').getByText('单位', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await openOrgType(page);
  const zooms = await watchZoomClasses(page);
  // The toolbar's 新增 (its icon is part of the accessible name).
  await page.locator('button', { hasText: /^新增$/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增字典项' });
  // A user who prefers reduced motion (playwright.config.ts) gets the dialog at once: antd's zoom never ran.
  await expect(dialog).toBeVisible();
  expect(await zooms()).toEqual([]);
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(dialog.getByText('填写内容不能为空')).toHaveCount(2);
  await dialog.getByLabel('字典项编码', { exact: true }).fill(code);
  await dialog.getByLabel('字典项名称', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByText('未锁定')).toBeVisible();
  await snapshot(page, 'dict-list');

  await page.goto('/system/org/orgAdd');
  await byLabel(page, '机构类型').click();
  await expect(page.locator('.ant-select-dropdown').getByText(name, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // Lock it: 修改 and 删除 are no longer offered, and the server refuses an edit anyway.
  await openOrgType(page);
  const locked = page.getByRole('row', { name: new RegExp(name) });
  await locked.getByRole('button', { name: '锁定', exact: true }).click();
  await expect(page.getByText('已锁定', { exact: true }).first()).toBeVisible();
  await expect(locked.getByRole('button', { name: '解锁', exact: true })).toBeVisible();
  await expect(locked.getByRole('button', { name: '修改', exact: true })).toBeDisabled();
  await expect(locked.getByRole('button', { name: '删除', exact: true })).toBeDisabled();
  await snapshot(page, 'dict-locked');

  const admin = await adminToken(request);
  const page1 = await request.post('/rest/dictItem/listByPage', { headers: { authorization: admin }, data: { parentId: await orgTypeId(request, admin), keyword: code } });
  const value = ((await page1.json()) as { data: { list: Array<{ dictId: string; lockVersion: number; lockFlag: boolean }> } }).data.list[0]!;
  expect(value.lockFlag).toBe(true);
  const edit = await request.post('/rest/dictItem/edit', { headers: { authorization: admin }, data: { dictId: value.dictId, lockVersion: value.lockVersion, dictCode: code, dictName: '改名' } });
  expect(edit.status()).toBe(423);
  expect(((await edit.json()) as { msg: string }).msg).toBe(`字典项「${name}」已锁定，不能修改；如需修改请先解锁`);
  expect(pageErrors).toEqual([]);
});

async function orgTypeId(request: Parameters<typeof adminToken>[0], token: string): Promise<string> {
  const res = await request.post('/rest/dict/dictTree', { headers: { authorization: token }, data: { keyword: 'ORG_TYPE' } });
  const tree = ((await res.json()) as { data: Array<{ dictId: string; dictCode: string }> }).data;
  return tree.find((c) => c.dictCode === 'ORG_TYPE')!.dictId;
}

test('the region page shows the provinces, opens one, and finds a county by search', async ({ page, pageErrors }) => {
  await signInAsAdmin(page);
  await page.goto('/base/region/regionList');
  await expect(page.getByRole('row', { name: /北京市\s*110000/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /浙江省\s*330000/ })).toBeVisible();
  await page.getByRole('row', { name: /浙江省\s*330000/ }).locator('.ant-table-row-expand-icon').click();
  await expect(page.getByRole('row', { name: /杭州市\s*330100/ })).toBeVisible();
  await snapshot(page, 'region-tree');

  await byLabel(page, '搜索行政区划').fill('西湖');
  await byLabel(page, '搜索行政区划').press('Enter');
  await expect(page.getByText('浙江省 / 杭州市 / 西湖区')).toBeVisible();
  await snapshot(page, 'region-search');

  await page.getByRole('tab', { name: '区划分组' }).click();
  // The toolbar's 新增分组 (an empty group list offers the same action below it).
  await page.locator('button', { hasText: /^新增分组$/ }).first().click();
  const dialog = page.getByRole('dialog', { name: '新增区划分组' });
  await dialog.getByLabel('分组编码', { exact: true }).fill('E2E_EAST');
  await dialog.getByLabel('分组名称', { exact: true }).fill('华东试点');
  await dialog.getByRole('combobox').click();
  // Wait for the opening motion to end: a province clicked while the menu still slides in is missed or hits its neighbour.
  const cascader = page.locator('.ant-cascader-dropdown:visible');
  await expect(cascader).toHaveCount(1);
  await expect(cascader).not.toHaveClass(/-(appear|enter)/);
  await cascader.locator('.ant-cascader-menu-item', { hasText: '浙江省' }).click();
  await expect(cascader.locator('.ant-cascader-menu-item-active', { hasText: '浙江省' })).toBeVisible();
  await cascader.locator('.ant-cascader-menu-item', { hasText: '杭州市' }).click();
  await dialog.getByRole('button', { name: '添加' }).click();
  await expect(dialog.locator('.ant-tag', { hasText: '浙江省 / 杭州市' })).toBeVisible();
  await snapshot(page, 'region-group-form');
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page.getByRole('row', { name: /华东试点/ })).toBeVisible();
  expect(pageErrors).toEqual([]);
});
