import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, callApi, expect, signInAsAdmin, signInWith, signOut, snapshot, test } from './fixtures';
import { solveCaptcha } from './captchaSolver';
import { day, idNumber, PASSWORD, reviewedWorld, type ReviewedWorld } from './reviewedWorld';

/**
 * An edition's last stretch (issue 18): a committee member votes; the result publicity opens (by its
 * scheduled task) and appears on /query; a visitor with a verified identity files an objection with
 * evidence; the office upholds it, so that declaration is not awarded; the office closes the edition;
 * the award list and a certificate PDF come out; /show lists an awarded achievement and a purchase
 * intention reaches the completing unit.
 *
 * The stages before (declaring, formal review, expert review) have journeys of their own: here they
 * are set up through the API (reviewedWorld), as are the second committee member's votes.
 */

const TITLES = ['深海装备的耐压结构设计', '智能电网的故障自愈控制', '高寒地区的路基冻害防治'];

interface Cast {
  world: ReviewedWorld;
  member: { username: string; token: string; userId: string };
  otherMember: { token: string; userId: string };
  unitAdmin: { username: string; token: string };
}

async function roleId(request: APIRequestContext, admin: string, code: string): Promise<string> {
  const roles = await callApi<Array<{ roleId: string; roleCode: string }>>(request, admin, '/rest/role/getAllRole', {});
  return roles.find((r) => r.roleCode === code)!.roleId;
}

async function cast(request: APIRequestContext): Promise<Cast> {
  // Years 2010–2019 are this journey's own (an edition's year is unique).
  const world = await reviewedWorld(request, { yearBase: 2010, titles: TITLES, stages: [] });
  const { admin, stamp } = world;
  const committeeRole = await roleId(request, admin, 'COMMITTEE');
  const unitRole = await roleId(request, admin, 'UNIT_ADMIN');
  const staff = async (username: string, realname: string, roleIds: string[]) => {
    await callApi(request, admin, '/api/service', { id: 0, username, realname, orgId: world.unit.orgId, roleIds, password: PASSWORD });
    const token = await apiLogin(request, username, PASSWORD);
    const candidates = await callApi<Array<{ userId: string; name: string }>>(request, admin, '/rest/committee/getMemberCandidates', { keyword: username });
    return { username, token, userId: candidates[0]?.userId ?? '' };
  };
  const member = await staff(`fncm${stamp}a`, '委员甲', [committeeRole]);
  const otherMember = await staff(`fncm${stamp}b`, '委员乙', [committeeRole]);
  const unitAdmin = await staff(`fnua${stamp}`, '单位管理员', [unitRole]);
  return { world, member, otherMember, unitAdmin };
}

async function runTask(request: APIRequestContext, admin: string, taskCode: string) {
  const page = await callApi<{ list: Array<{ taskId: string; taskCode: string }> }>(request, admin, '/rest/task/getTaskPage', { pageParameter: { pageNum: 1, pageSize: 100 } });
  const task = page.list.find((t) => t.taskCode === taskCode)!;
  await callApi(request, admin, '/rest/task/runTask', { taskId: task.taskId });
}

/** Share of non-white pixels in a binary PGM (P5) image. */
function inkOf(pgm: Buffer): number {
  const header = pgm.toString('latin1', 0, 64).match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
  if (!header) throw new Error('not a PGM image');
  const [, w, h] = header.map(Number) as [number, number, number];
  const pixels = pgm.subarray(header[0].length);
  let ink = 0;
  for (let i = 0; i < w * h; i++) if (pixels[i]! < 200) ink++;
  return ink / (w * h);
}

async function visible(page: Page) {
  return page.locator('.dl-console-page').filter({ visible: true });
}

test.use({ actionTimeout: 15_000 });

test('committee, result publicity, an upheld objection, closing the edition, the certificate and /show', async ({ page, browser, request, pageErrors }) => {
  test.setTimeout(300_000);
  const { world, member, otherMember, unitAdmin } = await cast(request);
  const { admin } = world;
  const [kept, objected, third] = world.declarations;

  // ── The committee: the office opens a sitting; a member votes in the console, the other through the API. ──
  const sitting = await callApi<{ id: string }>(request, admin, '/rest/committee/addSitting', {
    editionId: world.edition.editionId, prizeId: world.prize.prizeId, title: `终评会议${world.stamp}`, memberIds: [member.userId, otherMember.userId],
  });
  await callApi(request, admin, '/rest/committee/openVoting', { sittingId: sitting.id });
  await signInWith(page, member.username, PASSWORD);
  await page.goto(`/award/committeeVote/vote?id=${sitting.id}`);
  const vote = await visible(page);
  for (const title of TITLES) {
    await vote.locator('tr.ant-table-row', { hasText: title }).getByRole('button', { name: '投票' }).click();
    const dialog = page.getByRole('dialog', { name: `投票：${title}` });
    await dialog.getByLabel(title === third!.title ? '不予授奖' : '同意拟授奖等级').check();
    await dialog.getByRole('button', { name: '提交投票' }).click();
    await expect(dialog).toBeHidden();
    await expect(vote.locator('tr.ant-table-row', { hasText: title }).getByRole('button', { name: '修改' })).toBeVisible();
  }
  await snapshot(page, 'finale-committee-vote');
  for (const d of world.declarations) {
    await callApi(request, otherMember.token, '/rest/committeeVote/vote', { sittingId: sitting.id, declarationId: d.declarationId, choice: d === third ? 'NOT_AWARD' : 'AGREE' });
  }
  await callApi(request, admin, '/rest/committee/closeVoting', { sittingId: sitting.id });
  const status = async (id: string) => (await callApi<{ status: string }>(request, admin, '/rest/declare/detail', { declarationId: id })).status;
  expect([await status(kept!.declarationId), await status(objected!.declarationId), await status(third!.declarationId)]).toEqual(['PROPOSED', 'PROPOSED', 'NOT_AWARDED']);
  await signOut(page);

  // ── The result publicity: scheduled from today, opened by its task, shown on /query. ──
  const publicityTitle = `${world.edition.editionName}拟授奖项目公示`;
  const draft = await callApi<{ publicityId: string; lockVersion: number }>(request, admin, '/rest/publicity/add', {
    editionId: world.edition.editionId, prizeId: world.prize.prizeId, kind: 'RESULT', title: publicityTitle, startDate: day(0), days: 10, dayKind: 'NATURAL',
  });
  await callApi(request, admin, '/rest/publicity/schedule', { publicityId: draft.publicityId, lockVersion: draft.lockVersion });
  await runTask(request, admin, 'AWARD_PUBLICITY_WINDOWS');
  await expect.poll(async () => (await callApi<{ status: string }>(request, admin, '/rest/publicity/detail', { publicityId: draft.publicityId })).status, { timeout: 20_000 }).toBe('OPEN');

  // A visitor with a verified identity finds it on /query and objects to one entry, with evidence.
  const visitorName = `fnvisit${world.stamp}`;
  const visitorToken = await world.account(visitorName, '王异议');
  await callApi(request, visitorToken, '/rest/identify/verify', { realname: '王异议', idType: 'ID_CARD', idNumber: idNumber(Number(world.stamp) + 77) });
  await signInWith(page, visitorName, PASSWORD);
  await page.goto('/query');
  await page.getByRole('link', { name: publicityTitle }).click();
  await expect(page).toHaveURL(/\/queryDetail\//);
  await expect(page.getByText('公示中').first()).toBeVisible();
  const entry = page.locator('.dl-query-entry', { hasText: objected!.title });
  await entry.getByRole('button', { name: '提出异议' }).click();
  const form = page.getByRole('dialog', { name: `对「${objected!.title}」提出异议` });
  // The dialog (its antd chunk loads on this click) zooms in, and the category's list slides in: each is used once it
  // stands still. A click while it moves opened the list against where the field was a frame before, and the
  // option's mouse-down and mouse-up then met different elements: the category stayed empty and 提交异议 refused.
  await expect(form).not.toHaveClass(/ant-zoom-(appear|enter)/);
  await form.getByLabel('异议类别').click();
  const categories = page.locator('.ant-select-dropdown').filter({ has: page.getByTitle('完成人、完成单位及其排序') });
  await expect(categories).toBeVisible();
  await expect(categories).not.toHaveClass(/ant-slide-up-(appear|enter)/);
  await page.getByTitle('完成人、完成单位及其排序').click();
  await expect(form.getByTitle('完成人、完成单位及其排序')).toBeVisible();
  await form.getByLabel('异议事项').fill('第一完成人并未参与该项目的研究工作');
  await form.getByLabel('事实与理由').fill('经查，第一完成人在项目实施期间在其他单位全职工作，未参与研究，附任职证明。');
  const evidence = path.join(os.tmpdir(), `任职证明-${world.stamp}.pdf`);
  fs.writeFileSync(evidence, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  await form.locator('input[type=file]').first().setInputFiles(evidence);
  // Stored: the upload list shows the file as a link to the stored copy.
  await expect(form.getByRole('link', { name: path.basename(evidence) })).toBeVisible();
  await form.getByRole('button', { name: '提交异议' }).click();
  await expect(form).toBeHidden();
  expect(await status(objected!.declarationId)).toBe('OBJECTION_HOLD');
  await snapshot(page, 'finale-objection-filed');
  await signOut(page);

  // ── The office upholds it in 异议处理: that declaration will not be awarded. ──
  await signInAsAdmin(page);
  await page.goto('/award/objection/objectionList');
  const objections = await visible(page);
  const row = () => objections.locator('tr.ant-table-row', { hasText: objected!.title });
  for (const [action, opinion] of [['受理', '异议人实名，材料齐全，予以受理'], ['开始调查', '向完成单位核实']] as const) {
    await row().getByRole('button', { name: action, exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '第一完成人并未参与' });
    await dialog.getByLabel('意见').fill(opinion);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog).toBeHidden();
  }
  await row().getByRole('button', { name: '处理结论' }).click();
  const decide = page.getByRole('dialog').filter({ hasText: '第一完成人并未参与' });
  await decide.getByLabel('成立', { exact: true }).check();
  await decide.getByLabel('处理措施').click();
  await page.getByTitle('撤销申报（不予授奖）').click();
  await decide.getByLabel('处理意见').fill('经核实异议成立，撤销该项目申报');
  await decide.getByRole('button', { name: '确定' }).click();
  await expect(decide).toBeHidden();
  expect(await status(objected!.declarationId)).toBe('NOT_AWARDED');

  // ── Closing the edition once its result publicity is over (the stage dates say so). ──
  const edition = await callApi<Record<string, unknown> & { lockVersion: number }>(request, admin, '/rest/edition/detail', { editionId: world.edition.editionId });
  await callApi(request, admin, '/rest/edition/update', {
    editionId: world.edition.editionId, lockVersion: edition.lockVersion, year: edition.year, editionName: edition.editionName, prizeIds: [world.prize.prizeId],
    stages: [
      { stage: 'DECLARATION', startDate: day(-60), endDate: day(-50) },
      { stage: 'COMMITTEE', startDate: day(-20), endDate: day(-15) },
      { stage: 'RESULT_PUBLICITY', startDate: day(-10), endDate: day(-1) },
    ],
    unitReview: false, nominatorReview: false, fixDeadlineWorkingDays: 5,
    eligibility: { onePersonOneDeclaration: true, excludeWinnersOfLastEditions: 2, excludeNotAwardedLastEdition: true }, guide: '终评测试',
  });
  await page.goto('/award/awarding/awardingList');
  const awarding = await visible(page);
  await awarding.getByLabel('届次').click();
  await page.keyboard.type(world.edition.editionName);
  await page.getByTitle(world.edition.editionName).click();
  await awarding.getByRole('button', { name: '结束评奖' }).click();
  await page.getByRole('button', { name: '确定结束评奖' }).click();
  const awardedRow = awarding.locator('tr.ant-table-row', { hasText: kept!.title });
  await expect(awardedRow).toContainText('授奖');
  await expect(awardedRow).not.toContainText('不授奖');
  await expect(awardedRow).toContainText('二等奖');
  await expect(awarding.locator('tr.ant-table-row', { hasText: objected!.title })).toContainText('不授奖');
  await snapshot(page, 'finale-award-list');

  // The certificate: a PDF whose first page, rendered, carries the text and the seal-less frame.
  const list = await callApi<{ list: Array<{ id: string; title: string; status: string }> }>(request, admin, '/rest/awarding/getAwardPage', { editionId: world.edition.editionId, pageParameter: { pageNum: 1, pageSize: 20 } });
  const honour = list.list.find((h) => h.title === kept!.title)!;
  const pdf = await request.get(`/rest/awarding/certificate?honourId=${honour.id}`, { headers: { authorization: admin } });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-certificate-'));
  fs.writeFileSync(path.join(dir, 'certificate.pdf'), await pdf.body());
  execFileSync('pdftoppm', ['-gray', '-r', '40', '-f', '1', '-l', '1', path.join(dir, 'certificate.pdf'), path.join(dir, 'page')]);
  const rendered = fs.readdirSync(dir).find((f) => f.endsWith('.pgm'))!;
  const ink = inkOf(fs.readFileSync(path.join(dir, rendered)));
  expect(ink).toBeGreaterThan(0.01);
  expect(ink).toBeLessThan(0.8);

  // ── /show lists the awarded achievement; a visitor's purchase intention reaches the unit. ──
  const visitor = await browser.newPage({ viewport: { width: 375, height: 800 } });
  await visitor.goto('/show');
  await visitor.getByRole('link', { name: kept!.title }).click();
  await expect(visitor).toHaveURL(/\/showDetail\//);
  await expect(visitor.getByText(objected!.title)).toHaveCount(0);
  const purchase = visitor.locator('form[id="purchase"], form.dl-purchase-form');
  await purchase.getByLabel('单位名称').fill('某某制造有限公司');
  await purchase.getByLabel('联系人').fill('赵经理');
  await purchase.getByLabel('手机号码').fill('13912345678');
  await purchase.getByLabel('合作意向说明').fill('希望就该成果的技术许可进行洽谈。');
  const captcha = purchase.getByRole('img', { name: /验证码/ });
  await expect(captcha).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  await purchase.getByLabel('验证码', { exact: true }).fill(solveCaptcha((await captcha.getAttribute('src'))!));
  await purchase.getByRole('button', { name: '提交合作意向' }).click();
  await expect(visitor.getByText(/已提交|提交成功/).first()).toBeVisible();
  await snapshot(visitor, 'finale-show-purchase');
  await visitor.close();

  const intentions = await callApi<{ list: Array<{ title: string | null; contactName: string }> }>(request, unitAdmin.token, '/rest/purchase/getPurchasePage', { pageParameter: { pageNum: 1, pageSize: 20 } });
  expect(intentions.list).toEqual(expect.arrayContaining([expect.objectContaining({ contactName: '赵经理' })]));
  expect(pageErrors).toEqual([]);
});
