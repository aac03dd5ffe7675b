import ExcelJS from 'exceljs';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awardDeclaration, awardDeclarationStep } from '../declaration/tables';
import { assignmentDirectory } from '../assignment/module';
import { createScoringWorld, declarationInReview, groupWithAssignments, newExpert, submitReview, type ScoringWorld, type TestExpert } from './scoringTestKit';

/**
 * The fixture, hand-checked (totals; ZRKX's criteria add up to the total):
 *
 *   base:    D1 90, D2 80, D3 70 (group 甲);  D4 60, D5 85 (group 乙)
 *   E1..E5 score base + offset, offsets 0, +2, −4, +5, −3 (each reviews all five: calibrated);
 *   E6 scores D1 only, 40 (one review: uncalibrated); E2's review of D3 is left in draft (missing).
 *
 * Trimmed means: D1 [90 92 86 95 87 40] → drop 40 and 95 → 355/4 = 88.75;
 *   D2 [80 82 76 85 77] → 239/3 = 79.667; D3 [70 66 75 67] (E2 missing) → drop 66, 75 → 68.5;
 *   D4 [60 62 56 65 57] → 59.667; D5 [85 87 81 90 82] → 84.667.
 * Percentile of D1 among the five group scores: (4 below + ½) / 5 = 90; D2: (2 + ½)/5 = 50; D3: 30.
 * Calibration (population = the 25 counting reviews: 24 of E1..E5 and E6's 40):
 *   E1..E5 have 5 reviews except E2 (4: D3 missing) → E2 is uncalibrated too.
 *   Calibrated experts E1, E3, E4, E5 each score base + offset on D1..D5: their z on D1 is
 *   (90 − 77) / √116 = 1.20702 (base mean 77, population SD √116).
 *   groupMean = (1925 − 72 [E2's missing 72] + 40) / 25 = 1893/25 = 75.72; groupSd over the same 25 = 13.3762.
 *   calibrated D1 = 75.72 + 1.20702 × 13.3762 = 91.865 (4 calibrated reviews, 2 uncalibrated: E2 and E6).
 * Divergence on D1: SD 18.87 > 15 (SPREAD), range 55 > 30 (RANGE), 40 is 50 from the others' mean 90
 *   with their SD 3.29 (OUTLIER).
 */
let world: ScoringWorld;
let experts: TestExpert[];
let d: number[];
let groupA: number;
let groupB: number;

const BASE = [90, 80, 70, 60, 85];
const OFFSETS = [0, 2, -4, 5, -3];

beforeAll(async () => {
  world = await createScoringWorld();
  experts = [];
  for (const name of ['甲专家', '乙专家', '丙专家', '丁专家', '戊专家', '己专家']) experts.push(await newExpert(world, name));
  d = [];
  for (const title of ['项目一', '项目二', '项目三', '项目四', '项目五']) d.push(await declarationInReview(world, title));
  const five = experts.slice(0, 5).map((e) => e.expertId);
  const a = await groupWithAssignments(world, '甲组', [
    { declarationId: d[0]!, expertIds: [...five, experts[5]!.expertId] },
    { declarationId: d[1]!, expertIds: five },
    { declarationId: d[2]!, expertIds: five },
  ]);
  const b = await groupWithAssignments(world, '乙组', [
    { declarationId: d[3]!, expertIds: five },
    { declarationId: d[4]!, expertIds: five },
  ]);
  groupA = a.groupId;
  groupB = b.groupId;
  for (const [j, declarationId] of d.entries()) {
    const assignment = j < 3 ? a.assignment : b.assignment;
    for (const [k, expert] of experts.slice(0, 5).entries()) {
      if (j === 2 && k === 1) continue;
      await submitReview(world, expert, assignment(declarationId, expert.expertId), BASE[j]! + OFFSETS[k]!);
    }
  }
  await submitReview(world, experts[5]!, a.assignment(d[0]!, experts[5]!.expertId), 40);
  // E2's review of D3 saved but never submitted: missing, not a score.
  await world.call('/rest/expertReview/save', { assignmentId: String(a.assignment(d[2]!, experts[1]!.expertId)), lockVersion: 0, scores: [{ name: '科学发现的创新性', score: 30 }] }, experts[1]!.headers);
});
afterAll(async () => {
  await world?.ctx.app.close();
});

const result = (groupId: number) => world.call('/rest/reviewResult/getGroupResult', { groupId: String(groupId) }, world.office);

describe('the group result', () => {
  it('is the office’s: 401 signed out, 403 for an expert, 404 for an unknown group', async () => {
    expect((await world.call('/rest/reviewResult/getGroupResult', { groupId: String(groupA) }, {})).status).toBe(401);
    expect((await world.call('/rest/reviewResult/getGroupResult', { groupId: String(groupA) }, experts[0]!.headers)).status).toBe(403);
    const missing = await result(99999);
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('评审组不存在或已被删除');
  });

  it('shows raw totals with missing ones missing, the trimmed mean, calibrated means, rank, percentile and flags', async () => {
    const res = await result(groupA);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ groupName: '甲组', scoreMethod: 'TRIMMED', scaleMax: 100, quota: null });
    const [r1, r2, r3] = data.rows;
    expect([r1.declarationId, r2.declarationId, r3.declarationId]).toEqual(d.slice(0, 3).map(String));

    expect(r1.reviews.map((r: { total: number | null }) => r.total)).toEqual([90, 92, 86, 95, 87, 40]);
    expect(r1.groupScore).toBeCloseTo(88.75, 6);
    expect(r1.rank).toBe(1);
    expect(r1.percentile).toBeCloseTo(90, 6);
    expect(r1.flags).toEqual(['SPREAD', 'RANGE', 'OUTLIER']);
    expect(r1.reviews.map((r: { outlier: boolean }) => r.outlier)).toEqual([false, false, false, false, false, true]);
    expect(r1.calibratedMean).toBeCloseTo(91.865, 2);
    expect(r1).toMatchObject({ calibratedReviews: 4, uncalibratedReviews: 2, submitted: 6, expected: 6 });
    expect(r1.reviews.map((r: { calibrated: boolean }) => r.calibrated)).toEqual([true, false, true, true, true, false]);

    expect(r2.groupScore).toBeCloseTo(239 / 3, 6);
    expect(r2.percentile).toBeCloseTo(50, 6);
    expect(r3.reviews.map((r: { total: number | null; submitted: boolean }) => [r.total, r.submitted])).toEqual([[70, true], [null, false], [66, true], [75, true], [67, true]]);
    expect(r3.groupScore).toBeCloseTo(68.5, 6);
    expect(r3).toMatchObject({ rank: 3, submitted: 4, expected: 5, flags: [] });
    expect(r3.percentile).toBeCloseTo(30, 6);
  });

  it('uses the plain mean when the prize says so, and draws the quota line from the group’s settings', async () => {
    const bad = await world.call('/rest/reviewResult/saveSettings', { groupId: String(groupA), sdPct: 15, rangePct: 30, outlierSd: 2, outlierMinPct: 10, quotaMode: 'PERCENT', quotaValue: null }, world.office);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('请填写名额');
    const saved = await world.call('/rest/reviewResult/saveSettings', { groupId: String(groupA), sdPct: 20, rangePct: 60, outlierSd: 2, outlierMinPct: 10, quotaMode: 'PERCENT', quotaValue: 50 }, world.office);
    expect(saved.status).toBe(200);
    const data = (await result(groupA)).body.data;
    // 50 % of 3 declarations, rounded down: 1.
    expect(data.quota).toBe(1);
    expect(data.rows.map((r: { withinQuota: boolean }) => r.withinQuota)).toEqual([true, false, false]);
    // SD 18.87 is not above 20 % now, nor the range 55 above 60 %.
    expect(data.rows[0].flags).toEqual(['OUTLIER']);

    await world.call('/rest/prize/update', await plainMeanPrize(), world.admin);
    const plain = (await result(groupA)).body.data;
    expect(plain.scoreMethod).toBe('MEAN');
    expect(plain.rows[0].groupScore).toBeCloseTo(490 / 6, 6);
  });

  it('lists the pushed groups for the office to choose from, reviewed yet or not', async () => {
    // A group still being put together is not offered; one pushed before any review is.
    await assignmentDirectory.createGroup(world.ctx.database.db, null, { editionId: world.editionId, prizeId: world.prizeId, groupName: '草稿组' });
    await assignmentDirectory.createGroup(world.ctx.database.db, null, { editionId: world.editionId, prizeId: world.prizeId, groupName: '丙组', status: 'PUSHED' });
    const res = await world.call('/rest/reviewResult/getGroups', { editionId: String(world.editionId) }, world.office);
    expect(res.body.data.map((g: { groupName: string }) => g.groupName)).toEqual(['甲组', '乙组', '丙组']);
    void groupB;
  });

  it('exports the raw and the aggregated sheets as xlsx, missing reviews as 缺', async () => {
    const res = await world.ctx.app.inject({ method: 'POST', url: '/rest/reviewResult/export', headers: { ...world.office, 'content-type': 'application/json' }, payload: JSON.stringify({ groupId: String(groupA) }) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['原始评分', '汇总结果']);
    const raw = book.getWorksheet('原始评分')!;
    const totals = raw.getColumn(8).values.slice(2);
    expect(totals).toContain('缺');
    const summary = book.getWorksheet('汇总结果')!;
    expect(summary.getRow(2).getCell(3).value).toBe('项目一');
  });
});

describe('the decision', () => {
  it('needs an opinion to eliminate or defer, moves the declarations and keeps the history', async () => {
    const noOpinion = await world.call('/rest/reviewResult/decide', { declarationIds: [String(d[2])], decision: 'ELIMINATED' }, world.office);
    expect(noOpinion.status).toBe(400);
    expect(noOpinion.body.msg).toBe('淘汰或缓评须填写意见');
    expect((await world.call('/rest/reviewResult/decide', { declarationIds: [String(d[0])], decision: 'REVIEWED' }, experts[0]!.headers)).status).toBe(403);

    const passed = await world.call('/rest/reviewResult/decide', { declarationIds: [String(d[0]), String(d[1])], decision: 'REVIEWED', opinion: '进入会评' }, world.office);
    expect(passed.status).toBe(200);
    expect(passed.body.data.decided).toBe(2);
    const eliminated = await world.call('/rest/reviewResult/decide', { declarationIds: [String(d[2])], decision: 'ELIMINATED', opinion: '创新性不足' }, world.office);
    expect(eliminated.status).toBe(200);

    const db = world.ctx.database.db;
    const statuses = await db.select({ id: awardDeclaration.id, status: awardDeclaration.status }).from(awardDeclaration).orderBy(asc(awardDeclaration.id));
    expect(statuses.filter((s) => d.slice(0, 3).includes(s.id)).map((s) => s.status)).toEqual(['REVIEWED', 'REVIEWED', 'ELIMINATED']);
    const steps = await db.select().from(awardDeclarationStep).where(eq(awardDeclarationStep.declarationId, d[2]!));
    expect(steps.map((s) => [s.action, s.fromStatus, s.toStatus, s.opinion])).toEqual([['REVIEW_ELIMINATE', 'IN_REVIEW', 'ELIMINATED', '创新性不足']]);

    // Decided already: 409, and nothing of the batch moves.
    const again = await world.call('/rest/reviewResult/decide', { declarationIds: [String(d[3]), String(d[0])], decision: 'DEFERRED', opinion: '补充材料后再评' }, world.office);
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('项目一');
    const [d4] = await db.select().from(awardDeclaration).where(eq(awardDeclaration.id, d[3]!));
    expect(d4!.status).toBe('IN_REVIEW');

    const row = (await result(groupA)).body.data.rows.find((r: { declarationId: string }) => r.declarationId === String(d[2]));
    expect(row).toMatchObject({ status: 'ELIMINATED', decisionOpinion: '创新性不足' });
    // Nor scored any more: E2's draft on D3 stays a draft.
    const late = await world.call('/rest/expertReview/save', { assignmentId: row.reviews[1].assignmentId, lockVersion: 1, scores: [] }, experts[1]!.headers);
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe('申报书已不在专家评审中，不能再评分');
    // A decided declaration's reviews are not reopened.
    const reopen = await world.call('/rest/expertReview/reopen', { assignmentId: row.reviews[0].assignmentId, reason: '复核' }, world.office);
    expect(reopen.status).toBe(409);
  });
});

async function plainMeanPrize() {
  const detail = await world.call('/rest/prize/detail', { prizeId: String(world.prizeId) }, world.admin);
  const { prizeId, prizeCode, prizeName, kind, guide, grades, rubric, formConfig, status, sort, remark, lockVersion } = detail.body.data;
  return { prizeId, prizeCode, prizeName, kind, guide, grades, rubric, formConfig, status, sort, remark, lockVersion, scoreMethod: 'MEAN' };
}
