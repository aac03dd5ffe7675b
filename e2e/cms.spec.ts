import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, snapshot, test } from './fixtures';
import { solveCaptcha } from './captchaSolver';

/**
 * The content journey: an editor makes a catalogue and an article with an uploaded picture and bold
 * text and publishes it; an anonymous visitor finds it on the home page, opens it, finds it again by
 * a two-character word, and sends a complaint; the administrator sees the complaint in the console.
 */

const ADMIN_PASSWORD = 'Admin@2026!';
const byLabel = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await byLabel(page, '用户名').fill(username);
  await byLabel(page, '密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** A small PNG with a coloured band, built here so the journey needs no binary fixture. */
function bandPng(width: number, height: number): Buffer {
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
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(x < width / 2 ? [46, 125, 50] : [255, 193, 7], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

test('an article written and published in the console reaches the portal, its search and its complaint form', async ({ page, browser, pageErrors }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).slice(-5);
  const catalogName = `琥珀成果${stamp}`;
  const catalogCode = `amber_${stamp}`;
  // 琥珀 is in no seeded text: search must find the article by this two-character word alone.
  const title = `琥珀色光谱新材料研制成功 ${stamp}`;

  // ── The editor: a catalogue in the default site ──
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/cms/setting/settingMain');
  await page.getByRole('tab', { name: '栏目' }).click();
  // Under 新闻动态: the home page's news card lists the newest articles of its sub-columns too.
  await page.getByRole('tree').getByText('新闻动态', { exact: true }).click();
  await page.getByRole('button', { name: '新增子栏目' }).click();
  const catalogDialog = page.getByRole('dialog', { name: '新增栏目' });
  await catalogDialog.getByLabel('栏目名称', { exact: true }).fill(catalogName);
  await catalogDialog.getByLabel('栏目编码', { exact: true }).fill(catalogCode);
  await catalogDialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(page.getByRole('tree').getByText(catalogName)).toBeVisible();
  await snapshot(page, 'cms-catalogue');

  // ── The article: bold text and an uploaded picture in the body ──
  await page.goto('/cms/content/contentList');
  await page.locator('button', { hasText: /^新增$/ }).click();
  await expect(page).toHaveURL(/\/cms\/content\/contentAdd/);
  // The tree select searches: typing narrows the (virtual) list to the new catalogue.
  await page.locator('#content_catalogId').click();
  await page.locator('#content_catalogId').fill(catalogName);
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: catalogName }).click();
  await page.locator('#content_title').fill(title);
  await page.locator('#content_summary').fill('课题组研制出琥珀色光谱新材料，转换效率显著提升。');
  const editor = page.getByRole('textbox', { name: '富文本内容' });
  await editor.click();
  await editor.pressSequentially('课题组经过三年攻关，');
  await page.getByRole('button', { name: '加粗' }).click();
  await editor.pressSequentially('研制出琥珀色光谱新材料');
  await page.getByRole('button', { name: '加粗' }).click();
  await editor.pressSequentially('。');
  await page.getByLabel('选择图片').setInputFiles({ name: '样品照片.png', mimeType: 'image/png', buffer: bandPng(160, 90) });
  // (ProseMirror adds separator images of its own; the upload is the one from the file service.)
  await expect(editor.locator('img[src*="/stream/fms/downloads/1?fileId="]')).toHaveCount(1);
  await snapshot(page, 'cms-article-form');
  await page.getByRole('button', { name: '保存并发布' }).click();
  await page.locator('.ant-popover, .ant-popconfirm, .ant-modal-confirm').getByRole('button', { name: '发布', exact: true }).click();
  await expect(page.getByText('已保存并发布')).toBeVisible();
  await expect(page).toHaveURL(/\/cms\/content\/contentList/);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByText('已发布')).toBeVisible();
  await snapshot(page, 'cms-article-list');

  // ── An anonymous visitor on the portal ──
  const visitor = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  const visitorErrors: string[] = [];
  visitor.on('pageerror', (err) => visitorErrors.push(err.message));
  await visitor.goto('/');
  await expect(visitor.getByRole('link', { name: title }).first()).toBeVisible();
  await snapshot(visitor, 'cms-portal-home');
  await visitor.getByRole('link', { name: title }).first().click();
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  const body = visitor.locator('.dl-article__body');
  await expect(body.locator('strong', { hasText: '研制出琥珀色光谱新材料' })).toBeVisible();
  const picture = body.locator('img[src*="/stream/fms/downloads/1?fileId="]');
  await expect(picture).toBeVisible();
  // The picture is public now that the article is published: it loads without a session.
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
  await snapshot(visitor, 'cms-portal-detail');

  // Search by the two-character word, highlighted in the result.
  await visitor.goto('/search?keyword=' + encodeURIComponent('琥珀'));
  const hit = visitor.getByRole('link', { name: title });
  await expect(hit).toBeVisible();
  await expect(visitor.locator('mark', { hasText: '琥珀' }).first()).toBeVisible();
  await snapshot(visitor, 'cms-portal-search');

  // A complaint through the form (the captcha is read from its image).
  const complaintTitle = `关于${stamp}号成果的咨询`;
  await visitor.goto('/other');
  await visitor.getByRole('button', { name: /投诉建议/ }).first().click();
  const form = visitor.getByRole('dialog', { name: /投诉建议/ });
  await form.getByLabel('标题', { exact: true }).fill(complaintTitle);
  await form.getByLabel('内容', { exact: true }).fill('请问该成果是否接受企业合作洽谈？');
  await form.getByLabel('姓名', { exact: true }).fill('李明');
  await form.getByLabel('联系方式', { exact: true }).fill('12345');
  const captcha = form.getByRole('img', { name: /验证码/ });
  await expect(captcha).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  await form.getByLabel('验证码', { exact: true }).fill(solveCaptcha((await captcha.getAttribute('src'))!));
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expect(form.getByText('输入正确格式的联系方式')).toBeVisible();
  await form.getByLabel('联系方式', { exact: true }).fill('13912345678');
  await form.getByLabel('验证码', { exact: true }).fill(solveCaptcha((await captcha.getAttribute('src'))!));
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expect(visitor.getByText(/提交成功|感谢/).first()).toBeVisible();
  expect(visitorErrors).toEqual([]);
  await visitor.close();

  // ── The administrator sees it in the complaint list ──
  await page.goto('/cms/complaint/complaintList');
  const complaint = page.getByRole('row', { name: new RegExp(complaintTitle) });
  await expect(complaint).toBeVisible();
  await expect(complaint.getByText('待处理')).toBeVisible();
  await snapshot(page, 'cms-complaint-list');

  // Nothing to clean up: every name carries the stamp.
  expect(pageErrors).toEqual([]);
});
