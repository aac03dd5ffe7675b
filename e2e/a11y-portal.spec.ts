import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

/** The portal's two first pages pass axe-core with no critical or serious violation. */

test('the portal home has no critical or serious accessibility violation', async ({ page, pageErrors }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.dl-home-sections .dl-skeleton')).toHaveCount(0);
  await expect(page.locator('footer')).toContainText('蒲公英');
  await expectNoSeriousA11yViolations(page, 'portal home');
  expect(pageErrors).toEqual([]);
});

test('the registration page has no critical or serious accessibility violation', async ({ page, pageErrors }) => {
  await page.goto('/enroll');
  await expect(page.getByRole('button', { name: '注册', exact: true })).toBeVisible();
  // The captcha image is part of what is checked: its button needs its name once the picture is in.
  await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'registration page');
  expect(pageErrors).toEqual([]);
});
