// Prize data for the portal bench's detail pages, made through the API the way the office, applicants, experts and
// the committee would (the steps of e2e/reviewedWorld.ts and e2e/finale.spec.ts): an edition whose declarations are
// accepted, reviewed, voted and awarded, with an open result publicity (/queryDetail, its entries' 提出异议 enabled),
// awarded achievements (/showDetail), an open edition's guide (/applyDetail) and an expert invitation
// (/expert/invitation). Answers the invitation's portal path.
//   node bench/portal/prizeWorld.mjs http://127.0.0.1:PORT   (ADMIN_PASSWORD as the server's)
import { isMain } from '../lib/paths.mjs';

const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'Admin@2026!';
const PASSWORD = 'Bench#2026pass';
const BEIJING = 8 * 3_600_000;
const day = (days) => new Date(Date.now() + BEIJING + days * 86_400_000).toISOString().slice(0, 10);
const PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';
const TITLES = ['深海装备的耐压结构设计', '智能电网的故障自愈控制', '高寒地区的路基冻害防治'];

/** A resident ID number with a right check character (GB 11643). */
function idNumber(serial) {
  // The same numbers as e2e/reviewedWorld.ts's idNumber: distinct for every serial below 6 720 000.
  const n = serial % 6_720_000;
  const days = Math.floor(n / 1000);
  const months = Math.floor(days / 28);
  const birth = `${1970 + (Math.floor(months / 12) % 20)}${String((months % 12) + 1).padStart(2, '0')}${String((days % 28) + 1).padStart(2, '0')}`;
  const first17 = `110105${birth}${String(n % 1000).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * weights[i], 0);
  return first17 + '10X98765432'[sum % 11];
}

/** A unified social credit code with a right check character (GB 32100). */
function creditCode(serial) {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const first17 = `91110000${String(serial).padStart(9, '0')}`.slice(0, 17);
  const sum = [...first17].reduce((s, c, i) => s + chars.indexOf(c) * weights[i], 0);
  return first17 + chars[(31 - (sum % 31)) % 31];
}

export async function seedPrizeWorld(baseUrl) {
  const call = async (token, path, body) => {
    const res = await fetch(baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body ?? {}),
    });
    const json = await res.json();
    if (json.code !== '0000') throw new Error(`${path}: ${res.status} ${json.msg}`);
    return json.data;
  };
  const login = async (username, password) => (await call(null, '/callback?client_name=myform_client', { username, password })).token;
  const admin = await login('admin', ADMIN_PASSWORD);
  const stamp = String(Date.now()).slice(-6);

  const root = (await call(admin, '/rest/organ/tree'))[0];
  const orgName = `性能测试研究院${stamp}`;
  const unit = await call(admin, '/rest/organ/add', { orgCode: `PB${stamp}`, orgName, orgType: 'UNIT', parentOrgId: root.orgId });
  const roles = await call(admin, '/rest/role/getAllRole');
  const roleOf = (code) => roles.find((r) => r.roleCode === code).roleId;
  const account = async (username, realname, role = 'APPLICANT') => {
    await call(admin, '/api/service', { id: 0, username, realname, orgId: unit.orgId, roleIds: [roleOf(role)], password: PASSWORD });
    return login(username, PASSWORD);
  };

  const prize = await call(admin, '/rest/prize/add', {
    prizeCode: `B${stamp}`,
    prizeName: `科技进步奖${stamp}`,
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
  // An edition's year is unique: the two editions of one run take neighbouring years from the stamp.
  const year = 2030 + 2 * (Number(stamp) % 35);
  const editionBody = (y, name, stages) => ({
    year: y, editionName: name, prizeIds: [prize.prizeId], stages, unitReview: false, nominatorReview: false, fixDeadlineWorkingDays: 5,
    eligibility: { onePersonOneDeclaration: true, excludeWinnersOfLastEditions: 2, excludeNotAwardedLastEdition: true },
    guide: '<p>申报指南：请各单位按要求组织申报，材料真实完整。</p>',
  });
  const editionName = `${year}年度科技进步奖${stamp}`;
  const edition = await call(admin, '/rest/edition/add', editionBody(year, editionName, [{ stage: 'DECLARATION', startDate: day(-1), endDate: day(20) }]));
  await call(admin, '/rest/edition/publish', { editionId: edition.editionId, lockVersion: edition.lockVersion });

  // Applicants' declarations, submitted and accepted.
  const declarations = [];
  for (const [i, title] of TITLES.entries()) {
    const token = await account(`pbapp${stamp}${i}`, `申报人${i}`);
    const added = await call(token, '/rest/declare/add', { editionId: edition.editionId, prizeId: prize.prizeId });
    const form = new FormData();
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), '承诺书.pdf');
    const upload = await (await fetch(`${baseUrl}/auth/webUpload`, { method: 'POST', headers: { authorization: token }, body: form })).json();
    const fileId = upload.data.fileId;
    let { lockVersion } = added;
    const sections = [
      {
        section: 'BASIC',
        content: {
          title, proposedGrade: 'SECOND', disciplineCodes: ['52020'], category: 'TECH_DEVELOPMENT', secrecy: 'PUBLIC', keywords: ['人工智能', '结构设计'],
          startDate: '2019-01-01', endDate: '2024-12-31', unitOrgId: unit.orgId, contactName: '联系人', contactPhone: '13800138001', contactEmail: 'contact@example.com',
        },
      },
      { section: 'COMPLETERS', content: { completers: [{ name: `完成人${stamp}${i}`, idNumber: idNumber(Number(stamp) + i), title: '研究员', unitName: orgName, contribution: '总体设计' }] } },
      { section: 'UNITS', content: { units: [{ unitName: orgName, creditCode: creditCode(Number(stamp)), contribution: '组织实施' }] } },
      { section: 'SUMMARY', content: { summary: `<p>${title}：项目针对行业共性难题，提出了新的方法并在多家单位推广应用，取得了显著的经济和社会效益。</p>` } },
      { section: 'ATTACHMENTS', content: { attachments: [{ type: 'COMMITMENT', fileId, fileName: '承诺书.pdf' }] } },
    ];
    for (const s of sections) lockVersion = (await call(token, '/rest/declare/saveSection', { declarationId: added.declarationId, lockVersion, ...s })).lockVersion;
    const submitted = await call(token, '/rest/declare/submit', { declarationId: added.declarationId, lockVersion });
    await call(admin, '/rest/auditPrize/audit', { declarationId: added.declarationId, lockVersion: submitted.lockVersion, outcome: 'ACCEPT', checklist: [] });
    declarations.push(added.declarationId);
  }

  // Two approved experts review every declaration; the office passes them on to the committee.
  const experts = [];
  for (let i = 0; i < 2; i++) {
    const username = `pbexp${stamp}${i}`;
    const name = `评审专家${stamp.slice(-3)}${'甲乙'[i]}`;
    const token = await account(username, name);
    const saved = await call(token, '/rest/expert/saveMyProfile', {
      name, idNumber: idNumber(Number(stamp) + 50 + i), phone: `136${stamp}${String(i).padStart(2, '0')}`, title: '教授',
      unitName: `第${i + 1}评审院${stamp}`, disciplineCodes: ['520'], keywords: ['人工智能'], formerUnits: [], relations: [],
    });
    const submitted = await call(token, '/rest/expert/submitMyProfile', { lockVersion: saved.lockVersion });
    await call(admin, '/rest/expert/auditExpert', { expertId: submitted.expertId, lockVersion: submitted.lockVersion, approve: true });
    experts.push({ expertId: submitted.expertId, token: await login(username, PASSWORD) });
  }
  const group = await call(admin, '/rest/reviewGroup/add', {
    editionId: edition.editionId, prizeId: prize.prizeId, groupName: `评审组${stamp}`, disciplineCodes: ['520'],
    expertsPerDeclaration: 2, maxLoad: 10, deadline: day(10), settings: { outOfRegionOnly: false, maxAge: null, alternates: 2 },
  });
  await call(admin, '/rest/reviewGroup/setDeclarations', { groupId: group.groupId, declarationIds: declarations });
  await call(admin, '/rest/reviewGroup/setExperts', { groupId: group.groupId, experts: experts.map((e) => ({ expertId: e.expertId, maxLoad: null })), leaderExpertId: experts[0].expertId });
  await call(admin, '/rest/expertPush/propose', { groupId: group.groupId });
  await call(admin, '/rest/expertPush/push', { groupId: group.groupId });
  for (const [e, expert] of experts.entries()) {
    const tasks = await call(expert.token, '/rest/expertPush/getMyTasks', { pageParameter: { pageNum: 1, pageSize: 50 } });
    for (const task of tasks.list) {
      await call(expert.token, '/rest/expertPush/accept', { assignmentId: task.assignmentId, noConflict: true });
      const review = { assignmentId: task.assignmentId, comment: '创新突出，应用效果明显。', suggestedGrade: 'SECOND', scores: [{ name: '创新性', score: 50 - e * 2 }, { name: '应用价值', score: 34 - e }] };
      const draft = await call(expert.token, '/rest/expertReview/save', { ...review, lockVersion: 0 });
      await call(expert.token, '/rest/expertReview/submit', { ...review, lockVersion: draft.lockVersion });
    }
  }
  await call(admin, '/rest/reviewResult/decide', { declarationIds: declarations, decision: 'REVIEWED', opinion: '进入评审委员会评审' });

  // The committee agrees to every proposed grade.
  const member = `pbcm${stamp}`;
  const memberToken = await account(member, '委员甲', 'COMMITTEE');
  const [candidate] = await call(admin, '/rest/committee/getMemberCandidates', { keyword: member });
  const sitting = await call(admin, '/rest/committee/addSitting', { editionId: edition.editionId, prizeId: prize.prizeId, title: `终评会议${stamp}`, memberIds: [candidate.userId] });
  await call(admin, '/rest/committee/openVoting', { sittingId: sitting.id });
  for (const declarationId of declarations) await call(memberToken, '/rest/committeeVote/vote', { sittingId: sitting.id, declarationId, choice: 'AGREE' });
  await call(admin, '/rest/committee/closeVoting', { sittingId: sitting.id });

  // The result publicity, opened today by its scheduled task: its entries offer 提出异议.
  const publicity = await call(admin, '/rest/publicity/add', {
    editionId: edition.editionId, prizeId: prize.prizeId, kind: 'RESULT', title: `${editionName}拟授奖项目公示`, startDate: day(0), days: 10, dayKind: 'NATURAL',
  });
  await call(admin, '/rest/publicity/schedule', { publicityId: publicity.publicityId, lockVersion: publicity.lockVersion });
  const tasks = await call(admin, '/rest/task/getTaskPage', { pageParameter: { pageNum: 1, pageSize: 100 } });
  await call(admin, '/rest/task/runTask', { taskId: tasks.list.find((t) => t.taskCode === 'AWARD_PUBLICITY_WINDOWS').taskId });
  for (let i = 0; i < 100 && (await call(admin, '/rest/publicity/detail', { publicityId: publicity.publicityId })).status !== 'OPEN'; i++) await new Promise((r) => setTimeout(r, 200));

  // Closing the edition (its stages dated in the past) awards the declarations: /show lists them.
  const detail = await call(admin, '/rest/edition/detail', { editionId: edition.editionId });
  await call(admin, '/rest/edition/update', {
    editionId: edition.editionId, lockVersion: detail.lockVersion,
    ...editionBody(year, editionName, [
      { stage: 'DECLARATION', startDate: day(-60), endDate: day(-50) },
      { stage: 'COMMITTEE', startDate: day(-20), endDate: day(-15) },
      { stage: 'RESULT_PUBLICITY', startDate: day(-10), endDate: day(-1) },
    ]),
  });
  await call(admin, '/rest/awarding/closeEdition', { editionId: edition.editionId });

  // An edition open for declaration: /apply lists its guide.
  const open = await call(admin, '/rest/edition/add', editionBody(year + 1, `${year + 1}年度科技进步奖${stamp}`, [{ stage: 'DECLARATION', startDate: day(-1), endDate: day(30) }]));
  await call(admin, '/rest/edition/publish', { editionId: open.editionId, lockVersion: open.lockVersion });

  // An invitation into the expert pool, as the office sends it.
  const invitation = await call(admin, '/rest/expert/inviteExpert', { name: '受邀专家', phone: `137${stamp}99`, email: `pbinvite${stamp}@example.com`, unitName: `受邀研究所${stamp}` });
  const link = new URL(invitation.link, baseUrl);
  return { invitationPath: link.pathname + link.search };
}

if (isMain(import.meta.url)) console.log(await seedPrizeWorld(process.argv[2] ?? 'http://127.0.0.1:3000'));
