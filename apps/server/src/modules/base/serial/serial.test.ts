import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { beijingYmd } from '@dandelion/shared/base/serial';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { baseSerialRule } from './tables';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const logs = (action: string) => ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'base:serial'), eq(sysOperLog.action, action)));
const rows = () => ctx.database.db.select().from(baseSerialRule);
const ruleBody = { ruleCode: 'DECLARE_NO', ruleName: '申报编号', prefix: 'SB', datePattern: 'yyyyMMdd', separator: '-', seqLength: 4, resetPeriod: 'DAY', step: 1, startValue: 1, status: 'NORMAL', remark: '申报书编号' };
const urls = ['page', 'detail', 'add', 'update', 'updateStatus', 'delete', 'reset', 'preview', 'next'].map((m) => `/rest/serial/${m}`);
// Numbers are dated by the database's clock in Beijing time; the test reads the date the same way.
const today = () => beijingYmd(new Date());

beforeAll(async () => {
  ctx = await createTestApp();
  // These tests count rules from none: the seeded 登记号 rule of declarations is set aside.
  await ctx.database.db.delete(baseSerialRule);
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'clerk', password: 'Clerk@2026x', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'clerk', 'Clerk@2026x') };
});
afterAll(async () => {
  await ctx.app.close();
});

describe('serial routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    await expectRefusedToOutsiders(ctx.app, urls, clerk);
  });

  it('invalid input with 400 and the exact message, storing nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...ruleBody, ruleCode: '' }, '请输入规则编码'],
      [{ ...ruleBody, ruleCode: '9NO' }, '规则编码须以字母开头，只能包含字母、数字和下划线'],
      [{ ...ruleBody, ruleName: ' ' }, '请输入规则名称'],
      [{ ...ruleBody, prefix: 'S B' }, '前缀只能包含字母、数字、汉字和 - _ / .'],
      [{ ...ruleBody, separator: '#' }, '分隔符只能是 - _ / . 组成的不超过4个字符'],
      [{ ...ruleBody, datePattern: 'yyMMdd' }, '日期格式只能是 yyyyMMdd、yyyyMM、yyyy 或空（无日期）'],
      [{ ...ruleBody, resetPeriod: 'WEEK' }, '重置周期只能是 DAY、MONTH、YEAR 或 NEVER'],
      [{ ...ruleBody, seqLength: 13 }, '序号位数必须是 1–12 的整数'],
      [{ ...ruleBody, step: 0 }, '步长必须是 1–1000 的整数'],
      [{ ...ruleBody, startValue: -1 }, '起始值必须是不小于 0 的整数'],
      [{ ...ruleBody, status: 'ON' }, '状态只能是 NORMAL 或 DISABLED'],
      [{ ...ruleBody, datePattern: 'yyyyMM' }, '按「每天」重置的规则，日期格式必须包含年月日（yyyyMMdd），否则不同周期会生成相同的编号'],
      [{ ...ruleBody, datePattern: '', resetPeriod: 'YEAR' }, '按「每年」重置的规则，日期格式必须包含年份，否则不同周期会生成相同的编号'],
      [{ ...ruleBody, seqLength: 2, startValue: 100 }, '起始值 100 超出了 2 位序号的最大值 99'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/serial/add', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect((await call('/rest/serial/next', { ruleCode: 'X', count: 1001 })).body.msg).toBe('取号数量必须是 1–1000 的整数');
    expect((await call('/rest/serial/preview', {})).body.msg).toBe('请输入规则编码');
    expect(await rows()).toHaveLength(0);
  });
});

describe('serial rule administration', () => {
  let ruleId: string;

  it('adds a rule with an operation-log row and a preview of its first number; a duplicate code is 409', async () => {
    const res = await call('/rest/serial/add', ruleBody);
    expect(res.body).toMatchObject({ code: '0000', msg: '新增成功', data: { ...ruleBody, currentValue: null, currentPeriod: null, lockVersion: 0, createBy: 'admin', nextSample: `SB${today()}-0001` } });
    ruleId = res.body.data.ruleId;
    const [log] = await logs('CREATE');
    expect(log).toMatchObject({ entityId: ruleId, username: 'admin', summary: '新增流水号规则「申报编号」' });
    expect(log!.after).toMatchObject({ ruleCode: 'DECLARE_NO', prefix: 'SB' });
    const dup = await call('/rest/serial/add', { ...ruleBody, ruleName: '另一个' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('规则编码已存在，请更换后重试');
  });

  it('previews without consuming, then 取号 takes consecutive numbers and logs them', async () => {
    const preview = await call('/rest/serial/preview', { ruleCode: 'DECLARE_NO', count: 3 });
    expect(preview.body.data).toEqual({ ruleCode: 'DECLARE_NO', values: [1, 2, 3].map((n) => `SB${today()}-000${n}`), firstValue: 1, lastValue: 3, period: today(), exhausted: false });
    expect((await rows())[0]).toMatchObject({ currentValue: null });

    const one = await call('/rest/serial/next', { ruleCode: 'DECLARE_NO' });
    expect(one.body).toMatchObject({ msg: '取号成功', data: { values: [`SB${today()}-0001`], firstValue: 1, lastValue: 1 } });
    const three = await call('/rest/serial/next', { ruleCode: 'DECLARE_NO', count: 3 });
    expect(three.body.data.values).toEqual([2, 3, 4].map((n) => `SB${today()}-000${n}`));
    expect((await rows())[0]).toMatchObject({ currentValue: 4, currentPeriod: today(), lockVersion: 0 });
    const taken = await logs('TAKE');
    expect(taken.map((l) => l.summary)).toEqual([`流水号规则「申报编号」取号 1 个：SB${today()}-0001`, `流水号规则「申报编号」取号 3 个：SB${today()}-0002 … SB${today()}-0004`]);
    expect(taken[1]!.after).toMatchObject({ values: three.body.data.values });
    expect((await call('/rest/serial/next', { ruleCode: 'NOPE' })).body).toMatchObject({ code: '404', msg: '流水号规则「NOPE」不存在或已被删除' });
  });

  it('pages rules with filters and the next number of each', async () => {
    await call('/rest/serial/add', { ...ruleBody, ruleCode: 'CONTRACT', ruleName: '合同编号', prefix: 'HT', datePattern: '', resetPeriod: 'NEVER', status: 'DISABLED' });
    const all = await call('/rest/serial/page', { pageParameter: { pageNum: 1, pageSize: 10 } });
    expect(all.body.data).toMatchObject({ total: 2, pageNum: 1 });
    expect(all.body.data.list.map((r: { ruleCode: string; nextSample: string }) => [r.ruleCode, r.nextSample])).toEqual([
      ['CONTRACT', 'HT-0001'],
      ['DECLARE_NO', `SB${today()}-0005`],
    ]);
    const disabled = await call('/rest/serial/page', { status: 'DISABLED' });
    expect(disabled.body.data.list.map((r: { ruleCode: string }) => r.ruleCode)).toEqual(['CONTRACT']);
    expect((await call('/rest/serial/page', { ruleName: '申报' })).body.data.list).toHaveLength(1);
    expect((await call('/rest/serial/page', { ruleCode: '%' })).body.data.total).toBe(0);
  });

  it('updates under the lock version: the new format applies from the next number, the counter goes on', async () => {
    const res = await call('/rest/serial/update', { ...ruleBody, prefix: 'SBX', separator: '/', ruleId, lockVersion: 0 });
    expect(res.body).toMatchObject({ msg: '修改成功', data: { prefix: 'SBX', lockVersion: 1, currentValue: 4, nextSample: `SBX${today()}/0005` } });
    const stale = await call('/rest/serial/update', { ...ruleBody, ruleId, lockVersion: 0 });
    expect(stale.status).toBe(409);
    const renamed = await call('/rest/serial/update', { ...ruleBody, ruleCode: 'DECLARE_NO2', ruleId, lockVersion: 1 });
    expect(renamed.status).toBe(400);
    expect(renamed.body.msg).toBe('已发放过编号的规则不能修改规则编码');
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const [log] = await logs('UPDATE');
    expect(log!.before).toMatchObject({ prefix: 'SB' });
    expect(log!.after).toMatchObject({ prefix: 'SBX' });
    // A new reset period keeps counting in the period the moment falls in under it.
    const monthly = await call('/rest/serial/update', { ...ruleBody, prefix: 'SBX', separator: '/', resetPeriod: 'MONTH', ruleId, lockVersion: 1 });
    expect(monthly.body.data).toMatchObject({ resetPeriod: 'MONTH', currentPeriod: today().slice(0, 6), currentValue: 4, nextSample: `SBX${today()}/0005` });
    expect((await call('/rest/serial/next', { ruleCode: 'DECLARE_NO' })).body.data.values).toEqual([`SBX${today()}/0005`]);
  });

  it('disables a rule, which then refuses 取号 (409) but still previews; enabling restores it', async () => {
    const off = await call('/rest/serial/updateStatus', { ruleId, lockVersion: 2, status: 'DISABLED' });
    expect(off.body).toMatchObject({ msg: '已停用', data: { status: 'DISABLED', lockVersion: 3 } });
    const refused = await call('/rest/serial/next', { ruleCode: 'DECLARE_NO' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('流水号规则「申报编号」已停用，不能取号');
    expect((await call('/rest/serial/preview', { ruleCode: 'DECLARE_NO' })).body.data.values).toEqual([`SBX${today()}/0006`]);
    expect((await call('/rest/serial/updateStatus', { ruleId, lockVersion: 2, status: 'NORMAL' })).status).toBe(409);
    const on = await call('/rest/serial/updateStatus', { ruleId, lockVersion: 3, status: 'NORMAL' });
    expect(on.body).toMatchObject({ msg: '已启用', data: { status: 'NORMAL' } });
    expect((await logs('UPDATE')).map((l) => l.summary)).toEqual(expect.arrayContaining(['停用流水号规则「申报编号」', '启用流水号规则「申报编号」']));
    expect((await call('/rest/serial/detail', { ruleId })).body.data).toMatchObject({ status: 'NORMAL', lockVersion: 4, currentValue: 5 });
  });

  it('resets the counter only when the rule code is typed, under the lock version', async () => {
    const unconfirmed = await call('/rest/serial/reset', { ruleId, lockVersion: 4, confirmCode: 'declare_no' });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.msg).toBe('请输入规则编码「DECLARE_NO」确认重置');
    const tooBig = await call('/rest/serial/reset', { ruleId, lockVersion: 4, confirmCode: 'DECLARE_NO', currentValue: 10000 });
    expect(tooBig.body.msg).toBe('当前值不能超过 4 位序号的最大值 9999');
    expect((await call('/rest/serial/reset', { ruleId, lockVersion: 3, confirmCode: 'DECLARE_NO' })).status).toBe(409);
    const setTo = await call('/rest/serial/reset', { ruleId, lockVersion: 4, confirmCode: 'DECLARE_NO', currentValue: 120 });
    expect(setTo.body).toMatchObject({ msg: '已重置', data: { currentValue: 120, currentPeriod: today().slice(0, 6), nextSample: `SBX${today()}/0121`, lockVersion: 5 } });
    // Fewer digits than the counter already has would make the next number unwritable.
    const narrow = await call('/rest/serial/update', { ...ruleBody, resetPeriod: 'MONTH', seqLength: 2, ruleId, lockVersion: 5 });
    expect(narrow.status).toBe(400);
    expect(narrow.body.msg).toBe('序号位数不能少于当前值 120 的位数（3 位）');
    const back = await call('/rest/serial/reset', { ruleId, lockVersion: 5, confirmCode: 'DECLARE_NO' });
    expect(back.body.data).toMatchObject({ currentValue: null, currentPeriod: null, nextSample: `SBX${today()}/0001` });
    expect((await logs('RESET')).map((l) => l.summary)).toEqual(['重置流水号规则「申报编号」，当前值设为 120', '重置流水号规则「申报编号」，下一个编号从起始值开始']);
  });

  it('refuses to delete a rule that handed out numbers, deletes an unused one, and frees its code', async () => {
    const used = await call('/rest/serial/delete', { ruleId, lockVersion: 6 });
    expect(used.status).toBe(409);
    expect(used.body.msg).toBe('流水号规则「申报编号」已发放过编号，不能删除（删除后编码可被重用，会产生重复编号），请改为停用');
    const contract = (await call('/rest/serial/page', { ruleCode: 'CONTRACT' })).body.data.list[0];
    expect((await call('/rest/serial/delete', { ruleId: contract.ruleId, lockVersion: 9 })).status).toBe(409);
    const res = await call('/rest/serial/delete', { ruleId: contract.ruleId, lockVersion: contract.lockVersion });
    expect(res.body).toMatchObject({ code: '0000', msg: '删除成功' });
    expect((await call('/rest/serial/detail', { ruleId: contract.ruleId })).status).toBe(404);
    const [log] = await logs('DELETE');
    expect(log).toMatchObject({ entityId: contract.ruleId, summary: '删除流水号规则「合同编号」' });
    expect((await call('/rest/serial/add', { ...ruleBody, ruleCode: 'CONTRACT', ruleName: '合同编号' })).status).toBe(200);
  });
});
