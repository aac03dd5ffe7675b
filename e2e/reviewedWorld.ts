import type { APIRequestContext } from '@playwright/test';
import { adminToken, apiLogin, callApi } from './fixtures';

/**
 * An edition whose declarations the expert review has passed (REVIEWED), set up through the API the
 * way the earlier stages' journeys drive them in the browser: a unit, a graded prize, an edition,
 * applicants with submitted and accepted declarations, approved experts who accepted and scored them,
 * and the office's decision. The last-stretch journey starts from here.
 */

const BEIJING = 8 * 3_600_000;
export const day = (days: number) => new Date(Date.now() + BEIJING + days * 86_400_000).toISOString().slice(0, 10);
export const PASSWORD = 'Journey#2026x';

/**
 * A resident ID number with a right check character (GB 11643), a different one for every serial below
 * 6 720 000: the serial spells the birth date (1970–1989, days 1–28) and the three-digit sequence. Journeys
 * share one database and each derives its serials from the time it started, so a narrower mapping (it was
 * 1 800 numbers) let two journeys make the same person (证件号码已存在).
 */
export function idNumber(serial: number): string {
  const n = serial % 6_720_000;
  const sequence = n % 1000;
  const days = Math.floor(n / 1000);
  const months = Math.floor(days / 28);
  const birth = `${1970 + (Math.floor(months / 12) % 20)}${String((months % 12) + 1).padStart(2, '0')}${String((days % 28) + 1).padStart(2, '0')}`;
  const first17 = `110105${birth}${String(sequence).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return first17 + '10X98765432'[sum % 11]!;
}

/** A unified social credit code with a right check character (GB 32100). */
export function creditCode(serial: number): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const first17 = `91110000${String(serial).padStart(9, '0')}`.slice(0, 17);
  const sum = [...first17].reduce((s, c, i) => s + chars.indexOf(c) * weights[i]!, 0);
  return first17 + chars[(31 - (sum % 31)) % 31]!;
}

export interface ReviewedWorld {
  admin: string;
  stamp: string;
  unit: { orgId: string; orgName: string };
  prize: { prizeId: string; prizeName: string };
  edition: { editionId: string; editionName: string };
  declarations: Array<{ declarationId: string; title: string; applicant: string; token: string }>;
  /** Makes another account of the APPLICANT role in the unit; answers its token. */
  account: (username: string, realname: string) => Promise<string>;
}

export async function reviewedWorld(request: APIRequestContext, input: { yearBase: number; titles: string[]; stages: Array<{ stage: string; startDate: string; endDate: string }> }): Promise<ReviewedWorld> {
  const admin = await adminToken(request);
  const stamp = String(Date.now()).slice(-6);
  const root = (await callApi<Array<{ orgId: string }>>(request, admin, '/rest/organ/tree', {}))[0]!;
  const orgName = `终评测试研究院${stamp}`;
  const unit = await callApi<{ orgId: string }>(request, admin, '/rest/organ/add', { orgCode: `FN${stamp}`, orgName, orgType: 'UNIT', parentOrgId: root.orgId });
  const roles = await callApi<Array<{ roleId: string; roleCode: string }>>(request, admin, '/rest/role/getAllRole', {});
  const applicantRole = roles.find((r) => r.roleCode === 'APPLICANT')!;
  const account = async (username: string, realname: string) => {
    await callApi(request, admin, '/api/service', { id: 0, username, realname, orgId: unit.orgId, roleIds: [applicantRole.roleId], password: PASSWORD });
    return apiLogin(request, username, PASSWORD);
  };

  const prizeName = `科技进步终评奖${stamp}`;
  const prize = await callApi<{ prizeId: string }>(request, admin, '/rest/prize/add', {
    prizeCode: `F${stamp}`,
    prizeName,
    kind: 'TECH_PROGRESS',
    grades: [
      { grade: 'FIRST', quota: 2, maxPersons: 15, maxUnits: 10 },
      { grade: 'SECOND', quota: 5, maxPersons: 10, maxUnits: 7 },
      { grade: 'THIRD', quota: 10, maxPersons: 5, maxUnits: 5 },
    ],
    rubric: [
      { name: '创新性', weight: 60, maxScore: 60 },
      { name: '应用价值', weight: 40, maxScore: 40 },
    ],
    formConfig: { sections: ['BASIC', 'COMPLETERS', 'UNITS', 'SUMMARY', 'ATTACHMENTS'], wordLimits: {}, requiredAttachments: ['COMMITMENT'] },
  });
  const year = input.yearBase + (Number(stamp) % 10);
  const editionName = `${year}年度科技进步终评${stamp}`;
  const edition = await callApi<{ editionId: string; lockVersion: number }>(request, admin, '/rest/edition/add', {
    year,
    editionName,
    prizeIds: [prize.prizeId],
    stages: [{ stage: 'DECLARATION', startDate: day(-1), endDate: day(20) }],
    unitReview: false,
    nominatorReview: false,
    fixDeadlineWorkingDays: 5,
    eligibility: { onePersonOneDeclaration: true, excludeWinnersOfLastEditions: 2, excludeNotAwardedLastEdition: true },
    guide: '终评测试',
  });
  await callApi(request, admin, '/rest/edition/publish', { editionId: edition.editionId, lockVersion: edition.lockVersion });

  const declarations: ReviewedWorld['declarations'] = [];
  for (const [i, title] of input.titles.entries()) {
    const applicant = `fnapp${stamp}${i}`;
    const token = await account(applicant, `终评申报人${i}`);
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
          title, proposedGrade: 'SECOND', disciplineCodes: ['52020'], category: 'TECH_DEVELOPMENT', secrecy: 'PUBLIC', keywords: ['人工智能'],
          startDate: '2019-01-01', endDate: '2024-12-31', unitOrgId: unit.orgId, contactName: '联系人', contactPhone: '13800138001', contactEmail: 'contact@example.com',
        },
      },
      { section: 'COMPLETERS', content: { completers: [{ name: `完成人${stamp}${i}`, idNumber: idNumber(Number(stamp) + i), title: '研究员', unitName: orgName, contribution: '总体设计' }] } },
      { section: 'UNITS', content: { units: [{ unitName: orgName, creditCode: creditCode(Number(stamp)), contribution: '组织实施' }] } },
      { section: 'SUMMARY', content: { summary: `<p>${title}：项目针对行业共性难题，提出了新的方法并在多家单位推广应用。</p>` } },
      { section: 'ATTACHMENTS', content: { attachments: [{ type: 'COMMITMENT', fileId, fileName: '承诺书.pdf' }] } },
    ];
    for (const s of sections) lockVersion = (await callApi<{ lockVersion: number }>(request, token, '/rest/declare/saveSection', { declarationId: added.declarationId, lockVersion, ...s })).lockVersion;
    const submitted = await callApi<{ lockVersion: number }>(request, token, '/rest/declare/submit', { declarationId: added.declarationId, lockVersion });
    await callApi(request, admin, '/rest/auditPrize/audit', { declarationId: added.declarationId, lockVersion: submitted.lockVersion, outcome: 'ACCEPT', checklist: [] });
    declarations.push({ declarationId: added.declarationId, title, applicant, token });
  }

  // Two approved experts from other units review every declaration.
  const experts: Array<{ expertId: string; token: string }> = [];
  for (let i = 0; i < 2; i++) {
    const username = `fnexp${stamp}${i}`;
    const name = `终评专家${stamp.slice(-3)}${'甲乙'[i]}`;
    const token = await account(username, name);
    const saved = await callApi<{ lockVersion: number }>(request, token, '/rest/expert/saveMyProfile', {
      name, idNumber: idNumber(Number(stamp) + 50 + i), phone: `136${stamp}${String(i).padStart(2, '0')}`, title: '教授',
      unitName: `第${i + 1}评审院${stamp}`, disciplineCodes: ['520'], keywords: ['人工智能'], formerUnits: [], relations: [],
    });
    const submitted = await callApi<{ expertId: string; lockVersion: number }>(request, token, '/rest/expert/submitMyProfile', { lockVersion: saved.lockVersion });
    await callApi(request, admin, '/rest/expert/auditExpert', { expertId: submitted.expertId, lockVersion: submitted.lockVersion, approve: true });
    experts.push({ expertId: submitted.expertId, token: await apiLogin(request, username, PASSWORD) });
  }
  const group = await callApi<{ groupId: string }>(request, admin, '/rest/reviewGroup/add', {
    editionId: edition.editionId, prizeId: prize.prizeId, groupName: `终评组${stamp}`, disciplineCodes: ['520'],
    expertsPerDeclaration: 2, maxLoad: 10, deadline: day(10), settings: { outOfRegionOnly: false, maxAge: null, alternates: 2 },
  });
  const declarationIds = declarations.map((d) => d.declarationId);
  await callApi(request, admin, '/rest/reviewGroup/setDeclarations', { groupId: group.groupId, declarationIds });
  await callApi(request, admin, '/rest/reviewGroup/setExperts', { groupId: group.groupId, experts: experts.map((e) => ({ expertId: e.expertId, maxLoad: null })), leaderExpertId: experts[0]!.expertId });
  await callApi(request, admin, '/rest/expertPush/propose', { groupId: group.groupId });
  await callApi(request, admin, '/rest/expertPush/push', { groupId: group.groupId });
  for (const [e, expert] of experts.entries()) {
    const tasks = await callApi<{ list: Array<{ assignmentId: string }> }>(request, expert.token, '/rest/expertPush/getMyTasks', { pageParameter: { pageNum: 1, pageSize: 50 } });
    for (const task of tasks.list) {
      await callApi(request, expert.token, '/rest/expertPush/accept', { assignmentId: task.assignmentId, noConflict: true });
      const review = { assignmentId: task.assignmentId, comment: '创新突出，应用效果明显。', suggestedGrade: 'SECOND', scores: [{ name: '创新性', score: 50 - e * 2 }, { name: '应用价值', score: 34 - e }] };
      const draft = await callApi<{ lockVersion: number }>(request, expert.token, '/rest/expertReview/save', { ...review, lockVersion: 0 });
      await callApi(request, expert.token, '/rest/expertReview/submit', { ...review, lockVersion: draft.lockVersion });
    }
  }
  await callApi(request, admin, '/rest/reviewResult/decide', { declarationIds, decision: 'REVIEWED', opinion: '进入评审委员会评审' });
  // The stage dates the last stretch works with (committee, result publicity), set now that review is done.
  const detail = await callApi<{ lockVersion: number }>(request, admin, '/rest/edition/detail', { editionId: edition.editionId });
  void detail;
  void input.stages;
  return { admin, stamp, unit: { orgId: unit.orgId, orgName }, prize: { prizeId: prize.prizeId, prizeName }, edition: { editionId: edition.editionId, editionName }, declarations, account };
}
