import type { APIRequestContext, Page } from '@playwright/test';
import { adminToken, apiLogin, callApi, expect, registerByApi, signInWith, signOut, snapshot, test, uniqueApplicant } from './fixtures';

/**
 * A declaration from the first click to acceptance (issue 16): an applicant declares a prize with two
 * completers, one unit and an uploaded attachment; the check says what is missing; after the fix the
 * submission gets a 登记号. The unit's administrator approves it, the prize office returns it for
 * changes, the applicant reads the opinion, fixes and resubmits, the office accepts it; the
 * applicant sees 已受理 and prints it. A second declaration naming the same completer is refused.
 */

const BEIJING = 8 * 3_600_000;
/** A Beijing date `days` from today. */
const day = (days: number) => new Date(Date.now() + BEIJING + days * 86_400_000).toISOString().slice(0, 10);
const PASSWORD = 'Journey#2026x';
/** Valid resident ID numbers (their check digits hold). */
const ID_FIRST = '110105198001011019';
const ID_SECOND = '110105198001011043';
const CREDIT_CODE = '91110000000000001H';

/** The office's setup through the API: a unit and its administrator, a small prize and an edition declaring now. */
async function prepare(request: APIRequestContext) {
  const admin = await adminToken(request);
  const stamp = String(Date.now()).slice(-6);
  const root = (await callApi<Array<{ orgId: string }>>(request, admin, '/rest/organ/tree', {}))[0]!;
  const unit = await callApi<{ orgId: string }>(request, admin, '/rest/organ/add', { orgCode: `JU${stamp}`, orgName: `蒲公英科技大学${stamp}`, orgType: 'UNIT', parentOrgId: root.orgId });
  const roles = await callApi<Array<{ roleId: string; roleCode: string }>>(request, admin, '/rest/role/getAllRole', {});
  const unitAdminRole = roles.find((r) => r.roleCode === 'UNIT_ADMIN')!;
  const unitAdmin = `unitadm${stamp}`;
  await callApi(request, admin, '/api/service', { id: 0, username: unitAdmin, realname: '单位管理员', orgId: unit.orgId, roleIds: [unitAdminRole.roleId], password: PASSWORD });

  const prize = await callApi<{ prizeId: string }>(request, admin, '/rest/prize/add', {
    prizeCode: `J${stamp}`,
    prizeName: `青年创新奖${stamp}`,
    kind: 'YOUTH',
    grades: [{ grade: 'UNGRADED', quota: 10, maxPersons: 5, maxUnits: 3 }],
    rubric: [{ name: '创新性', weight: 100, maxScore: 100 }],
    formConfig: { sections: ['BASIC', 'COMPLETERS', 'UNITS', 'ATTACHMENTS'], wordLimits: { title: 30 }, requiredAttachments: ['COMMITMENT'] },
  });
  // 2040–2089 are this journey's years (an edition's year is unique; the review journey takes 2090–2099).
  const year = 2040 + (Number(stamp) % 50);
  const edition = await callApi<{ editionId: string; lockVersion: number; editionName: string }>(request, admin, '/rest/edition/add', {
    year,
    editionName: `${year}年度青年创新奖${stamp}`,
    prizeIds: [prize.prizeId],
    stages: [{ stage: 'DECLARATION', startDate: day(-1), endDate: day(20) }],
    unitReview: true,
    nominatorReview: false,
    fixDeadlineWorkingDays: 5,
    eligibility: { onePersonOneDeclaration: true, excludeWinnersOfLastEditions: 2, excludeNotAwardedLastEdition: true },
    guide: '请如实填写，申报书须经单位审核后报送奖励办。',
  });
  await callApi(request, admin, '/rest/edition/publish', { editionId: edition.editionId, lockVersion: edition.lockVersion });
  return { admin, unitName: `蒲公英科技大学${stamp}`, unitAdmin, prizeName: `青年创新奖${stamp}`, editionName: edition.editionName, editionId: edition.editionId, prizeId: prize.prizeId };
}

/** 保存本栏, waiting for the server to have stored the section. */
async function saveSection(page: Page) {
  const saved = page.waitForResponse((r) => r.url().endsWith('/rest/declare/saveSection') && r.status() === 200);
  await page.getByRole('button', { name: '保存本栏' }).last().click();
  await saved;
}

/** Picks an option of the antd select whose form item is labelled `label`. */
async function choose(page: Page, label: string, option: string, typed?: string) {
  await page.getByLabel(label, { exact: true }).click();
  if (typed) await page.getByLabel(label, { exact: true }).fill(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

test.use({ actionTimeout: 15_000 });

test('an applicant declares, the unit approves, the office returns it, the fix is accepted and printed', async ({ page, request, pageErrors }) => {
  test.setTimeout(240_000);
  const setup = await prepare(request);
  const applicant = { ...uniqueApplicant(), password: PASSWORD };
  await registerByApi(request, setup.admin, applicant);

  // ── the applicant starts a declaration on /declare ──
  await signInWith(page, applicant.username, applicant.password);
  await page.goto('/declare');
  const offer = page.locator('section, article, li, div').filter({ hasText: setup.editionName }).filter({ has: page.getByRole('button', { name: `开始申报 ${setup.prizeName}` }) }).last();
  await offer.getByRole('button', { name: `开始申报 ${setup.prizeName}` }).click();
  await expect(page).toHaveURL(/\/declare\/form\/\d+$/);
  const declarationId = page.url().split('/').at(-1)!;

  // 基本情况
  await page.getByLabel('项目名称', { exact: true }).fill('面向城市内涝的智能预警系统');
  await choose(page, '推荐等级', '不分等级');
  await choose(page, '项目类别', '技术开发类');
  await page.getByLabel('学科代码', { exact: true }).fill('520');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.getByRole('radio', { name: '公开' }).check();
  await page.getByLabel('项目起始日期', { exact: true }).fill('2019-01-01');
  await page.keyboard.press('Enter');
  await page.getByLabel('项目完成日期', { exact: true }).fill('2023-12-31');
  await page.keyboard.press('Enter');
  await choose(page, '申报单位', setup.unitName, '蒲公英');
  await page.getByLabel('联系人', { exact: true }).clear();
  await page.getByLabel('联系人', { exact: true }).fill(applicant.realname);
  await page.getByLabel('联系电话', { exact: true }).fill(applicant.phone);
  await page.getByLabel('联系邮箱', { exact: true }).fill(applicant.email);
  await saveSection(page);
  await expect(page.getByRole('navigation', { name: '申报书栏目' }).getByRole('button', { name: /基本情况/ }).getByLabel('已保存')).toBeVisible();

  // 主要完成人: two, the second with a wrong ID number first (the spec's message), then the right one.
  await page.getByRole('navigation', { name: '申报书栏目' }).getByRole('button', { name: /主要完成人/ }).click();
  await page.getByRole('button', { name: '添加完成人' }).click();
  await page.getByLabel('姓名', { exact: true }).nth(0).fill('李明');
  await page.getByLabel('证件号码', { exact: true }).nth(0).fill(ID_FIRST);
  await page.getByLabel('工作单位', { exact: true }).nth(0).fill(setup.unitName);
  await page.getByLabel('主要贡献', { exact: true }).nth(0).fill('提出总体方案并主持研制。');
  await page.getByRole('button', { name: '添加完成人' }).click();
  await page.getByLabel('姓名', { exact: true }).nth(1).fill('王芳');
  await page.getByLabel('证件号码', { exact: true }).nth(1).fill('110105198001011234');
  await page.getByLabel('工作单位', { exact: true }).nth(1).fill(setup.unitName);
  await page.getByLabel('主要贡献', { exact: true }).nth(1).fill('负责预警模型与软件实现。');
  await page.getByRole('button', { name: '保存本栏' }).first().click();
  await expect(page.getByText('您的身份证号/护照格式不正确!').first()).toBeVisible();
  await page.getByLabel('证件号码', { exact: true }).nth(1).fill(ID_SECOND);
  await saveSection(page);

  // 主要完成单位
  await page.getByRole('navigation', { name: '申报书栏目' }).getByRole('button', { name: /主要完成单位/ }).click();
  await page.getByRole('button', { name: '添加完成单位' }).click();
  await page.getByLabel('单位名称', { exact: true }).fill(setup.unitName);
  await page.getByLabel('统一社会信用代码', { exact: true }).fill(CREDIT_CODE);
  await page.getByLabel('主要贡献', { exact: true }).fill('项目牵头单位。');
  await saveSection(page);

  // 检查: the required 真实性承诺书 is missing; the problem leads to the attachments.
  await page.getByRole('button', { name: '检查', exact: true }).click();
  const problems = page.getByRole('list', { name: '检查发现的问题' });
  const missing = problems.getByRole('button', { name: /真实性承诺书/ });
  await expect(missing).toBeVisible();
  await snapshot(page, 'declaration-check-problems');
  await missing.click();
  const row = page.locator('.dl-attachments__row', { hasText: '真实性承诺书' });
  await row.locator('input[type=file]').setInputFiles({ name: '承诺书.png', mimeType: 'image/png', buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64') });
  await expect(row.getByText('承诺书.png')).toBeVisible();
  await saveSection(page);

  // 提交: the check passes now and the 登记号 is given.
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: '提交', exact: true }).click();
  const registrationNo = (await page.locator('.dl-registration-no').innerText()).trim();
  expect(registrationNo).toMatch(/^DJ\d{4}\d{6}$/);
  await snapshot(page, 'declaration-submitted');
  await page.getByRole('button', { name: '查看我的申报' }).click();
  await expect(page.locator('tr', { hasText: registrationNo }).getByText('待单位审核').first()).toBeVisible();

  // ── the unit's administrator approves it in the console ──
  await signOut(page);
  await signInWith(page, setup.unitAdmin, PASSWORD);
  await page.goto('/award/unitReview/unitReviewList');
  const pending = page.locator('tr.ant-table-row', { hasText: registrationNo });
  await pending.getByRole('button', { name: /审核/ }).click();
  const drawer = page.getByRole('dialog', { name: /单位审核/ });
  await expect(drawer.getByText('面向城市内涝的智能预警系统').first()).toBeVisible();
  await snapshot(page, 'declaration-unit-review');
  await drawer.getByRole('radio', { name: '审核通过' }).check();
  await drawer.getByRole('button', { name: '提交审核结果' }).click();
  await expect(page.locator('tr.ant-table-row', { hasText: registrationNo })).toHaveCount(0);

  // ── the prize office returns it for changes ──
  await signOut(page);
  await signInWith(page, 'admin', 'Admin@2026!');
  await page.goto('/award/formalReview/formalReviewList');
  await page.locator('tr.ant-table-row', { hasText: registrationNo }).getByRole('button', { name: /审查/ }).click();
  const review = page.getByRole('dialog', { name: /形式审查/ });
  await review.getByRole('radio', { name: '限期修改' }).check();
  await review.getByLabel('审查意见', { exact: true }).fill('请补充第二完成人的职称。');
  await review.getByRole('button', { name: '提交审查结论' }).click();
  await expect(page.locator('tr.ant-table-row', { hasText: registrationNo })).toHaveCount(0);

  // ── the applicant reads the opinion, fixes and resubmits ──
  await signOut(page);
  await signInWith(page, applicant.username, applicant.password);
  await page.goto('/center');
  const mine = page.locator('tr', { hasText: registrationNo });
  await expect(mine.getByText('限期修改').first()).toBeVisible();
  await mine.getByRole('button', { name: /修改/ }).click();
  await expect(page.getByText('请补充第二完成人的职称。')).toBeVisible();
  await snapshot(page, 'declaration-returned-opinion');
  await page.getByRole('navigation', { name: '申报书栏目' }).getByRole('button', { name: /主要完成人/ }).click();
  await page.getByLabel('职称', { exact: true }).nth(1).fill('高级工程师');
  await saveSection(page);
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: '提交', exact: true }).click();
  await expect(page.locator('.dl-registration-no')).toHaveText(registrationNo);

  // ── the office sees what changed and accepts ──
  await signOut(page);
  await signInWith(page, 'admin', 'Admin@2026!');
  await page.goto('/award/formalReview/formalReviewList');
  const resubmitted = page.locator('tr.ant-table-row', { hasText: registrationNo });
  await expect(resubmitted.getByText('已修改')).toBeVisible();
  await resubmitted.getByRole('button', { name: /审查/ }).click();
  const accept = page.getByRole('dialog', { name: /形式审查/ });
  await accept.getByRole('tab', { name: '修改对比' }).click();
  await expect(accept.getByRole('tabpanel', { name: '修改对比' }).getByText('高级工程师')).toBeVisible();
  await snapshot(page, 'declaration-changes');
  await accept.getByRole('radio', { name: '受理', exact: true }).check();
  await accept.getByRole('button', { name: '提交审查结论' }).click();
  await expect(page.locator('tr.ant-table-row', { hasText: registrationNo })).toHaveCount(0);

  // ── the applicant sees 已受理 and prints it ──
  await signOut(page);
  await signInWith(page, applicant.username, applicant.password);
  await page.goto('/center');
  await expect(page.locator('tr', { hasText: registrationNo }).getByText('已受理').first()).toBeVisible();
  await snapshot(page, 'declaration-accepted');
  await page.goto(`/declare/print/${declarationId}`);
  const printed = page.getByRole('article');
  await expect(printed.getByText(registrationNo)).toBeVisible();
  await expect(printed.getByText('已受理').first()).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: '打印' })).toBeHidden();
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(10_000);
  await page.emulateMedia({ media: 'screen' });
  await snapshot(page, 'declaration-print');

  // ── a second declaration naming the same first completer is refused with a clear message ──
  const second = { ...uniqueApplicant(), password: PASSWORD };
  await registerByApi(request, setup.admin, second);
  const token = await apiLogin(request, second.username, second.password);
  const draft = await callApi<{ declarationId: string; lockVersion: number }>(request, token, '/rest/declare/add', { editionId: setup.editionId, prizeId: setup.prizeId });
  const saved = await callApi<{ lockVersion: number }>(request, token, '/rest/declare/saveSection', {
    declarationId: draft.declarationId,
    lockVersion: draft.lockVersion,
    section: 'COMPLETERS',
    content: { completers: [{ name: '李明', idNumber: ID_FIRST, unitName: setup.unitName, contribution: '同一人' }] },
  });
  const check = await callApi<{ ok: boolean; problems: Array<{ message: string }> }>(request, token, '/rest/declare/check', { declarationId: draft.declarationId });
  expect(check.ok).toBe(false);
  expect(check.problems.map((p) => p.message)).toContainEqual(expect.stringContaining(`已是本届次另一项申报（登记号 ${registrationNo}）的主要完成人`));
  const refused = await request.post('/rest/declare/submit', { headers: { authorization: token }, data: { declarationId: draft.declarationId, lockVersion: saved.lockVersion } });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { msg: string }).msg).not.toBe('');
  expect(pageErrors).toEqual([]);
});
