import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysOperLog } from '../../../core/audit';
import { assignmentDirectory } from '../assignment/module';
import { awardReview, awardReviewReopen } from './tables';
import { createScoringWorld, declarationInReview, groupWithAssignments, newExpert, scoresFor, submitReview, type ScoringWorld, type TestExpert } from './scoringTestKit';

let world: ScoringWorld;
let wang: TestExpert;
let li: TestExpert;
let zhao: TestExpert;
let outsider: TestExpert;
let declarationId: number;
let other: number;
let fileId: number;
let a: (declarationId: number, expertId: number) => number;

const id = (n: number) => String(n);
const review = (url: string, body: unknown, headers: Record<string, string>) => world.call(`/rest/expertReview/${url}`, body, headers);

/** A multipart upload as the browser sends it; answers the file id. */
async function upload(headers: Record<string, string>, filename: string, text: string): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ sendSysName: '蒲公英控制台', sendSysCode: 'dandelion-web', sendReqTime: '20261125120000', recvSysName: '文件服务', recvSysCode: 'fms' })) form.append(k, v);
  form.append('file', new Blob([new TextEncoder().encode(text)]), filename);
  const encoded = new Response(form);
  const res = await world.ctx.app.inject({ method: 'POST', url: '/auth/webUpload', headers: { 'content-type': encoded.headers.get('content-type')!, ...headers }, payload: Buffer.from(await encoded.arrayBuffer()) });
  return Number(res.json().data.fileId);
}
const download = (headers: Record<string, string>) => world.ctx.app.inject({ method: 'GET', url: `/stream/fms/downloads/1?fileId=${fileId}&filename=x.txt`, headers });

beforeAll(async () => {
  world = await createScoringWorld();
  [wang, li, zhao, outsider] = [await newExpert(world, '王专家'), await newExpert(world, '李专家'), await newExpert(world, '赵专家'), await newExpert(world, '钱专家')];
  fileId = await upload(world.applicant.headers, '论文.txt', '论文全文');
  declarationId = await declarationInReview(world, '新型高熵合金的设计与制备', { applicantId: world.applicant.id, attachmentFileId: fileId });
  await world.ctx.app.services.files.attach(world.ctx.database.db, { fileIds: [fileId], bizType: 'award:declaration', bizId: String(declarationId) }, null);
  other = await declarationInReview(world, '另一项目');
  ({ assignment: a } = await groupWithAssignments(
    world,
    '材料组',
    [
      { declarationId, expertIds: [wang.expertId, li.expertId, zhao.expertId] },
      { declarationId: other, expertIds: [outsider.expertId] },
    ],
    { leaderExpertId: zhao.expertId },
  ));
});
afterAll(async () => {
  await world?.ctx.app.close();
});

describe('the expert’s review', () => {
  it('refuses without sign-in (401), without the score permission (403) and for anyone else’s or a guessed task (404)', async () => {
    const body = { assignmentId: id(a(declarationId, wang.expertId)) };
    expect((await review('getMyReview', body, {})).status).toBe(401);
    const office = await review('getMyReview', body, world.office);
    expect(office.status).toBe(403);
    const others = await review('getMyReview', body, li.headers);
    expect(others.status).toBe(404);
    expect(others.body.msg).toBe('评审任务不存在或已被删除');
    expect((await review('getMyReview', { assignmentId: '999999' }, wang.headers)).status).toBe(404);
    expect((await review('getDeclaration', body, outsider.headers)).status).toBe(404);
  });

  it('shows the rubric and an empty review, and reads the declaration without ID numbers or contacts', async () => {
    const mine = await review('getMyReview', { assignmentId: id(a(declarationId, wang.expertId)) }, wang.headers);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ assignmentState: 'ACCEPTED', status: null, lockVersion: 0, total: null, leader: false, grades: ['FIRST', 'SECOND', 'THIRD'] });
    expect(mine.body.data.rubric.map((c: { maxScore: number }) => c.maxScore)).toEqual([40, 30, 15, 15]);
    const read = await review('getDeclaration', { assignmentId: id(a(declarationId, wang.expertId)) }, wang.headers);
    expect(read.status).toBe(200);
    expect(read.body.data.title).toBe('新型高熵合金的设计与制备');
    expect(read.body.data.content.COMPLETERS.completers[0]).toMatchObject({ name: '张三', idNumber: null, phone: null, email: null });
    expect(JSON.stringify(read.body)).not.toContain('11010519491231002X');
    expect(read.body.data.actions).toEqual([]);
  });

  it('checks each score against its criterion, the comment’s length and the prize’s grades (400 with the message)', async () => {
    const base = { assignmentId: id(a(declarationId, wang.expertId)), lockVersion: 0 };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ scores: [{ name: '科学发现的创新性', score: 41 }] }, '「科学发现的创新性」的评分应在0到40分之间'],
      [{ scores: [{ name: '研究难度与复杂程度', score: -1 }] }, '「研究难度与复杂程度」的评分应在0到15分之间'],
      [{ scores: [{ name: '研究难度与复杂程度', score: 10.25 }] }, '「研究难度与复杂程度」的评分最多保留一位小数'],
      [{ scores: [{ name: '颜值', score: 1 }] }, '评分指标「颜值」不在本奖种的评分细则中'],
      [{ scores: [], comment: '很'.repeat(2001) }, '评审意见不能超过2000个字符'],
      [{ scores: [], suggestedGrade: 'SPECIAL' }, '建议等级不在本奖种的奖励等级中'],
      [{ scores: [{ name: '科学发现的创新性', score: 'x' }] }, '评分必须是数字'],
    ];
    for (const [extra, message] of cases) {
      const res = await review('save', { ...base, ...extra }, wang.headers);
      expect(res.status, message).toBe(400);
      expect(res.body.msg).toBe(message);
    }
  });

  it('saves a draft (the task goes in progress), refuses a stale save (409), then submits only when complete and locks', async () => {
    const assignmentId = id(a(declarationId, wang.expertId));
    const saved = await review('save', { assignmentId, lockVersion: 0, scores: [{ name: '科学发现的创新性', score: 36.5 }, { name: '学术影响与科学价值', score: 27 }] }, wang.headers);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ status: 'DRAFT', assignmentState: 'IN_PROGRESS', total: 63.5, lockVersion: 1 });
    expect((await assignmentDirectory.assignment(world.ctx.database.db, Number(assignmentId)))!.state).toBe('IN_PROGRESS');
    // Another tab still holding "nothing saved yet".
    expect((await review('save', { assignmentId, lockVersion: 0, scores: [] }, wang.headers)).status).toBe(409);

    const incomplete = await review('submit', { assignmentId, lockVersion: 1, scores: scoresFor(90).slice(0, 3), comment: '好' }, wang.headers);
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.msg).toBe('请填写「对学科发展的推动作用」的评分');
    const silent = await review('submit', { assignmentId, lockVersion: 1, scores: scoresFor(90), comment: '  ' }, wang.headers);
    expect(silent.body.msg).toBe('请填写评审意见');

    const submitted = await review('submit', { assignmentId, lockVersion: 1, scores: scoresFor(90), comment: '创新性突出', suggestedGrade: 'FIRST' }, wang.headers);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ status: 'SUBMITTED', assignmentState: 'SUBMITTED', total: 90, suggestedGrade: 'FIRST' });
    const [row] = await world.ctx.database.db.select().from(awardReview).where(eq(awardReview.assignmentId, Number(assignmentId)));
    expect(row!.submittedAt).toBeInstanceOf(Date);

    const locked = await review('save', { assignmentId, lockVersion: submitted.body.data.lockVersion, scores: scoresFor(10) }, wang.headers);
    expect(locked.status).toBe(409);
    expect(locked.body.msg).toBe('评分已提交，不能修改');
  });

  it('hides the peers’ scores until one’s own is submitted; others are anonymous and only the leader sees the flags', async () => {
    const liTask = { assignmentId: id(a(declarationId, li.expertId)) };
    const early = await review('getPeerScores', liTask, li.headers);
    expect(early.status).toBe(403);
    expect(early.body.msg).toBe('提交本人评分后才能查看其他专家的评分');

    await submitReview(world, li, a(declarationId, li.expertId), 60);
    const peers = await review('getPeerScores', liTask, li.headers);
    expect(peers.status).toBe(200);
    expect(peers.body.data.flags).toBeNull();
    expect(peers.body.data.peers.map((p: { label: string; total: number | null; submitted: boolean }) => [p.label, p.total, p.submitted])).toEqual([
      ['专家1', 90, true],
      ['本人', 60, true],
      ['专家2', null, false],
    ]);
    expect(JSON.stringify(peers.body)).not.toContain('王专家');

    // The leader: 90, 60, 88 — range 30 is not above 30 % of 100; SD 13.7 is not above 15; 60 is 29 from the others' mean (89, SD 1).
    await submitReview(world, zhao, a(declarationId, zhao.expertId), 88);
    const leader = await review('getPeerScores', { assignmentId: id(a(declarationId, zhao.expertId)) }, zhao.headers);
    expect(leader.body.data.flags).toEqual(['OUTLIER']);
    expect(leader.body.data.peers.map((p: { outlier: boolean }) => p.outlier)).toEqual([false, true, false]);
  });

  it('lets the office reopen a submitted review with a reason (logged), after which the expert may change it', async () => {
    const assignmentId = id(a(declarationId, li.expertId));
    const noReason = await world.call('/rest/expertReview/reopen', { assignmentId, reason: ' ' }, world.office);
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toBe('请填写重开原因');
    expect((await world.call('/rest/expertReview/reopen', { assignmentId, reason: '评分有误' }, li.headers)).status).toBe(403);

    const reopened = await world.call('/rest/expertReview/reopen', { assignmentId, reason: '总分与意见不符，请复核' }, world.office);
    expect(reopened.status).toBe(200);
    const db = world.ctx.database.db;
    const [history] = await db.select().from(awardReviewReopen).where(eq(awardReviewReopen.assignmentId, Number(assignmentId)));
    expect(history).toMatchObject({ reason: '总分与意见不符，请复核', actorName: '测试scoreoffice' });
    expect(history!.before.total).toBe(60);
    const [log] = await db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'award:scoring'), eq(sysOperLog.action, 'REOPEN'))).orderBy(desc(sysOperLog.id));
    expect(log!.summary).toContain('总分与意见不符，请复核');
    expect((await assignmentDirectory.assignment(db, Number(assignmentId)))!.state).toBe('IN_PROGRESS');

    const again = await world.call('/rest/expertReview/reopen', { assignmentId, reason: '再开一次' }, world.office);
    expect(again.status).toBe(409);
    const mine = await review('getMyReview', { assignmentId }, li.headers);
    expect(mine.body.data).toMatchObject({ status: 'DRAFT', total: 60, submittedAt: null });
    await submitReview(world, li, Number(assignmentId), 70);
  });
});

describe('the declaration’s attachments', () => {
  it('are readable by an expert while the assignment is active, never by another expert, and no longer once removed', async () => {
    expect((await download(wang.headers)).statusCode).toBe(200);
    expect((await download(outsider.headers)).statusCode).toBe(404);
    expect((await download(world.applicant.headers)).statusCode).toBe(200);

    const db = world.ctx.database.db;
    const assignmentId = a(declarationId, wang.expertId);
    expect(await assignmentDirectory.move(db, { id: 1, name: 'admin' }, assignmentId, ['SUBMITTED'], 'REMOVED')).toBe(true);
    expect((await download(wang.headers)).statusCode).toBe(404);
    expect((await review('getDeclaration', { assignmentId: id(assignmentId) }, wang.headers)).status).toBe(404);
    expect((await review('getMyReview', { assignmentId: id(assignmentId) }, wang.headers)).status).toBe(404);
  });

  it('stay closed, with the declaration, to an expert who was pushed but has not accepted', async () => {
    const newcomer = await newExpert(world, '孙专家');
    const third = await declarationInReview(world, '第三项目');
    const { assignment } = await groupWithAssignments(world, '待接受组', [{ declarationId: third, expertIds: [newcomer.expertId] }], { accepted: false });
    expect((await review('getDeclaration', { assignmentId: id(assignment(third, newcomer.expertId)) }, newcomer.headers)).status).toBe(404);
  });
});
