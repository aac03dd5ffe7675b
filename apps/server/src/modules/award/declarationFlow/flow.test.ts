import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { baseProcessHistory, baseProcessInstance } from '../../base/progress/tables';
import { sysMsg } from '../../message/msg/tables';
import { sysSmsLog } from '../../message/sms/tables';
import { sysUser } from '../../system/user/tables';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createWorld, idNumber, PASSWORD, submitted, type DeclarationWorld } from '../declaration/declarationTestKit';

let world: DeclarationWorld;

beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => {
  await world.ctx.app.close();
});

const instanceOf = async (declarationId: string) =>
  (await world.ctx.database.db.select().from(baseProcessInstance).where(eq(baseProcessInstance.businessKey, `DECLARATION:${declarationId}`)))[0];
const stepsOf = async (instanceId: number) =>
  (await world.ctx.database.db.select().from(baseProcessHistory).where(eq(baseProcessHistory.instanceId, instanceId)).orderBy(asc(baseProcessHistory.id))).map((h) => [h.action, h.toStage, h.actorName]);
const messagesTo = async (username: string) => {
  const [user] = await world.ctx.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username));
  return world.ctx.database.db.select().from(sysMsg).where(eq(sysMsg.userId, user!.id)).orderBy(asc(sysMsg.id));
};

describe('what follows a declaration’s moves', () => {
  it('starts its process instance at the first submission and moves it with every review step, under the reviewer’s name', async () => {
    const { declarationId, lockVersion } = await submitted(world, world.as.applicant, [{ name: '周一', id: idNumber(301) }], '流程跟随的申报');
    const instance = await instanceOf(declarationId);
    expect(instance).toMatchObject({ processCode: 'AWARD_DECLARATION', currentStage: 'UNIT_REVIEW', status: 'RUNNING', title: '流程跟随的申报' });
    // A stage with a time limit has a deadline counted in working days.
    expect(instance!.dueAt).not.toBeNull();

    const returned = await world.call('/rest/declare/unitReview', { declarationId, lockVersion, decision: 'RETURN', opinion: '请补充第一完成人的贡献' }, world.as.unitAdmin);
    expect(returned.status).toBe(200);
    expect(await stepsOf(instance!.id)).toEqual([
      ['START', 'FILLING', 'declapplicant'],
      ['SUBMIT_TO_UNIT', 'UNIT_REVIEW', 'declapplicant'],
      ['UNIT_RETURN', 'FILLING', 'declunitadmin'],
    ]);

    const again = await world.call('/rest/declare/submit', { declarationId, lockVersion: returned.body.data.lockVersion }, world.as.applicant);
    expect(again.status).toBe(200);
    const approved = await world.call('/rest/declare/unitReview', { declarationId, lockVersion: again.body.data.lockVersion, decision: 'APPROVE', opinion: null }, world.as.unitAdmin);
    expect(approved.status).toBe(200);
    expect((await instanceOf(declarationId))!.currentStage).toBe('NOMINATION');
  });

  it('tells the applicant of every move made by someone else, with the opinion, and links to 我的申报', async () => {
    const messages = await messagesTo('declapplicant');
    const titles = messages.map((m) => m.title);
    expect(titles).toEqual(expect.arrayContaining(['申报书已提交', '申报书被单位退回修改', '申报书已重新提交', '单位审核已通过']));
    const returned = messages.find((m) => m.title === '申报书被单位退回修改')!;
    expect(returned.content).toContain('请补充第一完成人的贡献');
    expect(returned.link).toBe('/center?tab=declarations');
  });

  it('also sends an SMS where the office configured a template for the move, after the move has committed', async () => {
    const template = await world.call('/rest/templateService/addTemplate', {
      templateCode: 'AWARD_UNIT_RETURN',
      templateName: '申报书被单位退回（短信）',
      channel: 'SMS',
      content: '您的申报书《${title}》（${registrationNo}）被单位退回：${opinion}',
    });
    expect(template.body.code).toBe('0000');
    await createAccount(world.ctx.database, { username: 'declsmsapplicant', password: PASSWORD, roleCodes: ['APPLICANT'], phone: '13800138077' });
    const applicant = { authorization: await signIn(world.ctx.app, 'declsmsapplicant', PASSWORD) };
    const { declarationId, lockVersion, registrationNo } = await submitted(world, applicant, [{ name: '郑三', id: idNumber(303) }], '短信提醒的申报');
    // A stale return rolls back: no SMS for a move that did not happen.
    expect((await world.call('/rest/declare/unitReview', { declarationId, lockVersion: lockVersion - 1, decision: 'RETURN', opinion: '旧版本' }, world.as.unitAdmin)).status).toBe(409);
    const returned = await world.call('/rest/declare/unitReview', { declarationId, lockVersion, decision: 'RETURN', opinion: '请补充查新报告' }, world.as.unitAdmin);
    expect(returned.status).toBe(200);
    const smsTo = () => world.ctx.database.db.select().from(sysSmsLog).where(eq(sysSmsLog.phone, '13800138077'));
    await expect.poll(async () => (await smsTo()).map((s) => s.content), { timeout: 10_000 }).toContain(`您的申报书《短信提醒的申报》（${registrationNo}）被单位退回：请补充查新报告`);
    expect((await smsTo()).some((s) => s.content.includes('旧版本'))).toBe(false);
  });

  it('ends the instance when the declaration is withdrawn', async () => {
    const { declarationId } = await submitted(world, world.as.applicant2, [{ name: '吴二', id: idNumber(302) }], '撤回的申报');
    const revoked = await world.call('/rest/result/submitRevocation', { declarationId, reason: '材料需重新整理' }, world.as.applicant2);
    expect(revoked.body.data).toMatchObject({ immediate: true, declaration: { status: 'WITHDRAWN' } });
    const instance = await instanceOf(declarationId);
    expect(instance!.status).toBe('TERMINATED');
  });
});
