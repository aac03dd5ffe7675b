import { formatSerial, maxSerialValue, SERIAL_LIMITS, SERIAL_MESSAGES } from '@dandelion/shared/base/serial';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { serialRepo } from './repo';

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

  async function take(ruleCode: string, count: number, executor: Executor = db): Promise<SerialBatch> {
    checkCount(count);
    const row = await serialRepo.takeNumbers(executor, ruleCode, count, at());
    if (!row) return refusal(executor, ruleCode, count);
    const firstValue = row.currentValue - row.step * (count - 1);
    const values = Array.from({ length: count }, (_, i) => formatSerial(row, row.ymd, firstValue + i * row.step));
    return { ruleCode, ruleId: row.id, ruleName: row.ruleName, values, firstValue, lastValue: row.currentValue, period: row.currentPeriod };
  }

  return {
    /**
     * The next number of a rule. With `executor` (the caller's transaction) the number is the
     * caller's only if it commits; until then other callers of the rule wait for it.
     */
    async next(ruleCode: string, executor?: Executor): Promise<string> {
      return (await take(ruleCode, 1, executor)).values[0]!;
    },

    /** `count` consecutive numbers in one statement. */
    take,

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
