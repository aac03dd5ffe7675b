import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../../../test/helpers/testApp';
import { createEdition, createWorld, day, type DeclarationWorld } from '../declaration/declarationTestKit';
import { awardedDeclaration, PRIVATE } from './achievementTestKit';

let world: DeclarationWorld;
let awarded: number;
const anonymous = (url: string, body: unknown) => post(world.ctx.app, url, body);

beforeAll(async () => {
  world = await createWorld();
  awarded = await awardedDeclaration(world, '高熵合金的设计与制备');
});
afterAll(async () => {
  await world.ctx.app.close();
});

describe('申报指南 (/rest/guide/*)', () => {
  it('refuses bad input with 400 in the portal envelope, and an unknown or unpublished edition with 404', async () => {
    const bad = await anonymous('/rest/guide/getGuideDetail', { editionId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.rtnCode).toBeDefined();
    expect((await anonymous('/rest/guide/getGuideDetail', { editionId: '999999' })).status).toBe(404);
    const draft = await world.call('/rest/edition/add', {
      year: 2042, editionName: '2042年度科学技术奖', prizeIds: Object.values(world.prizeIds),
      stages: [{ stage: 'DECLARATION', startDate: day(-1), endDate: day(5) }], unitReview: false, nominatorReview: false, fixDeadlineWorkingDays: 5,
      eligibility: { onePersonOneDeclaration: true, excludeWinnersOfLastEditions: 0, excludeNotAwardedLastEdition: false }, guide: '未发布的通知',
    });
    const unpublished = await anonymous('/rest/guide/getGuideDetail', { editionId: draft.body.data.editionId });
    expect(unpublished.status).toBe(404);
    expect(unpublished.body.rtnMessage).toContain('申报指南');
  });

  it('lists the published editions open for declaration, with their prizes, anonymously', async () => {
    const res = await anonymous('/rest/guide/getGuidePage', { pageParameter: { pageNum: 1, pageSize: 10 } });
    expect(res.status).toBe(200);
    expect(res.body.rtnCode).toBe('0000');
    const ids = res.body.dataSet.list.map((g: { editionId: string }) => g.editionId);
    expect(ids).toContain(world.editionId);
    const guide = res.body.dataSet.list.find((g: { editionId: string }) => g.editionId === world.editionId);
    expect(guide).toMatchObject({ editionName: '2041年度科学技术奖', phase: 'DECLARING', declarationStart: day(-3), declarationEnd: day(10) });
    expect(guide.prizes.map((p: { prizeId: string }) => p.prizeId)).toContain(world.prizeIds.ZRKX);
  });

  it('shows one edition with its notice, dated stages and prize guides', async () => {
    const editionId = await createEdition(world, { year: 2043, editionName: '2043年度科学技术奖', guide: '一、申报条件\n二、申报材料' });
    const res = await anonymous('/rest/guide/getGuideDetail', { editionId });
    expect(res.status).toBe(200);
    expect(res.body.dataSet).toMatchObject({ editionId, guide: '一、申报条件\n二、申报材料', excerpt: '一、申报条件 二、申报材料' });
    expect(res.body.dataSet.stages.map((s: { stage: string }) => s.stage)).toEqual(['DECLARATION', 'UNIT_REVIEW', 'NOMINATION', 'FORMAL_REVIEW']);
  });
});

describe('成果展示 (/rest/achievement/*)', () => {
  it('refuses bad input with 400 and what the portal does not show with 404', async () => {
    const long = await anonymous('/rest/achievement/getAchievementPage', { keyword: '长'.repeat(65) });
    expect(long.status).toBe(400);
    expect(long.body.rtnMessage).toBe('关键词不能超过64个字符');
    const inReview = await awardedDeclaration(world, '评审中的项目', { status: 'IN_REVIEW' });
    const secret = await awardedDeclaration(world, '涉密项目', { secrecy: 'SECRET' });
    for (const id of [inReview, secret, 999_999]) {
      const res = await anonymous('/rest/achievement/getAchievementDetail', { achievementId: String(id) });
      expect(res.status, String(id)).toBe(404);
      expect(res.body.rtnMessage).toContain('成果');
    }
  });

  it('lists awarded public achievements only, filtered by keyword and prize', async () => {
    const res = await anonymous('/rest/achievement/getAchievementPage', { pageParameter: { pageNum: 1, pageSize: 20 } });
    expect(res.status).toBe(200);
    const titles = res.body.dataSet.list.map((a: { title: string }) => a.title);
    expect(titles).toContain('高熵合金的设计与制备');
    expect(titles).not.toContain('评审中的项目');
    expect(titles).not.toContain('涉密项目');
    const row = res.body.dataSet.list.find((a: { achievementId: string }) => a.achievementId === String(awarded));
    expect(row).toMatchObject({ editionName: '2041年度科学技术奖', prizeName: expect.any(String), awardGrade: 'FIRST', firstCompleter: '张三', unitOrgName: '甲大学' });
    const keyword = await anonymous('/rest/achievement/getAchievementPage', { keyword: '不存在的名称' });
    expect(keyword.body.dataSet).toMatchObject({ list: [], total: 0 });
    const otherPrize = Object.entries(world.prizeIds).find(([code]) => code !== 'ZRKX')![1];
    expect((await anonymous('/rest/achievement/getAchievementPage', { prizeId: otherPrize })).body.dataSet.total).toBe(0);
  });

  it('shows names, units and the summary, never ID numbers, phones or e-mails', async () => {
    const res = await anonymous('/rest/achievement/getAchievementDetail', { achievementId: String(awarded) });
    expect(res.status).toBe(200);
    expect(res.body.dataSet).toMatchObject({
      title: '高熵合金的设计与制备',
      completers: [{ name: '张三', unitName: '甲大学' }],
      units: ['甲大学'],
      keywords: ['高熵合金', '材料设计'],
      summaryHtml: '<p>提出了<strong>高熵合金</strong>的设计方法。</p>',
    });
    const text = JSON.stringify(res.body);
    for (const secret of Object.values(PRIVATE)) expect(text).not.toContain(secret);
    expect(text).not.toContain('91110000000000001X');
  });
});

describe('门户基金与计划项目 (/rest/lookfunds/getPublic*, /rest/lookProject/getPublic*)', () => {
  it('refuses bad input with 400 and a deleted or other-kind row with 404', async () => {
    const bad = await anonymous('/rest/lookfunds/getPublicPage', { level: 'WORLD' });
    expect(bad.status).toBe(400);
    expect(bad.body.rtnMessage).toBe('级别不正确');
    const fund = await world.call('/rest/lookfunds/insert', { name: '门户测试基金甲', code: 'PF-DEL', level: 'NATIONAL' });
    expect((await anonymous('/rest/lookProject/getPublicDetail', { id: fund.body.data.id })).status).toBe(404);
    await world.call('/rest/lookfunds/delete', { id: fund.body.data.id });
    expect((await anonymous('/rest/lookfunds/getPublicDetail', { id: fund.body.data.id })).status).toBe(404);
  });

  it('lists live rows by keyword and level, and a change shows at once through the cache', async () => {
    const fund = await world.call('/rest/lookfunds/insert', { name: '门户测试基金乙', code: 'PF-001', agency: '省科技厅', level: 'PROVINCIAL' });
    const page = () => anonymous('/rest/lookfunds/getPublicPage', { keyword: '省科技厅', level: 'PROVINCIAL' });
    const first = await page();
    expect(first.status).toBe(200);
    expect(first.body.dataSet.list).toEqual([{ id: fund.body.data.id, name: '门户测试基金乙', code: 'PF-001', agency: '省科技厅', level: 'PROVINCIAL', remark: null }]);
    expect((await anonymous('/rest/lookfunds/getPublicPage', { keyword: '门户测试基金甲' })).body.dataSet.total).toBe(0);
    await world.call('/rest/lookfunds/updata', { id: fund.body.data.id, lockVersion: fund.body.data.lockVersion, name: '门户测试基金丙', code: 'PF-001', agency: '省科技厅', level: 'PROVINCIAL' });
    expect((await page()).body.dataSet.list[0].name).toBe('门户测试基金丙');
    const detail = await anonymous('/rest/lookfunds/getPublicDetail', { id: fund.body.data.id });
    expect(detail.body.dataSet.name).toBe('门户测试基金丙');
    expect(detail.body.dataSet.createBy).toBeUndefined();
  });
});
