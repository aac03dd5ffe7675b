import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { awardEdition } from '../edition/tables';
import { createWorld, creditCode, day, declare, fullSections, idNumber, newApplicant, submitted, withUploads, type DeclarationWorld } from './declarationTestKit';
import { awardDeclaration } from './tables';

let world: DeclarationWorld;
const stored = async (id: string) => (await world.ctx.database.db.select().from(awardDeclaration).where(eq(awardDeclaration.id, Number(id))))[0]!;
const check = (declarationId: string, who = world.as.applicant) => world.call('/rest/declare/check', { declarationId }, who);
const withSection = (sections: ReturnType<typeof fullSections>, name: string, content: unknown) => sections.map((s) => (s.section === name ? { section: name, content } : s));

beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => {
  await world.ctx.app.close();
});

describe('check answers every problem with its section and field', () => {
  it('an empty draft: every required field, section and attachment', async () => {
    const { declarationId } = await declare(world, world.as.applicant, []);
    const res = await check(declarationId);
    expect(res.status).toBe(200);
    expect(res.body.data.ok).toBe(false);
    expect(res.body.data.problems).toEqual([
      { section: 'BASIC', field: 'title', message: '请填写项目名称' },
      { section: 'BASIC', field: 'proposedGrade', message: '请选择推荐等级' },
      { section: 'BASIC', field: 'disciplineCodes', message: '请填写至少一个学科代码' },
      { section: 'BASIC', field: 'category', message: '请选择项目类别' },
      { section: 'BASIC', field: 'secrecy', message: '请选择密级' },
      { section: 'BASIC', field: 'startDate', message: '请填写项目起始日期' },
      { section: 'BASIC', field: 'endDate', message: '请填写项目完成日期' },
      { section: 'BASIC', field: 'unitOrgId', message: '请选择申报单位' },
      { section: 'BASIC', field: 'nominatorOrgId', message: '请选择提名单位' },
      { section: 'COMPLETERS', field: 'completers', message: '请至少填写一名主要完成人' },
      { section: 'UNITS', field: 'units', message: '请至少填写一个主要完成单位' },
      { section: 'SUMMARY', field: '', message: '请填写「项目简介」' },
      { section: 'INNOVATIONS', field: '', message: '请填写「主要科技创新」' },
      { section: 'PAPERS', field: '', message: '请填写「代表性论文」' },
      { section: 'ATTACHMENTS', field: 'attachments', message: '请上传「真实性承诺书」' },
      { section: 'ATTACHMENTS', field: 'attachments', message: '请上传「完成单位盖章页」' },
      { section: 'ATTACHMENTS', field: 'attachments', message: '请上传「代表性论文全文」' },
    ]);
    // Someone else's declaration is not checked for them.
    expect((await check(declarationId, world.as.applicant2)).status).toBe(404);
  });

  it('caps per grade, a repeated ID number, incomplete persons and units, dates, word limits', async () => {
    const people = Array.from({ length: 6 }, (_, i) => ({ name: `人${i + 1}`, id: idNumber(20 + i) }));
    people[5]!.id = people[0]!.id;
    let sections = fullSections(world, people, '超'.repeat(31));
    const basic = sections[0]!.content as Record<string, unknown>;
    sections = withSection(sections, 'BASIC', { ...basic, startDate: '2024-01-01', endDate: '2023-01-01' });
    sections = withSection(sections, 'UNITS', { units: [1, 2, 3, 4].map((n) => ({ unitName: `单位${n}`, creditCode: creditCode(n) })).concat([{ unitName: '', creditCode: '' }]) });
    sections = withSection(sections, 'SUMMARY', { summary: `<p>${'字'.repeat(1001)}</p>` });
    const { declarationId } = await declare(world, world.as.applicant2, sections);
    const res = await check(declarationId, world.as.applicant2);
    expect(res.body.data.problems).toEqual([
      { section: 'BASIC', field: 'title', message: '超出了允许的最大的字数限制：[ 31/30 ]!' },
      { section: 'BASIC', field: 'endDate', message: '项目完成日期不能早于起始日期' },
      { section: 'COMPLETERS', field: 'completers.5.idNumber', message: '第6完成人的证件号码与第1完成人重复' },
      { section: 'COMPLETERS', field: 'completers', message: '「一等奖」主要完成人不能超过5人' },
      { section: 'UNITS', field: 'units.4.unitName', message: '请填写第5完成单位的名称' },
      { section: 'UNITS', field: 'units.4.creditCode', message: '请填写第5完成单位的统一社会信用代码' },
      { section: 'UNITS', field: 'units', message: '「一等奖」主要完成单位不能超过3个' },
      { section: 'SUMMARY', field: 'summary', message: '超出了允许的最大的字数限制：[ 1001/1000 ]!' },
    ]);
    const submit = await world.call('/rest/declare/submit', { declarationId, lockVersion: (await stored(declarationId)).lockVersion }, world.as.applicant2);
    expect(submit.status).toBe(400);
    expect(submit.body.msg).toBe('超出了允许的最大的字数限制：[ 31/30 ]!');
    expect(submit.body.attributes.problems).toHaveLength(8);
    expect((await stored(declarationId)).status).toBe('DRAFT');
    await world.call('/rest/declare/delete', { declarationId, lockVersion: (await stored(declarationId)).lockVersion }, world.as.applicant2);
  });
});

describe('submission', () => {
  it('refuses a stale version, then takes the 登记号, moves to SUBMITTED and records the step', async () => {
    const people = [{ name: '王五', id: idNumber(40) }, { name: '赵六', id: idNumber(41) }];
    const [draft] = (await world.call('/rest/declare/getMyDeclarations', { pageParameter: { pageNum: 1, pageSize: 5 } }, world.as.applicant)).body.data.list;
    let lockVersion = draft.lockVersion;
    for (const s of await withUploads(world, world.as.applicant, fullSections(world, people))) lockVersion = (await world.call('/rest/declare/saveSection', { declarationId: draft.declarationId, lockVersion, ...s }, world.as.applicant)).body.data.lockVersion;
    expect((await check(draft.declarationId)).body.data).toEqual({ ok: true, problems: [] });
    const stale = await world.call('/rest/declare/submit', { declarationId: draft.declarationId, lockVersion: lockVersion - 1 }, world.as.applicant);
    expect(stale.status).toBe(409);
    const res = await world.call('/rest/declare/submit', { declarationId: draft.declarationId, lockVersion }, world.as.applicant);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe('提交成功');
    expect(res.body.data).toMatchObject({ status: 'SUBMITTED', currentStep: '待单位审核', resubmitted: false, actions: ['REVOKE', 'PRINT'] });
    expect(res.body.data.registrationNo).toMatch(new RegExp(`^DJ${new Date().getFullYear()}\\d{6}$`));
    const row = await stored(draft.declarationId);
    expect(row.firstSubmitTime).not.toBeNull();
    const again = await world.call('/rest/declare/submit', { declarationId: draft.declarationId, lockVersion: row.lockVersion }, world.as.applicant);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('申报书已提交，当前状态不能再次提交');
    const save = await world.call('/rest/declare/saveSection', { declarationId: draft.declarationId, lockVersion: row.lockVersion, section: 'SUMMARY', content: { summary: 'x' } }, world.as.applicant);
    expect(save.status).toBe(409);
    const del = await world.call('/rest/declare/delete', { declarationId: draft.declarationId, lockVersion: row.lockVersion }, world.as.applicant);
    expect(del.body.msg).toBe('已提交过的申报书不能删除，如需放弃请撤回');
    const history = await world.call('/rest/declare/getHistory', { declarationId: draft.declarationId }, world.as.applicant);
    expect(history.body.data.map((s: { action: string }) => s.action)).toEqual(['CREATE', 'SUBMIT']);
  });

  it('a first submission only while the declaration window is open', async () => {
    const who = await newApplicant(world, 'declapplicantlate');
    const { declarationId, lockVersion } = await declare(world, who, fullSections(world, [{ name: '钱一', id: idNumber(50) }], '迟到项目'));
    const [edition] = await world.ctx.database.db.select().from(awardEdition).where(eq(awardEdition.id, Number(world.editionId)));
    const closed = edition!.stages.map((s) => (s.stage === 'DECLARATION' ? { ...s, startDate: day(-10), endDate: day(-1) } : s));
    await world.ctx.database.db.update(awardEdition).set({ stages: closed }).where(eq(awardEdition.id, edition!.id));
    try {
      const res = await world.call('/rest/declare/submit', { declarationId, lockVersion }, who);
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe('届次「2041年度科学技术奖」当前不在申报期，不能提交');
      const mine = await world.call('/rest/declare/getMyDeclarations', { pageParameter: { pageNum: 1, pageSize: 5 } }, who);
      expect(mine.body.data.list[0].actions).toEqual(['EDIT', 'DELETE']);
    } finally {
      await world.ctx.database.db.update(awardEdition).set({ stages: edition!.stages }).where(eq(awardEdition.id, edition!.id));
    }
  });

  it('a second declaration naming the same completer is refused, naming the person and the 登记号', async () => {
    const first = await submitted(world, world.as.applicant2, [{ name: '孙七', id: idNumber(60) }], '另一个项目');
    const { declarationId, lockVersion } = await declare(world, world.as.applicant2, fullSections(world, [{ name: '周八', id: idNumber(61) }, { name: '孙七', id: idNumber(60) }], '第三个项目').filter((s) => s.section !== 'UNITS'), 'QNKJ');
    void lockVersion;
    const res = await check(declarationId, world.as.applicant2);
    const masked = `${idNumber(60).slice(0, 6)}********${idNumber(60).slice(-4)}`;
    expect(res.body.data.problems).toContainEqual({
      section: 'COMPLETERS',
      field: 'completers.1.idNumber',
      message: `主要完成人「孙七」（${masked}）已是本届次另一项申报（登记号 ${first.registrationNo}）的主要完成人，一人一届只能作为一项申报的主要完成人`,
    });
  });

  it('winners of the last editions and last edition’s not-awarded titles are not eligible', async () => {
    const db = world.ctx.database.db;
    // Two earlier editions: one winner in 2040, one not-awarded title in 2040.
    const older = await world.call('/rest/edition/add', {
      year: 2040, editionName: '2040年度', prizeIds: [world.prizeIds.ZRKX], stages: [{ stage: 'DECLARATION', startDate: '2040-01-01', endDate: '2040-02-01' }],
      unitReview: false, nominatorReview: false, fixDeadlineWorkingDays: 5, eligibility: { onePersonOneDeclaration: true, excludeWinnersOfLastEditions: 0, excludeNotAwardedLastEdition: false },
    });
    const olderId = Number(older.body.data.editionId);
    const base = { prizeId: Number(world.prizeIds.ZRKX), applicantId: 1, applicantName: 'x', content: {} as never, editionId: olderId };
    const [won] = await db.insert(awardDeclaration).values({ ...base, status: 'AWARDED', title: '旧项目' }).returning();
    await db.insert(awardDeclaration).values({ ...base, applicantId: 2, status: 'NOT_AWARDED', title: '落选项目' });
    const { awardDeclarationCompleter, awardDeclarationUnit } = await import('./tables');
    await db.insert(awardDeclarationCompleter).values({ declarationId: won!.id, editionId: olderId, rank: 1, name: '吴九', idNumber: idNumber(70) });
    await db.insert(awardDeclarationUnit).values({ declarationId: won!.id, editionId: olderId, rank: 1, unitName: '甲大学', creditCode: creditCode(1) });
    // 技术发明奖 has no papers section: the rest of the full form.
    const sections = fullSections(world, [{ name: '吴九', id: idNumber(70) }], '落选项目').filter((s) => s.section !== 'PAPERS');
    const { declarationId } = await declare(world, world.as.applicant, sections, 'JSFM');
    const res = await check(declarationId);
    const messages = res.body.data.problems.map((p: { message: string }) => p.message);
    expect(messages).toContain(`主要完成人「吴九」（${idNumber(70).slice(0, 6)}********${idNumber(70).slice(-4)}）在近2届（2040年度）已获奖，本届不能作为主要完成人申报`);
    expect(messages).toContain('主要完成单位「甲大学」在近2届（2040年度）已获奖，本届不能作为主要完成单位申报');
    expect(messages).toContain('项目「落选项目」在上一届（2040年度）评审未获奖，本届不能再次申报');
  });
});
