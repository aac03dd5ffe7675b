import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';
import { sysOperLog } from '../../../core/audit';
import { createWorkingDayCalendar } from '../../base/calendar/service';
import { editionDirectory } from '../edition/module';
import { prizeDirectory } from '../prize/module';
import { createDeclarationContext, type DeclarationDeps } from './context';
import { sysOrg } from '../../system/org/tables';
import { createEdition, createWorld, day, declare, fullSections, newApplicant, idNumber, rejectReasonCodes, submitted, type DeclarationWorld } from './declarationTestKit';
import { fixDeadlineJob } from './fixDeadlineJob';
import { awardDeclaration } from './tables';
import { noDeclarationEvents } from './transition';

let world: DeclarationWorld;
const stored = async (id: string) => (await world.ctx.database.db.select().from(awardDeclaration).where(eq(awardDeclaration.id, Number(id))))[0]!;
const page = { pageParameter: { pageNum: 1, pageSize: 10 } };
const ids = (res: { body: { data: { list: Array<{ declarationId: string }> } } }) => res.body.data.list.map((r) => r.declarationId);

beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => {
  await world.ctx.app.close();
});

describe('review calls refuse', () => {
  it('anonymous callers (401) and callers without the level’s codes (403)', async () => {
    const urls = ['/rest/declare/getUnitReviewPage', '/rest/declare/unitReview', '/rest/declare/getNominationPage', '/rest/declare/nominate', '/rest/auditPrize/getAuditPage', '/rest/auditPrize/audit', '/rest/auditPrize/getChanges'];
    await expectRefusedToOutsiders(world.ctx.app, urls, world.as.applicant);
    expect((await world.call('/rest/declare/unitReview', {}, world.as.nominator)).status).toBe(403);
    expect((await world.call('/rest/auditPrize/audit', {}, world.as.unitAdmin)).status).toBe(403);
  });
});

describe('a declaration through every level, with each return', () => {
  let declarationId: string;
  let registrationNo: string;
  const lock = async () => (await stored(declarationId)).lockVersion;
  const resubmit = async () => {
    const res = await world.call('/rest/declare/submit', { declarationId, lockVersion: await lock() }, world.as.applicant);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res;
  };

  it('the unit’s queue holds it for the unit admin of its unit only', async () => {
    ({ declarationId, registrationNo } = await submitted(world, world.as.applicant, [{ name: '张三', id: idNumber(1) }, { name: '李四', id: idNumber(2) }]));
    const queue = await world.call('/rest/declare/getUnitReviewPage', page, world.as.unitAdmin);
    expect(queue.body.data.list).toMatchObject([{ declarationId, status: 'SUBMITTED', currentStep: '待单位审核', actions: ['UNIT_REVIEW'], deadline: day(15) }]);
    expect(ids(await world.call('/rest/declare/getUnitReviewPage', page, world.as.otherUnitAdmin))).toEqual([]);
    expect(ids(await world.call('/rest/declare/getNominationPage', page, world.as.nominator))).toEqual([]);
  });

  it('unit review refuses another unit (404), a return without opinion (400), a stale version (409)', async () => {
    const review = (body: Record<string, unknown>, who = world.as.unitAdmin) => world.call('/rest/declare/unitReview', { declarationId, lockVersion: 1, ...body }, who);
    const lockVersion = await lock();
    const other = await review({ lockVersion, decision: 'APPROVE' }, world.as.otherUnitAdmin);
    expect(other.status).toBe(404);
    expect(other.body.msg).toBe('申报书不存在或已被删除');
    const noOpinion = await review({ lockVersion, decision: 'RETURN', opinion: '  ' });
    expect(noOpinion.status).toBe(400);
    expect(noOpinion.body.msg).toBe('请填写审核意见');
    const stale = await review({ lockVersion: lockVersion + 5, decision: 'APPROVE' });
    expect(stale.status).toBe(409);
    expect((await stored(declarationId)).status).toBe('SUBMITTED');
  });

  it('a unit return is editable again and shows its opinion; the resubmission keeps the 登记号', async () => {
    const res = await world.call('/rest/declare/unitReview', { declarationId, lockVersion: await lock(), decision: 'RETURN', opinion: '请补充第二完成人的贡献' }, world.as.unitAdmin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ msg: '已退回修改', data: { status: 'UNIT_RETURNED' } });
    const mine = await world.call('/rest/declare/detail', { declarationId }, world.as.applicant);
    expect(mine.body.data).toMatchObject({
      currentStep: '单位退回，待修改',
      actions: ['EDIT', 'SUBMIT', 'REVOKE', 'PRINT'],
      lastNote: { action: 'UNIT_RETURN', opinion: '请补充第二完成人的贡献', actorName: '测试declunitadmin' },
    });
    const again = await resubmit();
    expect(again.body.data).toMatchObject({ status: 'SUBMITTED', resubmitted: true, registrationNo });
    const logs = await world.ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'award:declaration'), eq(sysOperLog.entityId, declarationId)));
    expect(logs.map((l) => l.summary)).toContainEqual(expect.stringContaining('单位退回修改'));
  });

  it('unit approval sends it to the nominator, whose return sends it back through the unit', async () => {
    const approved = await world.call('/rest/declare/unitReview', { declarationId, lockVersion: await lock(), decision: 'APPROVE' }, world.as.unitAdmin);
    expect(approved.body).toMatchObject({ msg: '审核通过', data: { status: 'UNIT_APPROVED', currentStep: '待提名单位审核' } });
    expect(ids(await world.call('/rest/declare/getNominationPage', page, world.as.nominator))).toEqual([declarationId]);
    const twice = await world.call('/rest/declare/unitReview', { declarationId, lockVersion: await lock(), decision: 'APPROVE' }, world.as.unitAdmin);
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('申报书当前状态为「待提名单位审核」，不能办理');
    const noOpinion = await world.call('/rest/declare/nominate', { declarationId, lockVersion: await lock(), decision: 'RETURN' }, world.as.nominator);
    expect(noOpinion.body.msg).toBe('请填写审核意见');
    const returned = await world.call('/rest/declare/nominate', { declarationId, lockVersion: await lock(), decision: 'RETURN', opinion: '推荐等级偏高' }, world.as.nominator);
    expect(returned.body.data).toMatchObject({ status: 'NOMINATOR_RETURNED', lastNote: { opinion: '推荐等级偏高' } });
    expect((await resubmit()).body.data.status).toBe('SUBMITTED');
    await world.call('/rest/declare/unitReview', { declarationId, lockVersion: await lock(), decision: 'APPROVE' }, world.as.unitAdmin);
    const nominated = await world.call('/rest/declare/nominate', { declarationId, lockVersion: await lock(), decision: 'APPROVE' }, world.as.nominator);
    expect(nominated.body).toMatchObject({ msg: '已同意提名', data: { status: 'NOMINATED', currentStep: '待形式审查' } });
  });

  it('formal review returns it for a fix by a working-day deadline; the resubmission shows what changed', async () => {
    const queue = await world.call('/rest/auditPrize/getAuditPage', page, world.as.office);
    expect(queue.body.data.list).toMatchObject([{ declarationId, actions: ['FORMAL_REVIEW'] }]);
    const noOpinion = await world.call('/rest/auditPrize/audit', { declarationId, lockVersion: await lock(), outcome: 'RETURN_FOR_FIX' }, world.as.office);
    expect(noOpinion.body.msg).toBe('请填写审核意见');
    const res = await world.call('/rest/auditPrize/audit', { declarationId, lockVersion: await lock(), outcome: 'RETURN_FOR_FIX', opinion: '项目简介过于简略', fixDays: 3 }, world.as.office);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = await createWorkingDayCalendar({ db: world.ctx.database.db }).addWorkingDays(day(0), 3);
    expect(res.body.data).toMatchObject({ status: 'FORMAL_RETURNED', deadline: expected, lastNote: { action: 'RETURN_FOR_FIX', opinion: '项目简介过于简略', deadline: expected } });
    const mine = await world.call('/rest/declare/getMyDeclarations', page, world.as.applicant);
    expect(mine.body.data.list[0]).toMatchObject({ currentStep: `限期修改（截止 ${expected}）`, actions: ['EDIT', 'SUBMIT', 'REVOKE', 'PRINT'] });
    expect((await world.call('/rest/auditPrize/getChanges', { declarationId }, world.as.office)).body.data).toMatchObject({ changes: [] });

    const saved = await world.call('/rest/declare/saveSection', { declarationId, lockVersion: await lock(), section: 'SUMMARY', content: { summary: '<p>本项目系统研究了高熵合金的设计方法。</p>' } }, world.as.applicant);
    expect(saved.status).toBe(200);
    const again = await resubmit();
    expect(again.body.data).toMatchObject({ status: 'NOMINATED', resubmitted: true });
    const changes = await world.call('/rest/auditPrize/getChanges', { declarationId }, world.as.office);
    expect(changes.body.data.returnedAt).not.toBeNull();
    expect(changes.body.data.changes).toEqual([{ section: 'SUMMARY', field: 'summary', before: '本项目研究高熵合金。', after: '本项目系统研究了高熵合金的设计方法。' }]);
    expect((await world.call('/rest/auditPrize/getChanges', { declarationId }, world.as.unitAdmin)).status).toBe(403);
  });

  it('the office accepts it; the applicant sees 已受理 and the whole history', async () => {
    const res = await world.call('/rest/auditPrize/audit', { declarationId, lockVersion: await lock(), outcome: 'ACCEPT', checklist: ['申报书各栏目填写完整'] }, world.as.office);
    expect(res.body).toMatchObject({ msg: '已受理', data: { status: 'ACCEPTED', currentStep: '已受理' } });
    const history = await world.call('/rest/declare/getHistory', { declarationId }, world.as.applicant);
    expect(history.body.data.map((s: { action: string }) => s.action)).toEqual([
      'CREATE', 'SUBMIT', 'UNIT_RETURN', 'RESUBMIT', 'UNIT_APPROVE', 'NOMINATOR_RETURN', 'RESUBMIT', 'UNIT_APPROVE', 'NOMINATE', 'RETURN_FOR_FIX', 'RESUBMIT', 'ACCEPT',
    ]);
  });
});

describe('not accepted', () => {
  it('by rejection: reasons from the dictionary are required, stored as codes and named in the history', async () => {
    const { declarationId, lockVersion } = await submitted(world, world.as.applicant2, [{ name: '陈一', id: idNumber(30) }]);
    await world.call('/rest/declare/unitReview', { declarationId, lockVersion, decision: 'APPROVE' }, world.as.unitAdmin);
    await world.call('/rest/declare/nominate', { declarationId, lockVersion: lockVersion + 1, decision: 'APPROVE' }, world.as.nominator);
    const audit = (body: Record<string, unknown>) => world.call('/rest/auditPrize/audit', { declarationId, lockVersion: lockVersion + 2, outcome: 'REJECT', ...body }, world.as.office);
    expect((await audit({})).body.msg).toBe('请选择不予受理的理由');
    expect((await audit({ reasons: ['NO_SUCH_REASON'] })).body.msg).toBe('不予受理理由「NO_SUCH_REASON」不在字典中');
    const [code] = await rejectReasonCodes(world);
    const res = await audit({ reasons: [code], opinion: '不符合申报条件' });
    const name = (await world.call('/rest/dict/getdictlists', { dictCategorys: ['AWARD_REJECT_REASON'] })).body.data.AWARD_REJECT_REASON[0].label;
    expect(res.body).toMatchObject({ msg: '已不予受理', data: { status: 'NOT_ACCEPTED', actions: [], lastNote: { action: 'REJECT', reasons: [name] } } });
    expect((await stored(declarationId)).lastNote?.reasons).toEqual([code]);
    const history = await world.call('/rest/declare/getHistory', { declarationId }, world.as.applicant2);
    expect(history.body.data.at(-1)).toMatchObject({ action: 'REJECT', reasons: [name], opinion: '不符合申报条件' });
  });

  it('by a missed fix deadline, through the scheduled job', async () => {
    const late3 = await newApplicant(world, 'declapplicant3');
    const { declarationId, lockVersion } = await submitted(world, late3, [{ name: '陈二', id: idNumber(31) }], '逾期项目');
    await world.call('/rest/declare/unitReview', { declarationId, lockVersion, decision: 'APPROVE' }, world.as.unitAdmin);
    await world.call('/rest/declare/nominate', { declarationId, lockVersion: lockVersion + 1, decision: 'APPROVE' }, world.as.nominator);
    await world.call('/rest/auditPrize/audit', { declarationId, lockVersion: lockVersion + 2, outcome: 'RETURN_FOR_FIX', opinion: '补充附件' }, world.as.office);
    await world.ctx.database.db.update(awardDeclaration).set({ fixDeadline: day(-1) }).where(eq(awardDeclaration.id, Number(declarationId)));
    const late = await world.call('/rest/declare/submit', { declarationId, lockVersion: await stored(declarationId).then((r) => r.lockVersion) }, late3);
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe(`限期修改已于 ${day(-1)} 截止，不能再提交`);

    const deps = { db: world.ctx.database.db, events: noDeclarationEvents, editions: editionDirectory, prizes: prizeDirectory, today: () => day(0) } as unknown as DeclarationDeps;
    const job = fixDeadlineJob(deps, createDeclarationContext(deps));
    expect(await job.run({}, { signal: new AbortController().signal } as never)).toBe('逾期不予受理 1 份');
    const row = await stored(declarationId);
    expect(row).toMatchObject({ status: 'NOT_ACCEPTED', lastNote: { action: 'FIX_DEADLINE_MISSED', actorName: '系统' } });
    expect(await job.run({}, { signal: new AbortController().signal } as never)).toBe('逾期不予受理 0 份');
  });
});

describe('review levels an edition leaves out, and the unit’s subtree', () => {
  it('with neither unit nor nominator review a submission goes straight to formal review', async () => {
    const editionId = await createEdition(world, { year: 2042, editionName: '2042年度', unitReview: false, nominatorReview: false });
    const who = await newApplicant(world, 'declapplicantdirect');
    const sections = fullSections(world, [{ name: '直报人', id: idNumber(90) }]).map((s) => (s.section === 'BASIC' ? { ...s, content: { ...(s.content as object), unitOrgId: null, nominatorOrgId: null } } : s));
    const { declarationId, lockVersion } = await declare(world, who, sections, 'ZRKX', editionId);
    expect((await world.call('/rest/declare/check', { declarationId }, who)).body.data).toEqual({ ok: true, problems: [] });
    const res = await world.call('/rest/declare/submit', { declarationId, lockVersion }, who);
    expect(res.body.data).toMatchObject({ status: 'NOMINATED', currentStep: '待形式审查', unitOrgName: null });
    expect(ids(await world.call('/rest/auditPrize/getAuditPage', { ...page, editionId }, world.as.office))).toEqual([declarationId]);
  });

  it('a declaration of a sub-organisation is in the unit admin’s queue', async () => {
    const [sub] = await world.ctx.database.db.select().from(sysOrg).where(eq(sysOrg.orgCode, 'UNIT_A1'));
    const who = await newApplicant(world, 'declapplicantsub');
    const sections = fullSections(world, [{ name: '学院人', id: idNumber(91) }], '学院项目').map((s) => (s.section === 'BASIC' ? { ...s, content: { ...(s.content as object), unitOrgId: String(sub!.id) } } : s));
    const { declarationId, lockVersion } = await declare(world, who, sections);
    await world.call('/rest/declare/submit', { declarationId, lockVersion }, who);
    expect(ids(await world.call('/rest/declare/getUnitReviewPage', { ...page, keyword: '学院项目' }, world.as.unitAdmin))).toEqual([declarationId]);
    expect(ids(await world.call('/rest/declare/getUnitReviewPage', { ...page, keyword: '学院项目' }, world.as.otherUnitAdmin))).toEqual([]);
  });
});

