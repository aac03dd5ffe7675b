import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { adminToken, callApi, expect, snapshot, test } from './fixtures';

/**
 * Two-factor sign-in (issue 20): an administrator enrols TOTP in 个人中心 with the key shown on screen,
 * signs out, signs in with a code from a real RFC 6238 generator (otpauth, as an authenticator app
 * computes it), then signs in with a recovery code, which works once only.
 */

const PASSWORD = 'Journey#2026x';

/** The code an authenticator app shows for the manual key, `steps` periods from now. */
function codeFor(manualKey: string, steps = 0): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(manualKey.replace(/\s/g, '')) });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/**
 * The previous period's code, taken where at least 12 s of the current period are left (waiting for the next
 * period otherwise): the server accepts one step either side of its clock, so a code of the step before that
 * arrived after the period turned would be two steps old and refused.
 */
async function codeOfStepBefore(manualKey: string): Promise<string> {
  const leftInPeriod = 30_000 - (Date.now() % 30_000);
  if (leftInPeriod < 12_000) await new Promise((resolve) => setTimeout(resolve, leftInPeriod + 50));
  return codeFor(manualKey, -1);
}

async function signOutFromMenu(page: Page) {
  const confirm = page.locator('.ant-modal-confirm');
  // The dropdown opens with an animation; retry the two clicks until the confirmation is up.
  await expect(async () => {
    if (!(await page.getByRole('menuitem', { name: '退出登录' }).isVisible())) await page.getByTestId('console-user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click({ timeout: 2_000 });
    await expect(confirm).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await confirm.getByRole('button', { name: /确定|退出/ }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function passwordStep(page: Page, username: string) {
  await page.goto('/login');
  await page.getByLabel('用户名', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByTestId('two-factor-step')).toBeVisible();
}

test('an administrator enrols TOTP, signs out, signs in with a code, and uses a recovery code once', async ({ page, request, pageErrors }) => {
  // A fresh administrator of this run (the seeded admin stays as other journeys expect it).
  const admin = await adminToken(request);
  const stamp = String(Date.now()).slice(-6);
  const username = `tfa${stamp}`;
  const root = (await callApi<Array<{ orgId: string }>>(request, admin, '/rest/organ/tree', {}))[0]!;
  const roles = await callApi<Array<{ roleId: string; roleCode: string }>>(request, admin, '/rest/role/getAllRole', {});
  const adminRole = roles.find((r) => r.roleCode === 'ADMIN')!;
  await callApi(request, admin, '/api/service', { id: 0, username, realname: '两步验证管理员', orgId: root.orgId, roleIds: [adminRole.roleId], password: PASSWORD });

  // Enrol in 个人中心 › 账号安全.
  await page.goto('/login');
  await page.getByLabel('用户名', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/center?tab=security');
  const card = page.getByTestId('center-two-factor');
  await expect(card.getByText('未开启')).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: '开启两步验证' }).click();
  const dialog = page.getByRole('dialog', { name: '开启两步验证' });
  await expect(dialog.getByAltText('两步验证二维码')).toBeVisible();
  const manualKey = (await dialog.getByTestId('two-factor-manual-key').innerText()).trim();
  expect(manualKey.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
  await snapshot(page, 'two-factor-enrol');
  // The previous period's code: the sign-in below then has the current and the next one, both fresh.
  await dialog.getByPlaceholder('6 位数字').fill(await codeOfStepBefore(manualKey));
  await dialog.getByRole('button', { name: /确认开启/ }).click();
  const codesShown = page.getByTestId('recovery-codes');
  await expect(codesShown).toBeVisible();
  const recoveryCodes = (await codesShown.innerText()).split(/\s+/).filter((c) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(c));
  expect(recoveryCodes).toHaveLength(10);
  await snapshot(page, 'two-factor-recovery-codes');
  await page.getByRole('button', { name: '我已妥善保存' }).click();
  await expect(card.getByText('已开启')).toBeVisible();
  await expect(card.getByText('10 个')).toBeVisible();

  // Sign out; the password alone no longer signs in: the code does.
  await signOutFromMenu(page);
  await passwordStep(page, username);
  await snapshot(page, 'two-factor-login-step');
  await page.getByLabel('动态验证码', { exact: true }).fill(codeFor(manualKey, 0));
  await page.getByRole('button', { name: '验证并登录' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Sign out again and sign in with a recovery code instead.
  await signOutFromMenu(page);
  await passwordStep(page, username);
  await page.getByRole('button', { name: '无法使用验证器？使用恢复码' }).click();
  await page.getByLabel('恢复码', { exact: true }).fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: '验证并登录' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/center?tab=security');
  await expect(page.getByTestId('center-two-factor').getByText('9 个')).toBeVisible({ timeout: 30_000 });

  // The same recovery code a second time is refused.
  await signOutFromMenu(page);
  await passwordStep(page, username);
  await page.getByRole('button', { name: '无法使用验证器？使用恢复码' }).click();
  await page.getByLabel('恢复码', { exact: true }).fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: '验证并登录' }).click();
  await expect(page.getByTestId('two-factor-step').getByRole('alert')).toContainText('恢复码错误或已使用');
  await expect(page).toHaveURL(/\/login/);
  await snapshot(page, 'two-factor-recovery-used');
  expect(pageErrors).toEqual([]);
});
