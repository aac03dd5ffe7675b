import type { APIRequestContext, Page } from '@playwright/test';
import { adminToken, expect, snapshot, test } from './fixtures';

/**
 * Messaging journey: the administrator releases a notice to one role; a user holding
 * that role sees the bell's count rise without a reload, reads it, and the count falls; the
 * administrator's read-receipt view shows them as read; the administrator revokes it and it is gone
 * for the user. Then templates: a template written with its live preview, sent to the user, who
 * finds it among their messages. The role and the user are set up through the API.
 */

const ADMIN_PASSWORD = 'Admin@2026!';
const USER_PASSWORD = 'Reader#2026go';
/** The bell asks every 20 s; a journey waits a little longer than one interval. */
const POLL_WAIT = 30_000;

const byLabel = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Waits for the page's CSS animations (a dialog zooming in, a popover fading out) to finish, for a still screenshot. */
async function settled(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await byLabel(page, '用户名').fill(username);
  await byLabel(page, '密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

async function call<T>(request: APIRequestContext, token: string, path: string, data: unknown, method: 'post' | 'put' = 'post'): Promise<T> {
  const response = await request[method](path, { headers: { authorization: token }, data });
  const body = (await response.json()) as { code: string; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe('0000');
  return body.data;
}

interface FuncNode {
  funcId: string;
  funcCode: string;
  children: FuncNode[];
}
const flatten = (nodes: FuncNode[]): FuncNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

/** A role that may open 我的消息, and a user holding it in the root organisation. */
async function readerAccount(request: APIRequestContext, admin: string, stamp: string) {
  const role = await call<{ roleId: string }>(request, admin, '/rest/role/add', { roleCode: `READER_${stamp}`, roleName: `通知读者${stamp}`, roleType: 'CENTER' });
  const tree = await call<{ funcs: FuncNode[] }>(request, admin, '/rest/role/permissionTree', {});
  const wanted = ['message', 'message:my:main', 'message:my:list'];
  const funcIds = flatten(tree.funcs)
    .filter((f) => wanted.includes(f.funcCode))
    .map((f) => f.funcId);
  expect(funcIds).toHaveLength(3);
  await call(request, admin, '/rest/role/bindPermission', { roleId: role.roleId, funcIds });
  const [root] = await call<Array<{ orgId: string }>>(request, admin, '/rest/organ/tree', {});
  const username = `reader${stamp}`;
  await call(request, admin, '/api/service', {
    id: 0,
    username,
    realname: `读者${stamp.slice(-4)}`,
    orgId: root!.orgId,
    roleIds: [role.roleId],
    password: USER_PASSWORD,
    phone: `137${stamp.padStart(8, '0').slice(-8)}`,
    email: `reader${stamp}@example.edu.cn`,
  });
  return { roleName: `通知读者${stamp}`, username };
}

test('a notice to one role: the badge rises, reading lowers it, receipts show it read, revoking takes it away', async ({ browser, page, request, pageErrors }) => {
  test.setTimeout(240_000);
  const stamp = String(Date.now() % 1e8);
  const admin = await adminToken(request);
  const reader = await readerAccount(request, admin, stamp);
  const title = `关于提交${stamp}年度材料的通知`;

  // The reader is signed in elsewhere, with nothing unread.
  const readerContext = await browser.newContext();
  const readerPage = await readerContext.newPage();
  const readerErrors: string[] = [];
  readerPage.on('pageerror', (err) => readerErrors.push(err.message));
  await signIn(readerPage, reader.username, USER_PASSWORD);
  const bell = readerPage.getByTestId('notice-bell');
  await expect(bell).toHaveAttribute('aria-label', '通知');

  // The administrator writes the notice in the shared form and releases it to the reader's role.
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/message/notice/noticeList');
  await expect(page.locator('button', { hasText: /^新增$/ })).toBeVisible();
  await page.locator('button', { hasText: /^新增$/ }).click();
  await expect(page).toHaveURL(/\/message\/notice\/noticeAdd$/);
  // By id: the editor's toolbar has a 标题 control too.
  await page.locator('#notice_title').fill(title);
  await page.locator('label.ant-radio-button-wrapper', { hasText: '重要' }).click();
  await page.locator('label.ant-radio-wrapper', { hasText: '指定范围' }).click();
  await byLabel(page, '角色').click();
  await page.locator('.ant-select-dropdown:visible').getByText(reader.roleName, { exact: true }).click();
  await page.keyboard.press('Escape');
  const editor = page.getByRole('textbox', { name: '富文本内容' });
  await editor.click();
  await editor.pressSequentially('请各单位于本周五前提交年度材料。');
  await page.getByRole('button', { name: '加粗' }).click();
  await editor.pressSequentially('逾期不再受理。');
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapshot(page, 'messaging-notice-form');
  await page.getByRole('button', { name: '保存并发布' }).click();
  await page.getByRole('button', { name: '发布', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/message\/notice\/noticeList$/);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByText('已发布')).toBeVisible();
  await expect(row.getByText(reader.roleName)).toBeVisible();
  await snapshot(page, 'messaging-notice-list');

  // Without a reload, the reader's bell shows it.
  await expect(bell).toHaveAttribute('aria-label', '通知，1 条未读', { timeout: POLL_WAIT });
  await bell.click();
  const panel = readerPage.getByTestId('notice-panel');
  await expect(panel.getByText(title)).toBeVisible();
  await expect(panel.getByText('重要')).toBeVisible();
  await snapshot(readerPage, 'messaging-bell-panel');
  await panel.getByText(title).click();
  const readerDialog = readerPage.getByRole('dialog', { name: title });
  await expect(readerDialog.getByText('逾期不再受理。')).toBeVisible();
  await expect(panel).toBeHidden();
  await settled(readerPage);
  await snapshot(readerPage, 'messaging-notice-reader');
  await readerDialog.getByRole('button', { name: '关闭' }).first().click();
  await expect(bell).toHaveAttribute('aria-label', '通知');
  await readerPage.goto('/message/my/myMsgList');
  await expect(readerPage.getByRole('row', { name: new RegExp(title) }).getByText('已读')).toBeVisible();
  await snapshot(readerPage, 'messaging-my-messages-read');

  // The administrator's read receipts show the reader as read.
  await page.reload();
  await page.getByRole('row', { name: new RegExp(title) }).getByText('更多').click();
  await page.getByRole('menuitem', { name: '阅读情况' }).click();
  await expect(page).toHaveURL(/\/message\/notice\/noticeReceipt\?id=\d+$/);
  const receiptRow = page.getByRole('row', { name: new RegExp(reader.username) });
  await expect(receiptRow.getByText('已读')).toBeVisible();
  await expect(page.getByText('100%')).toBeVisible();
  await snapshot(page, 'messaging-notice-receipts');

  // Revoked (after a confirmation), it is gone for the reader.
  await page.goto('/message/notice/noticeList');
  await page.getByRole('row', { name: new RegExp(title) }).getByRole('button', { name: '撤回' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '撤回' }).click();
  await expect(page.getByText('已撤回', { exact: true }).first()).toBeVisible();
  await readerPage.goto('/message/my/myMsgList');
  await expect(readerPage.locator('.ant-empty-description', { hasText: '还没有通知' }).first()).toBeVisible();
  await expect(readerPage.getByText(title)).toHaveCount(0);
  await snapshot(readerPage, 'messaging-my-messages-revoked');
  const mine = await call<{ total: number }>(request, await adminTokenOf(request, reader.username), '/rest/noticeService/getNoticeByUserPage', {});
  expect(mine.total).toBe(0);

  expect(readerErrors).toEqual([]);
  expect(pageErrors).toEqual([]);
  await readerContext.close();
});

/** The reader's own token, to check what the server answers them. */
async function adminTokenOf(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/callback?client_name=myform_client', { data: { username, password: USER_PASSWORD } });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

test('a template with a live preview, sent to a user who finds it among their messages; the send log and SMS log show it', async ({ page, request, pageErrors }) => {
  test.setTimeout(180_000);
  const stamp = String((Date.now() + 7) % 1e8);
  const admin = await adminToken(request);
  const reader = await readerAccount(request, admin, stamp);

  await signIn(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/message/template/templateAdd');
  await byLabel(page, '模板编码').fill(`RESULT_${stamp}`);
  await byLabel(page, '模板名称').fill('评审结果通知');
  await byLabel(page, '消息标题').fill('${prize}评审结果');
  await byLabel(page, '模板内容').fill('${name}，您好：您申报的${prize}已通过初审。');
  const preview = page.getByTestId('template-preview');
  await expect(page.getByTestId('template-variables')).toContainText('prize');
  await expect(preview).toContainText('缺少示例值');
  await byLabel(page, '示例值 prize').fill('科技进步奖');
  await byLabel(page, '示例值 name').fill('张三');
  await expect(preview).toContainText('张三，您好：您申报的科技进步奖已通过初审。');
  await snapshot(page, 'messaging-template-form');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();

  await page.goto('/message/template/templateList');
  const row = page.getByRole('row', { name: new RegExp(`RESULT_${stamp}`) });
  await row.getByRole('button', { name: '发送' }).click();
  const dialog = page.getByRole('dialog', { name: /发送：评审结果通知/ });
  await dialog.getByLabel('收信人').fill(reader.username);
  await page.locator('.ant-select-dropdown:visible').getByText(new RegExp(reader.username)).click();
  await page.keyboard.press('Escape');
  await dialog.getByLabel('变量 name').fill('');
  await snapshot(page, 'messaging-template-send');
  await dialog.getByRole('button', { name: '发送' }).click();
  await expect(dialog.getByText('请填写变量 name 的值')).toBeVisible();
  await dialog.getByLabel('变量 name').fill(`读者${stamp.slice(-4)}`);
  await dialog.getByRole('button', { name: '发送' }).click();
  await expect(page.getByText('已发送 1 条')).toBeVisible();
  await snapshot(page, 'messaging-template-list');

  await page.goto('/message/template/templateLog');
  await expect(page.getByRole('row', { name: new RegExp(`RESULT_${stamp}`) }).getByText('发送成功')).toBeVisible();
  await snapshot(page, 'messaging-template-log');
  await page.goto('/message/sms/smsList');
  await expect(page.getByRole('button', { name: '导出' })).toBeVisible();
  await snapshot(page, 'messaging-sms-log');

  const token = await adminTokenOf(request, reader.username);
  const msgs = await call<{ list: Array<{ title: string; content: string }> }>(request, token, '/rest/msg/getMyMsgList', {});
  expect(msgs.list[0]).toMatchObject({ title: '科技进步奖评审结果', content: `读者${stamp.slice(-4)}，您好：您申报的科技进步奖已通过初审。` });
  expect(pageErrors).toEqual([]);
});
