import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysOperLog } from '../../../core/audit';
import { awardPublicity, awardPublicityEntry, awardPublicitySetting } from './tables';
import { createPublicityWorld, day, declarationIn, publicityValues, type PublicityWorld } from './publicityTestKit';

let world: PublicityWorld;
let accepted: number;
let inReview: number;
let secret: number;
let internal: number;

beforeAll(async () => {
  world = await createPublicityWorld();
  accepted = await declarationIn(world, 'ACCEPTED', '高熵合金的设计与制备');
  inReview = await declarationIn(world, 'IN_REVIEW', '量子点发光机理');
  secret = await declarationIn(world, 'ACCEPTED', '某型号材料', { secrecy: 'SECRET' });
  internal = await declarationIn(world, 'IN_REVIEW', '内部项目', { secrecy: 'INTERNAL' });
  await declarationIn(world, 'SUBMITTED', '尚未受理的项目');
}, 120_000);
afterAll(async () => world?.ctx.app.close());

const db = () => world.ctx.database.db;
const stored = async (id: string) => (await db().select().from(awardPublicity).where(eq(awardPublicity.id, Number(id))))[0]!;

describe('公示管理 refusals', () => {
  it('answers 401 without a session and 403 without the permission', async () => {
    expect((await world.call('/rest/publicity/getPublicityByPage', {}, {})).status).toBe(401);
    const forbidden = await world.call('/rest/publicity/add', publicityValues(world), world.as.expert);
    expect(forbidden.status).toBe(403);
    expect((await world.call('/rest/publicity/getFieldSettings', {}, world.as.applicant)).status).toBe(403);
  });

  it('answers 400 with the Chinese message for bad input', async () => {
    const noTitle = await world.call('/rest/publicity/add', publicityValues(world, { title: ' ' }));
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.msg).toContain('请输入公示标题');
    const tooLong = await world.call('/rest/publicity/add', publicityValues(world, { days: 91 }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.msg).toContain('公示天数不能超过90天');
    const badKind = await world.call('/rest/publicity/add', publicityValues(world, { dayKind: 'LUNAR' }));
    expect(badKind.status).toBe(400);
    expect(badKind.body.msg).toContain('请选择天数计算方式');
    const past = await world.call('/rest/publicity/add', publicityValues(world, { startDate: day(-1) }));
    expect(past.status).toBe(400);
    expect(past.body.msg).toBe('公示开始日期不能早于今天');
    const badField = await world.call('/rest/publicity/saveFieldSetting', { prizeKind: 'NATURAL_SCIENCE', fields: ['idNumber'], lockVersion: 0 });
    expect(badField.status).toBe(400);
    expect(badField.body.msg).toContain('公示字段不正确');
  });

  it('answers 404 for a missing edition or publicity', async () => {
    const noEdition = await world.call('/rest/publicity/add', publicityValues(world, { editionId: '999999' }));
    expect(noEdition.status).toBe(404);
    expect(noEdition.body.msg).toBe('届次不存在或已被删除');
    expect((await world.call('/rest/publicity/detail', { publicityId: '999999' })).status).toBe(404);
    expect((await world.call('/rest/publicity/schedule', { publicityId: '999999', lockVersion: 0 })).status).toBe(404);
  });
});

describe('an acceptance publicity, from draft to withdrawn', () => {
  let publicityId: string;

  it('previews the entries: accepted and in-review declarations, classified ones left out with the reason', async () => {
    const res = await world.call('/rest/publicity/preview', { editionId: world.editionId, prizeId: world.prizeId, kind: 'ACCEPTANCE' });
    expect(res.status).toBe(200);
    expect(res.body.data.entries.map((e: { declarationId: string }) => Number(e.declarationId))).toEqual([accepted, inReview]);
    expect(res.body.data.entries[0]).toMatchObject({ title: '高熵合金的设计与制备', completers: ['张三', '李四'], units: ['甲大学', '乙研究院'], grade: null, disciplineCodes: ['110'], summaryHtml: null });
    expect(JSON.stringify(res.body)).not.toContain('13800138000');
    expect(res.body.data.leftOut).toEqual([
      { declarationId: String(secret), registrationNo: expect.any(String), reason: '密级为「涉密」，不予公示' },
      { declarationId: String(internal), registrationNo: expect.any(String), reason: '密级为「内部」，不予公示' },
    ]);
  });

  it('creates a draft with the snapshot and computes the end date; the operation log has it', async () => {
    const res = await world.call('/rest/publicity/add', publicityValues(world));
    expect(res.status).toBe(200);
    publicityId = res.body.data.publicityId;
    expect(res.body.data).toMatchObject({ status: 'DRAFT', startDate: day(1), endDate: day(7), entryCount: 2, leftOutCount: 2, editionName: '2041年度科学技术奖', prizeName: '自然科学奖' });
    const entries = await db().select().from(awardPublicityEntry).where(eq(awardPublicityEntry.publicityId, Number(publicityId)));
    expect(entries.map((e) => e.declarationId).sort()).toEqual([accepted, inReview].sort());
    const log = await db().select().from(sysOperLog).where(and(eq(sysOperLog.module, 'award:publicity'), eq(sysOperLog.entityId, publicityId)));
    expect(log.map((l) => l.action)).toEqual(['CREATE']);
  });

  it('refuses a second live acceptance publicity of the same edition and prize (409)', async () => {
    const res = await world.call('/rest/publicity/add', publicityValues(world, { title: '重复的公示' }));
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('该届次该奖种已有受理公示「2041年度自然科学奖受理公示」');
  });

  it('edits the draft in working days: the end date follows the holiday calendar; a stale version is 409', async () => {
    const before = await stored(publicityId);
    const res = await world.call('/rest/publicity/update', { ...publicityValues(world), publicityId, lockVersion: before.lockVersion, days: 5, dayKind: 'WORKING' });
    expect(res.status).toBe(200);
    const after = await stored(publicityId);
    expect(after).toMatchObject({ days: 5, dayKind: 'WORKING' });
    // Five working days from tomorrow end at least four days later, on a working day.
    expect(after.endDate >= day(5)).toBe(true);
    const stale = await world.call('/rest/publicity/update', { ...publicityValues(world), publicityId, lockVersion: before.lockVersion });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
  });

  it('schedules it, then refuses to edit or schedule again (409 naming the state), and withdraws it', async () => {
    let row = await stored(publicityId);
    const scheduled = await world.call('/rest/publicity/schedule', { publicityId, lockVersion: row.lockVersion });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.data.status).toBe('SCHEDULED');
    row = await stored(publicityId);
    const edit = await world.call('/rest/publicity/update', { ...publicityValues(world), publicityId, lockVersion: row.lockVersion });
    expect(edit.status).toBe(409);
    expect(edit.body.msg).toBe('公示「2041年度自然科学奖受理公示」当前状态为「待开始」，不能修改');
    const close = await world.call('/rest/publicity/close', { publicityId, lockVersion: row.lockVersion });
    expect(close.status).toBe(409);
    expect(close.body.msg).toContain('不能结束');
    const withdrawn = await world.call('/rest/publicity/withdraw', { publicityId, lockVersion: row.lockVersion });
    expect(withdrawn.status).toBe(200);
    expect((await stored(publicityId)).status).toBe('WITHDRAWN');
    const again = await world.call('/rest/publicity/withdraw', { publicityId, lockVersion: row.lockVersion + 1 });
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('当前状态为「已撤回」');
  });

  it('lists by status and kind, and shows the left-out declarations in the detail', async () => {
    const page = await world.call('/rest/publicity/getPublicityByPage', { pageParameter: { pageNum: 1, pageSize: 10 }, status: 'WITHDRAWN', kind: 'ACCEPTANCE' });
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(1);
    expect(page.body.data.list[0]).toMatchObject({ publicityId, status: 'WITHDRAWN' });
    const detail = await world.call('/rest/publicity/detail', { publicityId });
    expect(detail.body.data.leftOut).toHaveLength(2);
    expect(detail.body.data.entries).toHaveLength(2);
    const log = await db().select().from(sysOperLog).where(and(eq(sysOperLog.module, 'award:publicity'), eq(sysOperLog.entityId, publicityId)));
    expect(log.map((l) => l.action)).toEqual(['CREATE', 'UPDATE', 'SCHEDULE', 'WITHDRAW']);
  });

  it('a draft whose start date has passed may not be scheduled (409)', async () => {
    const res = await world.call('/rest/publicity/add', publicityValues(world, { title: '过期草稿', startDate: day(0) }));
    expect(res.status).toBe(200);
    await db().update(awardPublicity).set({ startDate: day(-2) }).where(eq(awardPublicity.id, Number(res.body.data.publicityId)));
    const scheduled = await world.call('/rest/publicity/schedule', { publicityId: res.body.data.publicityId, lockVersion: res.body.data.lockVersion });
    expect(scheduled.status).toBe(409);
    expect(scheduled.body.msg).toBe(`公示「过期草稿」的开始日期 ${day(-2)} 已过，请先修改开始日期`);
    await world.call('/rest/publicity/withdraw', { publicityId: res.body.data.publicityId, lockVersion: res.body.data.lockVersion });
  });
});

describe('公示字段设置', () => {
  it('answers the defaults, saves one kind (first with lockVersion 0) and the next snapshot follows it', async () => {
    const defaults = await world.call('/rest/publicity/getFieldSettings', {});
    expect(defaults.status).toBe(200);
    expect(defaults.body.data.find((s: { prizeKind: string }) => s.prizeKind === 'NATURAL_SCIENCE')).toEqual({ prizeKind: 'NATURAL_SCIENCE', fields: ['completers', 'units', 'grade', 'disciplines'], lockVersion: 0 });
    const saved = await world.call('/rest/publicity/saveFieldSetting', { prizeKind: 'NATURAL_SCIENCE', fields: ['completers', 'summary', 'summary'], lockVersion: 0 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ prizeKind: 'NATURAL_SCIENCE', fields: ['completers', 'summary'], lockVersion: 1 });
    const stale = await world.call('/rest/publicity/saveFieldSetting', { prizeKind: 'NATURAL_SCIENCE', fields: ['units'], lockVersion: 0 });
    expect(stale.status).toBe(409);
    const rows = await db().select().from(awardPublicitySetting);
    expect(rows.map((r) => [r.prizeKind, r.fields])).toEqual([['NATURAL_SCIENCE', ['completers', 'summary']]]);
    const preview = await world.call('/rest/publicity/preview', { editionId: world.editionId, prizeId: world.prizeId, kind: 'ACCEPTANCE' });
    expect(preview.body.data.entries[0]).toMatchObject({ completers: ['张三', '李四'], units: null, disciplineCodes: null, summaryHtml: '<p>项目简介</p>' });
    await world.call('/rest/publicity/saveFieldSetting', { prizeKind: 'NATURAL_SCIENCE', fields: ['completers', 'units', 'grade', 'disciplines'], lockVersion: 1 });
  });
});
