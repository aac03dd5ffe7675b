import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { post } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysSmsLog } from '../../message/sms/tables';
import { sha256Hex } from '../../../core/token';
import { sysMsg } from '../../message/msg/tables';
import { createExpertWorld, idNumber, PASSWORD, profile, type ExpertWorld } from './expertTestKit';
import { awardExpertInvitation } from './tables';

let world: ExpertWorld;
beforeAll(async () => {
  world = await createExpertWorld();
});
afterAll(async () => {
  await world?.ctx.app.close();
});

const SELF_URLS = ['/rest/expert/getMyProfile', '/rest/expert/saveMyProfile', '/rest/expert/submitMyProfile', '/rest/expert/acceptInvitation'];

describe('the expert’s own profile', () => {
  let mine: { expertId: string; lockVersion: number; status: string };

  it('refuses anonymous callers (401) and answers null before a profile exists', async () => {
    for (const url of SELF_URLS) expect((await post(world.ctx.app, url, {})).status, url).toBe(401);
    const res = await world.call('/rest/expert/getMyProfile', {}, world.as.applicant);
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
  });

  it('creates the caller’s record (已注册) with their ID number whole, and refuses bad fields with 400', async () => {
    const bad = await world.call('/rest/expert/saveMyProfile', profile(30, { keywords: ['长'.repeat(21)] }), world.as.applicant);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('每个关键词不能超过20个字符');
    const res = await world.call('/rest/expert/saveMyProfile', profile(30), world.as.applicant);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    mine = res.body.data;
    expect(res.body.data).toMatchObject({ status: 'REGISTERED', source: 'REGISTERED', userId: String(world.userIds.applicant), idNumber: idNumber(30) });
    expect(res.body.data.relations[0].personIdNumber).toBe(idNumber(530));
    expect((await world.history(mine.expertId)).map((h) => [h.action, h.toStatus, h.actorName])).toEqual([['CREATE', 'REGISTERED', '测试expapplicant']]);
  });

  it('changes it under the lock; a stale save is 409', async () => {
    const stale = await world.call('/rest/expert/saveMyProfile', { ...profile(30), lockVersion: 7 }, world.as.applicant);
    expect(stale.status).toBe(409);
    const noVersion = await world.call('/rest/expert/saveMyProfile', profile(30), world.as.applicant);
    expect(noVersion.status).toBe(400);
    const res = await world.call('/rest/expert/saveMyProfile', { ...profile(30, { title: '副教授' }), lockVersion: mine.lockVersion }, world.as.applicant);
    expect(res.body.data).toMatchObject({ title: '副教授', status: 'REGISTERED' });
    mine = res.body.data;
  });

  it('submits for audit (PENDING_AUDIT), then may not change it; another user never sees it', async () => {
    const res = await world.call('/rest/expert/submitMyProfile', { lockVersion: mine.lockVersion }, world.as.applicant);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ msg: '已提交审核', data: { status: 'PENDING_AUDIT' } });
    mine = res.body.data;
    const again = await world.call('/rest/expert/submitMyProfile', { lockVersion: mine.lockVersion }, world.as.applicant);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('专家「专家30」当前状态为「待审核」，不能提交审核');
    const edit = await world.call('/rest/expert/saveMyProfile', { ...profile(30), lockVersion: mine.lockVersion }, world.as.applicant);
    expect(edit.status).toBe(409);
    expect(edit.body.msg).toBe('专家资料审核中，不能修改');
    expect((await world.call('/rest/expert/getMyProfile', {}, world.as.applicant2)).body.data).toBeNull();
    const theirs = await world.call('/rest/expert/submitMyProfile', { lockVersion: 0 }, world.as.applicant2);
    expect(theirs.status).toBe(404);
    // The office's detail is not the applicant's to read.
    expect((await world.call('/rest/expert/getExpertDetail', { expertId: mine.expertId }, world.as.applicant)).status).toBe(403);
  });

  it('is audited by the office: a refusal needs a reason, goes back to the expert, who resubmits; approval puts them in the pool', async () => {
    const office = (body: Record<string, unknown>) => world.call('/rest/expert/auditExpert', { expertId: mine.expertId, lockVersion: mine.lockVersion, ...body });
    const noReason = await office({ approve: false, reason: '' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toBe('请填写不通过的理由');
    const rejected = await office({ approve: false, reason: '职称证明不清晰' });
    expect(rejected.body).toMatchObject({ msg: '已审核不通过', data: { status: 'REJECTED', statusReason: '职称证明不清晰' } });
    // The office sees the ID number masked; the expert whole.
    expect(rejected.body.data.idNumber).not.toBe(idNumber(30));
    const own = (await world.call('/rest/expert/getMyProfile', {}, world.as.applicant)).body.data;
    expect(own).toMatchObject({ status: 'REJECTED', statusReason: '职称证明不清晰', idNumber: idNumber(30) });

    // A rejected expert is no one to blacklist.
    const blacklist = await world.call('/rest/expert/blacklistExpert', { expertId: mine.expertId, lockVersion: own.lockVersion, reason: '违规', evidenceFileId: '1' });
    expect(blacklist.status).toBe(409);
    expect(blacklist.body.msg).toBe('专家「专家30」当前状态为「未通过」，不能列入黑名单');

    const saved = await world.call('/rest/expert/saveMyProfile', { ...profile(30), lockVersion: own.lockVersion }, world.as.applicant);
    const resubmitted = await world.call('/rest/expert/submitMyProfile', { lockVersion: saved.body.data.lockVersion }, world.as.applicant);
    mine = resubmitted.body.data;
    const approved = await office({ approve: true });
    expect(approved.body).toMatchObject({ msg: '审核通过，专家已入库', data: { status: 'ACTIVE', statusReason: null } });
    expect((await world.history(mine.expertId)).map((h) => h.action)).toEqual(['CREATE', 'SUBMIT', 'AUDIT_REJECT', 'SUBMIT', 'AUDIT_APPROVE']);
    expect((await world.operations(mine.expertId)).map((o) => o.action)).toEqual(['CREATE', 'UPDATE', 'SUBMIT', 'AUDIT_REJECT', 'UPDATE', 'SUBMIT', 'AUDIT_APPROVE']);
    // The approved expert's account now holds the 评审专家 role, and its open session sees the task list at once.
    const tasks = await world.call('/rest/expertPush/getMyTasks', { pageParameter: { pageNum: 1, pageSize: 10 } }, world.as.applicant);
    expect(tasks.status).toBe(200);
  });
});

describe('invitations', () => {
  let token: string;
  let expertId: string;

  it('refuses the office’s invitation with bad fields, and anonymous readers of a bad token', async () => {
    const bad = await world.call('/rest/expert/inviteExpert', { name: '', phone: '13700000002' });
    expect(bad.body.msg).toBe('请填写姓名');
    const unknown = await world.call('/rest/expert/getInvitation', { token: 'x'.repeat(43) }, {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('邀请不存在或已被删除');
    const malformed = await world.call('/rest/expert/getInvitation', { token: 'short' }, {});
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toBe('邀请链接不正确');
  });

  it('invites a person whose phone belongs to a user: an expert record, a hashed one-time token, an in-site message', async () => {
    const res = await world.call('/rest/expert/inviteExpert', { name: '钱教授', phone: '13700000002', unitName: '某某研究院' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ messaged: true, smsSent: false });
    expertId = res.body.data.expertId;
    token = new URL(res.body.data.link, 'http://x').searchParams.get('token')!;
    expect(res.body.data.link).toBe(`/expert/invitation?token=${token}`);
    expect(await world.stored(expertId)).toMatchObject({ status: 'REGISTERED', source: 'INVITED', userId: null, phone: '13700000002', unitName: '某某研究院' });
    const [stored] = await world.ctx.database.db.select().from(awardExpertInvitation).where(eq(awardExpertInvitation.expertId, Number(expertId)));
    expect(stored!.tokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const messages = await world.ctx.database.db.select().from(sysMsg).where(eq(sysMsg.userId, world.userIds.applicant2));
    expect(messages.map((m) => [m.title, m.link])).toEqual([['评审专家库入库邀请', res.body.data.link]]);
    expect((await world.history(expertId)).map((h) => h.action)).toEqual(['CREATE', 'INVITE']);
  });

  it('shows the invitation to anyone with the link, and links the signed-in user once', async () => {
    const shown = await world.call('/rest/expert/getInvitation', { token }, {});
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ expertName: '钱教授', unitName: '某某研究院', inviterName: '测试expoffice' });

    // Someone who already is an expert may not take it.
    const taken = await world.call('/rest/expert/acceptInvitation', { token }, world.as.applicant);
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('您的账号已关联专家档案，不能再接受邀请');

    const accepted = await world.call('/rest/expert/acceptInvitation', { token }, world.as.applicant2);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toMatchObject({ expertId, userId: String(world.userIds.applicant2), status: 'REGISTERED' });
    expect((await world.call('/rest/expert/getMyProfile', {}, world.as.applicant2)).body.data.expertId).toBe(expertId);
    expect((await world.history(expertId)).map((h) => h.action)).toEqual(['CREATE', 'INVITE', 'ACCEPT_INVITATION']);

    const used = await world.call('/rest/expert/getInvitation', { token }, {});
    expect(used.status).toBe(409);
    expect(used.body.msg).toBe('该邀请已被接受，不能重复使用');
    expect((await world.call('/rest/expert/acceptInvitation', { token }, world.as.outsider)).body.msg).toBe('该邀请已被接受，不能重复使用');
    // The invited expert now has an account: no second invitation for that phone.
    const twice = await world.call('/rest/expert/inviteExpert', { name: '钱教授', phone: '13700000002' });
    expect(twice.status).toBe(409);
  });

  it('refuses an expired link, and a newer link replaces an older one', async () => {
    const first = await world.call('/rest/expert/inviteExpert', { name: '孙研究员', phone: '13600000009' });
    expect(first.body.data).toMatchObject({ messaged: false, smsSent: false });
    const older = new URL(first.body.data.link, 'http://x').searchParams.get('token')!;
    const second = await world.call('/rest/expert/inviteExpert', { name: '孙研究员', phone: '13600000009' });
    expect(second.body.data.expertId).toBe(first.body.data.expertId);
    const newer = new URL(second.body.data.link, 'http://x').searchParams.get('token')!;
    expect((await world.call('/rest/expert/getInvitation', { token: older }, {})).body.msg).toBe('邀请已过期，请联系奖励办重新邀请');
    expect((await world.call('/rest/expert/getInvitation', { token: newer }, {})).status).toBe(200);

    await world.ctx.database.db.update(awardExpertInvitation).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(awardExpertInvitation.tokenHash, sha256Hex(newer)));
    const expired = await world.call('/rest/expert/acceptInvitation', { token: newer }, world.as.outsider);
    expect(expired.status).toBe(409);
    expect(expired.body.msg).toBe('邀请已过期，请联系奖励办重新邀请');
    expect((await world.stored(first.body.data.expertId)).userId).toBeNull();
  });

  it('also sends an SMS where the office configured the EXPERT_INVITE template', async () => {
    const admin = { authorization: await signIn(world.ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
    const template = await world.call(
      '/rest/templateService/addTemplate',
      { templateCode: 'EXPERT_INVITE', templateName: '专家入库邀请（短信）', channel: 'SMS', content: '${inviter}邀请${name}加入评审专家库，请于${expiresAt}前打开：${link}' },
      admin,
    );
    expect(template.body.code).toBe('0000');
    await createAccount(world.ctx.database, { username: 'expsmsuser', password: PASSWORD, phone: '13600000077' });
    const res = await world.call('/rest/expert/inviteExpert', { name: '周教授', phone: '13600000077' });
    expect(res.body.data).toMatchObject({ messaged: true, smsSent: true });
    const [sms] = await world.ctx.database.db.select().from(sysSmsLog).where(eq(sysSmsLog.phone, '13600000077'));
    expect(sms!.content).toContain(`测试expoffice邀请周教授加入评审专家库`);
    expect(sms!.content).toContain(res.body.data.link);
  });
});
