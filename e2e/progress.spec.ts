import type { APIRequestContext, Page } from '@playwright/test';
import { adminToken, expect, snapshot, test } from './fixtures';

/**
 * Process management journey: the administrator builds a three-stage definition in the
 * editor and publishes it; a business module starts an instance (here through the API); in the
 * instances tab the administrator opens it, sees the first stage highlighted, acts with a comment,
 * and the highlight and the history follow.
 */

const ADMIN_PASSWORD = 'Admin@2026!';
const byLabel = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function call<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { headers: { authorization: token }, data });
  const body = (await response.json()) as { code: string; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe('0000');
  return body.data;
}

/** Opens an antd select by its label and picks the option with this title. */
async function choose(page: Page, label: string, option: string) {
  await byLabel(page, label).click();
  // A suggestion list of the field typed in just before may still be fading out: ignore leaving ones.
  const dropdown = page.locator('.ant-select-dropdown:visible:not([class*="-leave"])');
  await expect(dropdown).toHaveCount(1);
  // Wait for the opening motion to end: a dropdown that flips above its select moves while it appears.
  await expect(dropdown).not.toHaveClass(/-(appear|enter)/);
  await dropdown.getByTitle(option, { exact: true }).click();
  // The next select's options must not be confused with this one's while it fades out.
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

async function addTag(page: Page, label: string, value: string) {
  await byLabel(page, label).fill(value);
  await byLabel(page, label).press('Enter');
  await byLabel(page, label).press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

test('a three-stage process built and published in the editor; an instance started by a business module moves when the administrator acts', async ({ page, request, pageErrors }) => {
  const stamp = String(Date.now() % 1e8);
  const processCode = `E2E_AUDIT_${stamp}`;
  const processName = `项目审核${stamp.slice(-4)}`;
  const admin = await adminToken(request);

  await page.goto('/login');
  await byLabel(page, '用户名').fill('admin');
  await byLabel(page, '密码').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);

  // 流程管理 → 新增: 申报 → 审核 → 完成.
  await page.goto('/base/progress/progressMain');
  await expect(page.getByRole('tab', { name: '流程定义' })).toBeVisible();
  await page.locator('button', { hasText: /^新增$/ }).click();
  const editor = page.getByRole('dialog').filter({ hasText: '新增流程' });
  await expect(editor).toBeVisible();
  await editor.getByLabel('流程编码', { exact: true }).fill(processCode);
  await editor.getByLabel('流程名称', { exact: true }).fill(processName);
  await byLabel(page, '第 1 个阶段的名称').fill('申报');
  await byLabel(page, '第 2 个阶段的名称').fill('完成');
  await editor.getByRole('button', { name: '添加阶段' }).click();
  await byLabel(page, '第 3 个阶段的编码').fill('AUDIT');
  await byLabel(page, '第 3 个阶段的名称').fill('审核');
  await byLabel(page, '第 3 个阶段的时限').fill('3');

  // 提交 (申报 → 审核) by applicants; 通过 (审核 → 完成) and 退回 (审核 → 申报, comment required) by reviewers.
  await editor.getByRole('button', { name: '添加动作' }).click();
  await byLabel(page, '第 1 个动作的名称').fill('提交');
  await expect(byLabel(page, '第 1 个动作的编码')).toHaveValue('SUBMIT');
  await choose(page, '第 1 个动作的目标阶段', '审核（AUDIT）');
  await addTag(page, '第 1 个动作的可办理角色', 'APPLICANT');
  await editor.getByRole('button', { name: '添加动作' }).click();
  await byLabel(page, '第 2 个动作的名称').fill('通过');
  await choose(page, '第 2 个动作的目标阶段', '完成（END）');
  await addTag(page, '第 2 个动作的可办理角色', 'REVIEWER');
  await editor.getByRole('button', { name: '添加动作' }).click();
  await byLabel(page, '第 3 个动作的名称').fill('退回');
  await choose(page, '第 3 个动作的起始阶段', '审核（AUDIT）');
  await choose(page, '第 3 个动作的目标阶段', '申报（START）');
  await addTag(page, '第 3 个动作的可办理角色', 'REVIEWER');
  await byLabel(page, '第 3 个动作必填意见').click();
  await expect(editor.getByText('校验通过，保存后可以发布')).toBeVisible();
  await expect(editor.locator('[data-stage]')).toHaveCount(3);
  await expect(editor.locator('[data-edge="AUDIT->START"]')).toContainText('退回');
  await snapshot(page, 'progress-editor-tables');
  await editor.locator('.ant-drawer-body').evaluate((body) => body.scrollTo(0, 0));
  await snapshot(page, 'progress-editor-diagram');
  await editor.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();

  // 发布, after the confirmation.
  const row = page.getByRole('row', { name: new RegExp(processCode) });
  await expect(row.getByText('草稿')).toBeVisible();
  await row.getByRole('button', { name: '发布', exact: true }).click();
  await page.locator('.ant-popover:visible').getByRole('button', { name: '发布', exact: true }).click();
  await expect(page.getByText('发布成功')).toBeVisible();
  await expect(row.getByText('生效中')).toBeVisible();
  await snapshot(page, 'progress-definitions');

  // A business module starts an instance for its record.
  const businessKey = `E2E_PROJECT:${stamp}`;
  const started = await call<{ instanceId: string; currentStage: string }>(request, admin, '/rest/progress/instance/start', { processCode, businessKey, title: `重点项目${stamp.slice(-4)}` });
  expect(started.currentStage).toBe('START');

  // The instances tab: open it, the first stage is highlighted.
  await page.getByRole('tab', { name: '流程实例' }).click();
  await byLabel(page, '业务标识').fill(businessKey);
  await page.getByRole('button', { name: '查询' }).click();
  const instanceRow = page.getByRole('row', { name: new RegExp(businessKey) });
  await expect(instanceRow.getByText('申报')).toBeVisible();
  await snapshot(page, 'progress-instances');
  await instanceRow.getByRole('button', { name: '办理' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '办理历史' });
  await expect(drawer.locator('[data-current]')).toHaveAttribute('data-stage', 'START');
  await expect(drawer.locator('[data-history]')).toHaveCount(1);
  await snapshot(page, 'progress-instance-start');

  // 提交 with a comment: the highlight moves to 审核 and the history shows the step.
  await byLabel(page, '办理意见').fill('材料齐全，请审核');
  await drawer.getByRole('button', { name: '提交', exact: true }).click();
  await expect(page.getByText('已提交')).toBeVisible();
  await expect(drawer.locator('[data-current]')).toHaveAttribute('data-stage', 'AUDIT');
  await expect(drawer.locator('[data-history]')).toHaveCount(2);
  await expect(drawer.getByText('意见：材料齐全，请审核')).toBeVisible();
  await expect(drawer.locator('[data-edge="START->AUDIT"]')).toHaveAttribute('data-taken', 'true');
  await expect(drawer.getByRole('button', { name: '通过', exact: true })).toBeVisible();
  await snapshot(page, 'progress-instance-acted');

  const stored = await call<{ instance: { currentStage: string; lockVersion: number }; history: Array<{ action: string; comment: string | null; actorName: string }> }>(
    request, admin, '/rest/progress/instance/detail', { instanceId: started.instanceId },
  );
  expect(stored.instance).toMatchObject({ currentStage: 'AUDIT', lockVersion: 1 });
  expect(stored.history.map((h) => [h.action, h.comment])).toEqual([['START', null], ['SUBMIT', '材料齐全，请审核']]);

  // The declaration review the next modules will use, drawn from a draft: seven stages, 退回 and 驳回 lanes.
  const t = (from: string, to: string, action: string, label: string, commentRequired = false) => ({ from, to, action, label, roles: ['REVIEWER'], permissions: [], commentRequired });
  const sample = await call<{ defId: string }>(request, admin, '/rest/progress/definition/add', {
    processCode: `E2E_DECLARATION_${stamp}`,
    processName: `申报审核${stamp.slice(-4)}`,
    definition: {
      stages: [
        { code: 'DRAFT', name: '草稿', kind: 'start' }, { code: 'UNIT', name: '单位推荐', kind: 'normal', limitDays: 5 },
        { code: 'FORMAL', name: '形式审查', kind: 'normal', limitDays: 10 }, { code: 'EXPERT', name: '专家评审', kind: 'normal', limitDays: 20 },
        { code: 'PUBLICITY', name: '结果公示', kind: 'normal', limitDays: 7 }, { code: 'DONE', name: '完成', kind: 'end' }, { code: 'REJECTED', name: '未通过', kind: 'end' },
      ],
      transitions: [
        t('DRAFT', 'UNIT', 'SUBMIT', '提交'), t('UNIT', 'FORMAL', 'RECOMMEND', '推荐'), t('UNIT', 'DRAFT', 'RETURN', '退回', true),
        t('FORMAL', 'EXPERT', 'PASS', '通过'), t('FORMAL', 'DRAFT', 'RETURN', '退回', true), t('FORMAL', 'REJECTED', 'REJECT', '驳回', true),
        t('EXPERT', 'PUBLICITY', 'FINISH', '评审完成'), t('EXPERT', 'REJECTED', 'REJECT', '不予推荐', true),
        t('PUBLICITY', 'DONE', 'CONFIRM', '公示无异议'), t('PUBLICITY', 'EXPERT', 'OBJECTION', '异议复核', true),
      ],
    },
  });
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: '流程定义' }).click();
  await page.getByRole('button', { name: '查询' }).click();
  await page.getByRole('row', { name: new RegExp(`E2E_DECLARATION_${stamp}`) }).getByRole('button', { name: '修改', exact: true }).click();
  const sampleEditor = page.getByRole('dialog').filter({ hasText: `修改流程：申报审核${stamp.slice(-4)} v1` });
  await expect(sampleEditor.locator('[data-stage]')).toHaveCount(7);
  await expect(sampleEditor.getByText('校验通过，保存后可以发布')).toBeVisible();
  await snapshot(page, 'progress-sample-diagram');
  expect(sample.defId).toBeTruthy();
  expect(pageErrors).toEqual([]);
});
