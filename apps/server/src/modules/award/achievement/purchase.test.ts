import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { sysOperLog } from '../../../core/audit';
import { post } from '../../../../test/helpers/testApp';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';
import { sysMsg } from '../../message/msg/tables';
import { createWorld, type DeclarationWorld } from '../declaration/declarationTestKit';
import { awardedDeclaration, knownCaptcha } from './achievementTestKit';
import { awardPurchase } from './tables';

let world: DeclarationWorld;
let achievementA: number;
let achievementB: number;
let address = 0;
/** Each submission comes from its own address so the rate limit does not couple the tests. */
const nextIp = () => `10.1.0.${++address}`;
const ADD = '/rest/purchase/addPurchase';
const valid = { kind: 'LICENSE', organisation: '丙科技有限公司', contactName: '李四', phone: '13912345678', message: '希望获得该成果的专利许可。' };
const submit = async (body: Record<string, unknown>, ip = nextIp()) => post(world.ctx.app, ADD, { ...(await knownCaptcha(world)), ...body }, {}, { remoteAddress: ip });
const stored = () => world.ctx.database.db.select().from(awardPurchase);

beforeAll(async () => {
  world = await createWorld();
  achievementA = await awardedDeclaration(world, '甲大学的获奖成果');
  achievementB = await awardedDeclaration(world, '乙研究院的获奖成果', { unitOrgId: world.orgs.unitB, prize: 'JSFM' in world.prizeIds ? 'JSFM' : undefined });
});
afterAll(async () => {
  await world.ctx.app.close();
});

describe('POST /rest/purchase/addPurchase refuses', () => {
  it('invalid input with 400 and the Chinese message in the portal envelope, storing nothing', async () => {
    const base = { ...valid, achievementId: String(achievementA) };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, kind: 'GIFT' }, '请选择合作方式'],
      [{ ...base, organisation: '<b></b>' }, '请输入单位名称'],
      [{ ...base, organisation: '长'.repeat(101) }, '单位名称不能超过100个字符'],
      [{ ...base, contactName: '' }, '请输入联系人'],
      [{ ...base, phone: null, email: null }, '请填写手机号码或电子邮箱'],
      [{ ...base, phone: '12345678901' }, '您的手机号码格式不正确!'],
      [{ ...base, phone: null, email: 'not-an-email' }, '请输入正确格式的邮箱!'],
      [{ ...base, message: '字'.repeat(501) }, '合作意向说明不能超过500个字符'],
      [{ ...base, captchaCode: '' }, '请输入图形验证码'],
    ];
    for (const [body, message] of cases) {
      const res = await submit(body);
      expect(res.status, message).toBe(400);
      expect(res.body.rtnMessage, JSON.stringify(body).slice(0, 80)).toBe(message);
    }
    expect(await stored()).toEqual([]);
  });

  it('a wrong captcha with 400, and an achievement the portal does not show with 404', async () => {
    const wrong = await submit({ ...valid, achievementId: String(achievementA), captchaCode: 'zzzz' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.rtnMessage).toBe('图形验证码错误或已过期，请重新获取');
    const inReview = await awardedDeclaration(world, '尚在评审', { status: 'IN_REVIEW' });
    for (const id of [inReview, 999_999]) {
      const res = await submit({ ...valid, achievementId: String(id) });
      expect(res.status).toBe(404);
      expect(res.body.rtnMessage).toContain('成果');
    }
    expect(await stored()).toEqual([]);
  });

  it('more than five from one address in ten minutes with 429', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 5; i++) expect((await submit({ ...valid, achievementId: String(achievementB), captchaCode: 'zzzz' }, ip)).status).toBe(400);
    expect((await submit({ ...valid, achievementId: String(achievementB) }, ip)).status).toBe(429);
  });
});

describe('a purchase intention', () => {
  it('is stored against the completing unit, logged, and told to the unit administrator', async () => {
    const res = await submit({ ...valid, achievementId: String(achievementA), email: 'li@example.com' });
    expect(res.status).toBe(200);
    expect(res.body.rtnMessage).toBe('提交成功，完成单位将尽快与您联系');
    const [row] = await world.ctx.database.db.select().from(awardPurchase).where(eq(awardPurchase.id, Number(res.body.dataSet.purchaseId)));
    expect(row).toMatchObject({ declarationId: achievementA, achievementTitle: '甲大学的获奖成果', unitOrgId: world.orgs.unitA, unitOrgName: '甲大学', kind: 'LICENSE', phone: '13912345678', email: 'li@example.com', status: 'NEW' });
    const [log] = await world.ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'award:purchase'), eq(sysOperLog.entityId, String(row!.id))));
    expect(log!.summary).toContain('甲大学的获奖成果');
    const told = (await world.ctx.database.db.select().from(sysMsg).orderBy(desc(sysMsg.id)).limit(5)).filter((m) => m.title.includes('甲大学的获奖成果'));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ category: 'DECLARATION', link: '/award/purchase/purchaseList' });
    expect(told[0]!.content).toContain('丙科技有限公司');
    // Only 甲大学's administrator (who holds the unit review) hears of it: one message, to one user.
    const unitAdmin = await world.call('/rest/msg/getMyMsgList', { pageParameter: { pageNum: 1, pageSize: 10 } }, world.as.unitAdmin);
    expect(unitAdmin.status).toBe(200);
    expect(JSON.stringify(unitAdmin.body)).toContain('甲大学的获奖成果');
    const otherUnit = await world.call('/rest/msg/getMyMsgList', { pageParameter: { pageNum: 1, pageSize: 10 } }, world.as.otherUnitAdmin);
    expect(JSON.stringify(otherUnit.body)).not.toContain('甲大学的获奖成果');
  });
});

describe('the console list and status (/rest/purchase/getPurchasePage, /rest/purchase/updateStatus)', () => {
  it('refuses callers without a token (401) or the permission (403)', async () => {
    await expectRefusedToOutsiders(world.ctx.app, ['/rest/purchase/getPurchasePage', '/rest/purchase/updateStatus'], world.as.applicant);
  });

  it('shows the office every intention and a unit only its own', async () => {
    await submit({ ...valid, achievementId: String(achievementB), organisation: '丁制造集团' });
    const list = async (who: Record<string, string>) =>
      (await world.call('/rest/purchase/getPurchasePage', { pageParameter: { pageNum: 1, pageSize: 20 } }, who)).body.data.list.map((r: { organisation: string }) => r.organisation);
    expect((await list(world.as.office)).sort()).toEqual(['丁制造集团', '丙科技有限公司']);
    expect(await list(world.as.unitAdmin)).toEqual(['丙科技有限公司']);
    expect(await list(world.as.otherUnitAdmin)).toEqual(['丁制造集团']);
    const bad = await world.call('/rest/purchase/getPurchasePage', { status: 'DONE' }, world.as.office);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('状态不正确');
  });

  it('moves NEW → CONTACTED → CLOSED with the lock and the log; refuses other units (404), stale (409) and backward (409)', async () => {
    const [row] = await world.ctx.database.db.select().from(awardPurchase).where(eq(awardPurchase.unitOrgId, world.orgs.unitA));
    const move = (status: string, lockVersion: number, who = world.as.unitAdmin) => world.call('/rest/purchase/updateStatus', { purchaseId: String(row!.id), lockVersion, status }, who);
    expect((await world.call('/rest/purchase/updateStatus', { purchaseId: String(row!.id), lockVersion: 0, status: 'NEW' }, world.as.office)).body.msg).toBe('状态不正确');
    const foreign = await move('CONTACTED', row!.lockVersion, world.as.otherUnitAdmin);
    expect(foreign.status).toBe(404);
    const contacted = await move('CONTACTED', row!.lockVersion);
    expect(contacted.status).toBe(200);
    expect(contacted.body.data.status).toBe('CONTACTED');
    expect((await move('CLOSED', row!.lockVersion)).status).toBe(409);
    const closed = await move('CLOSED', contacted.body.data.lockVersion, world.as.office);
    expect(closed.body.data.status).toBe('CLOSED');
    const backward = await move('CONTACTED', closed.body.data.lockVersion);
    expect(backward.status).toBe(409);
    expect(backward.body.msg).toBe('合作意向当前状态为「已关闭」，不能改为「已联系」');
    const [after] = await world.ctx.database.db.select().from(awardPurchase).where(eq(awardPurchase.id, row!.id));
    expect(after!.status).toBe('CLOSED');
    const logs = await world.ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'award:purchase'), eq(sysOperLog.action, 'UPDATE'), eq(sysOperLog.entityId, String(row!.id))));
    expect(logs).toHaveLength(2);
  });
});
