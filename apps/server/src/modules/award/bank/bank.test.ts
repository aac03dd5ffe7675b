import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { sysOperLog } from '../../../core/audit';
import { BANK_DISABLED_MESSAGE, createBankService } from './service';
import { awardBankAccount } from './tables';

const PASSWORD = 'Bank@2026xy';
const NUMBER = '6222021234567891234';
let ctx: TestContext;
const as: Record<'expert' | 'expert2' | 'office' | 'finance' | 'outsider', Record<string, string>> = {} as never;

const call = (url: string, body: unknown, headers: Record<string, string>) => post(ctx.app, url, body, headers);
const account = (extra: Record<string, unknown> = {}) => ({ accountName: '张三', bankName: '中国工商银行', branchName: '杭州西湖支行', accountNumber: NUMBER, remark: null, lockVersion: null, ...extra });
const stored = async (userId: number) => (await ctx.database.db.select().from(awardBankAccount).where(eq(awardBankAccount.userId, userId)))[0]!;
let expertId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const roles = { expert: ['EXPERT'], expert2: ['EXPERT'], office: ['PRIZE_OFFICE'], finance: ['FINANCE'], outsider: ['REVIEWER'] } as const;
  for (const [who, roleCodes] of Object.entries(roles)) {
    const user = await createAccount(ctx.database, { username: `bank${who}`, password: PASSWORD, roleCodes: [...roleCodes] });
    if (who === 'expert') expertId = user.id;
    as[who as keyof typeof as] = { authorization: await signIn(ctx.app, `bank${who}`, PASSWORD) };
  }
});
afterAll(async () => {
  await ctx.app.close();
});

describe('bank accounts refuse', () => {
  it('anonymous callers (401) and users without the permission (403)', async () => {
    await expectRefusedToOutsiders(ctx.app, ['/rest/bank/getBankPage', '/rest/bank/detail', '/rest/bank/getFullNumber'], as.outsider);
    for (const url of ['/rest/bank/getMyBank', '/rest/bank/saveMyBank']) expect((await post(ctx.app, url, {})).status, url).toBe(401);
  });

  it('the office, which may list, not the whole number (403)', async () => {
    const res = await call('/rest/bank/getFullNumber', { id: '1' }, as.office);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('没有权限执行此操作');
  });

  it('a bad number or a missing field with 400 and the message, storing nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [account({ accountNumber: '62220212345' }), '银行账号应为12至30位数字'],
      [account({ accountNumber: '6222 0212 3456 789X' }), '银行账号应为12至30位数字'],
      [account({ accountNumber: '1'.repeat(31) }), '银行账号应为12至30位数字'],
      [account({ accountName: '  ' }), '请填写户名'],
      [account({ bankName: undefined }), '请填写开户银行'],
      [account({ branchName: '支'.repeat(101) }), '开户支行不能超过100个字符'],
      [account({ accountNumber: null }), '请填写银行账号'],
    ];
    for (const [body, message] of cases) {
      const res = await call('/rest/bank/saveMyBank', body, as.expert);
      expect(res.status, message).toBe(400);
      expect(res.body.msg).toContain(message);
    }
    expect(await ctx.database.db.select().from(awardBankAccount)).toEqual([]);
  });
});

describe('an expert keeps their own account', () => {
  it('has none at first, saves one (spaces allowed) and reads it back masked', async () => {
    expect((await call('/rest/bank/getMyBank', {}, as.expert)).body.data).toBeNull();
    const saved = await call('/rest/bank/saveMyBank', account({ accountNumber: '6222 0212 3456 7891 234' }), as.expert);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ accountName: '张三', accountNumberMasked: '6222 **** **** 1234', lockVersion: 0, userId: String(expertId) });
    expect(JSON.stringify(saved.body)).not.toContain(NUMBER);
    const mine = await call('/rest/bank/getMyBank', {}, as.expert);
    expect(mine.body.data).toMatchObject({ accountNumberMasked: '6222 **** **** 1234', bankName: '中国工商银行' });
    for (const hidden of ['numberCipher', 'numberLast4', 'accountNumber', 'keyId']) expect(mine.body.data).not.toHaveProperty(hidden);
  });

  it('stores the number encrypted, never in the clear, with the last four and the mask in plain columns', async () => {
    const row = await stored(expertId);
    expect(row.numberCipher).toMatch(/^v1:/);
    expect(row.numberCipher).not.toContain(NUMBER);
    expect(Buffer.from(row.numberCipher.slice(3), 'base64').toString('latin1')).not.toContain(NUMBER);
    expect(row).toMatchObject({ numberLast4: '1234', numberMasked: '6222 **** **** 1234' });
    const logs = await ctx.database.db.select().from(sysOperLog).where(eq(sysOperLog.module, 'award:bank'));
    expect(logs.map((l) => l.action)).toEqual(['CREATE']);
    expect(JSON.stringify(logs)).not.toContain(NUMBER);
    expect(JSON.stringify(logs)).not.toContain(row.numberCipher);
  });

  it('keeps the number when saved without one, and refuses a stale save with 409', async () => {
    const before = await stored(expertId);
    const saved = await call('/rest/bank/saveMyBank', account({ accountNumber: '', branchName: '杭州文三路支行', lockVersion: 0 }), as.expert);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ branchName: '杭州文三路支行', lockVersion: 1, accountNumberMasked: '6222 **** **** 1234' });
    expect((await stored(expertId)).numberCipher).toBe(before.numberCipher);

    const stale = await call('/rest/bank/saveMyBank', account({ branchName: '旧页面', lockVersion: 0 }), as.expert);
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    // A second "first save" from another tab (no version) finds the account and is stale too.
    expect((await call('/rest/bank/saveMyBank', account(), as.expert)).status).toBe(409);
    expect((await stored(expertId)).branchName).toBe('杭州文三路支行');
  });

  it('changes the number when a new one is typed, with a fresh ciphertext', async () => {
    const before = await stored(expertId);
    const saved = await call('/rest/bank/saveMyBank', account({ accountNumber: '6217000011112222333', lockVersion: 1 }), as.expert);
    expect(saved.body.data.accountNumberMasked).toBe('6217 **** **** 2333');
    const row = await stored(expertId);
    expect(row.numberCipher).not.toBe(before.numberCipher);
    expect(row.numberLast4).toBe('2333');
  });

  it("one user's account is not another's: the second expert starts empty", async () => {
    expect((await call('/rest/bank/getMyBank', {}, as.expert2)).body.data).toBeNull();
    expect((await call('/rest/bank/saveMyBank', account({ accountName: '李四', accountNumber: '6228480402564890018' }), as.expert2)).status).toBe(200);
  });
});

describe('the office and finance', () => {
  it('the office lists and reads accounts masked, searching by 户名 and 银行', async () => {
    const all = await call('/rest/bank/getBankPage', { pageParameter: { pageNum: 1, pageSize: 10 } }, as.office);
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.list.map((r: { accountNumberMasked: string }) => r.accountNumberMasked).sort()).toEqual(['6217 **** **** 2333', '6228 **** **** 0018']);
    expect(JSON.stringify(all.body)).not.toMatch(/\d{12,}/);
    expect(all.body.data.list[0].ownerName).toMatch(/^测试bank/);

    const byName = await call('/rest/bank/getBankPage', { pageParameter: { pageNum: 1, pageSize: 10 }, accountName: '李' }, as.office);
    expect(byName.body.data.list.map((r: { accountName: string }) => r.accountName)).toEqual(['李四']);
    const byBank = await call('/rest/bank/getBankPage', { pageParameter: { pageNum: 1, pageSize: 10 }, bankName: '建设' }, as.office);
    expect(byBank.body.data).toMatchObject({ total: 0, list: [] });

    const id = (await stored(expertId)).id;
    const detail = await call('/rest/bank/detail', { id: String(id) }, as.office);
    expect(detail.body.data).toMatchObject({ id: String(id), accountNumberMasked: '6217 **** **** 2333' });
    expect(JSON.stringify(detail.body)).not.toContain('6217000011112222333');
    expect((await call('/rest/bank/detail', { id: '999999' }, as.office)).status).toBe(404);
  });

  it('finance reads the whole number, and the read leaves an operation-log row naming who read whose account', async () => {
    const row = await stored(expertId);
    const res = await call('/rest/bank/getFullNumber', { id: String(row.id) }, as.finance);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: String(row.id), accountNumber: '6217000011112222333' });
    expect(res.body.msg).toBe('本次查看已记入操作日志');

    const [log] = await ctx.database.db
      .select()
      .from(sysOperLog)
      .where(and(eq(sysOperLog.module, 'award:bank'), eq(sysOperLog.action, 'READ_FULL')))
      .orderBy(desc(sysOperLog.id));
    expect(log).toMatchObject({ username: 'bankfinance', entityId: String(row.id) });
    expect(log!.summary).toContain('测试bankexpert');
    expect(log!.summary).toContain('张三');
    expect(log!.after).toMatchObject({ accountId: row.id, ownerUserId: expertId });
    const everyLog = JSON.stringify(await ctx.database.db.select().from(sysOperLog));
    expect(everyLog).not.toContain('6217000011112222333');
    expect(everyLog).not.toContain(NUMBER);
  });

  it('a value under another key is refused with 409, not a 500', async () => {
    const row = await stored(expertId);
    await ctx.database.db.update(awardBankAccount).set({ keyId: 'deadbeef' }).where(eq(awardBankAccount.id, row.id));
    const res = await call('/rest/bank/getFullNumber', { id: String(row.id) }, as.finance);
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('BANK_ACCOUNT_KEY 已更换');
    await ctx.database.db.update(awardBankAccount).set({ keyId: row.keyId }).where(eq(awardBankAccount.id, row.id));
  });
});

describe('without a key in production', () => {
  it('every call answers 503 with the reason, and nothing is stored under a public key', async () => {
    const bank = createBankService({ db: ctx.database.db, cipher: null, ownerNames: async () => new Map() });
    const change = { actor: { id: expertId, name: 'bankexpert' } };
    for (const attempt of [
      () => bank.page({}, { pageNum: 1, pageSize: 10 }),
      () => bank.mine(expertId),
      () => bank.fullNumber(1, change),
      () => bank.saveMine({ accountName: '张三', bankName: '银行', branchName: '支行', accountNumber: NUMBER, remark: null, lockVersion: 2 }, change),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ status: 503, message: BANK_DISABLED_MESSAGE });
    }
  });
});
