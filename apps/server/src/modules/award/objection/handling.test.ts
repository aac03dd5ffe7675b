import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OBJECTOR_HIDDEN } from '@dandelion/shared/award/objection';
import { sysOperLog } from '../../../core/audit';
import { withTransaction } from '../../../core/transaction';
import { baseTask } from '../../base/scheduler/tables';
import { sysMsg } from '../../message/msg/tables';
import { createLastStretch, noDeclarationEvents, type DeclarationDeps } from '../declaration/module';
import { awardDeclaration } from '../declaration/tables';
import { createObjectionWorld, declarationIn, objectionBody, publicityOf, upload, type ObjectionWorld } from './objectionTestKit';
import { awardObjection, awardObjectionStep } from './tables';

let world: ObjectionWorld;
let held: number;
let publicityId: number;

beforeAll(async () => {
  world = await createObjectionWorld();
  held = await declarationIn(world, 'IN_RESULT_PUBLICITY', '高熵合金的设计与制备', world.applicant.id);
  publicityId = await publicityOf(world, [held]);
}, 120_000);
afterAll(async () => world?.ctx.app.close());

const db = () => world.ctx.database.db;
const statusOf = async (id: number) => (await db().select({ status: awardDeclaration.status }).from(awardDeclaration).where(eq(awardDeclaration.id, id)))[0]!.status;
const office = (url: string, body: unknown, headers = world.office.headers) => world.call(`/rest/objection/${url}`, body, headers);
const row = async (id: string) => (await db().select().from(awardObjection).where(eq(awardObjection.id, Number(id))))[0]!;

/** A verified person's objection against the declaration (in the world's open publicity unless given). */
async function filed(declarationId = held, pid = publicityId): Promise<{ objectionId: string; lockVersion: number }> {
  const res = await world.call('/rest/objection/file', objectionBody(pid, declarationId, [await upload(world, world.verified)]), world.verified.headers);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  const stored = await row(res.body.data.objectionId);
  return { objectionId: res.body.data.objectionId, lockVersion: stored.lockVersion };
}

async function moved(url: string, objectionId: string, extra: Record<string, unknown> = {}) {
  const res = await office(url, { objectionId, lockVersion: (await row(objectionId)).lockVersion, ...extra });
  if (res.status !== 200) throw new Error(`${url}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

describe('handling: refusals', () => {
  let objectionId: string;
  beforeAll(async () => {
    ({ objectionId } = await filed());
  });

  it('refuses the anonymous (401) and those without the permission (403)', async () => {
    expect((await office('getObjectionPage', {}, {})).status).toBe(401);
    for (const url of ['getObjectionPage', 'detail', 'accept', 'reject', 'investigate', 'decide']) {
      expect((await office(url, { objectionId, lockVersion: 0, opinion: '意见', upheld: false }, world.applicant.headers)).status, url).toBe(403);
    }
    // A reader of the list is no handler.
    expect((await office('accept', { objectionId, lockVersion: 0 }, world.reader.headers)).status).toBe(403);
  });

  it('refuses bad input with the Chinese message (400)', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['reject', { objectionId, lockVersion: 0, opinion: '' }, '请输入不予受理理由'],
      ['decide', { objectionId, lockVersion: 0, upheld: true, opinion: '查证属实' }, '异议成立时请选择处理措施'],
      ['decide', { objectionId, lockVersion: 0, upheld: false, opinion: ' ' }, '请输入处理意见'],
      ['decide', { objectionId, lockVersion: 0, upheld: true, action: 'BURN', opinion: '查证属实' }, '请选择处理措施'],
      ['getObjectionPage', { status: 'LOST' }, '异议状态不正确'],
      ['accept', { objectionId: 'x', lockVersion: 0 }, '编号格式不正确'],
    ];
    for (const [url, body, message] of cases) {
      const res = await office(url, body);
      expect(res.status, message).toBe(400);
      expect(JSON.stringify(res.body), message).toContain(message);
    }
  });

  it('answers 404 for a missing objection and 409 naming the state for a move that does not start there, or a stale version', async () => {
    expect((await office('detail', { objectionId: '999999' })).status).toBe(404);
    expect((await office('accept', { objectionId: '999999', lockVersion: 0 })).status).toBe(404);
    const early = await office('investigate', { objectionId, lockVersion: 0 });
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe('该异议当前状态为「已收到」，不能开始调查');
    const decideEarly = await office('decide', { objectionId, lockVersion: 0, upheld: false, opinion: '不成立' });
    expect(decideEarly.body.msg).toBe('该异议当前状态为「已收到」，不能认定异议不成立');
    const stale = await office('accept', { objectionId, lockVersion: 7 });
    expect(stale.status).toBe(409);
    expect((await row(objectionId)).status).toBe('RECEIVED');
  });
});

describe('handling: who sees the objector', () => {
  it('the handler sees the objector and the evidence; a reader without handling rights sees neither', async () => {
    const page = await office('getObjectionPage', { pageParameter: { pageNum: 1, pageSize: 10 } });
    expect(page.status).toBe(200);
    expect(page.body.data.list[0]).toMatchObject({ objector: '王五', status: 'RECEIVED', overdue: false, entryTitle: '高熵合金的设计与制备', registrationNo: expect.stringMatching(/^YY2041\d{4}$/) });
    const id = page.body.data.list[0].objectionId;
    const asReader = await office('getObjectionPage', {}, world.reader.headers);
    expect(asReader.body.data.list[0].objector).toBe(OBJECTOR_HIDDEN);
    const readerDetail = await office('detail', { objectionId: id }, world.reader.headers);
    expect(readerDetail.body.data).toMatchObject({ objector: OBJECTOR_HIDDEN, handler: false, evidenceFileIds: [], contactPhone: null });
    expect(readerDetail.body.data.steps[0].actorName).toBe(OBJECTOR_HIDDEN);
    expect(JSON.stringify(readerDetail.body)).not.toContain('王五');
    const handlerDetail = await office('detail', { objectionId: id });
    expect(handlerDetail.body.data).toMatchObject({ objector: '王五', handler: true });
    expect(handlerDetail.body.data.evidenceFileIds).toHaveLength(1);
  });

  it('searches by edition, prize, status and overdue', async () => {
    const count = async (filter: Record<string, unknown>) => (await office('getObjectionPage', filter)).body.data.total;
    expect(await count({ editionId: String(world.editionId), prizeId: String(world.prizeId), status: 'RECEIVED' })).toBe(1);
    expect(await count({ editionId: '424242' })).toBe(0);
    expect(await count({ overdue: true })).toBe(0);
    expect(await count({ overdue: false })).toBe(1);
  });
});

describe('handling: the flow and the declaration', () => {
  it('不予受理 releases the declaration when no other objection holds it, and tells the objector', async () => {
    const target = await declarationIn(world, 'IN_RESULT_PUBLICITY', '不予受理的项目');
    const pid = await publicityOf(world, [target]);
    const { objectionId } = await filed(target, pid);
    expect(await statusOf(target)).toBe('OBJECTION_HOLD');
    const after = await moved('reject', objectionId, { opinion: '异议内容与公示项目无关' });
    expect(after.status).toBe('NOT_ACCEPTED');
    expect(await statusOf(target)).toBe('IN_RESULT_PUBLICITY');
    const [message] = await db().select().from(sysMsg).where(eq(sysMsg.userId, world.verified.id)).orderBy(desc(sysMsg.id)).limit(1);
    expect(message).toMatchObject({ title: '您的异议不予受理' });
    expect(message!.content).toContain('异议内容与公示项目无关');
  });

  it('受理 → 开始调查 → 不成立 while another objection is open keeps the hold; the upheld one with 撤销申报 ends it NOT_AWARDED and the award is refused', async () => {
    const target = await declarationIn(world, 'IN_RESULT_PUBLICITY', '两个异议的项目');
    const pid = await publicityOf(world, [target]);
    const first = await filed(target, pid);
    const second = await filed(target, pid);
    await moved('accept', first.objectionId, { opinion: '材料齐全，予以受理' });
    await moved('investigate', first.objectionId);
    const dismissed = await moved('decide', first.objectionId, { upheld: false, opinion: '经核查，完成人确实参与了研究' });
    expect(dismissed.status).toBe('DISMISSED');
    expect(await statusOf(target)).toBe('OBJECTION_HOLD');

    await moved('accept', second.objectionId);
    await moved('investigate', second.objectionId);
    const upheld = await moved('decide', second.objectionId, { upheld: true, action: 'REMOVE', opinion: '经核查，申报材料存在造假' });
    expect(upheld.status).toBe('UPHELD');
    expect(await row(second.objectionId)).toMatchObject({ outcomeAction: 'REMOVE', outcomeOpinion: '经核查，申报材料存在造假' });
    expect(await statusOf(target)).toBe('NOT_AWARDED');

    // Closing the edition cannot award it.
    const stretch = createLastStretch({ db: db(), events: noDeclarationEvents } as unknown as DeclarationDeps);
    await expect(withTransaction(db(), (tx) => stretch.move(tx, { actor: { id: 1, name: 'admin' } }, 'admin', target, 'AWARD'))).rejects.toMatchObject({ status: 409 });

    const steps = await db().select().from(awardObjectionStep).where(eq(awardObjectionStep.objectionId, Number(second.objectionId)));
    expect(steps.map((s) => s.action)).toEqual(['FILE', 'ACCEPT', 'INVESTIGATE', 'UPHOLD']);
    const logs = await db().select().from(sysOperLog).where(and(eq(sysOperLog.module, 'award:objection'), eq(sysOperLog.entityId, second.objectionId)));
    expect(logs.map((l) => l.action)).toEqual(['FILE', 'ACCEPT', 'INVESTIGATE', 'UPHOLD']);
    const [message] = await db().select().from(sysMsg).where(eq(sysMsg.userId, world.verified.id)).orderBy(desc(sysMsg.id)).limit(1);
    expect(message!.title).toBe('您的异议已有处理结果');
    expect(message!.content).toContain('异议成立');
    // The applicant is told of the hold and the end, never who objected.
    const applicantMessages = await db().select().from(sysMsg).where(eq(sysMsg.userId, world.applicant.id));
    expect(applicantMessages.length).toBeGreaterThan(0);
    expect(JSON.stringify(applicantMessages)).not.toContain('王五');
    expect(JSON.stringify(applicantMessages)).not.toContain('objverified');
  });

  it('an upheld objection with 更正 releases the declaration to where it was', async () => {
    const target = await declarationIn(world, 'IN_RESULT_PUBLICITY', '更正完成人的项目');
    const pid = await publicityOf(world, [target]);
    const { objectionId } = await filed(target, pid);
    await moved('accept', objectionId);
    await moved('investigate', objectionId);
    await moved('decide', objectionId, { upheld: true, action: 'CORRECT', opinion: '第二、三完成人排序更正' });
    expect(await statusOf(target)).toBe('IN_RESULT_PUBLICITY');
    const detail = await office('detail', { objectionId });
    expect(detail.body.data.steps.map((s: { toStatus: string }) => s.toStatus)).toEqual(['RECEIVED', 'ACCEPTED', 'INVESTIGATING', 'UPHELD']);
    const mine = await world.call('/rest/objection/getMyObjections', {}, world.verified.headers);
    expect(mine.body.data.list[0]).toMatchObject({ status: 'UPHELD', outcomeAction: 'CORRECT', outcomeOpinion: '第二、三完成人排序更正' });
  });
});

describe('handling: deadlines', () => {
  it('an open objection past its deadline is overdue in the list, and the reminder tells the handlers', async () => {
    const { objectionId } = await filed();
    await db().update(awardObjection).set({ deadline: '2020-01-02' }).where(eq(awardObjection.id, Number(objectionId)));
    const overdue = await office('getObjectionPage', { overdue: true });
    expect(overdue.body.data.list.map((r: { objectionId: string }) => r.objectionId)).toEqual([objectionId]);
    expect(overdue.body.data.list[0].overdue).toBe(true);

    // The seeded daily task, run now: the office (a handler through PRIZE_OFFICE) is told; the reader is not.
    const [task] = await db().select().from(baseTask).where(eq(baseTask.taskCode, 'AWARD_OBJECTION_REMINDERS'));
    expect((await world.call('/rest/task/runTask', { taskId: String(task!.id) }, world.admin)).status).toBe(200);
    const toldOffice = async () => db().select().from(sysMsg).where(and(eq(sysMsg.userId, world.office.id), eq(sysMsg.title, '异议处理已逾期')));
    for (let i = 0; i < 50 && (await toldOffice()).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    const [reminder] = await toldOffice();
    expect(reminder!.content).toContain('2020-01-02');
    expect(reminder!.link).toBe('/award/objection');
    expect(await db().select().from(sysMsg).where(and(eq(sysMsg.userId, world.reader.id), eq(sysMsg.title, '异议处理已逾期')))).toHaveLength(0);
  });
});
