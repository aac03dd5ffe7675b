import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../core/db';
import { resetDatabase, testDatabase } from '../../../../test/helpers/testDatabase';
import { baseCalendarDay } from '../../../db/schema';
import { sysOperLog } from '../../../core/audit';
import { createProcessEngine, type ProcessActor, type ProcessEngine } from './engine';
import { baseProcessHistory, baseProcessInstance } from './tables';
import { createProcessDefinitionService, type ProcessDefinitionService } from './service';
import { calendarWorkingDays, declarationReview, twoStepReview } from '../../../../test/kits/progressFixtures';

let database: Database;
let engine: ProcessEngine;
let definitions: ProcessDefinitionService;
/** 10:00 in Beijing on Wednesday 2026-09-30, the day before the National Day holiday. */
let now = new Date('2026-09-30T02:00:00.000Z');

const person = (id: number, name: string, roleCodes: string[], permissions: string[] = []): ProcessActor => ({
  id, name, displayName: `${name}老师`, roleCodes, permissions: new Set(permissions), isSuperAdmin: false,
});
const applicant = person(101, 'zhang', ['APPLICANT']);
const reviewer = person(102, 'li', ['REVIEWER']);
const returner = person(103, 'wang', [], ['declare:audit:return']);
const admin: ProcessActor = { id: 1, name: 'admin', roleCodes: ['ADMIN'], permissions: new Set(), isSuperAdmin: true };
const change = { actor: { id: 1, name: 'admin' } };

async function publish(processCode: string, definition = twoStepReview()) {
  const draft = await definitions.add({ processCode, processName: `流程${processCode}`, remark: null, definition }, change);
  return definitions.publish(draft.defId, draft.lockVersion, change);
}

beforeAll(async () => {
  database = await testDatabase();
  await resetDatabase(database);
  const { db } = database;
  engine = createProcessEngine({ db, workingDays: calendarWorkingDays, clock: () => now });
  definitions = createProcessDefinitionService({ db });
  // National Day 2026: 10-01 … 10-07 off, Saturday 10-10 worked in exchange.
  const holidays = ['2026-10-01', '2026-10-02', '2026-10-05', '2026-10-06', '2026-10-07'].map((day) => ({ day, dayType: 'HOLIDAY', dayName: '国庆节' }));
  await db.insert(baseCalendarDay).values([...holidays, { day: '2026-10-10', dayType: 'WORKDAY', dayName: '国庆节调休上班' }]);
  await publish('REVIEW');
});
afterAll(async () => {
  await resetDatabase(database);
});

describe('start', () => {
  it('starts on the ACTIVE version at the start stage, with its deadline in working days and a history row', async () => {
    const started = await engine.start({ processCode: 'REVIEW', businessKey: 'DECLARATION:1', title: '一项申报', actor: applicant });
    expect(started).toMatchObject({ processCode: 'REVIEW', version: 1, currentStage: 'DRAFT', currentStageName: '待提交', status: 'RUNNING', title: '一项申报', overdue: false, lockVersion: 0 });
    expect(started.stageEnteredAt).toEqual(now);
    // 2 working days from Wednesday 09-30 skip the holiday: 10-08, 10-09 → due at the end of 10-09, Beijing time.
    expect(started.dueAt).toEqual(new Date('2026-10-09T15:59:59.999Z'));
    const history = await engine.history(started.instanceId);
    expect(history).toEqual([expect.objectContaining({ action: 'START', actionLabel: '发起', fromStage: null, toStage: 'DRAFT', toStageName: '待提交', actorId: 101, actorName: 'zhang老师' })]);
    const [log] = await database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'base:progress'), eq(sysOperLog.action, 'START')));
    expect(log).toMatchObject({ entityId: String(started.instanceId), username: 'zhang', summary: '发起流程「流程REVIEW」v1：DECLARATION:1' });
  });

  it('refuses a second running instance for the same business key, and a code with no ACTIVE version', async () => {
    await expect(engine.start({ processCode: 'REVIEW', businessKey: 'DECLARATION:1', actor: applicant })).rejects.toMatchObject({ status: 409, message: '业务「DECLARATION:1」已有进行中的流程，不能重复发起' });
    await definitions.add({ processCode: 'UNPUBLISHED', processName: '未发布', remark: null, definition: twoStepReview() }, change);
    await expect(engine.start({ processCode: 'UNPUBLISHED', businessKey: 'X:1', actor: applicant })).rejects.toMatchObject({ status: 409, message: '流程「UNPUBLISHED」没有生效的版本，请先发布' });
    expect(await database.db.select().from(baseProcessInstance).where(eq(baseProcessInstance.businessKey, 'X:1'))).toHaveLength(0);
  });
});

describe('act', () => {
  it('offers each participant only the actions their roles or permissions allow', async () => {
    const instance = (await engine.instanceOf('DECLARATION:1'))!;
    expect((await engine.availableActions(instance, applicant)).map((a) => a.action)).toEqual(['SUBMIT']);
    expect(await engine.availableActions(instance, reviewer)).toEqual([]);
    expect(await engine.availableActions(instance.instanceId, admin)).toEqual([{ action: 'SUBMIT', label: '提交', to: 'AUDIT', toName: '审核', commentRequired: false }]);
  });

  it('refuses an action the stage does not have (400) and a participant without the role or permission (403), changing nothing', async () => {
    const { instanceId } = (await engine.instanceOf('DECLARATION:1'))!;
    await expect(engine.act({ instanceId, action: 'PASS', actor: reviewer })).rejects.toMatchObject({ status: 400, message: '当前阶段「待提交」没有动作「PASS」' });
    await expect(engine.act({ instanceId, action: 'SUBMIT', actor: reviewer })).rejects.toMatchObject({ status: 403, message: '您没有在「待提交」办理「提交」的权限' });
    expect(await engine.history(instanceId)).toHaveLength(1);
    expect((await engine.instance(instanceId)).lockVersion).toBe(0);
  });

  it('moves the stage, sets the new deadline from the holiday calendar and writes who, when, what and why', async () => {
    const { instanceId } = (await engine.instanceOf('DECLARATION:1'))!;
    const moved = await engine.act({ instanceId, action: 'SUBMIT', comment: '  请审核  ', actor: applicant });
    // 3 working days from 09-30: 10-08, 10-09 and the make-up Saturday 10-10.
    expect(moved).toMatchObject({ currentStage: 'AUDIT', currentStageName: '审核', status: 'RUNNING', lockVersion: 1, updateBy: 'zhang' });
    expect(moved.dueAt).toEqual(new Date('2026-10-10T15:59:59.999Z'));
    const history = await engine.history(instanceId);
    expect(history[1]).toMatchObject({ action: 'SUBMIT', actionLabel: '提交', fromStage: 'DRAFT', fromStageName: '待提交', toStage: 'AUDIT', toStageName: '审核', comment: '请审核', actorId: 101, actorName: 'zhang老师' });
    expect(history[1]!.createTime).toEqual(now);
    const [log] = await database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'base:progress'), eq(sysOperLog.action, 'ACT')));
    expect(log).toMatchObject({ summary: 'DECLARATION:1：待提交 —提交→ 审核', username: 'zhang' });
    expect(log!.before).toMatchObject({ currentStage: 'DRAFT' });
    expect(log!.after).toMatchObject({ currentStage: 'AUDIT', comment: '请审核' });
  });

  it('wants a comment where the transition requires one; a permission code is enough to act', async () => {
    const { instanceId } = (await engine.instanceOf('DECLARATION:1'))!;
    await expect(engine.act({ instanceId, action: 'RETURN', comment: ' ', actor: returner })).rejects.toMatchObject({ status: 400, message: '「退回」必须填写意见' });
    now = new Date('2026-10-12T01:00:00.000Z'); // Monday 10-12, 09:00 in Beijing
    const back = await engine.act({ instanceId, action: 'RETURN', comment: '材料不全', actor: returner });
    expect(back).toMatchObject({ currentStage: 'DRAFT', lockVersion: 2 });
    expect(back.stageEnteredAt).toEqual(now);
    expect(back.dueAt).toEqual(new Date('2026-10-14T15:59:59.999Z'));
  });

  it('says an instance is overdue once its deadline has passed', async () => {
    now = new Date('2026-10-15T01:00:00.000Z');
    expect(await engine.instanceOf('DECLARATION:1')).toMatchObject({ overdue: true });
  });

  it('refuses a stale lock version from the caller (409) before anything moves', async () => {
    const { instanceId } = (await engine.instanceOf('DECLARATION:1'))!;
    await expect(engine.act({ instanceId, action: 'SUBMIT', lockVersion: 1, actor: applicant })).rejects.toMatchObject({ status: 409, message: '数据已被他人修改，请刷新后重试' });
    expect((await engine.instance(instanceId)).currentStage).toBe('DRAFT');
  });

  it('completes the instance on an end stage: no deadline, no actions, no further steps', async () => {
    const { instanceId } = (await engine.instanceOf('DECLARATION:1'))!;
    await engine.act({ instanceId, action: 'SUBMIT', lockVersion: 2, actor: applicant });
    const done = await engine.act({ instanceId, action: 'PASS', actor: reviewer });
    expect(done).toMatchObject({ status: 'COMPLETED', currentStage: 'DONE', dueAt: null, overdue: false });
    expect(await engine.availableActions(instanceId, admin)).toEqual([]);
    await expect(engine.act({ instanceId, action: 'PASS', actor: admin })).rejects.toMatchObject({ status: 409, message: '流程已完成，不能再办理' });
    expect((await engine.history(instanceId)).map((h) => h.action)).toEqual(['START', 'SUBMIT', 'RETURN', 'SUBMIT', 'PASS']);
  });

  it('lets the same business key start again once the previous instance has ended; instanceOf answers the running one', async () => {
    const again = await engine.start({ processCode: 'REVIEW', businessKey: 'DECLARATION:1', actor: applicant });
    expect(await engine.instanceOf('DECLARATION:1')).toMatchObject({ instanceId: again.instanceId, status: 'RUNNING' });
    expect(await engine.instanceOf('DECLARATION:404')).toBeNull();
  });
});

describe('terminate', () => {
  it('wants a reason, then ends the instance where it stands and records why', async () => {
    const { instanceId } = (await engine.instanceOf('DECLARATION:1'))!;
    await expect(engine.terminate({ instanceId, reason: '  ', actor: admin })).rejects.toMatchObject({ status: 400, message: '请填写终止原因' });
    const ended = await engine.terminate({ instanceId, reason: '申报人撤回', actor: admin });
    expect(ended).toMatchObject({ status: 'TERMINATED', currentStage: 'DRAFT', dueAt: null });
    expect((await engine.history(instanceId)).at(-1)).toMatchObject({ action: 'TERMINATE', actionLabel: '终止', fromStage: 'DRAFT', toStage: 'DRAFT', comment: '申报人撤回', actorName: 'admin' });
    await expect(engine.terminate({ instanceId, reason: '再次', actor: admin })).rejects.toMatchObject({ status: 409, message: '流程已终止，不能再办理' });
  });
});

describe('versions', () => {
  it('keeps running instances on the version they started on after a new version is published', async () => {
    const old = await engine.start({ processCode: 'REVIEW', businessKey: 'DECLARATION:2', actor: applicant });
    const active = (await definitions.versions('REVIEW')).find((v) => v.status === 'ACTIVE')!;
    const draft = await definitions.newVersion(active.defId, change);
    const renamed = { ...draft.definition, stages: draft.definition.stages.map((s) => (s.code === 'AUDIT' ? { ...s, name: '复核' } : s)) };
    const saved = await definitions.update(draft.defId, draft.lockVersion, { processName: draft.processName, remark: null, definition: renamed }, change);
    await definitions.publish(saved.defId, saved.lockVersion, change);

    const moved = await engine.act({ instanceId: old.instanceId, action: 'SUBMIT', actor: applicant });
    expect(moved).toMatchObject({ version: 1, currentStageName: '审核' });
    const fresh = await engine.start({ processCode: 'REVIEW', businessKey: 'DECLARATION:3', actor: applicant });
    const next = await engine.act({ instanceId: fresh.instanceId, action: 'SUBMIT', actor: applicant });
    expect(next).toMatchObject({ version: 2, currentStageName: '复核' });
  });
});

describe('inside the caller\'s transaction', () => {
  it('moves together with the caller\'s own change: a rollback undoes the start and the steps', async () => {
    await publish('DECLARE', declarationReview());
    const failure = new Error('申报书保存失败');
    await expect(
      database.db.transaction(async (tx) => {
        const started = await engine.start({ processCode: 'DECLARE', businessKey: 'DECLARATION:9', title: '回滚', actor: applicant }, tx);
        await engine.act({ instanceId: started.instanceId, action: 'SUBMIT', actor: applicant }, tx);
        expect((await engine.instanceOf('DECLARATION:9', tx))!.currentStage).toBe('UNIT');
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await engine.instanceOf('DECLARATION:9')).toBeNull();
    expect(await database.db.select().from(baseProcessHistory).where(eq(baseProcessHistory.comment, '回滚'))).toHaveLength(0);
  });

  it('commits with the caller, deadlines included (the calendar is read through the caller\'s transaction)', async () => {
    now = new Date('2026-11-02T02:00:00.000Z'); // Monday
    const moved = await database.db.transaction(async (tx) => {
      const started = await engine.start({ processCode: 'DECLARE', businessKey: 'DECLARATION:10', actor: applicant }, tx);
      return engine.act({ instanceId: started.instanceId, action: 'SUBMIT', actor: applicant }, tx);
    });
    // 单位推荐 has 5 working days: Monday 11-02 + 5 → Monday 11-09.
    expect(moved).toMatchObject({ currentStage: 'UNIT', dueAt: new Date('2026-11-09T15:59:59.999Z') });
    expect((await engine.instanceOf('DECLARATION:10'))!.lockVersion).toBe(1);
  });

  it('walks the whole declaration review, with 退回 and 异议复核 on the way', async () => {
    const unitAdmin = person(104, 'zhao', [], ['declare:unit:recommend']);
    const { instanceId } = (await engine.instanceOf('DECLARATION:10'))!;
    const steps: Array<[ProcessActor, string, string?]> = [
      [unitAdmin, 'RETURN', '请补充附件'],
      [applicant, 'SUBMIT'],
      [unitAdmin, 'RECOMMEND'],
      [reviewer, 'PASS'],
      [reviewer, 'FINISH'],
      [reviewer, 'OBJECTION', '收到实名异议'],
      [reviewer, 'FINISH'],
      [reviewer, 'CONFIRM'],
    ];
    for (const [actor, action, comment] of steps) await engine.act({ instanceId, action, comment, actor });
    const history = await engine.history(instanceId);
    expect(history.map((h) => `${h.fromStageName ?? ''}→${h.toStageName}`)).toEqual([
      '→草稿', '草稿→单位推荐', '单位推荐→草稿', '草稿→单位推荐', '单位推荐→形式审查', '形式审查→专家评审', '专家评审→结果公示', '结果公示→专家评审', '专家评审→结果公示', '结果公示→完成',
    ]);
    expect(await engine.instance(instanceId)).toMatchObject({ status: 'COMPLETED', currentStageName: '完成' });
  });
});
