import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awardDeclaration } from '../declaration/tables';
import { publicityDirectory } from './module';
import { createPublicityWorld, day, declarationIn, noonOf, publicityServiceAt, publicityValues, type PublicityWorld } from './publicityTestKit';
import { awardPublicity } from './tables';
import { publicityWindowJob } from './windowJob';

let world: PublicityWorld;
let proposed: number;
let proposedOther: number;
let classified: number;
let awarded: number;
const signal = () => ({ signal: new AbortController().signal }) as never;

beforeAll(async () => {
  world = await createPublicityWorld();
  proposed = await declarationIn(world, 'PROPOSED', '高熵合金的设计与制备', { applicantId: world.applicantId, awardGrade: 'FIRST' });
  proposedOther = await declarationIn(world, 'PROPOSED', '量子点发光机理', { awardGrade: 'SECOND' });
  classified = await declarationIn(world, 'PROPOSED', '某型号材料', { secrecy: 'SECRET', applicantId: world.otherApplicantId, awardGrade: 'THIRD' });
  awarded = await declarationIn(world, 'AWARDED', '上届获奖项目', { awardGrade: 'SPECIAL' });
  await declarationIn(world, 'AWARDED', '涉密获奖项目', { awardGrade: 'FIRST', secrecy: 'SECRET' });
}, 120_000);
afterAll(async () => world?.ctx.app.close());

const db = () => world.ctx.database.db;
const statusOf = async (id: number) => (await db().select({ status: awardDeclaration.status }).from(awardDeclaration).where(eq(awardDeclaration.id, id)))[0]!.status;
const portal = (url: string, body: unknown, headers: Record<string, string> = {}) => world.call(url, body, headers);

describe('a result publicity opened and closed by the scheduler', () => {
  let publicityId: string;
  const start = day(1);
  const end = day(7);

  it('is scheduled by the office and not shown on the portal before it opens', async () => {
    const added = await world.call('/rest/publicity/add', publicityValues(world, { kind: 'RESULT', title: '2041年度自然科学奖拟授奖结果公示' }));
    expect(added.status).toBe(200);
    publicityId = added.body.data.publicityId;
    expect(added.body.data).toMatchObject({ entryCount: 2, leftOutCount: 1, endDate: end });
    expect(added.body.data.entries.map((e: { grade: string }) => e.grade)).toEqual(['FIRST', 'SECOND']);
    const scheduled = await world.call('/rest/publicity/schedule', { publicityId, lockVersion: added.body.data.lockVersion });
    expect(scheduled.status).toBe(200);

    const detail = await portal('/rest/publicity/getPublicityDetail', { publicityId });
    expect(detail.status).toBe(404);
    const byPrize = await portal('/rest/publicity/getByJieciPrize', { jieciId: world.editionId, prizeId: world.prizeId });
    expect(byPrize.status).toBe(200);
    expect(byPrize.body).toMatchObject({ rtnCode: expect.any(String), dataSet: [] });
    expect(await publicityDirectory.entryWindow(db(), Number(publicityId), proposed, new Date())).toBeNull();
  });

  it('the job does nothing before the start date, opens it on the start date and moves the proposed declarations into result publicity', async () => {
    const today = publicityServiceAt(world, () => new Date());
    expect(await publicityWindowJob(today, () => new Date()).run({}, signal())).toBe('开始公示 0 个，结束公示 0 个');
    expect(await statusOf(proposed)).toBe('PROPOSED');

    const onStart = publicityServiceAt(world, () => noonOf(start));
    expect(await publicityWindowJob(onStart, () => noonOf(start)).run({}, signal())).toBe('开始公示 1 个，结束公示 0 个');
    const row = (await db().select().from(awardPublicity).where(eq(awardPublicity.id, Number(publicityId))))[0]!;
    expect(row.status).toBe('OPEN');
    expect(row.openedAt).not.toBeNull();
    expect(await statusOf(proposed)).toBe('IN_RESULT_PUBLICITY');
    expect(await statusOf(proposedOther)).toBe('IN_RESULT_PUBLICITY');
    // A classified declaration is never shown, nor moved by the publicity.
    expect(await statusOf(classified)).toBe('PROPOSED');
  });

  it('the portal sees it at once: the job emptied the cache', async () => {
    const byPrize = await portal('/rest/publicity/getByJieciPrize', { jieciId: world.editionId, prizeId: world.prizeId });
    expect(byPrize.body.dataSet).toHaveLength(1);
    expect(byPrize.body.dataSet[0]).toMatchObject({ publicityId, status: 'OPEN', startDate: start, endDate: end, kind: 'RESULT' });
    expect(byPrize.body.dataSet[0].entries.map((e: { title: string }) => e.title)).toEqual(['高熵合金的设计与制备', '量子点发光机理']);
    expect(JSON.stringify(byPrize.body)).not.toContain('某型号材料');
    expect(JSON.stringify(byPrize.body)).not.toContain('leftOut');
  });

  it('the objection helper reads the entry window: open until the end of the end date (Beijing)', async () => {
    const during = await publicityDirectory.entryWindow(db(), Number(publicityId), proposed, noonOf(end));
    expect(during).toMatchObject({ publicityId: Number(publicityId), declarationId: proposed, kind: 'RESULT', entryTitle: '高熵合金的设计与制备', status: 'OPEN', startDate: start, endDate: end, open: true });
    expect(during!.closesAt.getTime()).toBe(new Date(`${end}T00:00:00+08:00`).getTime() + 86_400_000);
    const after = await publicityDirectory.entryWindow(db(), Number(publicityId), proposed, new Date(during!.closesAt.getTime()));
    expect(after!.open).toBe(false);
    expect(await publicityDirectory.entryWindow(db(), Number(publicityId), classified, noonOf(end))).toBeNull();
  });

  it('the job leaves it open through the end date and closes it the day after', async () => {
    const onEnd = publicityServiceAt(world, () => noonOf(end));
    expect(await publicityWindowJob(onEnd, () => noonOf(end)).run({}, signal())).toBe('开始公示 0 个，结束公示 0 个');
    const cached = await portal('/rest/publicity/getPublicityDetail', { publicityId });
    expect(cached.body.dataSet.status).toBe('OPEN');
    const dayAfter = publicityServiceAt(world, () => noonOf(day(8)));
    expect(await publicityWindowJob(dayAfter, () => noonOf(day(8))).run({}, signal())).toBe('开始公示 0 个，结束公示 1 个');
    const row = (await db().select().from(awardPublicity).where(eq(awardPublicity.id, Number(publicityId))))[0]!;
    expect(row).toMatchObject({ status: 'CLOSED' });
    const detail = await portal('/rest/publicity/getPublicityDetail', { publicityId });
    expect(detail.body.dataSet).toMatchObject({ status: 'CLOSED', entryCount: 2 });
    expect((await publicityDirectory.entryWindow(db(), Number(publicityId), proposed, noonOf(end)))!.open).toBe(false);
  });
});

describe('portal reads', () => {
  it('refuses bad input with the portal envelope (400) and an anonymous my-results (401)', async () => {
    const bad = await portal('/rest/publicity/getPublicityPage', { kind: 'OTHER' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('公示类型不正确');
    expect((await portal('/rest/publicity/getByJieciPrize', { jieciId: 'x', prizeId: world.prizeId })).status).toBe(400);
    expect((await portal('/rest/publicity/getMyResults', {})).status).toBe(401);
    expect((await portal('/rest/publicity/getPublicityDetail', { publicityId: '999999' })).status).toBe(404);
  });

  it('/query lists the shown publicities with search and the award results by grade; classified ones never', async () => {
    const page = await portal('/rest/publicity/getPublicityPage', { pageParameter: { pageNum: 1, pageSize: 10 }, keyword: '拟授奖' });
    expect(page.status).toBe(200);
    expect(page.body.dataSet.total).toBe(1);
    expect(page.body.dataSet.list[0]).toMatchObject({ title: '2041年度自然科学奖拟授奖结果公示', editionName: '2041年度科学技术奖', prizeName: '自然科学奖' });
    expect((await portal('/rest/publicity/getPublicityPage', { pageParameter: { pageNum: 1, pageSize: 10 }, kind: 'ACCEPTANCE' })).body.dataSet.total).toBe(0);
    const results = await portal('/rest/publicity/getAwardResults', { pageParameter: { pageNum: 1, pageSize: 10 }, editionId: world.editionId });
    expect(results.status).toBe(200);
    expect(results.body.dataSet.list).toEqual([expect.objectContaining({ declarationId: String(awarded), title: '上届获奖项目', grade: 'SPECIAL', prizeName: '自然科学奖' })]);
    const filters = await portal('/rest/publicity/getQueryFilters', {});
    expect(filters.body.dataSet).toEqual({ editions: [{ editionId: world.editionId, editionName: '2041年度科学技术奖' }], prizes: [{ prizeId: world.prizeId, prizeName: '自然科学奖' }] });
  });

  it('the signed-in applicant sees their own declarations’ status and grade, classified ones included; nobody else’s', async () => {
    const mine = await portal('/rest/publicity/getMyResults', {}, world.as.applicant);
    expect(mine.status).toBe(200);
    expect(mine.body.dataSet).toEqual([expect.objectContaining({ declarationId: String(proposed), status: 'IN_RESULT_PUBLICITY', grade: 'FIRST', editionName: '2041年度科学技术奖', prizeName: '自然科学奖' })]);
    const other = await portal('/rest/publicity/getMyResults', {}, world.as.otherApplicant);
    expect(other.body.dataSet).toEqual([expect.objectContaining({ declarationId: String(classified), status: 'PROPOSED', grade: 'THIRD' })]);
  });

  it('closing early is the office’s: 409 when nothing to show or not open; an early close empties the portal cache', async () => {
    const empty = await world.call('/rest/publicity/add', publicityValues(world, { kind: 'ACCEPTANCE', title: '空的受理公示' }));
    expect(empty.body.data.entryCount).toBe(0);
    const refused = await world.call('/rest/publicity/schedule', { publicityId: empty.body.data.publicityId, lockVersion: empty.body.data.lockVersion });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('公示「空的受理公示」没有可公示的申报书');
    const notOpen = await world.call('/rest/publicity/close', { publicityId: empty.body.data.publicityId, lockVersion: empty.body.data.lockVersion });
    expect(notOpen.status).toBe(409);
    expect(notOpen.body.msg).toBe('公示「空的受理公示」当前状态为「草稿」，不能结束');
    await world.call('/rest/publicity/withdraw', { publicityId: empty.body.data.publicityId, lockVersion: empty.body.data.lockVersion });

    await declarationIn(world, 'ACCEPTED', '新受理的项目');
    const added = await world.call('/rest/publicity/add', publicityValues(world, { kind: 'ACCEPTANCE', title: '提前结束的公示', startDate: day(0) }));
    const publicityId = added.body.data.publicityId;
    await world.call('/rest/publicity/schedule', { publicityId, lockVersion: added.body.data.lockVersion });
    const now = publicityServiceAt(world, () => new Date());
    expect(await publicityWindowJob(now, () => new Date()).run({}, signal())).toBe('开始公示 1 个，结束公示 0 个');
    expect((await portal('/rest/publicity/getPublicityDetail', { publicityId })).body.dataSet.status).toBe('OPEN');
    const row = (await db().select().from(awardPublicity).where(eq(awardPublicity.id, Number(publicityId))))[0]!;
    const closed = await world.call('/rest/publicity/close', { publicityId, lockVersion: row.lockVersion });
    expect(closed.status).toBe(200);
    expect(closed.body.data.status).toBe('CLOSED');
    expect((await portal('/rest/publicity/getPublicityDetail', { publicityId })).body.dataSet.status).toBe('CLOSED');
  });
});
