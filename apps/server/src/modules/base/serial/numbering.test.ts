import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../core/db';
import { resetDatabase, testDatabase } from '../../../../test/helpers/testDatabase';
import { baseSerialRule } from './tables';
import { createSerialService, type SerialService } from './service';

let database: Database;
let now: Date;
let serials: SerialService;

/** A rule straight in the table (the admin calls are tested in serial.test.ts). */
async function rule(values: Partial<typeof baseSerialRule.$inferInsert> & { ruleCode: string }) {
  const [row] = await database.db.insert(baseSerialRule).values({ ruleName: values.ruleCode, ...values }).returning();
  return row!;
}
const stored = async (ruleCode: string) => (await database.db.select().from(baseSerialRule).where(eq(baseSerialRule.ruleCode, ruleCode)))[0]!;

beforeAll(async () => {
  database = await testDatabase();
  await resetDatabase(database);
  serials = createSerialService({ db: database.db, clock: () => now });
});
beforeEach(() => {
  now = new Date('2026-11-24T03:00:00Z'); // 11:00 in Beijing
});
afterAll(async () => {
  await resetDatabase(database);
});

describe('serial numbers', () => {
  it('formats prefix, Beijing date, separator and the zero-padded sequence, starting at the start value', async () => {
    await rule({ ruleCode: 'SB', prefix: 'SB', datePattern: 'yyyyMMdd', separator: '-', seqLength: 4, resetPeriod: 'DAY' });
    expect(await serials.next('SB')).toBe('SB20261124-0001');
    expect(await serials.next('SB')).toBe('SB20261124-0002');
    expect(await stored('SB')).toMatchObject({ currentValue: 2, currentPeriod: '20261124', lockVersion: 0, lastTakeTime: now });

    await rule({ ruleCode: 'HT', prefix: 'HT', datePattern: 'yyyyMM', seqLength: 3, startValue: 100, resetPeriod: 'MONTH' });
    expect(await serials.next('HT')).toBe('HT202611100');
    await rule({ ruleCode: 'BARE', seqLength: 6, separator: '-' });
    expect(await serials.next('BARE')).toBe('000001'); // no prefix or date: no separator either
    await rule({ ruleCode: 'YEAR', prefix: '蒲科', datePattern: 'yyyy', separator: '/', seqLength: 2, resetPeriod: 'YEAR' });
    expect(await serials.next('YEAR')).toBe('蒲科2026/01');
  });

  it('counts by the step and takes several consecutive numbers in one call', async () => {
    await rule({ ruleCode: 'STEP', prefix: 'S', separator: '-', seqLength: 3, step: 5, startValue: 10 });
    expect(await serials.next('STEP')).toBe('S-010');
    expect(await serials.take('STEP', 3)).toEqual({ ruleCode: 'STEP', ruleId: expect.any(Number), ruleName: 'STEP', values: ['S-015', 'S-020', 'S-025'], firstValue: 15, lastValue: 25, period: 'ALL' });
    expect(await serials.next('STEP')).toBe('S-030');
  });

  it('starts again each Beijing day: 23:59 and 00:00 in Beijing are 15:59 and 16:00 UTC', async () => {
    await rule({ ruleCode: 'DAY', prefix: 'D', datePattern: 'yyyyMMdd', separator: '-', seqLength: 3, resetPeriod: 'DAY' });
    now = new Date('2026-11-24T15:59:59.999Z');
    expect(await serials.take('DAY', 2)).toMatchObject({ values: ['D20261124-001', 'D20261124-002'], period: '20261124' });
    now = new Date('2026-11-24T16:00:00.000Z');
    expect(await serials.next('DAY')).toBe('D20261125-001');
    expect(await serials.next('DAY')).toBe('D20261125-002');
  });

  it('starts again each Beijing month and year, and never with NEVER', async () => {
    await rule({ ruleCode: 'MON', prefix: 'M', datePattern: 'yyyyMMdd', seqLength: 3, resetPeriod: 'MONTH' });
    await rule({ ruleCode: 'YR', prefix: 'Y', datePattern: 'yyyy', seqLength: 3, resetPeriod: 'YEAR' });
    await rule({ ruleCode: 'ALL', prefix: 'A', datePattern: 'yyyyMM', seqLength: 3, resetPeriod: 'NEVER' });
    now = new Date('2026-11-30T15:30:00Z'); // 11-30 23:30 Beijing
    expect([await serials.next('MON'), await serials.next('MON')]).toEqual(['M20261130001', 'M20261130002']);
    now = new Date('2026-11-30T16:30:00Z'); // 12-01 00:30 Beijing, still 11-30 in UTC
    expect(await serials.next('MON')).toBe('M20261201001');

    now = new Date('2026-12-31T15:00:00Z');
    expect(await serials.next('YR')).toBe('Y2026001');
    expect(await serials.next('ALL')).toBe('A202612001');
    now = new Date('2026-12-31T16:00:00Z'); // 2027-01-01 00:00 Beijing
    expect(await serials.next('YR')).toBe('Y2027001');
    expect(await serials.next('ALL')).toBe('A202701002');
    expect(await stored('ALL')).toMatchObject({ currentPeriod: 'ALL', currentValue: 2 });
  });

  it('keeps counting in the later stored period when the moment is earlier, dating the numbers inside it', async () => {
    // A transaction that began before midnight takes its number after one that began after it.
    await rule({ ruleCode: 'BACK', prefix: 'B', datePattern: 'yyyyMMdd', seqLength: 3, resetPeriod: 'DAY' });
    now = new Date('2026-11-24T16:00:00Z');
    expect(await serials.next('BACK')).toBe('B20261125001');
    now = new Date('2026-11-24T15:59:59Z');
    expect(await serials.next('BACK')).toBe('B20261125002');
    expect((await serials.preview('BACK')).values).toEqual(['B20261125003']);
    expect(await stored('BACK')).toMatchObject({ currentPeriod: '20261125', currentValue: 2 });
    // A month counter with day-dated numbers dates them on the first day of its month.
    await rule({ ruleCode: 'BACKM', prefix: 'C', datePattern: 'yyyyMMdd', seqLength: 3, resetPeriod: 'MONTH' });
    now = new Date('2026-11-30T16:00:01Z');
    expect(await serials.next('BACKM')).toBe('C20261201001');
    now = new Date('2026-11-30T15:59:59Z');
    expect(await serials.next('BACKM')).toBe('C20261201002');
  });

  it('refuses, consuming nothing, a disabled rule, a deleted or unknown one, and a sequence that outgrows its digits', async () => {
    await rule({ ruleCode: 'OFF', ruleName: '停用规则', status: 'DISABLED' });
    await expect(serials.next('OFF')).rejects.toMatchObject({ status: 409, message: '流水号规则「停用规则」已停用，不能取号' });
    expect(await stored('OFF')).toMatchObject({ currentValue: null });
    await rule({ ruleCode: 'GONE', delFlag: 1 });
    await expect(serials.next('GONE')).rejects.toMatchObject({ status: 404, message: '流水号规则「GONE」不存在或已被删除' });
    await expect(serials.next('NOPE')).rejects.toMatchObject({ status: 404 });

    await rule({ ruleCode: 'TINY', ruleName: '一位', seqLength: 1, startValue: 7 });
    expect(await serials.take('TINY', 3)).toMatchObject({ values: ['7', '8', '9'] });
    await expect(serials.next('TINY')).rejects.toMatchObject({ status: 409, message: '流水号规则「一位」本周期的序号已用完（1 位序号最大 9），请加长序号位数或等下一周期' });
    expect(await stored('TINY')).toMatchObject({ currentValue: 9 });

    await rule({ ruleCode: 'TWO', ruleName: '两位', seqLength: 2, startValue: 95 });
    await expect(serials.take('TWO', 6)).rejects.toMatchObject({ message: '流水号规则「两位」本周期剩余的序号不足 6 个（2 位序号最大 99），请减少数量、加长序号位数或等下一周期' });
    expect(await serials.take('TWO', 5)).toMatchObject({ values: ['95', '96', '97', '98', '99'] });
    await expect(serials.take('TWO', 0)).rejects.toMatchObject({ status: 400, message: '取号数量必须是 1–1000 的整数' });
  });

  it('previews the next numbers without taking them, and says when the digits run out', async () => {
    await rule({ ruleCode: 'PV', prefix: 'P', separator: '-', seqLength: 2, startValue: 97, resetPeriod: 'NEVER' });
    expect(await serials.preview('PV', 2)).toEqual({ ruleCode: 'PV', values: ['P-97', 'P-98'], firstValue: 97, lastValue: 98, period: 'ALL', exhausted: false });
    expect(await serials.preview('PV', 5)).toMatchObject({ values: ['P-97', 'P-98', 'P-99'], exhausted: true });
    expect(await stored('PV')).toMatchObject({ currentValue: null });
    expect(await serials.next('PV')).toBe('P-97');
    // A day rule previews the new day's first number once Beijing's midnight has passed.
    await rule({ ruleCode: 'PVD', prefix: 'Q', datePattern: 'yyyyMMdd', seqLength: 2, resetPeriod: 'DAY' });
    await serials.take('PVD', 4);
    expect((await serials.preview('PVD')).values).toEqual(['Q2026112405']);
    now = new Date('2026-11-24T16:00:00Z');
    expect((await serials.preview('PVD')).values).toEqual(['Q2026112501']);
  });

  it("takes a number inside the caller's transaction: rolled back, the number is handed out again", async () => {
    await rule({ ruleCode: 'TX', prefix: 'T', seqLength: 2 });
    await expect(
      database.db.transaction(async (tx) => {
        expect(await serials.next('TX', tx)).toBe('T01');
        throw new Error('the declaration could not be saved');
      }),
    ).rejects.toThrow('the declaration could not be saved');
    await database.db.transaction(async (tx) => {
      expect(await serials.next('TX', tx)).toBe('T01');
    });
    expect(await serials.next('TX')).toBe('T02');
  });

  it('takes concurrent callers of a rule together, in the order they came; where the digits run out each caller is answered on its own', async () => {
    await rule({ ruleCode: 'GRP', prefix: 'G', separator: '-', seqLength: 2, startValue: 90 });
    // Ten callers at once ask for 1, 2, 1, 2 … numbers: 15 asked, 10 left (90–99).
    const asks = Array.from({ length: 10 }, (_, i) => 1 + (i % 2));
    const answers = await Promise.allSettled(asks.map((count) => serials.take('GRP', count)));
    const taken = answers.map((a) => (a.status === 'fulfilled' ? a.value.values : a.reason.message));
    expect(taken).toEqual([
      ['G-90'],
      ['G-91', 'G-92'],
      ['G-93'],
      ['G-94', 'G-95'],
      ['G-96'],
      ['G-97', 'G-98'],
      ['G-99'],
      '流水号规则「GRP」本周期剩余的序号不足 2 个（2 位序号最大 99），请减少数量、加长序号位数或等下一周期',
      '流水号规则「GRP」本周期的序号已用完（2 位序号最大 99），请加长序号位数或等下一周期',
      '流水号规则「GRP」本周期剩余的序号不足 2 个（2 位序号最大 99），请减少数量、加长序号位数或等下一周期',
    ]);
    expect(await stored('GRP')).toMatchObject({ currentValue: 99 });

    await rule({ ruleCode: 'GRPOFF', ruleName: '停用', status: 'DISABLED' });
    const refused = await Promise.allSettled([serials.next('GRPOFF'), serials.next('GRPOFF'), serials.take('GRPOFF', 3)]);
    expect(refused.map((a) => (a.status === 'rejected' ? a.reason.message : a.value))).toEqual(Array(3).fill('流水号规则「停用」已停用，不能取号'));
    expect(await stored('GRPOFF')).toMatchObject({ currentValue: null });
  });
});
