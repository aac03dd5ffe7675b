import type { Page } from '@playwright/test';
import { solveCaptcha } from './captchaSolver';
import { adminToken, expect, readSmsCode, snapshot, test, uniqueApplicant } from './fixtures';

/**
 * Registration through the page: 证件类型 with a number of that type, the image captcha before
 * 获取验证码, the SMS code from the log, the required consent; the new applicant is signed in at
 * once and the personal centre shows the 所在单位 they typed.
 */

const byLabel = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test('an applicant registers with 证件类型, captcha, SMS code and consent, and lands signed in on the personal centre', async ({
  page,
  request,
  pageErrors,
}) => {
  const applicant = uniqueApplicant();
  const admin = await adminToken(request);

  await page.goto('/enroll');
  await byLabel(page, '用户名').fill(applicant.username);
  await byLabel(page, '密码').fill(applicant.password);
  await byLabel(page, '确认密码').fill(applicant.password);
  await byLabel(page, '真实姓名').fill(applicant.realname);
  await byLabel(page, '手机号').fill(applicant.phone);

  // No code without the image captcha's answer.
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('请输入图形验证码')).toBeVisible();
  const captcha = page.getByRole('img', { name: '图形验证码' });
  await expect(captcha).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  await byLabel(page, '图形验证码').fill(solveCaptcha((await captcha.getAttribute('src'))!));
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
  await byLabel(page, '短信验证码').fill(await readSmsCode(request, admin, applicant.phone, 'REGISTER'));

  await byLabel(page, '邮箱').fill(applicant.email);
  await byLabel(page, '证件类型').click();
  await page.locator('.ant-select-item-option[title="护照"]').click();
  await byLabel(page, '证件号码').fill(applicant.idNumber);
  await byLabel(page, '所在单位').fill(applicant.unitName);

  // The consent is required.
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page.getByText('请阅读并同意《用户协议》和《隐私政策》')).toBeVisible();
  await page.getByRole('button', { name: '《用户协议》' }).click();
  const dialog = page.getByRole('dialog', { name: '用户协议' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '我知道了' }).click();
  await expect(dialog).toBeHidden();
  await byLabel(page, '我已阅读并同意').check();
  await snapshot(page, 'register-filled');
  await page.getByRole('button', { name: '注册', exact: true }).click();

  // Signed in straight away: no second sign-in.
  await expect(page).toHaveURL(/\/center$/);
  await expect(page.getByRole('heading', { name: applicant.realname })).toBeVisible();
  // An applicant's centre opens on 我的申报; the profile is the next tab.
  await page.getByRole('tab', { name: '基本资料' }).click();
  const profile = page.getByTestId('center-profile');
  await expect(profile.getByText('所在单位')).toBeVisible();
  await expect(profile.getByText(applicant.unitName)).toBeVisible();
  await snapshot(page, 'register-center');
  expect(pageErrors).toEqual([]);
});
