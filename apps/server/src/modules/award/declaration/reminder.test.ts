import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { baseTask, baseTaskLog } from '../../base/scheduler/tables';
import { sysMsg } from '../../message/msg/tables';
import { sysUser } from '../../system/user/tables';
import { awardDeclaration } from './tables';
import { createWorld, day, declare, fullSections, idNumber, newApplicant, submitted, type DeclarationWorld } from './declarationTestKit';

let world: DeclarationWorld;

beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => {
  await world.ctx.app.close();
});

const messagesTo = async (username: string) => {
  const [user] = await world.ctx.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username));
  return world.ctx.database.db.select().from(sysMsg).where(eq(sysMsg.userId, user!.id)).orderBy(asc(sysMsg.id));
};

/** Runs the seeded reminder task as an administrator would (立即执行) and waits for its log. */
async function runReminders(): Promise<string> {
  const [task] = await world.ctx.database.db.select().from(baseTask).where(eq(baseTask.taskCode, 'AWARD_DECLARATION_REMINDERS'));
  const started = await world.call('/rest/task/runTask', { taskId: String(task!.id) });
  expect(started.body.msg).toBe('已开始执行');
  const runId = Number(started.body.data.runId);
  for (let i = 0; i < 100; i++) {
    const [log] = await world.ctx.database.db.select().from(baseTaskLog).where(eq(baseTaskLog.id, runId));
    if (log && log.status !== 'RUNNING') {
      expect(log.status, log.message ?? '').toBe('SUCCESS');
      return log.message ?? '';
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the reminder run did not finish');
}

describe('deadline reminders', () => {
  it('tell the applicant of a fix due within two working days and of a draft whose declaration window is about to close', async () => {
    // A fix due today (within the horizon) …
    const fixer = await newApplicant(world, 'declreminded');
    const { declarationId, lockVersion } = await submitted(world, fixer, [{ name: '提醒甲', id: idNumber(401) }], '待修改的项目');
    await world.call('/rest/declare/unitReview', { declarationId, lockVersion, decision: 'APPROVE' }, world.as.unitAdmin);
    await world.call('/rest/declare/nominate', { declarationId, lockVersion: lockVersion + 1, decision: 'APPROVE' }, world.as.nominator);
    await world.call('/rest/auditPrize/audit', { declarationId, lockVersion: lockVersion + 2, outcome: 'RETURN_FOR_FIX', opinion: '补充附件' }, world.as.office);
    await world.ctx.database.db.update(awardDeclaration).set({ fixDeadline: day(0) }).where(eq(awardDeclaration.id, Number(declarationId)));
    // … and a draft in an edition whose declaration ends today.
    const drafter = await newApplicant(world, 'decldrafter');
    const closing = await world.call('/rest/edition/add', {
      year: 2043, editionName: '2043年度科学技术奖', prizeIds: Object.values(world.prizeIds),
      stages: [{ stage: 'DECLARATION', startDate: day(-5), endDate: day(0) }],
      unitReview: false, nominatorReview: false, fixDeadlineWorkingDays: 5,
      eligibility: { onePersonOneDeclaration: true, excludeWinnersOfLastEditions: 2, excludeNotAwardedLastEdition: true },
    });
    await world.call('/rest/edition/publish', { editionId: closing.body.data.editionId, lockVersion: closing.body.data.lockVersion });
    await declare(world, drafter, fullSections(world, [{ name: '提醒乙', id: idNumber(402) }], '未提交的项目').slice(0, 1), 'ZRKX', closing.body.data.editionId);

    expect(await runReminders()).toMatch(/^发送提醒 \d+ 条$/);
    const toFixer = await messagesTo('declreminded');
    expect(toFixer.map((m) => m.title)).toContain('限期修改即将截止');
    expect(toFixer.find((m) => m.title === '限期修改即将截止')!.content).toContain(`须于 ${day(0)} 前（含当日）修改后重新提交`);
    const toDrafter = await messagesTo('decldrafter');
    expect(toDrafter.map((m) => m.title)).toEqual(['申报即将截止']);
    expect(toDrafter[0]!.content).toContain('「未提交的项目」');
    expect(toDrafter[0]!.link).toBe('/center?tab=declarations');
  });

  it('leave alone what is submitted or far from its deadline', async () => {
    const calm = await newApplicant(world, 'declcalm');
    // The world's edition declares for ten more days: no reminder for its draft.
    await declare(world, calm, fullSections(world, [{ name: '提醒丙', id: idNumber(403) }], '不急的项目').slice(0, 1));
    await runReminders();
    expect(await messagesTo('declcalm')).toEqual([]);
  });
});
