import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';
import { post } from '../../../../test/helpers/testApp';
import { sysOperLog } from '../../../core/audit';
import { downloadUrlOf } from '@dandelion/shared/file';
import { createWorld, declare, fullSections, idNumber, upload, type DeclarationWorld } from './declarationTestKit';
import { awardDeclaration, awardDeclarationCompleter, awardDeclarationStep } from './tables';

let world: DeclarationWorld;
const stored = async (id: string) => (await world.ctx.database.db.select().from(awardDeclaration).where(eq(awardDeclaration.id, Number(id))))[0]!;

beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => {
  await world.ctx.app.close();
});

describe('the applicant’s calls refuse', () => {
  it('anonymous callers (401) and callers without the applicant’s codes (403)', async () => {
    const urls = ['add', 'getMyDeclarations', 'saveSection', 'delete', 'check', 'submit', 'getOrgOptions'].map((m) => `/rest/declare/${m}`);
    await expectRefusedToOutsiders(world.ctx.app, [...urls, '/rest/result/submitRevocation'], world.as.outsider);
    for (const url of ['/rest/declare/detail', '/rest/declare/getHistory', '/rest/result/decideRevocation']) expect((await post(world.ctx.app, url, {})).status, url).toBe(401);
  });

  it('a prize the edition does not open, an unknown edition, a closed edition', async () => {
    const call = (body: unknown) => world.call('/rest/declare/add', body, world.as.applicant);
    const unknown = await call({ editionId: '999999', prizeId: world.prizeIds.ZRKX });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('届次不存在或已被删除');
    const bad = await call({ editionId: world.editionId });
    expect(bad.status).toBe(400);
    const closed = await world.call('/rest/edition/add', {
      year: 2039, editionName: '2039年度', prizeIds: [world.prizeIds.ZRKX], stages: [{ stage: 'DECLARATION', startDate: '2039-01-01', endDate: '2039-02-01' }],
      unitReview: true, nominatorReview: false, fixDeadlineWorkingDays: 5, eligibility: { onePersonOneDeclaration: true, excludeWinnersOfLastEditions: 0, excludeNotAwardedLastEdition: false },
    });
    await world.call('/rest/edition/publish', { editionId: closed.body.data.editionId, lockVersion: 0 });
    const notOpen = await call({ editionId: closed.body.data.editionId, prizeId: world.prizeIds.ZRKX });
    expect(notOpen.status).toBe(409);
    expect(notOpen.body.msg).toBe('届次「2039年度」当前不在申报期，不能开始申报');
    expect(await world.ctx.database.db.select().from(awardDeclaration)).toHaveLength(0);
  });
});

describe('starting and filling a declaration', () => {
  let declarationId: string;
  let attachmentId: string;

  it('creates a draft with the contact fields from the profile and nothing else, and a CREATE step', async () => {
    const res = await world.call('/rest/declare/add', { editionId: world.editionId, prizeId: world.prizeIds.ZRKX }, world.as.applicant);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    declarationId = res.body.data.declarationId;
    expect(res.body.data).toMatchObject({
      status: 'DRAFT',
      prizeCode: 'ZRKX',
      prizeName: '自然科学奖',
      editionName: '2041年度科学技术奖',
      registrationNo: null,
      currentStep: '草稿，待提交',
      actions: ['EDIT', 'DELETE', 'SUBMIT'],
      lockVersion: 0,
      content: { BASIC: { contactName: '测试declapplicant', contactPhone: '13800138001', contactEmail: 'declapplicant@example.com' }, COMPLETERS: null, UNITS: null },
    });
    expect(res.body.data.deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const steps = await world.ctx.database.db.select().from(awardDeclarationStep).where(eq(awardDeclarationStep.declarationId, Number(declarationId)));
    expect(steps).toMatchObject([{ action: 'CREATE', toStatus: 'DRAFT' }]);
  });

  it('a second live declaration of the same prize is refused with 409', async () => {
    const res = await world.call('/rest/declare/add', { editionId: world.editionId, prizeId: world.prizeIds.ZRKX }, world.as.applicant);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('您在「2041年度科学技术奖」已有一份「自然科学奖」申报书，请在“我的申报”中继续填写');
  });

  it('saving refuses a stale version (second tab), a section the prize has not, a missing org, bad formats', async () => {
    const save = (body: Record<string, unknown>, who = world.as.applicant) => world.call('/rest/declare/saveSection', { declarationId, ...body }, who);
    const stale = await save({ lockVersion: 7, section: 'SUMMARY', content: { summary: '<p>x</p>' } });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const noSection = await save({ lockVersion: 0, section: 'ECONOMIC', content: { years: [], basis: null } });
    expect(noSection.status).toBe(400);
    expect(noSection.body.msg).toBe('奖种「自然科学奖」的申报书没有「经济效益」栏目');
    const noOrg = await save({ lockVersion: 0, section: 'BASIC', content: { title: 'x', unitOrgId: '987654' } });
    expect(noOrg.status).toBe(400);
    expect(noOrg.body).toMatchObject({ msg: '申报单位不存在或已被删除', attributes: { field: 'unitOrgId' } });
    const badId = await save({ lockVersion: 0, section: 'COMPLETERS', content: { completers: [{ name: '张三', idNumber: '110105198001011234' }] } });
    expect(badId.status).toBe(400);
    const someoneElse = await save({ lockVersion: 0, section: 'SUMMARY', content: { summary: '<p>x</p>' } }, world.as.applicant2);
    expect(someoneElse.status).toBe(404);
    expect(someoneElse.body.msg).toBe('申报书不存在或已被删除');
    expect((await stored(declarationId)).lockVersion).toBe(0);
  });

  it('saves sections: BASIC fills the list columns, COMPLETERS the completer table with upper-case ID numbers', async () => {
    // An ID number whose check character is X, typed in lower case.
    const withX = Array.from({ length: 50 }, (_, n) => idNumber(n + 2)).find((id) => id.endsWith('X'))!;
    const people = [{ name: '张三', id: idNumber(1) }, { name: '李四', id: withX.toLowerCase() }];
    let lockVersion = 0;
    const sections = fullSections(world, people).filter((s) => s.section !== 'ATTACHMENTS');
    for (const s of sections) {
      const res = await world.call('/rest/declare/saveSection', { declarationId, lockVersion, ...s }, world.as.applicant);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.msg).toBe('保存成功');
      lockVersion = res.body.data.lockVersion;
    }
    // Attachments: only one's own uploads; they are filed under the declaration and readable by its readers only.
    const foreign = await upload(world, world.as.applicant2, '别人的.png');
    const notMine = await world.call('/rest/declare/saveSection', { declarationId, lockVersion, section: 'ATTACHMENTS', content: { attachments: [{ type: 'COMMITMENT', fileId: foreign, fileName: '承诺书.png' }] } }, world.as.applicant);
    expect(notMine.status).toBe(400);
    expect(notMine.body.msg).toBe('附件不存在，或不是您上传的文件');
    attachmentId = await upload(world, world.as.applicant, '承诺书.png');
    const attached = await world.call('/rest/declare/saveSection', { declarationId, lockVersion, section: 'ATTACHMENTS', content: { attachments: [{ type: 'COMMITMENT', fileId: attachmentId, fileName: '承诺书.png' }] } }, world.as.applicant);
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    lockVersion = attached.body.data.lockVersion;
    const row = await stored(declarationId);
    expect(row).toMatchObject({ title: '新型高熵合金的设计与制备', proposedGrade: 'FIRST', disciplineCode: '430.25', unitOrgId: world.orgs.unitA, nominatorOrgId: world.orgs.nominator, completerCount: 2, firstCompleter: '张三', lockVersion });
    const completers = await world.ctx.database.db.select().from(awardDeclarationCompleter).where(eq(awardDeclarationCompleter.declarationId, Number(declarationId)));
    expect(completers.map((c) => [c.rank, c.name, c.idNumber])).toEqual([[1, '张三', people[0]!.id], [2, '李四', people[1]!.id.toUpperCase()]]);
    expect(row.content.COMPLETERS!.completers[1]!.idNumber).toBe(people[1]!.id.toUpperCase());
    const logs = await world.ctx.database.db.select().from(sysOperLog).where(eq(sysOperLog.module, 'award:declaration'));
    expect(logs.length).toBeGreaterThanOrEqual(8);
    expect(JSON.stringify(logs)).not.toContain(people[0]!.id);
  });

  it('detail: the applicant, the unit admin of the unit (subtree), the nominator and the office read it; others get 404', async () => {
    for (const who of [world.as.applicant, world.as.unitAdmin, world.as.nominator, world.as.office, world.admin]) {
      const res = await world.call('/rest/declare/detail', { declarationId }, who);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.content.BASIC.title).toBe('新型高熵合金的设计与制备');
    }
    const mine = await world.call('/rest/declare/detail', { declarationId }, world.as.applicant);
    expect(mine.body.data).toMatchObject({ unitOrgName: '甲大学', nominatorOrgName: '省教育厅', unitOrgId: String(world.orgs.unitA), formConfig: { sections: expect.arrayContaining(['PAPERS']) } });
    // The unit admin sees it but may not act on a draft.
    expect((await world.call('/rest/declare/detail', { declarationId }, world.as.unitAdmin)).body.data.actions).toEqual([]);
    for (const who of [world.as.applicant2, world.as.otherUnitAdmin, world.as.outsider]) {
      for (const url of ['/rest/declare/detail', '/rest/declare/getHistory']) {
        const res = await world.call(url, { declarationId }, who);
        expect(res.status, url).toBe(404);
        expect(res.body).toMatchObject({ msg: '申报书不存在或已被删除', data: null });
      }
    }
    const file = (who: Record<string, string>) => world.ctx.app.inject({ method: 'GET', url: downloadUrlOf(attachmentId, '承诺书.png'), headers: who });
    for (const who of [world.as.applicant, world.as.unitAdmin, world.as.office]) expect((await file(who)).statusCode).toBe(200);
    for (const who of [world.as.applicant2, world.as.otherUnitAdmin]) expect((await file(who)).statusCode).not.toBe(200);
    const history = await world.call('/rest/declare/getHistory', { declarationId }, world.as.unitAdmin);
    expect(history.body.data).toMatchObject([{ action: 'CREATE', actionLabel: '创建草稿', toStatus: 'DRAFT', actorName: '测试declapplicant' }]);
  });

  it('my declarations list only mine, with status, step and actions', async () => {
    const mine = await world.call('/rest/declare/getMyDeclarations', { pageParameter: { pageNum: 1, pageSize: 10 } }, world.as.applicant);
    expect(mine.body.data).toMatchObject({ total: 1, list: [{ declarationId, status: 'DRAFT', prizeName: '自然科学奖', firstCompleter: '张三', completerCount: 2, actions: ['EDIT', 'DELETE', 'SUBMIT'] }] });
    expect(mine.body.data.list[0]).not.toHaveProperty('content');
    const other = await world.call('/rest/declare/getMyDeclarations', { pageParameter: { pageNum: 1, pageSize: 10 } }, world.as.applicant2);
    expect(other.body.data.total).toBe(0);
  });

  it('org options list live, enabled organisations of the kind', async () => {
    const units = await world.call('/rest/declare/getOrgOptions', { kind: 'UNIT', keyword: '甲' }, world.as.applicant);
    expect(units.body.data.map((o: { orgName: string }) => o.orgName)).toEqual(['甲大学', '甲大学材料学院']);
    const nominators = await world.call('/rest/declare/getOrgOptions', { kind: 'NOMINATOR' }, world.as.applicant);
    expect(nominators.body.data).toEqual([{ orgId: String(world.orgs.nominator), orgName: '省教育厅' }]);
    const bad = await world.call('/rest/declare/getOrgOptions', { kind: 'X' }, world.as.applicant);
    expect(bad.body.msg).toBe('单位类别不正确');
  });

  it('a draft is deleted by its owner only, then a new one may be started', async () => {
    const { declarationId: other } = await declare(world, world.as.applicant, [], 'QNKJ');
    const foreign = await world.call('/rest/declare/delete', { declarationId: other, lockVersion: 0 }, world.as.applicant2);
    expect(foreign.status).toBe(404);
    const stale = await world.call('/rest/declare/delete', { declarationId: other, lockVersion: 3 }, world.as.applicant);
    expect(stale.status).toBe(409);
    const res = await world.call('/rest/declare/delete', { declarationId: other, lockVersion: 0 }, world.as.applicant);
    expect(res.body).toMatchObject({ msg: '删除成功' });
    expect((await stored(other)).delFlag).toBe(1);
    expect((await world.call('/rest/declare/detail', { declarationId: other }, world.as.applicant)).status).toBe(404);
    await declare(world, world.as.applicant, [], 'QNKJ');
  });
});
