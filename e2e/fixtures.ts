import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { solveCaptcha } from './captchaSolver';

/**
 * Chromium logs every non-2xx answer as a console error. A refused sign-in (401), a locked
 * account (423) and a missing captcha (400) are answers a journey provokes on purpose, so exactly
 * those lines are let through; every other console error still fails the journey.
 */
const EXPECTED_REFUSAL = /^Failed to load resource: the server responded with a status of (400|401|423) \([^)]*\)$/;

/**
 * Every journey fails on an uncaught page error or a console error: a page that
 * "looks fine" while throwing is not fine.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !EXPECTED_REFUSAL.test(msg.text())) errors.push(`console: ${msg.text()}`);
    });
    await use(errors);
    expect(errors, errors.join('\n')).toEqual([]);
  },
});
export { expect };

/**
 * Opens a console menu entry inside a group of the sidebar. The group's list slides open (antd's collapse
 * motion); an entry clicked meanwhile moves between the press and the release, the click lands on no entry
 * and nothing opens. So the motion is waited out first.
 */
export async function openMenuEntry(menu: Locator, group: string, entry: string): Promise<void> {
  await menu.getByText(group, { exact: true }).click();
  const item = menu.getByRole('menuitem', { name: entry, exact: true });
  await expect(item.locator('xpath=ancestor::ul[1]')).not.toHaveClass(/motion-collapse/);
  await item.click();
}

export async function snapshot(page: Page, name: string) {
  await page.screenshot({ path: `e2e/artifacts/${name}.png`, fullPage: true });
}

/** The console envelope's data, after checking that the call succeeded. */
async function data<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  const body = (await response.json()) as { code: string; msg: string; data: T };
  expect(body.code, `${response.url()}: ${body.msg}`).toBe('0000');
  return body.data;
}

/** Signs in through the API (no captcha needed while the counters are clean) and answers the token. */
export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<string> {
  const response = await request.post('/callback?client_name=myform_client', { data: { username, password } });
  return (await data<{ token: string }>(response)).token;
}

/** ADMIN_PASSWORD that playwright.config.ts gives the server (not imported: the config finds a port on import). */
const ADMIN_PASSWORD = 'Admin@2026!';

/** Signs the seeded administrator in through the login page and waits for the console home. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('用户名', { exact: true }).fill('admin');
  await page.getByLabel('密码', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** The administrator's token (the seeded account). */
export function adminToken(request: APIRequestContext): Promise<string> {
  return apiLogin(request, 'admin', ADMIN_PASSWORD);
}

/**
 * The 6-digit code of the newest SMS sent to `phone` for `purpose`, read from the SMS log
 * (/rest/smsService/getSmsByPage) as an administrator: the default provider records every message.
 */
export async function readSmsCode(request: APIRequestContext, token: string, phone: string, purpose: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.post('/rest/smsService/getSmsByPage', {
          headers: { authorization: token },
          data: { pageParameter: { pageNum: 1, pageSize: 5 }, phone, purpose },
        });
        const page = await data<{ list: { content: string; createTime: string }[] }>(response);
        code = page.list[0]?.content.match(/(?<!\d)\d{6}(?!\d)/)?.[0];
        return code;
      },
      { message: `SMS code for ${phone}` },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

let sequence = 0;

/** A phone number (139 + 8 digits) and a user name no other journey of this run uses. */
export function uniqueApplicant() {
  sequence += 1;
  const stamp = String((Date.now() * 10 + sequence) % 1e8).padStart(8, '0');
  return {
    username: `e2e${stamp}`,
    phone: `139${stamp}`,
    password: 'Applicant#2026',
    realname: `测试${stamp.slice(-4)}`,
    email: `e2e${stamp}@example.com`,
    idNumber: `E${stamp}`,
    unitName: '蒲公英科技大学',
  };
}
export type Applicant = ReturnType<typeof uniqueApplicant>;

/**
 * Registers an applicant through the API as the registration page does: the image captcha answered,
 * the REGISTER code read from the SMS log, a passport number, the agreements accepted.
 */
export async function registerByApi(request: APIRequestContext, admin: string, applicant: Applicant): Promise<void> {
  const captcha = await data<{ captchaKey: string; image: string }>(await request.post('/rest/captcha/png'));
  const captchaCode = solveCaptcha(captcha.image);
  await data(await request.post('/rest/register/sendRegisterCode', { data: { phone: applicant.phone, captchaKey: captcha.captchaKey, captchaCode } }));
  const smsCode = await readSmsCode(request, admin, applicant.phone, 'REGISTER');
  const { username, password, realname, phone, email, idNumber, unitName } = applicant;
  await data(
    await request.post('/rest/register/AddRegisterUser', {
      data: { username, password, realname, phone, smsCode, email, idType: 'PASSPORT', idNumber, unitName, agreed: true },
    }),
  );
}

/** A console call as a signed-in user; fails the journey unless it succeeds, naming the call and its message. */
export async function callApi<T>(request: APIRequestContext, token: string, url: string, body: unknown): Promise<T> {
  const res = await request.post(url, { headers: { authorization: token }, data: body });
  const json = (await res.json()) as { code: string; msg: string; data: T };
  expect(json.code, `${url}: ${json.msg}`).toBe('0000');
  return json.data;
}

/** Signs in on /login with a user name and password, and waits to have left the page. */
export async function signInWith(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('用户名', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Forgets the session in this browser: cookies and both storages. */
export async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}
