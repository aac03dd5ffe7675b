import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createWorld, declare, idNumber, submitted, type DeclarationWorld } from './declarationTestKit';
import { awardDeclaration } from './tables';

let world: DeclarationWorld;
const stored = async (id: string) => (await world.ctx.database.db.select().from(awardDeclaration).where(eq(awardDeclaration.id, Number(id))))[0]!;
const revoke = (declarationId: string, reason = '项目材料需要重新整理', who = world.as.applicant) => world.call('/rest/result/submitRevocation', { declarationId, reason }, who);
const decide = async (declarationId: string, approve: boolean, who: Record<string, string>, opinion?: string) =>
  world.call('/rest/result/decideRevocation', { declarationId, lockVersion: (await stored(declarationId)).lockVersion, approve, opinion }, who);
const people = [{ name: '张三', id: idNumber(1) }];

beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => {
  await world.ctx.app.close();
});

describe('withdrawal refuses', () => {
  it('a draft (delete it instead), someone else’s declaration, a missing reason', async () => {
    const { declarationId } = await declare(world, world.as.applicant, []);
    const draft = await revoke(declarationId);
    expect(draft.status).toBe(409);
    expect(draft.body.msg).toBe('草稿请直接删除');
    expect((await revoke(declarationId, '理由', world.as.applicant2)).status).toBe(404);
    const noReason = await world.call('/rest/result/submitRevocation', { declarationId, reason: ' ' }, world.as.applicant);
    expect(noReason.body.msg).toBe('请填写撤回理由');
    await world.call('/rest/declare/delete', { declarationId, lockVersion: 0 }, world.as.applicant);
  });
});

describe('withdrawal', () => {
  it('is immediate while nobody has acted since the submission; the prize may then be declared again', async () => {
    const { declarationId } = await submitted(world, world.as.applicant, people);
    const res = await revoke(declarationId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ msg: '已撤回', data: { immediate: true, declaration: { status: 'WITHDRAWN', actions: ['PRINT'] } } });
    const again = await revoke(declarationId);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('申报书已「已撤回」，不能撤回');
    const history = await world.call('/rest/declare/getHistory', { declarationId }, world.as.applicant);
    expect(history.body.data.at(-1)).toMatchObject({ action: 'WITHDRAW', toStatus: 'WITHDRAWN', opinion: '项目材料需要重新整理' });
  });

  it('is immediate in a returned state', async () => {
    const { declarationId, lockVersion } = await submitted(world, world.as.applicant, people);
    await world.call('/rest/declare/unitReview', { declarationId, lockVersion, decision: 'RETURN', opinion: '请修改' }, world.as.unitAdmin);
    expect((await revoke(declarationId)).body.data).toMatchObject({ immediate: true, declaration: { status: 'WITHDRAWN' } });
  });

  it('after a level has acted it is a request the holding level refuses (with a reason) or approves', async () => {
    const { declarationId, lockVersion } = await submitted(world, world.as.applicant, people);
    await world.call('/rest/declare/unitReview', { declarationId, lockVersion, decision: 'APPROVE' }, world.as.unitAdmin);
    const res = await revoke(declarationId);
    expect(res.body).toMatchObject({
      msg: '撤回申请已提交，等待审核',
      data: { immediate: false, declaration: { status: 'UNIT_APPROVED', currentStep: '撤回申请待处理', revocationPending: true, revocation: { status: 'PENDING', reason: '项目材料需要重新整理', opinion: null } } },
    });
    expect(res.body.data.declaration.actions).not.toContain('REVOKE');
    const twice = await revoke(declarationId);
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('撤回申请正在处理中，请勿重复提交');

    // The nominator holds it now: the unit admin may read it but not decide; the office neither.
    const queue = await world.call('/rest/declare/getNominationPage', { pageParameter: { pageNum: 1, pageSize: 10 } }, world.as.nominator);
    expect(queue.body.data.list[0]).toMatchObject({ declarationId, revocationPending: true, actions: ['NOMINATE', 'DECIDE_REVOCATION'] });
    const unit = await decide(declarationId, true, world.as.unitAdmin);
    expect(unit.status).toBe(403);
    expect(unit.body.msg).toBe('撤回申请由申报书当前所在的审核环节办理');
    expect((await decide(declarationId, true, world.as.otherUnitAdmin)).status).toBe(404);
    expect((await decide(declarationId, true, world.as.applicant)).status).toBe(403);
    const noReason = await decide(declarationId, false, world.as.nominator);
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toBe('请填写不同意撤回的理由');

    const refused = await decide(declarationId, false, world.as.nominator, '已进入提名程序');
    expect(refused.body).toMatchObject({ msg: '已不同意撤回', data: { status: 'UNIT_APPROVED', revocationPending: false, revocation: { status: 'REFUSED', opinion: '已进入提名程序' }, lastNote: { action: 'REFUSE_REVOCATION' } } });
    const mine = await world.call('/rest/declare/detail', { declarationId }, world.as.applicant);
    expect(mine.body.data.actions).toContain('REVOKE');
    expect((await decide(declarationId, true, world.as.nominator)).body.msg).toBe('该申报书没有待处理的撤回申请');

    await revoke(declarationId, '确需撤回');
    const approved = await decide(declarationId, true, world.as.nominator, '同意');
    expect(approved.body).toMatchObject({ msg: '已同意撤回', data: { status: 'WITHDRAWN', revocation: null } });
    const history = await world.call('/rest/declare/getHistory', { declarationId }, world.as.applicant);
    expect(history.body.data.map((s: { action: string }) => s.action).slice(-4)).toEqual(['REQUEST_REVOCATION', 'REFUSE_REVOCATION', 'REQUEST_REVOCATION', 'APPROVE_REVOCATION']);
  });

  it('the office decides while it holds the declaration (formal review)', async () => {
    const { declarationId, lockVersion } = await submitted(world, world.as.applicant, people);
    await world.call('/rest/declare/unitReview', { declarationId, lockVersion, decision: 'APPROVE' }, world.as.unitAdmin);
    await world.call('/rest/declare/nominate', { declarationId, lockVersion: lockVersion + 1, decision: 'APPROVE' }, world.as.nominator);
    expect((await revoke(declarationId)).body.data.immediate).toBe(false);
    expect((await decide(declarationId, true, world.as.nominator)).status).toBe(403);
    expect((await decide(declarationId, true, world.as.office)).body.data.status).toBe('WITHDRAWN');
  });
});
