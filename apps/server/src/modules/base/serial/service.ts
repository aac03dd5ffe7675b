import { formatSerial, maxSerialValue, SERIAL_LIMITS, SERIAL_MESSAGES } from '@dandelion/shared/base/serial';
import { recordOperations, type OperationEntry } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { serialRepo, type TakenRow } from './repo';
import { createTakeGroups, type Waiting } from './takeGroups';

export interface SerialBatch {
  ruleCode: string;
  ruleId: number;
  ruleName: string;
  /** The numbers, in the order they were handed out. */
  values: string[];
  /** The counter values behind them. */
  firstValue: number;
  lastValue: number;
  /** The reset period they belong to (20261124, 202611, 2026 or ALL). */
  period: string;
}

export interface SerialPreview extends Omit<SerialBatch, 'ruleId' | 'ruleName'> {
  /** Fewer than asked could be previewed: the digits run out within the period. */
  exhausted: boolean;
}

export interface SerialServiceDeps {
  db: Db;
  /** The moment numbers are taken at; the database's clock unless given (tests fix it). */
  clock?: () => Date;
}

/** The operation-log row a caller's numbers are recorded with, written in the same transaction. */
export type TakeRecord = (batch: SerialBatch) => OperationEntry;

interface WaitingTake extends Waiting {
  record?: TakeRecord;
  resolve: (batch: SerialBatch) => void;
}

function checkCount(count: number) {
  if (!Number.isInteger(count) || count < 1 || count > SERIAL_LIMITS.countMax) throw errors.badRequest(SERIAL_MESSAGES.count);
}

/**
 * Serial numbers other modules take (declaration numbers, contract numbers …):
 * `createSerialService({ db }).next('DECLARE_NO', tx)` inside the caller's transaction.
 */
export function createSerialService({ db, clock }: SerialServiceDeps) {
  const at = () => (clock ? clock() : null);

  /** Why a rule handed out nothing: missing, disabled, or out of digits. */
  async function refusal(ex: Executor, ruleCode: string, count: number): Promise<never> {
    const rule = await serialRepo.findByCode(ex, ruleCode);
    if (!rule) throw errors.notFound(`流水号规则「${ruleCode}」`);
    if (rule.status !== 'NORMAL') throw errors.conflict(`流水号规则「${rule.ruleName}」已停用，不能取号`);
    const max = maxSerialValue(rule.seqLength);
    throw errors.conflict(
      count > 1
        ? `流水号规则「${rule.ruleName}」本周期剩余的序号不足 ${count} 个（${rule.seqLength} 位序号最大 ${max}），请减少数量、加长序号位数或等下一周期`
        : `流水号规则「${rule.ruleName}」本周期的序号已用完（${rule.seqLength} 位序号最大 ${max}），请加长序号位数或等下一周期`,
    );
  }

  /** The batch of `count` numbers ending `after` numbers before the row's last value. */
  function batchOf(ruleCode: string, row: TakenRow, count: number, after = 0): SerialBatch {
    const lastValue = row.currentValue - row.step * after;
    const firstValue = lastValue - row.step * (count - 1);
    const values = Array.from({ length: count }, (_, i) => formatSerial(row, row.ymd, firstValue + i * row.step));
    return { ruleCode, ruleId: row.id, ruleName: row.ruleName, values, firstValue, lastValue, period: row.currentPeriod };
  }

  /** `count` numbers in the executor's transaction (or as one statement of their own). */
  async function takeIn(executor: Executor, ruleCode: string, count: number): Promise<SerialBatch> {
    const row = await serialRepo.takeNumbers(executor, ruleCode, count, at());
    if (!row) return refusal(executor, ruleCode, count);
    return batchOf(ruleCode, row, count);
  }

  /**
   * One group's numbers: one UPDATE for all of them, one INSERT for their log rows, one commit.
   * When the rule refuses the group as a whole (disabled, or its digits would run out part-way),
   * each member is taken on its own, in order: the first ones may still fit, and each refused one
   * gets its own message.
   */
  async function writeGroup(ruleCode: string, group: WaitingTake[]): Promise<void> {
    const total = group.reduce((sum, member) => sum + member.count, 0);
    const batches = await db.transaction(async (tx) => {
      const row = await serialRepo.takeNumbers(tx, ruleCode, total, at());
      if (!row) return null;
      let after = total;
      const taken = group.map((member) => batchOf(ruleCode, row, member.count, (after -= member.count)));
      await recordOperations(tx, group.flatMap((member, i) => (member.record ? [member.record(taken[i]!)] : [])));
      return taken;
    });
    if (batches) {
      group.forEach((member, i) => member.resolve(batches[i]!));
    } else if (group.length === 1) {
      await refusal(db, ruleCode, total);
    } else {
      for (const member of group) await writeGroup(ruleCode, [member]).catch(member.reject);
    }
  }
  const enqueue = createTakeGroups(writeGroup);

  /** `count` numbers in a transaction of their own, grouped with concurrent takes of the rule (takeGroups.ts). */
  async function takeGrouped(ruleCode: string, count: number, record?: TakeRecord): Promise<SerialBatch> {
    checkCount(count);
    return new Promise((resolve, reject) => enqueue(ruleCode, { count, record, resolve, reject }));
  }

  async function take(ruleCode: string, count: number, executor?: Executor): Promise<SerialBatch> {
    if (!executor) return takeGrouped(ruleCode, count);
    checkCount(count);
    return takeIn(executor, ruleCode, count);
  }

  return {
    /**
     * The next number of a rule. With `executor` (the caller's transaction) the number is the
     * caller's only if it commits; until then other callers of the rule wait for it.
     */
    async next(ruleCode: string, executor?: Executor): Promise<string> {
      return (await take(ruleCode, 1, executor)).values[0]!;
    },

    /**
     * `count` consecutive numbers. With `executor`, in the caller's transaction (as `next`); without,
     * in a transaction of their own shared with concurrent callers of the rule.
     */
    take,

    /**
     * `count` numbers in a transaction of their own, committed together with the operation-log row
     * `record` makes of them (the console's 取号): the numbers are handed out only with their row.
     */
    takeRecorded: (ruleCode: string, count: number, record: TakeRecord) => takeGrouped(ruleCode, count, record),

    /** The next `count` numbers as they would be taken now, consuming none. A disabled rule previews too. */
    async preview(ruleCode: string, count = 1): Promise<SerialPreview> {
      checkCount(count);
      const row = await serialRepo.previewByCode(db, ruleCode, at());
      if (!row) throw errors.notFound(`流水号规则「${ruleCode}」`);
      const { rule } = row;
      const first = Number(row.firstValue);
      const max = maxSerialValue(rule.seqLength);
      const fit = first > max ? 0 : Math.min(count, Math.floor((max - first) / rule.step) + 1);
      const values = Array.from({ length: fit }, (_, i) => formatSerial(rule, row.ymd, first + i * rule.step));
      return { ruleCode, values, firstValue: first, lastValue: first + (fit - 1) * rule.step, period: row.period, exhausted: fit < count };
    },
  };
}
export type SerialService = ReturnType<typeof createSerialService>;
