import { DECLARATION_STATUS_LABELS } from '@dandelion/shared/award/declaration';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysOperLog } from '../../../core/audit';
import { awardDeclarationStep } from '../declaration/tables';
import { createAwardingWorld, declarationIn, editionAfterPublicity, statusOf, system, type AwardingWorld } from './awardingTestKit';
import { awardList } from './module';
import { awardEditionClosing, awardHonour } from './tables';

let world: AwardingWorld;
beforeAll(async () => {
  world = await createAwardingWorld();
}, 60_000);
afterAll(async () => {
  await world?.ctx.app.close();
});

const preview = (body: unknown, headers = world.office) => world.call('/rest/awarding/getPreview', body, headers);
const close = (editionId: number, headers = world.office) => world.call('/rest/awarding/closeEdition', { editionId: String(editionId) }, headers);
const honoursOf = (editionId: number) => world.ctx.database.db.select().from(awardHonour).where(eq(awardHonour.editionId, editionId)).orderBy(awardHonour.id);

describe('/rest/awarding/getPreview', () => {
  it('refuses the anonymous (401), those without the permission (403), a bad id (400) and a missing edition (404)', async () => {
    expect((await preview({ editionId: '1' }, {})).status).toBe(401);
    expect((await preview({ editionId: '1' }, world.reviewer)).status).toBe(403);
    expect((await preview({ editionId: '1' }, world.applicant.headers)).status).toBe(403);
    const bad = await preview({ editionId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('编号格式不正确');
    const missing = await preview({ editionId: '987654' });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('届次不存在或已被删除');
  });

  it('shows what closing does with each declaration from acceptance on, and why it cannot close yet', async () => {
    const editionId = await editionAfterPublicity(world);
    const publicised = await declarationIn(world, editionId, 'IN_RESULT_PUBLICITY', { grade: 'FIRST' });
    const reviewed = await declarationIn(world, editionId, 'REVIEWED');
    const eliminated = await declarationIn(world, editionId, 'ELIMINATED', { prize: 'JSFM' });
    const deferred = await declarationIn(world, editionId, 'DEFERRED');
    const notProposed = await declarationIn(world, editionId, 'NOT_AWARDED');
    const inReview = await declarationIn(world, editionId, 'IN_REVIEW');
    const inCommittee = await declarationIn(world, editionId, 'IN_COMMITTEE');
    const proposed = await declarationIn(world, editionId, 'PROPOSED', { grade: 'SECOND' });
    const held = await declarationIn(world, editionId, 'OBJECTION_HOLD');
    const noGrade = await declarationIn(world, editionId, 'IN_RESULT_PUBLICITY');
    await declarationIn(world, editionId, 'NOT_ACCEPTED');
    await declarationIn(world, editionId, 'DRAFT');

    const res = await preview({ editionId: String(editionId) });
    expect(res.status).toBe(200);
    const data = res.body.data;
    const outcome = Object.fromEntries(data.rows.map((r: { declarationId: string; outcome: string; reason: string | null }) => [r.declarationId, [r.outcome, r.reason]]));
    expect(outcome).toEqual({
      [publicised]: ['AWARD', null],
      [reviewed]: ['NOT_AWARD', null],
      [eliminated]: ['NOT_AWARD', null],
      [deferred]: ['NOT_AWARD', null],
      [notProposed]: ['NOT_AWARD', null],
      [inReview]: ['BLOCK', '专家评审尚未完成'],
      [inCommittee]: ['BLOCK', '评审委员会尚未决定'],
      [proposed]: ['BLOCK', '拟授奖但尚未经过结果公示'],
      [held]: ['BLOCK', '有异议正在处理'],
      [noGrade]: ['BLOCK', '缺少授奖等级'],
    });
    expect(data.counts).toEqual({ award: 1, notAward: 4, block: 5 });
    expect(data.closed).toBe(false);
    expect(data.refusals).toHaveLength(1);
    expect(data.refusals[0]).toContain('有 5 份申报书尚不能结束评奖');
    expect(data.rows.find((r: { declarationId: string }) => r.declarationId === String(eliminated)).prizeName).toBe('技术发明奖');

    const oneprize = await preview({ editionId: String(editionId), prizeId: String(world.prizeIds.JSFM) });
    expect(oneprize.body.data.rows.map((r: { declarationId: string }) => r.declarationId)).toEqual([String(eliminated)]);
  });
});

describe('/rest/awarding/closeEdition', () => {
  it('refuses the anonymous (401), those without the permission (403), a bad id (400) and a missing edition (404)', async () => {
    expect((await close(1, {})).status).toBe(401);
    expect((await close(1, world.reviewer)).status).toBe(403);
    expect((await close(1, world.applicant.headers)).status).toBe(403);
    const bad = await world.call('/rest/awarding/closeEdition', { editionId: '-3' }, world.office);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('编号格式不正确');
    expect((await close(987654)).status).toBe(404);
  });

  it('refuses (409) while the result publicity has not ended, or was never dated', async () => {
    const running = await editionAfterPublicity(world, -2);
    const id = await declarationIn(world, running, 'IN_RESULT_PUBLICITY', { grade: 'FIRST' });
    const res = await close(running);
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/结果公示尚未结束（\d{4}-\d{2}-\d{2} 截止）/);
    expect((await statusOf(world, id)).status).toBe('IN_RESULT_PUBLICITY');
    expect(await honoursOf(running)).toEqual([]);

    // The last day of the publicity still counts as publicity.
    const endsToday = await editionAfterPublicity(world, 0);
    expect((await close(endsToday)).status).toBe(409);
  });

  it('refuses (409, naming them) while a declaration is in review, before the committee or proposed without publicity', async () => {
    const editionId = await editionAfterPublicity(world);
    await declarationIn(world, editionId, 'IN_RESULT_PUBLICITY', { grade: 'FIRST' });
    await declarationIn(world, editionId, 'IN_COMMITTEE', { title: '尚在评委会的项目' });
    const res = await close(editionId);
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain(`「尚在评委会的项目」${DECLARATION_STATUS_LABELS.IN_COMMITTEE}（评审委员会尚未决定）`);
    expect(await honoursOf(editionId)).toEqual([]);
  });

  it('an upheld objection blocks the award: the held declaration stops the closing, and once removed it is listed as not awarded', async () => {
    const editionId = await editionAfterPublicity(world);
    const winner = await declarationIn(world, editionId, 'IN_RESULT_PUBLICITY', { grade: 'SECOND' });
    const objected = await declarationIn(world, editionId, 'IN_RESULT_PUBLICITY', { grade: 'FIRST', title: '被异议的项目' });
    const db = world.ctx.database.db;
    await db.transaction((tx) => world.stretch.move(tx, { actor: system }, '奖励办', objected, 'OBJECTION_HOLD', { opinion: '收到实名异议' }));

    const blocked = await close(editionId);
    expect(blocked.status).toBe(409);
    expect(blocked.body.msg).toContain('「被异议的项目」');
    expect(blocked.body.msg).toContain('有异议正在处理');
    expect((await statusOf(world, winner)).status).toBe('IN_RESULT_PUBLICITY');

    // The objection is upheld: the objection module removes the declaration (OBJECTION_REMOVE → NOT_AWARDED).
    await db.transaction((tx) => world.stretch.move(tx, { actor: system }, '奖励办', objected, 'OBJECTION_REMOVE', { opinion: '异议成立' }));
    const res = await close(editionId);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ awarded: 1, notAwarded: 1 });
    expect(await statusOf(world, objected)).toEqual({ status: 'NOT_AWARDED', awardGrade: 'FIRST' });
    const rows = await honoursOf(editionId);
    const removed = rows.find((r) => r.declarationId === objected)!;
    expect([removed.status, removed.grade, removed.certificateNo]).toEqual(['NOT_AWARDED', null, null]);
    expect(rows.find((r) => r.declarationId === winner)!.status).toBe('AWARDED');
  });

  it('awards and not awards in one go, numbers the certificates, publishes the list and logs; a second closing is 409', async () => {
    const editionId = await editionAfterPublicity(world);
    const first = await declarationIn(world, editionId, 'IN_RESULT_PUBLICITY', { grade: 'FIRST', title: '一等奖项目' });
    const special = await declarationIn(world, editionId, 'IN_RESULT_PUBLICITY', { grade: 'SPECIAL', title: '特等奖项目', prize: 'JSFM', secrecy: 'SECRET' });
    const reviewed = await declarationIn(world, editionId, 'REVIEWED');
    const deferred = await declarationIn(world, editionId, 'DEFERRED');
    const notProposed = await declarationIn(world, editionId, 'NOT_AWARDED');
    const rejected = await declarationIn(world, editionId, 'NOT_ACCEPTED');

    const res = await close(editionId);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('已结束评奖：授奖 2 项，不授奖 3 项');
    expect(await statusOf(world, first)).toEqual({ status: 'AWARDED', awardGrade: 'FIRST' });
    expect((await statusOf(world, special)).status).toBe('AWARDED');
    for (const id of [reviewed, deferred, notProposed]) expect((await statusOf(world, id)).status).toBe('NOT_AWARDED');
    expect((await statusOf(world, rejected)).status).toBe('NOT_ACCEPTED');

    const rows = await honoursOf(editionId);
    expect(rows.map((r) => r.declarationId).sort()).toEqual([first, special, reviewed, deferred, notProposed].sort());
    const won = rows.find((r) => r.declarationId === first)!;
    expect(won).toMatchObject({ status: 'AWARDED', grade: 'FIRST', gradeRank: 1, title: '一等奖项目', completers: ['张三', '李四'], units: ['甲大学', '乙研究所'] });
    const year = new Date().getFullYear();
    expect(won.certificateNo).toMatch(new RegExp(`^ZS(${year}|${year + 1})\\d{6}$`));
    expect(new Set(rows.filter((r) => r.certificateNo).map((r) => r.certificateNo)).size).toBe(2);
    // Numbered in the list's order: 自然科学奖 before 技术发明奖, whatever the grades.
    expect(world.prizeIds.ZRKX).toBeLessThan(world.prizeIds.JSFM);
    expect(won.certificateNo! < rows.find((r) => r.declarationId === special)!.certificateNo!).toBe(true);
    expect(rows.filter((r) => r.status === 'NOT_AWARDED').every((r) => r.certificateNo === null && r.grade === null)).toBe(true);

    const [closing] = await world.ctx.database.db.select().from(awardEditionClosing).where(eq(awardEditionClosing.editionId, editionId));
    expect(closing).toMatchObject({ awarded: 2, notAwarded: 3, closedBy: '测试awardoffice' });
    expect(closing!.publishedAt).not.toBeNull();
    const steps = await world.ctx.database.db.select().from(awardDeclarationStep).where(and(eq(awardDeclarationStep.declarationId, first), eq(awardDeclarationStep.action, 'AWARD')));
    expect(steps).toHaveLength(1);
    const [log] = await world.ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'award:awarding'), eq(sysOperLog.entityId, String(editionId))));
    expect(log!.summary).toContain('授奖 2 项，不授奖 3 项');

    // The portal's read of the list leaves the classified award out.
    expect((await awardList.awarded(world.ctx.database.db, editionId)).map((r) => r.declarationId)).toEqual([first]);
    expect(await awardList.closing(world.ctx.database.db, editionId)).toMatchObject({ awarded: 2, notAwarded: 3 });

    const again = await close(editionId);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('本届已结束评奖');
    const after = await preview({ editionId: String(editionId) });
    expect(after.body.data).toMatchObject({ closed: true, closedBy: '测试awardoffice', refusals: ['本届已结束评奖'] });
  });
});

describe('/rest/awarding/getAwardPage and /rest/awarding/export', () => {
  let editionId: number;
  beforeAll(async () => {
    editionId = await editionAfterPublicity(world);
    await declarationIn(world, editionId, 'IN_RESULT_PUBLICITY', { grade: 'SECOND', title: '二等奖的合金' });
    await declarationIn(world, editionId, 'IN_RESULT_PUBLICITY', { grade: 'FIRST', title: '一等奖的催化剂' });
    await declarationIn(world, editionId, 'ELIMINATED', { title: '淘汰的合金' });
    await declarationIn(world, editionId, 'IN_RESULT_PUBLICITY', { grade: 'THIRD', prize: 'JSFM', title: '发明的刀具' });
    expect((await close(editionId)).status).toBe(200);
  });
  const page = (body: Record<string, unknown>, headers = world.office) => world.call('/rest/awarding/getAwardPage', { editionId: String(editionId), ...body }, headers);

  it('refuses the anonymous (401), those without the permission (403) and bad filters (400)', async () => {
    expect((await page({}, {})).status).toBe(401);
    expect((await page({}, world.reviewer)).status).toBe(403);
    const grade = await page({ grade: 'GOLD' });
    expect(grade.status).toBe(400);
    expect(grade.body.msg).toContain('授奖等级不正确');
    const status = await page({ status: 'MAYBE' });
    expect(status.body.msg).toContain('授奖结果不正确');
    const keyword = await page({ keyword: 'x'.repeat(101) });
    expect(keyword.body.msg).toContain('关键词不能超过100个字符');
  });

  it('lists by prize, awarded first, grade and registration number, filtered and paged', async () => {
    const all = await page({});
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(4);
    expect(all.body.data.list.map((r: { title: string }) => r.title)).toEqual(['一等奖的催化剂', '二等奖的合金', '淘汰的合金', '发明的刀具']);
    expect(all.body.data.list[0]).toMatchObject({ prizeName: '自然科学奖', grade: 'FIRST', status: 'AWARDED', completers: ['张三', '李四'], units: ['甲大学', '乙研究所'] });
    expect((await page({ status: 'NOT_AWARDED' })).body.data.list.map((r: { title: string }) => r.title)).toEqual(['淘汰的合金']);
    expect((await page({ grade: 'THIRD' })).body.data.list.map((r: { title: string }) => r.title)).toEqual(['发明的刀具']);
    expect((await page({ keyword: '合金' })).body.data.total).toBe(2);
    expect((await page({ prizeId: String(world.prizeIds.JSFM) })).body.data.total).toBe(1);
    const second = await page({ pageParameter: { pageNum: 2, pageSize: 3 } });
    expect(second.body.data.list.map((r: { title: string }) => r.title)).toEqual(['发明的刀具']);
  });

  it('exports the filtered list as a workbook with completers and units in rank order', async () => {
    expect((await world.call('/rest/awarding/export', { editionId: String(editionId) }, {})).status).toBe(401);
    expect((await world.call('/rest/awarding/export', { editionId: String(editionId) }, world.reviewer)).status).toBe(403);
    expect((await world.call('/rest/awarding/export', { editionId: '987654' }, world.office)).status).toBe(404);
    const res = await world.ctx.app.inject({ method: 'POST', url: '/rest/awarding/export', headers: { ...world.office, 'content-type': 'application/json' }, payload: JSON.stringify({ editionId: String(editionId), status: 'AWARDED' }) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('授奖名单_');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('授奖名单')!;
    const values = sheet.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
    expect(values[0]).toEqual(['奖种', '授奖结果', '等级', '登记号', '证书编号', '项目名称', '完成人（按排序）', '完成单位（按排序）']);
    expect(values).toHaveLength(4);
    expect(values[1]).toEqual(['自然科学奖', '授奖', '一等奖', expect.stringMatching(/^DJ/), expect.stringMatching(/^ZS/), '一等奖的催化剂', '张三、李四', '甲大学、乙研究所']);
  });
});
