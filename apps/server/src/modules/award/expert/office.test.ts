import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';
import { awardExpert } from './tables';
import { eq } from 'drizzle-orm';
import { liftExpiredStandings } from './expiryJob';
import { added, createExpertWorld, day, idNumber, profile, upload, type ExpertWorld } from './expertTestKit';

let world: ExpertWorld;
beforeAll(async () => {
  world = await createExpertWorld();
});
afterAll(async () => {
  await world?.ctx.app.close();
});

const OFFICE_URLS = [
  '/rest/expert/getExpertPage',
  '/rest/expert/getExpertDetail',
  '/rest/expert/addExpert',
  '/rest/expert/updateExpert',
  '/rest/expert/auditExpert',
  '/rest/expert/suspendExpert',
  '/rest/expert/resumeExpert',
  '/rest/expert/blacklistExpert',
  '/rest/expert/unblacklistExpert',
  '/rest/expert/requestDeletion',
  '/rest/expert/reviewDeletion',
  '/rest/expert/getExpertHistory',
  '/rest/expert/exportExperts',
  '/rest/expert/importTemplate',
  '/rest/expert/importExperts',
  '/rest/expert/inviteExpert',
];

describe('the office’s expert calls refuse', () => {
  it('anonymous callers (401) and signed-in users without the office’s codes (403)', async () => {
    await expectRefusedToOutsiders(world.ctx.app, OFFICE_URLS, world.as.applicant);
    await expectRefusedToOutsiders(world.ctx.app, ['/rest/expert/getExpertPage', '/rest/expert/auditExpert'], world.as.outsider);
  });

  it('invalid profiles with 400 and the exact message, storing nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, '请填写姓名'],
      [{ name: '名'.repeat(65) }, '姓名不能超过64个字符'],
      [{ phone: '' }, '请填写手机号码'],
      [{ phone: '12345' }, '您的手机号码格式不正确!'],
      [{ idNumber: '110105197001011234' }, '您的身份证号/护照格式不正确!'],
      [{ email: 'not-mail' }, '请输入正确格式的邮箱!'],
      [{ unitCreditCode: '91110000000000000X' }, '请输入正确的统一社会信用代码!'],
      [{ gender: 'X' }, '性别不正确'],
      [{ birthYear: 1800 }, '出生年份不能早于1920年'],
      [{ disciplineCodes: ['1', '2', '3', '4'] }, '学科最多选择3个'],
      [{ disciplineCodes: ['520', '520'] }, '学科不能重复'],
      [{ keywords: Array.from({ length: 11 }, (_, i) => `词${i}`) }, '关键词最多10个'],
      [{ keywords: ['长'.repeat(21)] }, '每个关键词不能超过20个字符'],
      [{ region: 'abc' }, '所在地区格式不正确'],
      [{ relations: [{ kind: 'FRIEND', personName: '甲' }] }, '请选择关系类型'],
      [{ relations: [{ kind: 'KIN' }] }, '请填写关系人或关系单位'],
      [{ relations: [{ kind: 'KIN', personName: '甲', from: '2020-01-01', until: '2019-01-01' }] }, '关系结束日期不能早于开始日期'],
      [{ formerUnits: [{ unitName: '' }] }, '请填写曾任职单位名称'],
      [{ formerUnits: [{ unitName: '甲', from: '2020-13-01' }] }, '任职开始日期格式不正确，应为 YYYY-MM-DD'],
    ];
    for (const [change, msg] of cases) {
      const res = await world.call('/rest/expert/addExpert', profile(1, change));
      expect(res.status, msg).toBe(400);
      expect(res.body).toMatchObject({ code: '400', success: false, msg });
    }
    expect(await world.ctx.database.db.select().from(awardExpert)).toHaveLength(0);
  });
});

describe('the office adds, lists and changes experts', () => {
  let first: { expertId: string; lockVersion: number };

  it('adds an expert straight into the pool, with history and log, ID numbers masked in answers', async () => {
    const res = await world.call('/rest/expert/addExpert', profile(1, { email: '', relations: [{ kind: 'KIN', personName: '王小明', personIdNumber: idNumber(77) }] }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe('新增成功');
    first = res.body.data;
    expect(res.body.data).toMatchObject({ name: '专家1', status: 'ACTIVE', source: 'OFFICE', email: null, idNumber: `${idNumber(1).slice(0, 6)}********${idNumber(1).slice(-4)}`, disciplineCodes: ['520', '52010'] });
    expect(res.body.data.relations[0].personIdNumber).toBe(`${idNumber(77).slice(0, 6)}********${idNumber(77).slice(-4)}`);
    const stored = await world.stored(first.expertId);
    expect(stored).toMatchObject({ idNumber: idNumber(1), mainDiscipline: '520', email: null, createBy: 'expoffice' });
    expect(stored.relations[0]!.personIdNumber).toBe(idNumber(77));
    expect((await world.history(first.expertId)).map((h) => [h.action, h.fromStatus, h.toStatus])).toEqual([['CREATE', null, 'ACTIVE']]);
    const [log] = await world.operations(first.expertId);
    expect(log).toMatchObject({ action: 'CREATE', summary: '新增专家「专家1」', username: 'expoffice' });
    expect(JSON.stringify(log!.after)).not.toContain(idNumber(1));
  });

  it('refuses a second expert with the same ID number (409)', async () => {
    const res = await world.call('/rest/expert/addExpert', profile(2, { idNumber: idNumber(1) }));
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('证件号码');
  });

  it('updates under the lock: a masked ID number sent back keeps the stored one; a stale version is 409', async () => {
    const detail = (await world.call('/rest/expert/getExpertDetail', { expertId: first.expertId })).body.data;
    const res = await world.call('/rest/expert/updateExpert', { ...profile(1), expertId: first.expertId, lockVersion: detail.lockVersion, idNumber: detail.idNumber, relations: detail.relations, title: '研究员' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = await world.stored(first.expertId);
    expect(stored).toMatchObject({ title: '研究员', idNumber: idNumber(1), lockVersion: 1 });
    expect(stored.relations[0]!.personIdNumber).toBe(idNumber(77));

    const stale = await world.call('/rest/expert/updateExpert', { ...profile(1), expertId: first.expertId, lockVersion: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const forged = await world.call('/rest/expert/updateExpert', { ...profile(1), expertId: first.expertId, lockVersion: 1, idNumber: '110105********1111' });
    expect(forged.status).toBe(400);
    expect(forged.body.msg).toBe('证件号码不完整，请填写完整的证件号码');
    first.lockVersion = 1;
  });

  it('lists newest first with every filter', async () => {
    await added(world, 2, { title: '正高级工程师', region: '310101', disciplineCodes: ['430'], keywords: ['石墨烯'], unitName: '上海某公司' });
    const names = async (filter: Record<string, unknown>) =>
      (await world.call('/rest/expert/getExpertPage', { pageParameter: { pageNum: 1, pageSize: 10 }, ...filter })).body.data.list.map((r: { name: string }) => r.name);
    expect(await names({})).toEqual(['专家2', '专家1']);
    expect(await names({ keyword: '上海' })).toEqual(['专家2']);
    expect(await names({ keyword: '石墨' })).toEqual(['专家2']);
    expect(await names({ keyword: '专家1' })).toEqual(['专家1']);
    expect(await names({ disciplineCode: '5201' })).toEqual(['专家1']);
    expect(await names({ disciplineCode: '43' })).toEqual(['专家2']);
    expect(await names({ disciplineCode: '%' })).toEqual([]);
    expect(await names({ title: '工程师' })).toEqual(['专家2']);
    expect(await names({ region: '110000' })).toEqual(['专家1']);
    expect(await names({ region: '310101' })).toEqual(['专家2']);
    expect(await names({ status: 'ACTIVE', source: 'OFFICE' })).toEqual(['专家2', '专家1']);
    expect(await names({ status: 'PENDING_AUDIT' })).toEqual([]);
    const bad = await world.call('/rest/expert/getExpertPage', { status: 'HAPPY' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('专家状态不正确');
  });
});

describe('an expert’s standing', () => {
  let expert: { expertId: string; lockVersion: number };
  const move = async (url: string, body: Record<string, unknown>) => {
    const res = await world.call(url, { expertId: expert.expertId, lockVersion: expert.lockVersion, ...body });
    if (res.status === 200 && res.body.data) expert = res.body.data;
    return res;
  };

  beforeAll(async () => {
    expert = await added(world, 10);
  });

  it('refuses illegal moves with 409 and the state named, and missing reasons with 400', async () => {
    const audit = await move('/rest/expert/auditExpert', { approve: true });
    expect(audit.status).toBe(409);
    expect(audit.body.msg).toBe('专家「专家10」当前状态为「在库」，不能审核');
    expect((await move('/rest/expert/resumeExpert', {})).body.msg).toBe('专家「专家10」当前状态为「在库」，不能恢复');
    expect((await move('/rest/expert/unblacklistExpert', { reason: '误判' })).status).toBe(409);
    expect((await move('/rest/expert/reviewDeletion', { approve: true })).status).toBe(409);

    const noReason = await move('/rest/expert/suspendExpert', { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toBe('请填写暂停理由');
    const pastUntil = await move('/rest/expert/suspendExpert', { reason: '出国', until: day(0) });
    expect(pastUntil.status).toBe(400);
    expect(pastUntil.body.msg).toBe('暂停截止日期须晚于今天');
    const noEvidence = await move('/rest/expert/blacklistExpert', { reason: '泄露评审信息' });
    expect(noEvidence.status).toBe(400);
    expect(noEvidence.body.msg).toBe('请上传证明材料');
    const foreignEvidence = await move('/rest/expert/blacklistExpert', { reason: '泄露评审信息', evidenceFileId: await upload(world, world.as.applicant) });
    expect(foreignEvidence.status).toBe(400);
    expect(foreignEvidence.body.msg).toBe('附件不存在，或不是您上传的文件');
    expect((await world.stored(expert.expertId)).status).toBe('ACTIVE');
    expect(await world.history(expert.expertId)).toHaveLength(1);
  });

  it('suspends with an end date and resumes, each with a history line and a log row', async () => {
    const suspended = await move('/rest/expert/suspendExpert', { reason: '出国访学', until: day(30) });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    expect(suspended.body).toMatchObject({ msg: '已暂停', data: { status: 'SUSPENDED', statusReason: '出国访学', statusUntil: day(30) } });
    const stale = await world.call('/rest/expert/resumeExpert', { expertId: expert.expertId, lockVersion: 0 });
    expect(stale.status).toBe(409);
    const resumed = await move('/rest/expert/resumeExpert', {});
    expect(resumed.body.data).toMatchObject({ status: 'ACTIVE', statusReason: null, statusUntil: null });
    const lines = await world.history(expert.expertId);
    expect(lines.slice(1).map((h) => [h.action, h.fromStatus, h.toStatus, h.reason, h.until, h.actorName])).toEqual([
      ['SUSPEND', 'ACTIVE', 'SUSPENDED', '出国访学', day(30), '测试expoffice'],
      ['RESUME', 'SUSPENDED', 'ACTIVE', null, null, '测试expoffice'],
    ]);
    expect((await world.operations(expert.expertId)).map((o) => [o.action, o.summary])).toEqual([
      ['CREATE', '新增专家「专家10」'],
      ['SUSPEND', '暂停：专家「专家10」（出国访学）'],
      ['RESUME', '恢复：专家「专家10」'],
    ]);
  });

  it('blacklists with evidence the office may read, refuses deleting a blacklisted expert, and lifts the blacklisting', async () => {
    const evidence = await upload(world, world.as.office);
    const listed = await move('/rest/expert/blacklistExpert', { reason: '泄露评审信息', evidenceFileId: evidence, until: day(365) });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data).toMatchObject({ status: 'BLACKLISTED', evidenceFileId: evidence, statusUntil: day(365) });
    expect((await world.history(expert.expertId)).at(-1)).toMatchObject({ action: 'BLACKLIST', evidenceFileId: Number(evidence), until: day(365) });
    const deletion = await move('/rest/expert/requestDeletion', { reason: '清理' });
    expect(deletion.status).toBe(409);
    expect(deletion.body.msg).toBe('专家「专家10」在黑名单中，不能删除：删除后其可重新注册');
    expect((await move('/rest/expert/suspendExpert', { reason: '再暂停' })).status).toBe(409);
    const noReason = await move('/rest/expert/unblacklistExpert', {});
    expect(noReason.body.msg).toBe('请填写解除理由');
    const lifted = await move('/rest/expert/unblacklistExpert', { reason: '经复核属误报' });
    expect(lifted.body.data).toMatchObject({ status: 'ACTIVE', statusReason: null });
  });

  it('deletes only after a review: a refusal returns the expert to where they stood, an approval soft-deletes', async () => {
    const requested = await move('/rest/expert/requestDeletion', { reason: '本人申请退出' });
    expect(requested.body).toMatchObject({ msg: '删除申请已提交，等待审核', data: { status: 'PENDING_DELETION' } });
    const refused = await move('/rest/expert/reviewDeletion', { approve: false, reason: '仍需该专家' });
    expect(refused.body.data.status).toBe('ACTIVE');
    await move('/rest/expert/suspendExpert', { reason: '暂停后退出' });
    await move('/rest/expert/requestDeletion', { reason: '本人申请退出' });
    expect((await move('/rest/expert/reviewDeletion', { approve: false })).body.data.status).toBe('SUSPENDED');
    await move('/rest/expert/requestDeletion', { reason: '本人申请退出' });
    const approved = await move('/rest/expert/reviewDeletion', { approve: true });
    expect(approved.body).toMatchObject({ msg: '已删除', data: null });
    expect(await world.stored(expert.expertId)).toMatchObject({ status: 'DELETED', delFlag: 1 });
    expect((await world.history(expert.expertId)).at(-1)).toMatchObject({ action: 'APPROVE_DELETION', fromStatus: 'PENDING_DELETION', toStatus: 'DELETED' });
    expect((await world.call('/rest/expert/getExpertDetail', { expertId: expert.expertId })).status).toBe(404);
  });

  it('answers the history in order with labels the console shows', async () => {
    const other = await added(world, 11);
    await world.call('/rest/expert/suspendExpert', { expertId: other.expertId, lockVersion: other.lockVersion, reason: '休假' });
    const res = await world.call('/rest/expert/getExpertHistory', { expertId: other.expertId });
    expect(res.body.data.map((h: { action: string; toStatus: string }) => [h.action, h.toStatus])).toEqual([['CREATE', 'ACTIVE'], ['SUSPEND', 'SUSPENDED']]);
    expect(res.body.data[1]).toMatchObject({ reason: '休假', actorName: '测试expoffice', until: null, evidenceFileId: null });
  });

  it('returns suspended and blacklisted experts whose end date passed to the pool (the scheduler’s job)', async () => {
    const a = await added(world, 20);
    const b = await added(world, 21);
    const c = await added(world, 22);
    const evidence = await upload(world, world.as.office);
    await world.call('/rest/expert/suspendExpert', { expertId: a.expertId, lockVersion: a.lockVersion, reason: '出差', until: day(5) });
    await world.call('/rest/expert/blacklistExpert', { expertId: b.expertId, lockVersion: b.lockVersion, reason: '违规', evidenceFileId: evidence, until: day(5) });
    await world.call('/rest/expert/suspendExpert', { expertId: c.expertId, lockVersion: c.lockVersion, reason: '长期' });
    // The end dates are today's or later: nothing yet; from the day after the end date, both return.
    expect(await liftExpiredStandings({ db: world.ctx.database.db, today: () => day(5) })).toBe(0);
    expect(await liftExpiredStandings({ db: world.ctx.database.db, today: () => day(6) })).toBe(2);
    expect((await world.stored(a.expertId)).status).toBe('ACTIVE');
    expect(await world.stored(b.expertId)).toMatchObject({ status: 'ACTIVE', statusUntil: null });
    expect((await world.stored(c.expertId)).status).toBe('SUSPENDED');
    expect((await world.history(b.expertId)).at(-1)).toMatchObject({ action: 'EXPIRE', fromStatus: 'BLACKLISTED', toStatus: 'ACTIVE', actorName: 'system', reason: `黑名单期限已于 ${day(5)} 届满` });
    expect((await world.operations(a.expertId)).at(-1)).toMatchObject({ action: 'EXPIRE', username: 'system' });
    await world.ctx.database.db.update(awardExpert).set({ statusUntil: null }).where(eq(awardExpert.id, Number(c.expertId)));
  });
});
