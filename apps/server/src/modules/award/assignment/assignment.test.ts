import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';
import { sysOperLog } from '../../../core/audit';
import { baseTask, baseTaskLog } from '../../base/scheduler/tables';
import { day } from '../declaration/declarationTestKit';
import { awardDeclaration } from '../declaration/tables';
import { createAssignmentWorld, type AssignmentWorld } from './assignmentTestKit';
import { awardExpert } from '../expert/tables';
import { awardAssignment, awardAssignmentChange } from './tables';

let world: AssignmentWorld;
let groupId: string;
const office = () => world.as.office;
const proposalOf = async () => (await world.call('/rest/expertPush/getProposal', { groupId }, office())).body.data;
type Entry = { assignmentId: string; expertId: string; state: string; role: string; reason: string | null; locked: boolean };
const mainOf = (proposal: { declarations: Array<{ declarationId: string; experts: Entry[] }> }, declarationId: string) => proposal.declarations.find((d) => d.declarationId === declarationId)!.experts;
const alternatesOf = (proposal: { declarations: Array<{ declarationId: string; alternates: Entry[] }> }, declarationId: string) => proposal.declarations.find((d) => d.declarationId === declarationId)!.alternates;
const pairs = (proposal: { declarations: Array<{ declarationId: string; experts: Entry[] }> }) => proposal.declarations.flatMap((d) => d.experts.map((e) => `${e.expertId}:${d.declarationId}`)).sort();
const stored = async (assignmentId: string) => (await world.ctx.database.db.select().from(awardAssignment).where(eq(awardAssignment.id, Number(assignmentId))))[0]!;

/** Runs a seeded task as an administrator would (立即执行) and waits for its log. */
async function runTask(taskCode: string): Promise<string> {
  const [task] = await world.ctx.database.db.select().from(baseTask).where(eq(baseTask.taskCode, taskCode));
  const started = await world.call('/rest/task/runTask', { taskId: String(task!.id) });
  expect(started.body.msg).toBe('已开始执行');
  for (let i = 0; i < 100; i++) {
    const [log] = await world.ctx.database.db.select().from(baseTaskLog).where(eq(baseTaskLog.id, Number(started.body.data.runId)));
    if (log && log.status !== 'RUNNING') {
      expect(log.status, log.message ?? '').toBe('SUCCESS');
      return log.message ?? '';
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${taskCode} did not finish`);
}

beforeAll(async () => {
  world = await createAssignmentWorld();
}, 120_000);
afterAll(async () => {
  await world.ctx.app.close();
});

describe('review groups and expert push refuse', () => {
  it('anonymous callers (401) and callers without the codes (403); an applicant is not an expert', async () => {
    const office = ['/rest/reviewGroup/getReviewGroupList', '/rest/reviewGroup/add', '/rest/reviewGroup/setExperts', '/rest/expertPush/propose', '/rest/expertPush/getProposal', '/rest/expertPush/change', '/rest/expertPush/push', '/rest/expertPush/getChanges'];
    await expectRefusedToOutsiders(world.ctx.app, office, world.as.applicant);
    await expectRefusedToOutsiders(world.ctx.app, ['/rest/expertPush/getMyTasks', '/rest/expertPush/accept', '/rest/expertPush/decline', '/rest/expertPush/declareConflict'], world.as.applicant);
    // An expert may not run the office's calls.
    const [anExpert] = [...world.expertAuth.values()];
    expect((await world.call('/rest/expertPush/propose', { groupId: '1' }, anExpert)).status).toBe(403);
  });

  it('a group without a name (400 with the message) or for a prize its edition does not open', async () => {
    const base = { editionId: world.editionId, prizeId: world.prizeIds.ZRKX };
    const nameless = await world.call('/rest/reviewGroup/add', { ...base, groupName: ' ' }, office());
    expect(nameless.status).toBe(400);
    expect(nameless.body.msg).toContain('请填写评审组名称');
    const tooMany = await world.call('/rest/reviewGroup/add', { ...base, groupName: '甲组', expertsPerDeclaration: 30 }, office());
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toContain('每项评审专家最多15人');
  });
});

describe('a group from setup to push', () => {
  it('is created with the defaults (k 5, load 20, 2 alternates) and a stale update is refused (409)', async () => {
    const added = await world.call('/rest/reviewGroup/add', { editionId: world.editionId, prizeId: world.prizeIds.ZRKX, groupName: '材料一组', disciplineCodes: ['430'] }, office());
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toMatchObject({ expertsPerDeclaration: 5, maxLoad: 20, settings: { alternates: 2, outOfRegionOnly: false, maxAge: null }, status: 'DRAFT', prizeName: expect.any(String) });
    groupId = added.body.data.groupId;
    const body = { editionId: world.editionId, prizeId: world.prizeIds.ZRKX, groupName: '材料一组', disciplineCodes: ['430'], expertsPerDeclaration: 2, maxLoad: 3 };
    const updated = await world.call('/rest/reviewGroup/update', { ...body, groupId, lockVersion: added.body.data.lockVersion }, office());
    expect(updated.status).toBe(200);
    const stale = await world.call('/rest/reviewGroup/update', { ...body, groupId, lockVersion: added.body.data.lockVersion }, office());
    expect(stale.status).toBe(409);
    const listed = await world.call('/rest/reviewGroup/getReviewGroupList', { pageParameter: { pageNum: 1, pageSize: 10 }, groupName: '材料' }, office());
    expect(listed.body.data.list.map((g: { groupId: string }) => g.groupId)).toEqual([groupId]);
  });

  it('takes the accepted declarations under its discipline prefixes and the active experts', async () => {
    const candidates = await world.call('/rest/reviewGroup/getCandidateDeclarations', { groupId }, office());
    expect(candidates.body.data.map((d: { declarationId: string }) => d.declarationId).sort()).toEqual([...world.declarations].sort());
    const set = await world.call('/rest/reviewGroup/setDeclarations', { groupId, byDisciplines: true }, office());
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.declarations).toHaveLength(2);
    // Held by this group now: no longer a candidate of any group.
    expect((await world.call('/rest/reviewGroup/getCandidateDeclarations', { groupId }, office())).body.data).toEqual([]);

    const pool = await world.call('/rest/reviewGroup/getCandidateExperts', { groupId, disciplinePrefixes: ['43025'] }, office());
    expect(pool.body.data).toHaveLength(8);
    const experts = pool.body.data.map((e: { expertId: string }) => ({ expertId: e.expertId }));
    const outsiderLeader = await world.call('/rest/reviewGroup/setExperts', { groupId, experts: experts.slice(1), leaderExpertId: experts[0].expertId }, office());
    expect(outsiderLeader.status).toBe(400);
    expect(outsiderLeader.body.msg).toBe('组长须是本组专家');
    const withExperts = await world.call('/rest/reviewGroup/setExperts', { groupId, experts, leaderExpertId: experts[0].expertId }, office());
    expect(withExperts.status, JSON.stringify(withExperts.body)).toBe(200);
    expect(withExperts.body.data.experts).toHaveLength(8);
  });

  it('proposes k experts per declaration with reasons and alternates, never a conflicting pair, and explains the exclusions', async () => {
    const res = await world.call('/rest/expertPush/propose', { groupId, seed: 20261126 }, office());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const proposal = res.body.data;
    expect(proposal.seed).toBe(20261126);
    expect(proposal.status).toBe('PROPOSED');
    for (const d of world.declarations) {
      expect(mainOf(proposal, d)).toHaveLength(2);
      expect(alternatesOf(proposal, d)).toHaveLength(2);
      for (const e of mainOf(proposal, d)) expect(e.reason).toBe('二级学科相同（430.25）');
    }
    expect(proposal.underAssigned).toEqual([]);
    for (const load of proposal.loads) expect(load.load).toBeLessThanOrEqual(load.maxLoad);
    const first = world.declarations[0]!;
    const onFirst = [...mainOf(proposal, first), ...alternatesOf(proposal, first)].map((e) => e.expertId);
    expect(onFirst).not.toContain(world.conflicting.sameUnit);
    expect(onFirst).not.toContain(world.conflicting.completer);

    const excluded = await world.call('/rest/expertPush/getExcluded', { groupId, declarationId: first, pageParameter: { pageNum: 1, pageSize: 10 } }, office());
    const why = Object.fromEntries(excluded.body.data.list.map((p: { expertId: string; conflicts: Array<{ kind: string; message: string }> }) => [p.expertId, p.conflicts]));
    expect(why[world.conflicting.sameUnit]).toEqual([{ kind: 'SAME_UNIT', message: '与完成单位「甲大学」为同一单位' }]);
    expect(why[world.conflicting.completer]).toEqual([{ kind: 'COMPLETER', message: '专家本人是本项目的主要完成人（完成人0）' }]);

    // The same seed gives the same assignment.
    const again = await world.call('/rest/expertPush/propose', { groupId, seed: 20261126 }, office());
    expect(pairs(again.body.data)).toEqual(pairs(proposal));
  });

  it('needs a reason for a manual change, logs it, keeps a locked row through a new proposal, and a veto excludes the pair', async () => {
    const first = world.declarations[0]!;
    const [kept, other] = mainOf(await proposalOf(), first);
    const reasonless = await world.call('/rest/expertPush/change', { groupId, action: 'LOCK', declarationId: first, expertId: kept!.expertId, reason: '' }, office());
    expect(reasonless.status).toBe(400);
    expect(reasonless.body.msg).toContain('请填写调整理由');
    const locked = await world.call('/rest/expertPush/change', { groupId, action: 'LOCK', declarationId: first, expertId: kept!.expertId, reason: '该专家熟悉此方向' }, office());
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    const vetoed = await world.call('/rest/expertPush/change', { groupId, action: 'VETO', declarationId: first, expertId: other!.expertId, reason: '近期与完成人合作' }, office());
    expect(vetoed.status, JSON.stringify(vetoed.body)).toBe(200);
    expect(vetoed.body.data.vetoes).toEqual([expect.objectContaining({ expertId: other!.expertId, reason: '近期与完成人合作' })]);

    for (const seed of [1, 2, 3]) {
      const p = (await world.call('/rest/expertPush/propose', { groupId, seed }, office())).body.data;
      const onFirst = mainOf(p, first);
      expect(onFirst.find((e) => e.expertId === kept!.expertId)).toMatchObject({ assignmentId: kept!.assignmentId, locked: true });
      expect([...onFirst, ...alternatesOf(p, first)].map((e) => e.expertId)).not.toContain(other!.expertId);
      expect(onFirst).toHaveLength(2);
    }
    const readd = await world.call('/rest/expertPush/change', { groupId, action: 'ADD', declarationId: first, expertId: world.conflicting.completer, reason: '人工指定' }, office());
    expect(readd.status).toBe(409);
    expect(readd.body.msg).toContain('专家本人是本项目的主要完成人');

    const changes = await world.call('/rest/expertPush/getChanges', { groupId, pageParameter: { pageNum: 1, pageSize: 50 } }, office());
    const actions = changes.body.data.list.map((c: { action: string; reason: string | null }) => [c.action, c.reason]);
    expect(actions).toEqual(expect.arrayContaining([['LOCK', '该专家熟悉此方向'], ['VETO', '近期与完成人合作'], ['PROPOSE', null]]));
    const logged = await world.ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'award:expertPush'), eq(sysOperLog.action, 'VETO')));
    expect(logged[0]!.summary).toContain('近期与完成人合作');
  });

  it('refuses to push without a deadline, then pushes: PUSHED with the deadline, experts told, declarations IN_REVIEW', async () => {
    const noDeadline = await world.call('/rest/expertPush/push', { groupId }, office());
    expect(noDeadline.status).toBe(400);
    expect(noDeadline.body.msg).toBe('请先在评审组中设置评审截止日期');
    const group = (await world.call('/rest/reviewGroup/detail', { groupId }, office())).body.data;
    const body = { editionId: group.editionId, prizeId: group.prizeId, groupName: group.groupName, disciplineCodes: group.disciplineCodes, expertsPerDeclaration: 2, maxLoad: 3, deadline: day(20), settings: group.settings };
    expect((await world.call('/rest/reviewGroup/update', { ...body, groupId, lockVersion: group.lockVersion }, office())).status).toBe(200);

    const pushed = await world.call('/rest/expertPush/push', { groupId }, office());
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
    expect(pushed.body.data).toMatchObject({ pushed: 4, declarations: 2 });
    const proposal = pushed.body.data.proposal;
    expect(proposal.status).toBe('PUSHED');
    for (const d of world.declarations) {
      for (const e of mainOf(proposal, d)) {
        expect(e).toMatchObject({ state: 'PUSHED', deadline: day(20) });
        const messages = await world.messagesTo(e.expertId);
        expect(messages.map((m) => m.title)).toContain('新的评审邀请');
      }
      for (const a of alternatesOf(proposal, d)) expect(a.state).toBe('PROPOSED');
      const [row] = await world.ctx.database.db.select().from(awardDeclaration).where(eq(awardDeclaration.id, Number(d)));
      expect(row!.status).toBe('IN_REVIEW');
    }
    expect((await world.call('/rest/expertPush/push', { groupId }, office())).status).toBe(409);
  });
});

describe('the expert', () => {
  it('sees only their own tasks, must confirm no conflict to accept, and cannot touch another expert’s task', async () => {
    const second = world.declarations[1]!;
    const [mine, theirs] = mainOf(await proposalOf(), second);
    const me = world.expertAuth.get(mine!.expertId)!;
    const tasks = await world.call('/rest/expertPush/getMyTasks', { pageParameter: { pageNum: 1, pageSize: 20 } }, me);
    expect(tasks.status).toBe(200);
    const ids = tasks.body.data.list.map((t: { assignmentId: string }) => t.assignmentId);
    expect(ids).toContain(mine!.assignmentId);
    expect(ids).not.toContain(theirs!.assignmentId);
    expect(tasks.body.data.list.find((t: { assignmentId: string }) => t.assignmentId === mine!.assignmentId)).toMatchObject({ title: '高熵合金制备工艺', state: 'PUSHED', deadline: day(20), prizeName: expect.any(String) });

    const unconfirmed = await world.call('/rest/expertPush/accept', { assignmentId: mine!.assignmentId, noConflict: false }, me);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.msg).toContain('请确认与该项目不存在需要回避的利益冲突');
    if (theirs!.expertId !== mine!.expertId) {
      const others = await world.call('/rest/expertPush/accept', { assignmentId: theirs!.assignmentId, noConflict: true }, me);
      expect(others.status).toBe(404);
    }
    const accepted = await world.call('/rest/expertPush/accept', { assignmentId: mine!.assignmentId, noConflict: true }, me);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.state).toBe('ACCEPTED');
    const row = await stored(mine!.assignmentId);
    expect(row.respondedAt).not.toBeNull();
    expect(row.noConflictConfirmedAt).not.toBeNull();
    expect((await world.call('/rest/expertPush/accept', { assignmentId: mine!.assignmentId, noConflict: true }, me)).status).toBe(409);
  });

  it('declines with a reason: the next alternate is promoted, pushed and told', async () => {
    const second = world.declarations[1]!;
    const before = await proposalOf();
    const leaving = mainOf(before, second).find((e) => e.state === 'PUSHED')!;
    const [next] = alternatesOf(before, second);
    const declined = await world.call('/rest/expertPush/decline', { assignmentId: leaving.assignmentId, reason: 'NO_TIME', note: '出差' }, world.expertAuth.get(leaving.expertId)!);
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body.data).toMatchObject({ state: 'DECLINED', declineReason: 'NO_TIME', declineNote: '出差' });
    const after = await proposalOf();
    expect(mainOf(after, second).find((e) => e.expertId === next!.expertId)).toMatchObject({ role: 'MAIN', state: 'PUSHED' });
    expect(mainOf(after, second)).toHaveLength(2);
    expect((await world.messagesTo(next!.expertId)).at(-1)!.content).toContain('候补专家被递补');
    const [promotion] = await world.ctx.database.db.select().from(awardAssignmentChange).where(and(eq(awardAssignmentChange.action, 'PROMOTE'), eq(awardAssignmentChange.assignmentId, Number(next!.assignmentId))));
    expect(promotion).toBeDefined();
  });

  it('declares a conflict after accepting: removed, and the last alternate takes the place', async () => {
    const second = world.declarations[1]!;
    const before = await proposalOf();
    const accepted = mainOf(before, second).find((e) => e.state === 'ACCEPTED')!;
    const [next] = alternatesOf(before, second);
    const me = world.expertAuth.get(accepted.expertId)!;
    const noNote = await world.call('/rest/expertPush/declareConflict', { assignmentId: accepted.assignmentId, note: '' }, me);
    expect(noNote.status).toBe(400);
    const declared = await world.call('/rest/expertPush/declareConflict', { assignmentId: accepted.assignmentId, note: '与第一完成人为师生关系' }, me);
    expect(declared.status, JSON.stringify(declared.body)).toBe(200);
    expect(declared.body.data.state).toBe('REMOVED');
    const after = await proposalOf();
    expect(mainOf(after, second).map((e) => e.expertId)).toContain(next!.expertId);
    expect(alternatesOf(after, second)).toEqual([]);
  });

  it('overdue reviews become OVERDUE by the job; with no alternate left the declaration shows as under-assigned', async () => {
    const second = world.declarations[1]!;
    const [late] = mainOf(await proposalOf(), second);
    await world.ctx.database.db.update(awardAssignment).set({ deadline: day(-1) }).where(eq(awardAssignment.id, Number(late!.assignmentId)));
    expect(await runTask('AWARD_ASSIGNMENT_OVERDUE')).toBe('超期 1 项');
    expect((await stored(late!.assignmentId)).state).toBe('OVERDUE');
    const after = await proposalOf();
    expect(after.underAssigned).toEqual([expect.objectContaining({ declarationId: second, assigned: 1, wanted: 2 })]);
    const changes = await world.call('/rest/expertPush/getChanges', { groupId, pageParameter: { pageNum: 1, pageSize: 5 } }, office());
    expect(changes.body.data.list.map((c: { action: string }) => c.action).slice(0, 2)).toEqual(['UNDER_ASSIGNED', 'OVERDUE']);
  });

  it('is reminded two working days before the deadline', async () => {
    const first = world.declarations[0]!;
    const [due] = mainOf(await proposalOf(), first);
    await world.ctx.database.db.update(awardAssignment).set({ deadline: day(0) }).where(eq(awardAssignment.id, Number(due!.assignmentId)));
    expect(await runTask('AWARD_ASSIGNMENT_REMINDERS')).toMatch(/^发送提醒 [1-9]\d* 条$/);
    expect((await world.messagesTo(due!.expertId)).at(-1)!.title).toBe('评审任务即将截止');
  });

  it('passes over an alternate who is no longer active when promoting', async () => {
    const first = world.declarations[0]!;
    const before = await proposalOf();
    const leaving = mainOf(before, first).find((e) => e.state === 'PUSHED')!;
    const [suspended, next] = alternatesOf(before, first);
    await world.ctx.database.db.update(awardExpert).set({ status: 'SUSPENDED' }).where(eq(awardExpert.id, Number(suspended!.expertId)));
    const declined = await world.call('/rest/expertPush/decline', { assignmentId: leaving.assignmentId, reason: 'OUTSIDE_EXPERTISE', note: null }, world.expertAuth.get(leaving.expertId)!);
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    const after = await proposalOf();
    expect(mainOf(after, first).find((e) => e.expertId === next!.expertId)).toMatchObject({ state: 'PUSHED', role: 'MAIN' });
    expect(alternatesOf(after, first).map((a) => a.expertId)).toEqual([suspended!.expertId]);
  });
});
