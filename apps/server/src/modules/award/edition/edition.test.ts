import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { beijingDate } from '../../base/calendar/module';
import { editionPhaseJob } from './phaseJob';
import { createEditionService } from './service';
import { prizeDirectory } from '../prize/module';
import { awardEdition, awardEditionPrize } from './tables';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;
let prizeIds: Record<string, string>;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const urls = ['getEditionPage', 'detail', 'add', 'update', 'delete', 'publish', 'cloneFromLast'].map((m) => `/rest/edition/${m}`);
const DAY = 86_400_000;
/** A Beijing date `days` from today. */
const day = (days: number) => beijingDate(new Date(Date.now() + days * DAY));
const eligibility = { onePersonOneDeclaration: true, excludeWinnersOfLastEditions: 2, excludeNotAwardedLastEdition: true };
const edition = (extra: Record<string, unknown> = {}) => ({
  year: 2040,
  editionName: '2040年度科学技术奖',
  prizeIds: [prizeIds.KJJB, prizeIds.ZRKX],
  stages: [
    { stage: 'DECLARATION', startDate: day(-3), endDate: day(10) },
    { stage: 'FORMAL_REVIEW', startDate: day(11), endDate: day(20) },
    { stage: 'RESULT_PUBLICITY', startDate: day(60), endDate: day(75) },
  ],
  unitReview: true,
  nominatorReview: false,
  fixDeadlineWorkingDays: 5,
  eligibility,
  guide: '请于截止日期前提交。',
  ...extra,
});
const stored = async (id: string) => (await ctx.database.db.select().from(awardEdition).where(eq(awardEdition.id, Number(id))))[0]!;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'editionclerk', password: 'Clerk@2026x', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'editionclerk', 'Clerk@2026x') };
  const prizes = await call('/rest/prize/getPrizePage', { pageParameter: { pageNum: 1, pageSize: 20 } });
  prizeIds = Object.fromEntries(prizes.body.data.list.map((p: { prizeCode: string; prizeId: string }) => [p.prizeCode, p.prizeId]));
});
afterAll(async () => {
  await ctx.app.close();
});

describe('edition routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    await expectRefusedToOutsiders(ctx.app, urls, clerk);
  });

  it('invalid editions with 400 and the exact message, storing nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [edition({ year: 1999 }), '年度不能早于2000'],
      [edition({ editionName: '' }), '请输入届次名称'],
      [edition({ prizeIds: [prizeIds.KJJB, prizeIds.KJJB] }), '开放的奖种不能重复'],
      [edition({ stages: [{ stage: 'DECLARATION', startDate: day(5), endDate: day(1) }] }), '阶段的结束日期不能早于开始日期'],
      [edition({ stages: [{ stage: 'DECLARATION', startDate: '2026/03/01', endDate: day(1) }] }), '日期格式不正确，应为 YYYY-MM-DD'],
      [
        edition({ stages: [{ stage: 'DECLARATION', startDate: day(5), endDate: day(9) }, { stage: 'FORMAL_REVIEW', startDate: day(1), endDate: day(20) }] }),
        '「形式审查」的开始日期不能早于「申报」的开始日期',
      ],
      [edition({ fixDeadlineWorkingDays: 0 }), '限期修改天数不能小于1'],
      [edition({ eligibility: { ...eligibility, excludeWinnersOfLastEditions: 11 } }), '近几届获奖不得申报不能大于10'],
      [edition({ prizeIds: ['999999'] }), '奖种不存在或已被删除：999999'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/edition/add', body);
      expect(res.status, msg).toBe(400);
      expect(res.body).toMatchObject({ code: '400', success: false, msg });
    }
    expect(await ctx.database.db.select().from(awardEdition)).toHaveLength(0);
  });
});

describe('edition lifecycle', () => {
  let editionId: string;

  it('adds an unpublished edition with its prizes in order and every stage listed once', async () => {
    const res = await call('/rest/edition/add', edition());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      msg: '新增成功',
      data: { year: 2040, published: false, phase: 'PREPARING', prizeIds: [prizeIds.KJJB, prizeIds.ZRKX], prizeNames: ['科技进步奖', '自然科学奖'], lockVersion: 0 },
    });
    editionId = res.body.data.editionId;
    expect(res.body.data.stages).toHaveLength(8);
    expect(res.body.data.stages[1]).toEqual({ stage: 'UNIT_REVIEW', startDate: null, endDate: null });
    const dup = await call('/rest/edition/add', edition({ editionName: '重复年度' }));
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('年度已存在，请更换后重试');
  });

  it('a disabled prize cannot be opened', async () => {
    const detail = await call('/rest/prize/detail', { prizeId: prizeIds.QNKJ });
    await call('/rest/prize/updateStatus', { prizeId: prizeIds.QNKJ, lockVersion: detail.body.data.lockVersion, status: 'DISABLED' });
    const res = await call('/rest/edition/update', { ...edition({ prizeIds: [prizeIds.QNKJ] }), editionId, lockVersion: 0 });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('奖种「青年科技奖」已停用，不能开放申报');
    expect((await stored(editionId)).lockVersion).toBe(0);
    const again = await call('/rest/prize/detail', { prizeId: prizeIds.QNKJ });
    await call('/rest/prize/updateStatus', { prizeId: prizeIds.QNKJ, lockVersion: again.body.data.lockVersion, status: 'NORMAL' });
  });

  it('nothing is open on the portal before publishing; publishing inside the window opens its prizes', async () => {
    expect((await post(ctx.app, '/rest/prize/getPrizeList', {})).body.data).toEqual([]);
    const stale = await call('/rest/edition/publish', { editionId, lockVersion: 9 });
    expect(stale.status).toBe(409);
    const res = await call('/rest/edition/publish', { editionId, lockVersion: 0 });
    expect(res.body).toMatchObject({ msg: '发布成功', data: { published: true, phase: 'DECLARING', lockVersion: 1 } });
    const open = await post(ctx.app, '/rest/prize/getPrizeList', {});
    expect(open.status).toBe(200);
    expect(open.body.data).toEqual([
      expect.objectContaining({ editionId, prizeId: prizeIds.KJJB, prizeName: '科技进步奖', kind: 'TECH_PROGRESS', declarationStart: day(-3), declarationEnd: day(10) }),
      expect.objectContaining({ prizeId: prizeIds.ZRKX, prizeName: '自然科学奖' }),
    ]);
    const twice = await call('/rest/edition/publish', { editionId, lockVersion: 1 });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('届次「2040年度科学技术奖」已发布');
  });

  it('a published edition cannot be deleted, nor lose its declaration dates or all its prizes', async () => {
    const del = await call('/rest/edition/delete', { editionId });
    expect(del.status).toBe(409);
    expect(del.body.msg).toBe('届次「2040年度科学技术奖」已发布，不能删除');
    const noDates = await call('/rest/edition/update', { ...edition({ stages: [] }), editionId, lockVersion: 1 });
    expect(noDates.body.msg).toBe('已发布的届次必须设置申报起止日期');
    const noPrizes = await call('/rest/edition/update', { ...edition({ prizeIds: [] }), editionId, lockVersion: 1 });
    expect(noPrizes.body.msg).toBe('已发布的届次至少要开放一个奖种');
    expect((await stored(editionId)).lockVersion).toBe(1);
  });

  it('the phase follows the dates: a closed window moves it to reviewing (job), the portal no longer offers it', async () => {
    // The office closes the declaration early by moving its end to yesterday.
    const stages = [
      { stage: 'DECLARATION', startDate: day(-5), endDate: day(-1) },
      { stage: 'FORMAL_REVIEW', startDate: day(0), endDate: day(20) },
    ];
    const res = await call('/rest/edition/update', { ...edition({ stages }), editionId, lockVersion: 1 });
    expect(res.body.data).toMatchObject({ phase: 'REVIEWING', lockVersion: 2 });
    expect((await post(ctx.app, '/rest/prize/getPrizeList', {})).body.data).toEqual([]);

    // The job moves what the dates say, with the system as actor, and nothing twice.
    await ctx.database.db.update(awardEdition).set({ phase: 'DECLARING' }).where(eq(awardEdition.id, Number(editionId)));
    const job = editionPhaseJob(createEditionService({ db: ctx.database.db, prizes: prizeDirectory, today: () => day(0) }));
    const context = { signal: new AbortController().signal, taskId: 1, taskCode: 'AWARD_EDITION_PHASES', runId: 1, fireTime: new Date(), trigger: 'MANUAL' as const, attempt: 1 };
    expect(await job.run({}, context)).toBe('推进届次阶段 1 个');
    expect(await stored(editionId)).toMatchObject({ phase: 'REVIEWING', updateBy: 'system' });
    expect(await job.run({}, context)).toBe('推进届次阶段 0 个');
    const finishing = editionPhaseJob(createEditionService({ db: ctx.database.db, prizes: prizeDirectory, today: () => day(21) }));
    expect(await finishing.run({}, context)).toBe('推进届次阶段 1 个');
    expect((await stored(editionId)).phase).toBe('FINISHED');
    const [log] = await ctx.database.db
      .select()
      .from(sysOperLog)
      .where(and(eq(sysOperLog.module, 'award:edition'), eq(sysOperLog.summary, '届次「2040年度科学技术奖」按日期进入「已结束」')));
    expect(log).toMatchObject({ username: 'system' });
  });

  it('a finished edition cannot be changed', async () => {
    const { lockVersion } = await stored(editionId);
    const res = await call('/rest/edition/update', { ...edition(), editionId, lockVersion });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('届次「2040年度科学技术奖」已结束，不能修改');
  });

  it('clones the last edition into the next year: prizes, levels and rules, no dates, unpublished', async () => {
    const res = await call('/rest/edition/cloneFromLast', {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      year: 2041,
      editionName: '2041年度科学技术奖',
      prizeIds: [prizeIds.KJJB, prizeIds.ZRKX],
      unitReview: true,
      nominatorReview: false,
      eligibility,
      guide: '请于截止日期前提交。',
      published: false,
      phase: 'PREPARING',
    });
    expect(res.body.data.stages.every((s: { startDate: string | null; endDate: string | null }) => s.startDate === null && s.endDate === null)).toBe(true);
    const page = await call('/rest/edition/getEditionPage', { pageParameter: { pageNum: 1, pageSize: 10 } });
    expect(page.body.data.list.map((e: { year: number }) => e.year)).toEqual([2041, 2040]);
    const preparing = await call('/rest/edition/getEditionPage', { phase: 'PREPARING' });
    expect(preparing.body.data.list.map((e: { year: number }) => e.year)).toEqual([2041]);

    // An unpublished edition without dates cannot be published, and may be deleted.
    const id = res.body.data.editionId;
    const publish = await call('/rest/edition/publish', { editionId: id, lockVersion: 0 });
    expect(publish.status).toBe(400);
    expect(publish.body.msg).toBe('请先设置申报的开始和截止日期再发布');
    const del = await call('/rest/edition/delete', { editionId: id, lockVersion: 0 });
    expect(del.body).toMatchObject({ code: '0000', msg: '删除成功' });
    expect(await ctx.database.db.select().from(awardEditionPrize).where(eq(awardEditionPrize.editionId, Number(id)))).toHaveLength(2);
    expect((await call('/rest/edition/detail', { editionId: id })).status).toBe(404);
  });
});
