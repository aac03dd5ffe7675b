import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { DEFAULT_PRIZES } from './seed';
import { awardPrize } from './tables';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const urls = ['getPrizePage', 'detail', 'add', 'update', 'updateStatus', 'delete'].map((m) => `/rest/prize/${m}`);
const prize = (extra: Record<string, unknown> = {}) => ({
  prizeCode: 'CXCY',
  prizeName: '创新创业奖',
  kind: 'OTHER',
  guide: '授予创新创业成效显著的团队。',
  grades: [
    { grade: 'FIRST', quota: 5, maxPersons: 7, maxUnits: 5 },
    { grade: 'SECOND', quota: 10, maxPersons: 5, maxUnits: 3 },
  ],
  rubric: [
    { name: '创新性', weight: 60, maxScore: 60 },
    { name: '效益', weight: 40, maxScore: 40, description: '经济与社会效益' },
  ],
  formConfig: { sections: ['BASIC', 'COMPLETERS', 'UNITS', 'SUMMARY', 'ATTACHMENTS'], wordLimits: { title: 30, summary: 800 }, requiredAttachments: ['COMMITMENT'] },
  ...extra,
});
const stored = async (id: string) => (await ctx.database.db.select().from(awardPrize).where(eq(awardPrize.id, Number(id))))[0]!;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'prizeclerk', password: 'Clerk@2026x', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'prizeclerk', 'Clerk@2026x') };
});
afterAll(async () => {
  await ctx.app.close();
});

describe('prize routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    await expectRefusedToOutsiders(ctx.app, urls, clerk);
  });

  it('invalid prizes with 400 and the exact message, storing nothing', async () => {
    const before = (await ctx.database.db.select().from(awardPrize)).length;
    const cases: Array<[unknown, string]> = [
      [prize({ prizeCode: '创新' }), '奖种编码只能包含字母、数字和下划线'],
      [prize({ prizeName: ' ' }), '请输入奖种名称'],
      [prize({ kind: 'ART' }), '请选择奖种类别'],
      [prize({ grades: [] }), '请至少设置一个奖励等级'],
      [prize({ grades: [{ grade: 'FIRST', quota: 1, maxPersons: 5, maxUnits: 3 }, { grade: 'FIRST', quota: 2, maxPersons: 5, maxUnits: 3 }] }), '奖励等级不能重复'],
      [prize({ grades: [{ grade: 'FIRST', quota: 1, maxPersons: 0, maxUnits: 3 }] }), '主要完成人上限不能小于1'],
      [prize({ grades: [{ grade: 'UNGRADED', quota: 1, maxPersons: 1, maxUnits: 1 }, { grade: 'FIRST', quota: 1, maxPersons: 1, maxUnits: 1 }] }), '不分等级的奖种只能有一个等级设置'],
      [prize({ rubric: [{ name: '创新性', weight: 50, maxScore: 50 }] }), '评分指标的权重合计必须为100'],
      [prize({ rubric: [{ name: '创新性', weight: 50, maxScore: 50 }, { name: '创新性', weight: 50, maxScore: 50 }] }), '评分指标名称不能重复'],
      [prize({ rubric: [{ name: '', weight: 100, maxScore: 100 }] }), '请输入评分指标名称'],
      [prize({ formConfig: { sections: ['SUMMARY'], wordLimits: {}, requiredAttachments: [] } }), '申报书必须包含基本情况栏目'],
      [prize({ formConfig: { sections: ['BASIC'], wordLimits: { summary: 0 }, requiredAttachments: [] } }), '字数上限不能小于1'],
      [prize({ formConfig: { sections: ['BASIC'], wordLimits: {}, requiredAttachments: ['COMMITMENT', 'COMMITMENT'] } }), '必传附件类型不能重复'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/prize/add', body);
      expect(res.status, msg).toBe(400);
      expect(res.body).toMatchObject({ code: '400', success: false, msg });
    }
    expect(await ctx.database.db.select().from(awardPrize)).toHaveLength(before);
  });
});

describe('prize administration', () => {
  let prizeId: string;

  it('the five prize kinds of a provincial scheme are seeded, each rubric weighing 100', async () => {
    const page = await call('/rest/prize/getPrizePage', { pageParameter: { pageNum: 1, pageSize: 10 } });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data.list.map((p: { prizeName: string }) => p.prizeName)).toEqual(['自然科学奖', '技术发明奖', '科技进步奖', '国际科技合作奖', '青年科技奖']);
    for (const seeded of DEFAULT_PRIZES) expect(seeded.rubric.reduce((sum, c) => sum + c.weight, 0), seeded.prizeName).toBe(100);
    const progress = page.body.data.list.find((p: { prizeCode: string }) => p.prizeCode === 'KJJB');
    expect(progress.grades).toContainEqual({ grade: 'SPECIAL', quota: 1, maxPersons: 15, maxUnits: 10 });
  });

  it('adds a prize with its grades, rubric and form, logs it, and refuses a duplicate code with 409', async () => {
    const res = await call('/rest/prize/add', prize());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: '0000', msg: '新增成功', data: { prizeCode: 'CXCY', kind: 'OTHER', lockVersion: 0, createBy: 'admin', status: 'NORMAL' } });
    prizeId = res.body.data.prizeId;
    expect(typeof prizeId).toBe('string');
    expect((await stored(prizeId)).rubric).toEqual([
      { name: '创新性', weight: 60, maxScore: 60, description: null },
      { name: '效益', weight: 40, maxScore: 40, description: '经济与社会效益' },
    ]);
    const [log] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'award:prize'), eq(sysOperLog.action, 'CREATE')));
    expect(log).toMatchObject({ username: 'admin', summary: '新增奖种「创新创业奖」' });
    const dup = await call('/rest/prize/add', prize({ prizeName: '另一个' }));
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('奖种编码已存在，请更换后重试');
  });

  it('filters the page by name, kind and status', async () => {
    const byKind = await call('/rest/prize/getPrizePage', { kind: 'OTHER' });
    expect(byKind.body.data.list.map((p: { prizeCode: string }) => p.prizeCode)).toEqual(['CXCY']);
    const byName = await call('/rest/prize/getPrizePage', { prizeName: '科技' });
    expect(byName.body.data.list.map((p: { prizeCode: string }) => p.prizeCode)).toEqual(['KJJB', 'GJHZ', 'QNKJ']);
    const bad = await call('/rest/prize/getPrizePage', { kind: 'ART' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('奖种类别不正确');
  });

  it('updates with the lock version and refuses a stale one with 409, keeping the stored prize', async () => {
    const res = await call('/rest/prize/update', { ...prize({ prizeName: '创新创业大赛奖' }), prizeId, lockVersion: 0 });
    expect(res.body).toMatchObject({ msg: '修改成功', data: { prizeName: '创新创业大赛奖', lockVersion: 1 } });
    const stale = await call('/rest/prize/update', { ...prize({ prizeName: '旧名字' }), prizeId, lockVersion: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    expect((await stored(prizeId)).prizeName).toBe('创新创业大赛奖');
  });

  it('disables and enables a prize', async () => {
    const off = await call('/rest/prize/updateStatus', { prizeId, lockVersion: 1, status: 'DISABLED' });
    expect(off.body).toMatchObject({ msg: '已停用', data: { status: 'DISABLED', lockVersion: 2 } });
    const on = await call('/rest/prize/updateStatus', { prizeId, lockVersion: 2, status: 'NORMAL' });
    expect(on.body).toMatchObject({ msg: '已启用', data: { status: 'NORMAL' } });
  });

  it('refuses to delete a prize an edition opens (409), deletes it once no edition does', async () => {
    const edition = await call('/rest/edition/add', {
      year: 2031,
      editionName: '2031年度',
      prizeIds: [prizeId],
      stages: [],
      unitReview: true,
      nominatorReview: false,
      fixDeadlineWorkingDays: 5,
      eligibility: { onePersonOneDeclaration: true, excludeWinnersOfLastEditions: 2, excludeNotAwardedLastEdition: true },
    });
    expect(edition.status).toBe(200);
    const refused = await call('/rest/prize/delete', { prizeId });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('奖种「创新创业大赛奖」已被届次「2031年度」开放，请先在届次中取消该奖种再删除');
    expect((await stored(prizeId)).delFlag).toBe(0);
    expect((await call('/rest/edition/delete', { editionId: edition.body.data.editionId })).status).toBe(200);
    const deleted = await call('/rest/prize/delete', { prizeId });
    expect(deleted.body).toMatchObject({ code: '0000', msg: '删除成功' });
    expect((await stored(prizeId)).delFlag).toBe(1);
    expect((await call('/rest/prize/detail', { prizeId })).status).toBe(404);
  });
});
