import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRADE_NOT_AN_OBJECTION, IDENTITY_REQUIRED, OBJECTION_WINDOW_CLOSED } from '@dandelion/shared/award/objection';
import { sysOperLog } from '../../../core/audit';
import { awardDeclaration, awardDeclarationStep } from '../declaration/tables';
import { publicityDirectory } from '../publicity/module';
import { createObjectionWorld, day, declarationIn, objectionBody, objectionServiceAt, publicityOf, upload, type ObjectionWorld } from './objectionTestKit';
import { awardObjection, awardObjectionStep } from './tables';

let world: ObjectionWorld;
let declarationId: number;
let publicityId: number;
let evidence: string;

beforeAll(async () => {
  world = await createObjectionWorld();
  declarationId = await declarationIn(world, 'IN_RESULT_PUBLICITY', '高熵合金的设计与制备', world.applicant.id);
  publicityId = await publicityOf(world, [declarationId]);
  evidence = await upload(world, world.verified);
}, 120_000);
afterAll(async () => world?.ctx.app.close());

const db = () => world.ctx.database.db;
const statusOf = async (id: number) => (await db().select({ status: awardDeclaration.status }).from(awardDeclaration).where(eq(awardDeclaration.id, id)))[0]!.status;
const file = (body: unknown, headers: Record<string, string>) => world.call('/rest/objection/file', body, headers);

describe('filing an objection: refusals', () => {
  it('refuses an anonymous objection (401)', async () => {
    const res = await file(objectionBody(publicityId, declarationId, [evidence]), {});
    expect(res.status).toBe(401);
  });

  it('refuses bad input with the contract’s Chinese message (400)', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ facts: '太短了' }, '事实与理由不少于20个字'],
      [{ evidenceFileIds: [] }, '请至少上传一份证明材料'],
      [{ subject: ' ' }, '请输入异议事项'],
      [{ category: 'GRADE' }, GRADE_NOT_AN_OBJECTION],
      [{ kind: 'UNIT', unitName: '甲公司', creditCode: '91350100M000100Y43' }, '请上传加盖单位公章的异议书页'],
      [{ kind: 'UNIT', unitName: '甲公司', creditCode: '123', sealFileId: evidence }, '请输入正确的统一社会信用代码!'],
      [{ kind: 'ANONYMOUS' }, '请选择异议人类型'],
    ];
    for (const [extra, message] of cases) {
      const res = await file(objectionBody(publicityId, declarationId, [evidence], extra), world.verified.headers);
      expect(res.status, message).toBe(400);
      expect(JSON.stringify(res.body), message).toContain(message);
    }
    expect(await db().select().from(awardObjection)).toHaveLength(0);
  });

  it('refuses a person without verified identity (403) with the way to fix it', async () => {
    const own = await upload(world, world.unverified);
    const res = await file(objectionBody(publicityId, declarationId, [own]), world.unverified.headers);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe(IDENTITY_REQUIRED);
  });

  it('refuses an entry not shown in the publicity (404) and a closed window (409)', async () => {
    const other = await declarationIn(world, 'IN_RESULT_PUBLICITY', '不在公示中的项目');
    expect((await file(objectionBody(publicityId, other, [evidence]), world.verified.headers)).status).toBe(404);
    const closedOne = await declarationIn(world, 'IN_RESULT_PUBLICITY', '公示已结束的项目');
    const closed = await publicityOf(world, [closedOne], { startDate: day(-20), endDate: day(-5), status: 'CLOSED' });
    const res = await file(objectionBody(closed, closedOne, [evidence]), world.verified.headers);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(OBJECTION_WINDOW_CLOSED);
    expect(await statusOf(closedOne)).toBe('IN_RESULT_PUBLICITY');
  });

  it('refuses an objection filed one minute after the window closed, and takes one filed a minute before', async () => {
    const target = await declarationIn(world, 'IN_RESULT_PUBLICITY', '最后一天的项目');
    const pid = await publicityOf(world, [target], { endDate: day(2) });
    const window = (await publicityDirectory.entryWindow(db(), pid, target, new Date()))!;
    const who = { change: { actor: { id: world.verified.id, name: 'objverified' } }, name: '王五' };
    const input = { ...objectionBody(pid, target, []), publicityId: pid, declarationId: target, evidenceFileIds: [Number(await upload(world, world.verified))] } as never;

    const late = objectionServiceAt(world, () => new Date(window.closesAt.getTime() + 60_000));
    await expect(late.file(who, input)).rejects.toMatchObject({ status: 409, message: OBJECTION_WINDOW_CLOSED });
    expect(await statusOf(target)).toBe('IN_RESULT_PUBLICITY');

    const inTime = objectionServiceAt(world, () => new Date(window.closesAt.getTime() - 60_000));
    const filed = await inTime.file(who, input);
    expect(filed).toMatchObject({ status: 'RECEIVED', declarationId: target });
    expect(await statusOf(target)).toBe('OBJECTION_HOLD');
  });

  it('refuses evidence uploaded by someone else (400)', async () => {
    const foreign = await upload(world, world.applicant);
    const res = await file(objectionBody(publicityId, declarationId, [foreign]), world.verified.headers);
    expect(res.status).toBe(400);
    expect(await statusOf(declarationId)).toBe('IN_RESULT_PUBLICITY');
  });
});

describe('filing an objection: accepted', () => {
  it('a verified person files: stored RECEIVED with a working-day deadline, the declaration on hold, the step and the log written', async () => {
    const res = await file(objectionBody(publicityId, declarationId, [evidence], { contactPhone: '13800138000' }), world.verified.headers);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'RECEIVED', kind: 'PERSON', category: 'COMPLETERS', entryTitle: '高熵合金的设计与制备', outcomeAction: null });
    const [row] = await db().select().from(awardObjection).where(eq(awardObjection.id, Number(res.body.data.objectionId)));
    expect(row).toMatchObject({ objectorId: world.verified.id, objectorName: '王五', status: 'RECEIVED', evidenceFileIds: [Number(evidence)], contactPhone: '13800138000' });
    expect(row!.deadline > day(0)).toBe(true);
    expect(await statusOf(declarationId)).toBe('OBJECTION_HOLD');
    const steps = await db().select().from(awardObjectionStep).where(eq(awardObjectionStep.objectionId, row!.id));
    expect(steps.map((s) => [s.action, s.toStatus])).toEqual([['FILE', 'RECEIVED']]);
    const logs = await db().select().from(sysOperLog).where(and(eq(sysOperLog.module, 'award:objection'), eq(sysOperLog.entityId, String(row!.id))));
    expect(logs.map((l) => l.action)).toEqual(['FILE']);
  });

  it('a unit files with its seal page (no personal verification needed); the declaration stays held once', async () => {
    const seal = await upload(world, world.unverified, '盖章页.png');
    const proof = await upload(world, world.unverified);
    const res = await file(objectionBody(publicityId, declarationId, [proof], { kind: 'UNIT', unitName: '甲科技有限公司', creditCode: '91350100m000100y43', sealFileId: seal }), world.unverified.headers);
    expect(res.status).toBe(200);
    const [row] = await db().select().from(awardObjection).where(eq(awardObjection.id, Number(res.body.data.objectionId)));
    expect(row).toMatchObject({ kind: 'UNIT', unitName: '甲科技有限公司', creditCode: '91350100M000100Y43', sealFileId: Number(seal) });
    expect(await statusOf(declarationId)).toBe('OBJECTION_HOLD');
  });

  it('the evidence is read by the objector, never by the declaration’s applicant', async () => {
    const download = (headers: Record<string, string>) => world.ctx.app.inject({ method: 'GET', url: `/stream/fms/downloads/1?fileId=${evidence}&filename=x.png`, headers });
    expect((await download(world.verified.headers)).statusCode).toBe(200);
    // Another's file is answered as missing: its existence is not confirmed.
    expect((await download(world.applicant.headers)).statusCode).toBe(404);
    expect((await download(world.office.headers)).statusCode).toBe(200);
  });

  it('getMyObjections answers the filer’s own objections only, newest first', async () => {
    expect((await world.call('/rest/objection/getMyObjections', {}, {})).status).toBe(401);
    const mine = await world.call('/rest/objection/getMyObjections', { pageParameter: { pageNum: 1, pageSize: 10 } }, world.verified.headers);
    expect(mine.status).toBe(200);
    expect(mine.body.data.total).toBe(2);
    expect(mine.body.data.list.map((r: { entryTitle: string }) => r.entryTitle)).toEqual(['高熵合金的设计与制备', '最后一天的项目']);
    const applicant = await world.call('/rest/objection/getMyObjections', {}, world.applicant.headers);
    expect(applicant.body.data.total).toBe(0);
  });

  it('two objections filed at once against one entry are both taken and hold the declaration once', async () => {
    const target = await declarationIn(world, 'IN_RESULT_PUBLICITY', '同时收到两个异议的项目');
    const pid = await publicityOf(world, [target]);
    const [a, b] = [await upload(world, world.verified), await upload(world, world.verified)];
    const answers = await Promise.all([file(objectionBody(pid, target, [a]), world.verified.headers), file(objectionBody(pid, target, [b]), world.verified.headers)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await statusOf(target)).toBe('OBJECTION_HOLD');
    const holds = await db().select().from(awardDeclarationStep).where(and(eq(awardDeclarationStep.declarationId, target), eq(awardDeclarationStep.action, 'OBJECTION_HOLD')));
    expect(holds).toHaveLength(1);
  });
});
