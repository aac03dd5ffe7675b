import type { Page } from '@playwright/test';
import { adminToken, expect, readSmsCode, registerByApi, snapshot, test, uniqueApplicant } from './fixtures';

/**
 * Identity journeys: register → sign in → personal centre → sign out →
 * the old token is dead; phone-code sign-in; five wrong passwords bring up the captcha.
 * The captcha journey runs last: it leaves the IP with five failures, and ends by signing in
 * once (which resets the IP counter) so later journeys can sign in without a captcha.
 */

const byLabel = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function signInWithPassword(page: Page, username: string, password: string) {
  await byLabel(page, '用户名').fill(username);
  await byLabel(page, '密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

test('an applicant registers, signs in, sees the personal centre, signs out, and the old token is refused', async ({
  page,
  request,
  pageErrors,
}) => {
  const applicant = uniqueApplicant();
  const admin = await adminToken(request);

  // Registration itself, through the page, is e2e/register.spec.ts.
  await registerByApi(request, admin, applicant);

  // The same user name is now refused by the live check.
  await page.goto('/enroll');
  await byLabel(page, '用户名').fill(applicant.username);
  await byLabel(page, '用户名').blur();
  await expect(page.getByText('用户名已被注册')).toBeVisible();

  await page.goto('/center');
  await expect(page).toHaveURL(/\/login\?redirect=\/center$/);
  await signInWithPassword(page, applicant.username, applicant.password);

  await expect(page).toHaveURL(/\/center$/);
  await expect(page).toHaveTitle(/^个人中心/);
  await expect(page.getByRole('heading', { name: applicant.realname })).toBeVisible();
  await expect(page.getByText(applicant.phone)).toBeVisible();
  await expect(page.getByText(applicant.email)).toBeVisible();
  await page.getByRole('tab', { name: '账号安全' }).click();
  await expect(page.getByText('未认证')).toBeVisible();
  await snapshot(page, 'center');

  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('dandelion__session') ?? 'null')?.token as string);
  expect(token).toBeTruthy();
  expect((await request.get('/api/user/info', { headers: { authorization: token } })).status()).toBe(200);

  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('dandelion__session'))).toBeNull();

  const after = await request.get('/api/user/info', { headers: { authorization: token } });
  expect(after.status()).toBe(401);
  expect((await after.json()).msg).toBe('未授权，请重新登录');

  // Signed out, the centre sends the visitor to sign in again.
  await page.goto('/center');
  await expect(page).toHaveURL(/\/login\?redirect=\/center$/);
  expect(pageErrors).toEqual([]);
});

test('an applicant signs in with a phone code read from the SMS log', async ({ page, request, pageErrors }) => {
  const applicant = uniqueApplicant();
  const admin = await adminToken(request);
  await registerByApi(request, admin, applicant);

  await page.goto('/login');
  await page.getByRole('tab', { name: '手机号登录' }).click();
  await byLabel(page, '手机号').fill(applicant.phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
  const code = await readSmsCode(request, admin, applicant.phone, 'LOGIN');
  await byLabel(page, '验证码').fill(code);
  await snapshot(page, 'login-phone');
  await page.getByRole('button', { name: '登录', exact: true }).click();

  await expect(page).toHaveURL(/\/center$/);
  await expect(page.getByRole('heading', { name: applicant.realname })).toBeVisible();
  // The header greets the user by name and offers the centre and sign-out.
  await expect(page.locator('.dl-portal-header__user')).toHaveText(applicant.realname);
  expect(pageErrors).toEqual([]);
});

test('a forgotten password is reset through the phone, and the new one signs in', async ({ page, request, pageErrors }) => {
  const applicant = uniqueApplicant();
  const admin = await adminToken(request);
  await registerByApi(request, admin, applicant);

  await page.goto('/login');
  await page.getByRole('link', { name: '忘记密码?' }).click();
  await expect(page).toHaveURL(/\/forgotPassword$/);
  await byLabel(page, '手机号').fill(applicant.phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
  await byLabel(page, '短信验证码').fill(await readSmsCode(request, admin, applicant.phone, 'RESET_PASSWORD'));
  await page.getByRole('button', { name: '下一步' }).click();

  const newPassword = 'Renewed#2026';
  await byLabel(page, '新密码').fill('weakpass');
  await byLabel(page, '确认新密码').fill(newPassword);
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('密码至少8位，且包含大写字母、小写字母、数字、特殊字符中的至少三种')).toBeVisible();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await snapshot(page, 'forgot-step2');
  await byLabel(page, '新密码').fill(newPassword);
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('密码已重置')).toBeVisible();
  await page.getByRole('link', { name: '去登录' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await signInWithPassword(page, applicant.username, newPassword);
  await expect(page).toHaveURL(/\/center$/);
  await expect(page.getByRole('heading', { name: applicant.realname })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('five wrong passwords bring up the image captcha', async ({ page, request, pageErrors }) => {
  const applicant = uniqueApplicant();
  const admin = await adminToken(request);
  await registerByApi(request, admin, applicant);

  await page.goto('/login');
  await expect(page.getByLabel('图形验证码')).toHaveCount(0);
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await signInWithPassword(page, applicant.username, `Wrong#${attempt}pass`);
    await expect(page.getByRole('alert').filter({ hasText: '用户名或密码错误' })).toBeVisible();
    if (attempt < 5) await expect(page.getByLabel('图形验证码')).toHaveCount(0);
  }
  await expect(page.getByLabel('图形验证码')).toBeVisible();
  await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
  await snapshot(page, 'login-captcha');

  // A fresh visit learns it from the pre-login check when the user name is left.
  await page.goto('/login');
  await byLabel(page, '用户名').fill(applicant.username);
  await byLabel(page, '用户名').blur();
  await expect(page.getByLabel('图形验证码')).toBeVisible();

  // Without the code the form does not go out.
  await byLabel(page, '密码').fill(applicant.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('请输入图形验证码')).toBeVisible();

  // Clean up: one successful sign-in from this IP resets its failure counter (phone code needs no captcha).
  await request.post('/rest/captcha/sms', { data: { phone: applicant.phone, purpose: 'LOGIN' } });
  const code = await readSmsCode(request, admin, applicant.phone, 'LOGIN');
  const reset = await request.post('/callback?client_name=captcha_client', { data: { phone: applicant.phone, code } });
  expect((await reset.json()).code).toBe('0000');
  expect(pageErrors).toEqual([]);
});

test('the identity pages fit a phone screen', async ({ page, request, pageErrors }) => {
  const applicant = uniqueApplicant();
  await registerByApi(request, await adminToken(request), applicant);
  await page.setViewportSize({ width: 375, height: 812 });
  for (const path of ['/login', '/enroll', '/forgotPassword']) {
    await page.goto(path);
    await expect(page.locator('.dl-auth-card')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await snapshot(page, 'forgot-phone');
  await page.goto('/login');
  await page.getByRole('link', { name: '忘记密码?' }).click();
  await expect(page).toHaveURL(/\/forgotPassword$/);
  await expect(page.getByText('验证手机')).toBeVisible();

  await page.goto('/login?redirect=/center');
  await signInWithPassword(page, applicant.username, applicant.password);
  await expect(page.getByRole('heading', { name: applicant.realname })).toBeVisible();
  // The header menu folds its items into "…" once it has measured itself; wait for that.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: '/center is wider than the screen',
    })
    .toBeLessThanOrEqual(0);
  await snapshot(page, 'center-phone');
  expect(pageErrors).toEqual([]);
});
