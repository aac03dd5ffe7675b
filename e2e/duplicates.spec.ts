import type { Page } from '@playwright/test';
import { adminToken, expect, signInAsAdmin, test } from './fixtures';

/**
 * Live duplicate checks (spec §5): a form says a code is taken while it is typed, before 保存 is
 * pressed, and the message goes once the code is changed to a free one.
 */

const byLabel = (page: Page, label: string) => page.getByLabel(label, { exact: true });


test('a taken post code says 岗位编码已存在 while it is typed; a free one saves', async ({ page, request, pageErrors }) => {
  const stamp = String(Date.now() % 1e8);
  const taken = `DUP_${stamp}`;
  const admin = await adminToken(request);
  const response = await request.post('/rest/postService/addPost', {
    headers: { authorization: admin },
    data: { postCode: taken, postName: `已有岗位${stamp}`, status: 'NORMAL', sort: 0 },
  });
  expect(((await response.json()) as { code: string }).code).toBe('0000');

  await signInAsAdmin(page);
  await page.goto('/system/post/postAdd');
  const code = byLabel(page, '岗位编码');
  const field = page.locator('.ant-form-item', { has: code });
  await code.fill(taken);
  await expect(field.getByText('岗位编码已存在')).toBeVisible();

  await code.fill(`${taken}_NEW`);
  await expect(field.getByText('岗位编码已存在')).toHaveCount(0);
  // The free code's own check has answered: the field has passed, not merely stopped showing the message.
  await expect(field).toHaveClass(/ant-form-item-has-success/);

  await byLabel(page, '岗位名称').fill(`新岗位${stamp}`);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  expect(pageErrors).toEqual([]);
});
