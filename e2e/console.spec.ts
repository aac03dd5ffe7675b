import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { adminToken, expect, openMenuEntry, registerByApi, snapshot, test, uniqueApplicant } from './fixtures';

/**
 * Console shell journeys: the server's menu, pages opened through it, tabs, the theme
 * (layout and colour) surviving a reload, sign-out; a user without a permission; a 401 mid-session.
 */

// The console as most users see it: with antd's motion (the other journeys prefer reduced motion, playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

const ADMIN_PASSWORD = 'Admin@2026!';
const byLabel = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await byLabel(page, '用户名').fill(username);
  await byLabel(page, '密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

const primaryColour = (page: Page) =>
  page.getByTestId('console-layout').evaluate((el) => getComputedStyle(el).getPropertyValue('--ant-color-primary').trim().toLowerCase());

test('admin: the server menu, three pages through it, tabs, top layout and colour kept after reload, sign out', async ({ page, request, pageErrors }) => {
  const admin = await adminToken(request);
  await request.post('/rest/theme/personal/reset', { headers: { authorization: admin }, data: {} });
  await page.setViewportSize({ width: 1366, height: 820 });

  await signIn(page, 'admin', ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('console-greeting')).toContainText('系统管理员');
  const menu = page.getByTestId('console-menu');
  await expect(menu.getByText('首页')).toBeVisible();
  await expect(menu.getByText('消息管理')).toBeVisible();
  await expect(menu.getByText('个人中心')).toBeVisible();

  // Page 2 through the menu: 消息管理 → 短信日志 (the group opens, the page loads its list).
  await openMenuEntry(menu, '消息管理', '短信日志');
  await expect(page).toHaveURL(/\/message\/sms\/smsList$/);
  await expect(page.getByRole('columnheader', { name: '手机号' })).toBeVisible();
  await expect(page.getByRole('button', { name: /批量删除/ })).toBeVisible();
  await expect(page.getByTestId('console-breadcrumb')).toContainText('短信日志');

  // Page 3: 个人中心, inside the console.
  await menu.getByText('个人中心').click();
  await expect(page).toHaveURL(/\/center$/);
  await expect(page.getByTestId('console-layout')).toBeVisible();

  // Tabs: one per page; switching navigates; closing goes to the neighbour.
  const tabs = page.getByTestId('console-tabs');
  await expect(tabs.getByRole('listitem')).toHaveCount(3);
  await tabs.getByRole('link', { name: '短信日志', exact: true }).click();
  await expect(page).toHaveURL(/\/message\/sms\/smsList$/);
  await snapshot(page, 'console-sidebar');
  await tabs.getByRole('button', { name: '关闭页签 短信日志', exact: true }).click();
  await expect(tabs.getByRole('listitem')).toHaveCount(2);
  await expect(page).not.toHaveURL(/smsList/);

  // The home page lists what was opened lately (recorded per menu entry, newest first).
  await menu.getByText('首页').click();
  const recent = page.getByTestId('home-quick-links');
  await expect(recent.getByRole('link', { name: '短信日志' })).toBeVisible();
  await expect(recent.getByRole('link', { name: '个人中心' })).toBeVisible();

  // Theme: the top-menu layout and a new primary colour, saved as the user's own.
  await page.getByTestId('open-theme-drawer').click();
  const drawer = page.getByRole('dialog', { name: '主题设置' });
  await drawer.getByText('顶部菜单布局').click();
  await expect(page.getByTestId('console-layout')).toHaveAttribute('data-layout', 'top-layout');
  await drawer.getByTestId('theme-primaryColor').click();
  const hex = page.locator('.ant-color-picker-input input').first();
  await hex.fill('c0392b');
  await hex.press('Enter');
  await expect.poll(() => primaryColour(page)).toBe('#c0392b');
  // (Escape would close the drawer, which undoes an unsaved preview.)
  await drawer.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('主题已保存')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.getByTestId('console-layout')).toHaveAttribute('data-layout', 'top-layout');
  await expect.poll(() => primaryColour(page)).toBe('#c0392b');
  await expect(page.getByTestId('console-menu')).toBeVisible();
  await snapshot(page, 'console-top');

  // Sign out from the user menu.
  // The dropdown opens with an animation; retry the two clicks until the confirmation is up.
  const confirm = page.locator('.ant-modal-confirm');
  await expect(async () => {
    if (!(await page.getByRole('menuitem', { name: '退出登录' }).isVisible())) await page.getByTestId('console-user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click({ timeout: 2_000 });
    await expect(confirm).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await confirm.getByRole('button', { name: /确定|退出/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(pageErrors).toEqual([]);
});

// The personal theme this journey sets must not leak into the next one, even when it fails midway.
test.afterEach(async ({ request }) => {
  const admin = await adminToken(request);
  await request.post('/rest/theme/personal/reset', { headers: { authorization: admin }, data: {} });
});

test('a user without the permission has no console entry, and opening a console page directly shows 403', async ({ page, request, pageErrors }) => {
  const applicant = uniqueApplicant();
  await registerByApi(request, await adminToken(request), applicant);

  await signIn(page, applicant.username, applicant.password);
  await expect(page).toHaveURL(/\/center$/);
  await expect(page.getByTestId('console-menu')).toHaveCount(0);

  await page.goto('/message/sms/smsList');
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByText('403')).toBeVisible();
  await page.goto('/home');
  await expect(page).toHaveURL(/\/403$/);
  // A console path that is no page at all stays a 404.
  await page.goto('/system/nothing-here');
  await expect(page).toHaveURL(/\/404$/);
  expect(pageErrors).toEqual([]);
});

test('a console page opened while signed out asks to sign in and comes back to it', async ({ page, pageErrors }) => {
  await page.goto('/message/sms/smsList');
  await expect(page).toHaveURL(/\/login\?redirect=\/message\/sms\/smsList$/);
  await byLabel(page, '用户名').fill('admin');
  await byLabel(page, '密码').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/message\/sms\/smsList$/);
  await expect(page.getByTestId('console-menu')).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('a 401 mid-session opens the login dialog on /, and signing in there returns to the page', async ({ page, request, pageErrors }) => {
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/message/sms/smsList');
  await expect(page.getByRole('columnheader', { name: '手机号' })).toBeVisible();

  // The session ends elsewhere (an administrator, another tab): the next call answers 401.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('dandelion__session') ?? 'null')?.token as string);
  await request.post('/logout?client_name=form_client', { headers: { authorization: token }, data: {} });
  await page.getByRole('button', { name: '查询' }).click();

  await expect(page.getByText('登录已失效，请重新登录')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const dialog = page.locator('.ant-modal');
  await dialog.getByLabel('用户名', { exact: true }).fill('admin');
  await dialog.getByLabel('密码', { exact: true }).fill(ADMIN_PASSWORD);
  await dialog.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/message\/sms\/smsList$/);
  await expect(page.getByRole('columnheader', { name: '手机号' })).toBeVisible();
  // The old token stays dead.
  expect((await request.get('/api/user/info', { headers: { authorization: token } })).status()).toBe(401);
  expect(pageErrors).toEqual([]);
});

/** A solid-colour PNG (width × height), built here so the journey needs no binary fixture. */
function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

test('personal centre: a cropped avatar reaches the header, and 退出其他设备 ends another session', async ({ page, request, pageErrors }) => {
  const elsewhere = await adminToken(request);
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/center');
  const profile = page.getByTestId('center-profile');
  await profile.locator('input[type=file]').setInputFiles({ name: '头像.png', mimeType: 'image/png', buffer: solidPng(120, 90, [31, 95, 184]) });
  const crop = page.getByRole('dialog', { name: '裁剪头像' });
  await expect(crop).toBeVisible();
  await crop.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('头像已更新')).toBeVisible();
  await expect(page.getByTestId('console-user-menu').locator('img')).toHaveAttribute('src', /\/rest\/user\/avatar\/[0-9a-f]{64}$/);
  const src = await page.getByTestId('console-user-menu').locator('img').getAttribute('src');
  const served = await request.get(src!);
  expect(served.headers()['content-type']).toMatch(/^image\//);

  await page.getByRole('tab', { name: '登录设备' }).click();
  // This device and every other live sign-in of admin (earlier journeys leave some too).
  await expect.poll(() => page.getByTestId('center-session').count()).toBeGreaterThanOrEqual(2);
  await page.getByTestId('center-revoke-others').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('center-session')).toHaveCount(1);
  expect((await request.get('/api/user/info', { headers: { authorization: elsewhere } })).status()).toBe(401);
  expect(pageErrors).toEqual([]);
});

test('the console stays usable at 768 px wide', async ({ page, pageErrors }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/message/sms/smsList');
  await expect(page.getByRole('columnheader', { name: '手机号' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole('button', { name: '展开菜单' })).toBeVisible();
  await expect(page.getByTestId('console-user-menu')).toBeInViewport({ ratio: 1 });
  await snapshot(page, 'console-768');
  expect(pageErrors).toEqual([]);
});
