import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysOperLog } from '../../../core/audit';
import { sysMsg } from '../../message/msg/tables';
import { awardDeclaration, awardDeclarationStep } from '../declaration/tables';
import { awardPrize } from '../prize/tables';
import { committeeMember, createCommitteeWorld, workbookOf, type CommitteeWorld } from './committeeTestKit';
import { awardCommitteeItem, awardCommitteeResult, awardCommitteeSitting, awardCommitteeVote } from './tables';

let world: CommitteeWorld;
let sittingId: string;
const ids = () => world.members.map((m) => String(m.id));
const office = (path: string, body: unknown) => world.call(`/rest/committee/${path}`, body, world.office);
const vote = (m: number, declarationId: number, ballot: Record<string, unknown>) =>
  world.call('/rest/committeeVote/vote', { sittingId, declarationId: String(declarationId), ...ballot }, world.members[m]!.headers);
const statuses = async () =>
  (await world.ctx.database.db.select({ id: awardDeclaration.id, status: awardDeclaration.status, awardGrade: awardDeclaration.awardGrade }).from(awardDeclaration).where(inArray(awardDeclaration.id, world.d)).orderBy(asc(awardDeclaration.id))).map((r) => [r.status, r.awardGrade]);

beforeAll(async () => {
  world = await createCommitteeWorld();
});
afterAll(async () => {
  await world?.ctx.app.close();
});

describe('setting up a sitting', () => {
  const body = () => ({ editionId: String(world.editionId), prizeId: String(world.prizeId), title: '2042年度自然科学奖评审委员会', memberIds: ids() });

  it('is the office’s: 401 signed out, 403 for a member, 400 with the message, 404 for an unknown edition', async () => {
    expect((await world.call('/rest/committee/addSitting', body(), {})).status).toBe(401);
    expect((await world.call('/rest/committee/addSitting', body(), world.members[0]!.headers)).status).toBe(403);
    expect((await world.call('/rest/committee/getSittingPage', {}, world.members[0]!.headers)).status).toBe(403);
    const blank = await office('addSitting', { ...body(), title: ' ', memberIds: [] });
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toContain('请输入会议名称');
    const notMember = await office('addSitting', { ...body(), memberIds: [...ids(), String(world.applicant.id)] });
    expect(notMember.status).toBe(400);
    expect(notMember.body.msg).toBe('所选用户不是评审委员会委员，请重新选择');
    const ratio = await office('addSitting', { ...body(), quorumRatio: '3/5' });
    expect(ratio.status).toBe(400);
    expect(ratio.body.msg).toContain('请选择法定人数比例');
    const [other] = await world.ctx.database.db.select().from(awardPrize).where(eq(awardPrize.prizeCode, 'JSFM'));
    const notOpened = await office('addSitting', { ...body(), prizeId: String(other!.id) });
    expect(notOpened.status).toBe(400);
    expect(notOpened.body.msg).toBe('该届次未设此奖种');
    const edition = await office('addSitting', { ...body(), editionId: '999999' });
    expect(edition.status).toBe(404);
    expect(edition.body.msg).toBe('届次不存在或已被删除');
    expect(await world.ctx.database.db.select().from(awardCommitteeSitting)).toEqual([]);
  });

  it('offers the holders of the committee role as members', async () => {
    const res = await office('getMemberCandidates', {});
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { userId: string }) => c.userId).sort()).toEqual([...ids(), String(world.outsider.id)].sort());
    expect((await office('getMemberCandidates', { keyword: '没有这个人' })).body.data).toEqual([]);
  });

  it('brings the REVIEWED declarations before it with their scores and the experts’ most suggested grade', async () => {
    const res = await office('addSitting', body());
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('会议已创建，3 份申报书上会');
    const sitting = res.body.data;
    sittingId = sitting.id;
    expect(sitting).toMatchObject({ status: 'DRAFT', quorumRatio: '2/3', passRatio: '2/3', memberCount: 3, itemCount: 3, editionName: '2042年度科学技术奖', prizeGrades: ['FIRST', 'SECOND', 'THIRD'] });
    expect(sitting.items.map((i: Record<string, unknown>) => [i.title, i.groupScore, i.reviewCount, i.suggestedGrade, i.proposedGrade, i.declarationStatus])).toEqual([
      ['项目一', 88, 3, 'FIRST', 'FIRST', 'IN_COMMITTEE'],
      ['项目二', 75, 3, 'SECOND', 'SECOND', 'IN_COMMITTEE'],
      ['项目三', 65, 3, 'SECOND', 'SECOND', 'IN_COMMITTEE'],
    ]);
    expect(await statuses()).toEqual([['IN_COMMITTEE', null], ['IN_COMMITTEE', null], ['IN_COMMITTEE', null], ['IN_REVIEW', null]]);
    const steps = await world.ctx.database.db.select().from(awardDeclarationStep).where(and(eq(awardDeclarationStep.declarationId, world.d[0]!), eq(awardDeclarationStep.action, 'COMMITTEE_START')));
    expect(steps).toHaveLength(1);
    const [log] = await world.ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'award:committee'), eq(sysOperLog.action, 'CREATE')));
    expect(log!.summary).toContain('上会申报书 3 份');
  });

  it('lists sittings by edition, prize and status', async () => {
    const res = await office('getSittingPage', { editionId: String(world.editionId), status: 'DRAFT' });
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.list[0]).toMatchObject({ id: sittingId, itemCount: 3, memberCount: 3, prizeName: '自然科学奖' });
    expect((await office('getSittingPage', { status: 'CLOSED' })).body.data.total).toBe(0);
  });

  it('lets the office change a proposed grade while in preparation, only to a grade of the prize', async () => {
    const special = await office('setProposedGrade', { sittingId, declarationId: String(world.d[2]), grade: 'SPECIAL' });
    expect(special.status).toBe(400);
    expect(special.body.msg).toBe('该奖种没有「特等奖」');
    const outside = await office('setProposedGrade', { sittingId, declarationId: String(world.d[3]), grade: 'THIRD' });
    expect(outside.status).toBe(404);
    expect(outside.body.msg).toBe('上会申报书不存在或已被删除');
    expect((await office('setProposedGrade', { sittingId, declarationId: String(world.d[2]), grade: 'THIRD' })).status).toBe(200);
    const [item] = await world.ctx.database.db.select().from(awardCommitteeItem).where(eq(awardCommitteeItem.declarationId, world.d[2]!));
    expect(item!.proposedGrade).toBe('THIRD');
  });

  it('is hidden from members while in preparation: no list entry, 404 to read or vote', async () => {
    expect((await world.call('/rest/committeeVote/getMySittings', {}, world.members[0]!.headers)).body.data.total).toBe(0);
    const read = await world.call('/rest/committeeVote/getMySitting', { sittingId }, world.members[0]!.headers);
    expect(read.status).toBe(404);
    expect((await vote(0, world.d[0]!, { choice: 'AGREE' })).status).toBe(404);
  });

  it('refuses to delete a sitting declarations came before (409)', async () => {
    const detail = await office('getSitting', { sittingId });
    const res = await office('deleteSitting', { sittingId, lockVersion: detail.body.data.lockVersion });
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('已有申报书上会，不能删除');
  });
});

describe('voting', () => {
  it('opens once (403 for a member, 409 the second time), tells the members and then freezes them', async () => {
    expect((await world.call('/rest/committee/openVoting', { sittingId }, world.members[0]!.headers)).status).toBe(403);
    expect((await office('openVoting', { sittingId })).status).toBe(200);
    const told = await world.ctx.database.db.select().from(sysMsg).where(eq(sysMsg.title, '评审委员会开始投票'));
    expect(told.map((m) => m.userId).sort()).toEqual(world.members.map((m) => m.id).sort());
    expect(told[0]).toMatchObject({ category: 'REVIEW', link: '/award/committeeVote/mySittings' });
    expect(told[0]!.content).toContain('对 3 份上会申报书逐一投票');
    const again = await office('openVoting', { sittingId });
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('当前状态为「投票中」，不能开始投票');
    const detail = (await office('getSitting', { sittingId })).body.data;
    const update = await office('updateSitting', { sittingId, lockVersion: detail.lockVersion, title: '改名', memberIds: ids() });
    expect(update.status).toBe(409);
    expect(update.body.msg).toContain('不能修改');
  });

  it('refuses a vote from outside: 401, 403 without the role’s permission, 404 for a non-member', async () => {
    const ballot = { sittingId, declarationId: String(world.d[0]), choice: 'AGREE' };
    expect((await world.call('/rest/committeeVote/vote', ballot, {})).status).toBe(401);
    expect((await world.call('/rest/committeeVote/vote', ballot, world.applicant.headers)).status).toBe(403);
    const outsider = await world.call('/rest/committeeVote/vote', ballot, world.outsider.headers);
    expect(outsider.status).toBe(404);
    expect(outsider.body.msg).toBe('评审委员会会议不存在或已被删除');
  });

  it('refuses a bad ballot: another grade without a grade, a grade the prize lacks, a declaration not before the sitting', async () => {
    const noGrade = await vote(0, world.d[0]!, { choice: 'OTHER_GRADE' });
    expect(noGrade.status).toBe(400);
    expect(noGrade.body.msg).toContain('请选择建议的等级');
    const special = await vote(0, world.d[0]!, { choice: 'OTHER_GRADE', grade: 'SPECIAL' });
    expect(special.status).toBe(400);
    expect(special.body.msg).toBe('该奖种没有「特等奖」');
    expect((await vote(0, world.d[3]!, { choice: 'AGREE' })).status).toBe(404);
    expect(await world.ctx.database.db.select().from(awardCommitteeVote)).toEqual([]);
  });

  it('shows a member the sitting with the scores, proposed grades and only their own votes; they may change a vote', async () => {
    // D1 FIRST: agree, agree, SECOND → FIRST stands (2 of 3). D2 SECOND: agree, not, THIRD → drops to THIRD (2 of 3).
    // D3 THIRD: only M1 (not) so far: no quorum (2 of 3 needed).
    expect((await vote(0, world.d[0]!, { choice: 'AGREE' })).status).toBe(200);
    expect((await vote(1, world.d[0]!, { choice: 'NOT_AWARD', comment: '创新性不足' })).status).toBe(200);
    const changed = await vote(1, world.d[0]!, { choice: 'AGREE' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ choice: 'AGREE', grade: null, comment: null });
    expect((await vote(2, world.d[0]!, { choice: 'OTHER_GRADE', grade: 'SECOND', comment: '应用面较窄' })).status).toBe(200);
    await vote(0, world.d[1]!, { choice: 'AGREE' });
    await vote(1, world.d[1]!, { choice: 'NOT_AWARD' });
    await vote(2, world.d[1]!, { choice: 'OTHER_GRADE', grade: 'THIRD' });
    await vote(0, world.d[2]!, { choice: 'NOT_AWARD' });

    const rows = await world.ctx.database.db.select().from(awardCommitteeVote);
    expect(rows).toHaveLength(7);
    const mine = await world.call('/rest/committeeVote/getMySitting', { sittingId }, world.members[2]!.headers);
    expect(mine.status).toBe(200);
    expect(mine.body.data.items.map((i: Record<string, unknown>) => [i.title, i.groupScore, i.proposedGrade, (i.myVote as { choice: string } | null)?.choice ?? null])).toEqual([
      ['项目一', 88, 'FIRST', 'OTHER_GRADE'],
      ['项目二', 75, 'SECOND', 'OTHER_GRADE'],
      ['项目三', 65, 'THIRD', null],
    ]);
    const list = await world.call('/rest/committeeVote/getMySittings', {}, world.members[2]!.headers);
    expect(list.body.data.list[0]).toMatchObject({ id: sittingId, status: 'VOTING', itemCount: 3, myVotes: 2 });
    expect((await world.call('/rest/committeeVote/getMySittings', {}, world.outsider.headers)).body.data.total).toBe(0);
    const logs = await world.ctx.database.db.select().from(sysOperLog).where(eq(sysOperLog.module, 'award:committeeVote'));
    expect(logs).toHaveLength(8);
  });

  it('shows the office who has voted and the live count', async () => {
    const detail = (await office('getSitting', { sittingId })).body.data;
    expect(detail.members.map((m: { voted: number }) => m.voted)).toEqual([3, 2, 2]);
    expect(detail.items.map((i: { votes: number }) => i.votes)).toEqual([3, 3, 1]);
    const live = (await office('getResults', { sittingId })).body.data;
    expect(live.recorded).toBe(false);
    expect(live.rows.map((r: Record<string, unknown>) => [r.quorum, r.resultGrade])).toEqual([[true, 'FIRST'], [true, 'THIRD'], [false, null]]);
  });

  it('refuses to close while a declaration lacks quorum (409 naming it and the count)', async () => {
    expect((await world.call('/rest/committee/closeVoting', { sittingId }, world.members[0]!.headers)).status).toBe(403);
    const res = await office('closeVoting', { sittingId });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('申报书「项目三」的投票未达到法定人数（已投 1 人，需 2 人），不能结束投票');
    expect(await world.ctx.database.db.select().from(awardCommitteeResult)).toEqual([]);
    expect(await statuses()).toEqual([['IN_COMMITTEE', null], ['IN_COMMITTEE', null], ['IN_COMMITTEE', null], ['IN_REVIEW', null]]);
  });

  it('closes with quorum: records the results and moves each declaration (proposed with the committee’s grade or not awarded)', async () => {
    // D3 THIRD: not, agree → 1 of 2 present is below two thirds: below the lowest grade, not proposed.
    await vote(2, world.d[2]!, { choice: 'AGREE' });
    const res = await office('closeVoting', { sittingId });
    expect(res.status).toBe(200);
    expect(res.body.data.recorded).toBe(true);
    expect(res.body.data.rows.map((r: Record<string, unknown>) => [r.title, r.present, r.agree, r.notAward, r.resultGrade])).toEqual([
      ['项目一', 3, 2, 0, 'FIRST'],
      ['项目二', 3, 1, 1, 'THIRD'],
      ['项目三', 2, 1, 1, null],
    ]);
    expect(res.body.data.rows[1].tests).toEqual([{ grade: 'SECOND', support: 1, passed: false }, { grade: 'THIRD', support: 2, passed: true }]);
    const stored = await world.ctx.database.db.select().from(awardCommitteeResult).orderBy(asc(awardCommitteeResult.declarationId));
    expect(stored.map((r) => [r.members, r.present, r.needed, r.proposedGrade, r.resultGrade])).toEqual([
      [3, 3, 2, 'FIRST', 'FIRST'],
      [3, 3, 2, 'SECOND', 'THIRD'],
      [3, 2, 2, 'THIRD', null],
    ]);
    expect(stored[0]!.otherGrades).toEqual([{ grade: 'SECOND', count: 1 }]);
    expect(await statuses()).toEqual([['PROPOSED', 'FIRST'], ['PROPOSED', 'THIRD'], ['NOT_AWARDED', null], ['IN_REVIEW', null]]);
    const [sitting] = await world.ctx.database.db.select().from(awardCommitteeSitting).where(eq(awardCommitteeSitting.id, Number(sittingId)));
    expect(sitting!.status).toBe('CLOSED');
    expect(sitting!.closedAt).not.toBeNull();
    const [log] = await world.ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'award:committee'), eq(sysOperLog.action, 'CLOSE')));
    expect(log!.summary).toContain('拟授奖 2 项，不予授奖 1 项');
  });

  it('freezes the votes once closed (409) and answers the recorded results', async () => {
    const late = await vote(1, world.d[2]!, { choice: 'AGREE' });
    expect(late.status).toBe(409);
    expect(late.body.msg).toContain('投票已结束');
    expect((await office('closeVoting', { sittingId })).status).toBe(409);
    expect(await world.ctx.database.db.select().from(awardCommitteeVote)).toHaveLength(8);
    const results = (await office('getResults', { sittingId })).body.data;
    expect(results.rows.map((r: { resultGrade: string | null }) => r.resultGrade)).toEqual(['FIRST', 'THIRD', null]);
  });

  it('exports the vote sheet (member × declaration) and the result sheet', async () => {
    expect((await world.call('/rest/committee/exportVotes', { sittingId }, world.members[0]!.headers)).status).toBe(403);
    const votes = await workbookOf(world, '/rest/committee/exportVotes', { sittingId }, world.office);
    expect(votes.headers['content-disposition']).toContain('committee_votes');
    expect(votes.book.worksheets.map((s) => s.name)).toEqual(['投票表', '投票记录']);
    const sheet = votes.book.getWorksheet('投票表')!;
    expect(sheet.getRow(2).values).toEqual([undefined, expect.any(String), '项目一', 88, '一等奖', '同意', '同意', '建议二等奖（应用面较窄）', '3/3']);
    expect([sheet.getRow(4).getCell(5).value, sheet.getRow(4).getCell(6).value]).toEqual(['不予授奖', '未投票']);
    const results = await workbookOf(world, '/rest/committee/exportResults', { sittingId }, world.office);
    const rows = results.book.getWorksheet('表决结果')!;
    expect(rows.getRow(3).getCell(11).value).toBe('二等奖 1/3 未过；三等奖 2/3 通过');
    expect(rows.getRow(3).getCell(12).value).toBe('拟授三等奖');
    expect(rows.getRow(4).getCell(12).value).toBe('不予授奖');
  });
});

describe('defaults and the next sitting', () => {
  it('keeps the ratios new sittings start from (the office’s setting)', async () => {
    expect((await world.call('/rest/committee/getDefaults', {}, world.members[0]!.headers)).status).toBe(403);
    expect((await office('getDefaults', {})).body.data).toEqual({ quorumRatio: '2/3', passRatio: '2/3', lockVersion: 0 });
    const bad = await office('saveDefaults', { quorumRatio: '1/2', passRatio: '2/3', lockVersion: 5 });
    expect(bad.status).toBe(409);
    const saved = await office('saveDefaults', { quorumRatio: '1/2', passRatio: '3/4', lockVersion: 0 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ quorumRatio: '1/2', passRatio: '3/4', lockVersion: 1 });
  });

  it('a second sitting starts empty with the defaults, takes declarations reviewed later, and may be deleted only while empty', async () => {
    const created = await office('addSitting', { editionId: String(world.editionId), prizeId: String(world.prizeId), title: '补充会议', memberIds: [String(world.outsider.id)] });
    expect(created.status).toBe(200);
    const second = created.body.data;
    expect(second).toMatchObject({ quorumRatio: '1/2', passRatio: '3/4', itemCount: 0 });
    const open = await office('openVoting', { sittingId: second.id });
    expect(open.status).toBe(409);
    expect(open.body.msg).toBe('没有上会的申报书，不能开始投票');
    expect((await office('deleteSitting', { sittingId: second.id, lockVersion: second.lockVersion })).status).toBe(200);
    const [gone] = await world.ctx.database.db.select().from(awardCommitteeSitting).where(eq(awardCommitteeSitting.id, Number(second.id)));
    expect(gone!.delFlag).toBe(1);

    const third = (await office('addSitting', { editionId: String(world.editionId), prizeId: String(world.prizeId), title: '第三次会议', memberIds: [String(world.outsider.id)] })).body.data;
    expect((await office('addDeclarations', { sittingId: third.id })).body.data).toEqual({ added: 0 });
    await world.ctx.database.db.update(awardDeclaration).set({ status: 'REVIEWED' }).where(eq(awardDeclaration.id, world.d[3]!));
    const added = await office('addDeclarations', { sittingId: third.id });
    expect(added.body).toMatchObject({ msg: '已补充 1 份申报书上会', data: { added: 1 } });
    // Nobody reviewed D4: no score, no suggestion, the grade left to the office before voting opens.
    const detail = (await office('getSitting', { sittingId: third.id })).body.data;
    expect(detail.items[0]).toMatchObject({ title: '项目四', groupScore: null, reviewCount: 0, proposedGrade: null });
    const open3 = await office('openVoting', { sittingId: third.id });
    expect(open3.status).toBe(409);
    expect(open3.body.msg).toBe('申报书「项目四」尚未设置拟授奖等级');

    // Editing in preparation: a stale form is refused, a fresh one changes title, members and ratios.
    const stale = await office('updateSitting', { sittingId: third.id, lockVersion: detail.lockVersion + 1, title: '第三次会议（改）', memberIds: ids() });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const edited = await office('updateSitting', { sittingId: third.id, lockVersion: detail.lockVersion, title: '第三次会议（改）', memberIds: ids(), passRatio: '1/2' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ title: '第三次会议（改）', memberCount: 3, quorumRatio: '1/2', passRatio: '1/2' });
    const [log] = await world.ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'award:committee'), eq(sysOperLog.action, 'UPDATE'), eq(sysOperLog.entityId, String(third.id))));
    expect(log).toBeTruthy();
  });

  it('a member who lost the role cannot be picked again', async () => {
    const former = await committeeMember(world, []);
    const res = await office('addSitting', { editionId: String(world.editionId), prizeId: String(world.prizeId), title: '再一次', memberIds: [String(former.id)] });
    expect(res.status).toBe(400);
  });
});
