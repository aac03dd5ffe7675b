import type { APIRequestContext } from '@playwright/test';
import { adminToken, apiLogin, callApi, expect, signInAsAdmin, signInWith, signOut, snapshot, test } from './fixtures';
import { day, idNumber, PASSWORD } from './reviewedWorld';

/**
 * Expert review (issue 17): the office approves an expert who registered, runs the assignment for a
 * review group and reads why each expert was chosen, then pushes it; an expert confirms having no
 * conflict, scores and submits; another expert declines and an alternate takes the place; the
 * office's result list shows the scores with a divergence flag.
 *
 * What a person would not do by hand here is set up through the API: the prize and edition, three
 * accepted declarations, three more approved experts, and the group with its members.
 */

const CREDIT_CODE = '91110000000000001H';


interface Setup {
  admin: string;
  groupId: string;
  editionName: string;
  prizeName: string;
  /** The expert approved in the browser, and the three approved through the API. */
  pending: { username: string; name: string; expertId: string };
  experts: Array<{ username: string; name: string; expertId: string; token: string }>;
}

async function prepare(request: APIRequestContext): Promise<Setup> {
  const admin = await adminToken(request);
  const stamp = String(Date.now()).slice(-6);
  const root = (await callApi<Array<{ orgId: string }>>(request, admin, '/rest/organ/tree', {}))[0]!;
  const unit = await callApi<{ orgId: string }>(request, admin, '/rest/organ/add', { orgCode: `RV${stamp}`, orgName: `评审测试大学${stamp}`, orgType: 'UNIT', parentOrgId: root.orgId });
  const roles = await callApi<Array<{ roleId: string; roleCode: string }>>(request, admin, '/rest/role/getAllRole', {});
  const applicantRole = roles.find((r) => r.roleCode === 'APPLICANT')!;
  /** An account of the APPLICANT role, as self-registration leaves one; answers its token. */
  const account = async (username: string, realname: string) => {
    await callApi(request, admin, '/api/service', { id: 0, username, realname, orgId: unit.orgId, roleIds: [applicantRole.roleId], password: PASSWORD });
    return apiLogin(request, username, PASSWORD);
  };

  const prizeName = `青年评审奖${stamp}`;
  const prize = await callApi<{ prizeId: string }>(request, admin, '/rest/prize/add', {
    prizeCode: `R${stamp}`,
    prizeName,
    kind: 'YOUTH',
    grades: [{ grade: 'UNGRADED', quota: 10, maxPersons: 5, maxUnits: 3 }],
    rubric: [
      { name: '创新性', weight: 60, maxScore: 60 },
      { name: '应用价值', weight: 40, maxScore: 40 },
    ],
    formConfig: { sections: ['BASIC', 'COMPLETERS', 'UNITS', 'ATTACHMENTS'], wordLimits: {}, requiredAttachments: ['COMMITMENT'] },
  });
  // Years 2090–2099 are this journey's own: the declaration journey takes 2040–2089 and the award journey 2030–2031,
  // and an edition's year is unique.
  const year = 2090 + (Number(stamp) % 10);
  const editionName = `${year}年度青年评审奖${stamp}`;
  const edition = await callApi<{ editionId: string; lockVersion: number }>(request, admin, '/rest/edition/add', {
    year,
    editionName,
    prizeIds: [prize.prizeId],
    stages: [{ stage: 'DECLARATION', startDate: day(-1), endDate: day(20) }],
    unitReview: false,
    nominatorReview: false,
    fixDeadlineWorkingDays: 5,
    eligibility: { onePersonOneDeclaration: true, excludeWinnersOfLastEditions: 2, excludeNotAwardedLastEdition: true },
    guide: '评审测试',
  });
  await callApi(request, admin, '/rest/edition/publish', { editionId: edition.editionId, lockVersion: edition.lockVersion });

  // Three declarations, submitted and accepted by formal review.
  const declarationIds: string[] = [];
  for (const [i, title] of ['新型储能材料的界面调控', '城市交通流的智能调度', '农作物病害的早期识别'].entries()) {
    const token = await account(`rvapp${stamp}${i}`, `申报人${i}`);
    const added = await callApi<{ declarationId: string; lockVersion: number }>(request, token, '/rest/declare/add', { editionId: edition.editionId, prizeId: prize.prizeId });
    const upload = await request.post('/auth/webUpload', {
      headers: { authorization: token },
      multipart: { file: { name: '承诺书.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') } },
    });
    const fileId = ((await upload.json()) as { data: { fileId: string } }).data.fileId;
    let lockVersion = added.lockVersion;
    const sections = [
      {
        section: 'BASIC',
        content: {
          title, proposedGrade: 'UNGRADED', disciplineCodes: ['52020'], category: 'TECH_DEVELOPMENT', secrecy: 'PUBLIC',
          startDate: '2019-01-01', endDate: '2024-12-31', unitOrgId: unit.orgId, contactName: '联系人', contactPhone: '13800138001', contactEmail: 'contact@example.com',
        },
      },
      { section: 'COMPLETERS', content: { completers: [{ name: `完成人${stamp}${i}`, idNumber: idNumber(Number(stamp) + i), title: '研究员', unitName: `评审测试大学${stamp}`, contribution: '总体设计' }] } },
      { section: 'UNITS', content: { units: [{ unitName: `评审测试大学${stamp}`, creditCode: CREDIT_CODE, contribution: '组织实施' }] } },
      { section: 'ATTACHMENTS', content: { attachments: [{ type: 'COMMITMENT', fileId, fileName: '承诺书.pdf' }] } },
    ];
    for (const s of sections) lockVersion = (await callApi<{ lockVersion: number }>(request, token, '/rest/declare/saveSection', { declarationId: added.declarationId, lockVersion, ...s })).lockVersion;
    const submitted = await callApi<{ lockVersion: number }>(request, token, '/rest/declare/submit', { declarationId: added.declarationId, lockVersion });
    await callApi(request, admin, '/rest/auditPrize/audit', { declarationId: added.declarationId, lockVersion: submitted.lockVersion, outcome: 'ACCEPT', checklist: [] });
    declarationIds.push(added.declarationId);
  }

  // Four experts who registered and submitted their profiles; the office approves three of them here.
  const experts: Setup['experts'] = [];
  let pending: Setup['pending'] | null = null;
  for (let i = 0; i < 4; i++) {
    const username = `rvexp${stamp}${i}`;
    const name = `评审专家${stamp.slice(-3)}${'甲乙丙丁'[i]}`;
    const token = await account(username, name);
    const saved = await callApi<{ expertId: string; lockVersion: number }>(request, token, '/rest/expert/saveMyProfile', {
      name, idNumber: idNumber(Number(stamp) + 50 + i), phone: `137${stamp}${String(i).padStart(2, '0')}`, title: '教授',
      unitName: `第${i + 1}研究院${stamp}`, disciplineCodes: ['520'], keywords: ['人工智能'], formerUnits: [], relations: [],
    });
    const submitted = await callApi<{ expertId: string; lockVersion: number }>(request, token, '/rest/expert/submitMyProfile', { lockVersion: saved.lockVersion });
    if (i === 0) {
      pending = { username, name, expertId: submitted.expertId };
      continue;
    }
    await callApi(request, admin, '/rest/expert/auditExpert', { expertId: submitted.expertId, lockVersion: submitted.lockVersion, approve: true });
    // The role came with the approval: sign in again for a session that holds it.
    experts.push({ username, name, expertId: submitted.expertId, token: await apiLogin(request, username, PASSWORD) });
  }

  const group = await callApi<{ groupId: string }>(request, admin, '/rest/reviewGroup/add', {
    editionId: edition.editionId, prizeId: prize.prizeId, groupName: `人工智能组${stamp}`, disciplineCodes: ['520'],
    expertsPerDeclaration: 2, maxLoad: 3, deadline: day(10), settings: { outOfRegionOnly: false, maxAge: null, alternates: 2 },
  });
  await callApi(request, admin, '/rest/reviewGroup/setDeclarations', { groupId: group.groupId, declarationIds });
  return { admin, groupId: group.groupId, editionName, prizeName, pending: pending!, experts };
}

test.use({ actionTimeout: 15_000 });

test('the office approves an expert, assigns and pushes; experts accept, score, decline; the result shows the divergence', async ({ page, request, pageErrors }) => {
  test.setTimeout(180_000);
  const setup = await prepare(request);
  const { admin, groupId } = setup;

  // ── The office approves the registered expert in 专家库. ──
  await signInAsAdmin(page);
  await page.goto('/award/expert/expertList');
  const pendingRow = page.locator('tr.ant-table-row', { hasText: setup.pending.name });
  await expect(pendingRow.getByText('待审核')).toBeVisible();
  await pendingRow.getByRole('button', { name: '审核', exact: true }).click();
  const auditDialog = page.getByRole('dialog', { name: new RegExp(`审核专家：${setup.pending.name}`) });
  await expect(auditDialog.getByRole('radio', { name: '通过', exact: true })).toBeChecked();
  await auditDialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('审核通过，专家已入库')).toBeVisible();
  await expect(pendingRow.getByText('在库')).toBeVisible();

  // The approved expert joins the group with the other three; the first is its leader.
  const all = [setup.pending.expertId, ...setup.experts.map((e) => e.expertId)];
  await callApi(request, admin, '/rest/reviewGroup/setExperts', { groupId, experts: all.map((expertId) => ({ expertId, maxLoad: null })), leaderExpertId: all[0] });

  // ── The proposal: each choice explained, then pushed. ──
  await page.goto(`/award/reviewGroup/expertPushProposal?id=${groupId}`);
  await page.getByRole('button', { name: '生成分配方案' }).click();
  await expect(page.getByText(/已生成分配方案（随机种子 \d+）/)).toBeVisible();
  // Expanded, a declaration lists each chosen expert with the reason of the choice.
  await page.locator('tr.ant-table-row').first().getByRole('button', { name: /展开/ }).click();
  const reasons = page.locator('.ant-table-expanded-row').first();
  await expect(reasons.getByText('选择理由')).toBeVisible();
  await expect(reasons.locator('td', { hasText: /学科|关键词|负载|专业/ }).first()).toBeVisible();
  await snapshot(page, 'review-proposal');
  await page.getByRole('button', { name: '推送' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '推送' }).click();
  await expect(page.getByText(/已推送 6 人次，3 项申报书进入专家评审/)).toBeVisible();

  // Who got which declaration, from the office's view of the proposal.
  const proposal = await callApi<{ declarations: Array<{ declarationId: string; experts: Array<{ expertId: string; state: string; role: string }> }> }>(request, admin, '/rest/expertPush/getProposal', { groupId });
  const mainsOf = (declarationId: string) => proposal.declarations.find((d) => d.declarationId === declarationId)!.experts.filter((e) => e.role === 'MAIN');
  const withPending = proposal.declarations.find((d) => d.experts.some((e) => e.expertId === setup.pending.expertId && e.role === 'MAIN'))!;
  expect(withPending, 'the approved expert reviews at least one declaration').toBeTruthy();

  // ── The approved expert accepts (confirming no conflict), scores and submits. ──
  await signOut(page);
  await signInWith(page, setup.pending.username, PASSWORD);
  await page.goto('/award/expertTask/expertTaskList');
  const taskRow = page.locator('tr.ant-table-row').first();
  await expect(taskRow.getByText('已推送')).toBeVisible();
  await taskRow.getByRole('button', { name: '接受' }).click();
  const acceptDialog = page.getByRole('dialog', { name: /接受评审邀请/ });
  await acceptDialog.getByRole('button', { name: '接受' }).click();
  await expect(acceptDialog.getByText('请确认与该项目不存在需要回避的利益冲突')).toBeVisible();
  await acceptDialog.getByText('本人确认与该项目不存在需要回避的利益冲突').click();
  await acceptDialog.getByRole('button', { name: '接受' }).click();
  await expect(taskRow.getByText('已接受')).toBeVisible();
  await taskRow.getByRole('button', { name: '评分' }).click();
  await expect(page).toHaveURL(/\/award\/scoring\/score\?assignmentId=\d+/);
  const assignmentId = new URL(page.url()).searchParams.get('assignmentId')!;
  await page.getByLabel('创新性', { exact: true }).fill('58');
  await page.getByLabel('应用价值', { exact: true }).fill('38');
  await page.getByLabel('评审意见').fill('创新性突出，应用前景明确。');
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await page.getByRole('button', { name: '确定提交' }).click();
  await expect(page.getByText('评分已提交，已锁定')).toBeVisible();
  await expect(page.getByLabel('创新性', { exact: true })).toBeDisabled();
  await snapshot(page, 'review-scored');

  // The other reviewer of that declaration scores far lower (through the API): the scores diverge.
  const tasksOf = (token: string) => callApi<{ list: Array<{ assignmentId: string; declarationId: string; state: string; registrationNo: string | null }> }>(request, token, '/rest/expertPush/getMyTasks', { pageParameter: { pageNum: 1, pageSize: 20 } });
  // The declaration the approved expert just scored (they may hold two): its other reviewer scores it too.
  const pendingToken = await apiLogin(request, setup.pending.username, PASSWORD);
  const scoredDeclaration = (await tasksOf(pendingToken)).list.find((t) => t.assignmentId === assignmentId)!.declarationId;
  const other = setup.experts.find((e) => mainsOf(scoredDeclaration).some((m) => m.expertId === e.expertId))!;
  const otherTask = (await tasksOf(other.token)).list.find((t) => t.declarationId === scoredDeclaration)!;
  await callApi(request, other.token, '/rest/expertPush/accept', { assignmentId: otherTask.assignmentId, noConflict: true });
  const review = { assignmentId: otherTask.assignmentId, comment: '创新性一般。', scores: [{ name: '创新性', score: 20 }, { name: '应用价值', score: 15 }] };
  const draft = await callApi<{ lockVersion: number }>(request, other.token, '/rest/expertReview/save', { ...review, lockVersion: 0 });
  await callApi(request, other.token, '/rest/expertReview/submit', { ...review, lockVersion: draft.lockVersion });

  // ── A second expert declines one of their reviews; an alternate takes the place. ──
  const decliner = setup.experts.find((e) => e.expertId !== other.expertId)!;
  const declined = (await tasksOf(decliner.token)).list.find((t) => t.state === 'PUSHED')!;
  await signOut(page);
  await signInWith(page, decliner.username, PASSWORD);
  await page.goto('/award/expertTask/expertTaskList');
  // The very task checked below: the expert may hold several.
  const declineRow = page.locator('tr.ant-table-row', { hasText: declined.registrationNo! });
  await declineRow.getByRole('button', { name: '拒绝' }).click();
  const declineDialog = page.getByRole('dialog', { name: /拒绝评审邀请/ });
  await declineDialog.getByLabel('拒绝理由').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '时间冲突' }).click();
  await declineDialog.getByRole('button', { name: '拒绝' }).click();
  await expect(page.getByText('已拒绝').first()).toBeVisible();
  type Placed = { expertId: string; state: string; role: string };
  const after = await callApi<{ declarations: Array<{ declarationId: string; assigned: number; underAssigned: boolean; experts: Placed[]; left: Placed[] }> }>(request, admin, '/rest/expertPush/getProposal', { groupId });
  const declinedDeclaration = after.declarations.find((d) => d.declarationId === declined.declarationId)!;
  expect(declinedDeclaration.left).toContainEqual(expect.objectContaining({ expertId: decliner.expertId, state: 'DECLINED' }));
  // Two reviewers hold the declaration again: the first alternate was promoted and invited.
  expect(declinedDeclaration).toMatchObject({ assigned: 2, underAssigned: false });
  const before = proposal.declarations.find((d) => d.declarationId === declined.declarationId) as unknown as { alternates: Placed[] };
  const promoted = before.alternates[0]!.expertId;
  expect(declinedDeclaration.experts).toContainEqual(expect.objectContaining({ expertId: promoted, role: 'MAIN', state: 'PUSHED' }));
  expect(declined.declarationId).toBeTruthy();

  // ── The office reads the result: the two scores, their mean and the divergence flag. ──
  await signOut(page);
  await signInAsAdmin(page);
  await page.goto('/award/reviewResult/reviewResultList');
  await page.getByLabel('评审组').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /人工智能组/ }).last().click();
  const resultRow = page.locator('tr.ant-table-row').filter({ hasText: '极差过大' });
  await expect(resultRow).toHaveCount(1);
  await expect(resultRow.getByText('极差过大')).toBeVisible();
  await snapshot(page, 'review-result');
  expect(assignmentId).toBeTruthy();
  expect(pageErrors).toEqual([]);
});
