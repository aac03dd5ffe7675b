import type { PageParameter, RecordStatus } from '@dandelion/shared';
import { formatSerial, maxSerialValue, serialRuleProblem } from '@dandelion/shared/base/serial';
import { recordOperation, type ChangeContext, type OperationEntry } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { serialRepo, type RuleWithPreview, type SerialFilter, type SerialRuleFields, type SerialRuleRow } from './repo';
import type { SerialService } from './service';

export const SERIAL_MODULE = 'base:serial';

const present = (row: SerialRuleRow) => {
  const { id, ...rest } = row;
  return { ruleId: id, ...rest, currentValue: rest.currentValue === null ? null : Number(rest.currentValue), startValue: Number(rest.startValue) };
};

/** The rule with the next number as a preview would show it: from the row's counter and the moment's period. */
function withSample({ rule, firstValue, ymd }: RuleWithPreview) {
  const first = Number(firstValue);
  return { ...present(rule), nextSample: first > maxSerialValue(rule.seqLength) ? null : formatSerial(rule, ymd, first) };
}

const log = (ex: Executor, change: ChangeContext, entry: Omit<OperationEntry, 'module' | keyof ChangeContext>) =>
  recordOperation(ex, { module: SERIAL_MODULE, ...entry, ...change });

/**
 * Administration of serial rules (/rest/serial/*): the definitions, 启用/停用, reset, and 取号 from
 * the console (which, unlike numbers taken by other modules, writes an operation-log row).
 */
export function createSerialRuleService({ db, serials, clock }: { db: Db; serials: SerialService; clock?: () => Date }) {
  const at = () => (clock ? clock() : null);

  async function findLive(ex: Executor, id: number): Promise<SerialRuleRow> {
    const row = await serialRepo.findLive(ex, id);
    if (!row) throw errors.notFound('流水号规则');
    return row;
  }

  async function view(ex: Executor, id: number) {
    const row = await serialRepo.previewById(ex, id, at());
    if (!row) throw errors.notFound('流水号规则');
    return withSample(row);
  }

  function checkRule(values: SerialRuleFields, currentValue: number | null) {
    const problem = serialRuleProblem(values);
    if (problem) throw errors.badRequest(problem);
    if (currentValue !== null && currentValue > maxSerialValue(values.seqLength)) {
      throw errors.badRequest(`序号位数不能少于当前值 ${currentValue} 的位数（${String(currentValue).length} 位）`);
    }
  }

  return {
    async page(filter: SerialFilter, page: PageParameter) {
      const result = await serialRepo.page(db, filter, page, at());
      return { ...result, list: result.list.map(withSample) };
    },

    detail: (id: number) => view(db, id),

    /** The next numbers without taking any. */
    preview: (ruleCode: string, count: number) => serials.preview(ruleCode, count),

    async add(values: SerialRuleFields, change: ChangeContext) {
      checkRule(values, null);
      return withTransaction(db, async (tx) => {
        const row = await serialRepo.insert(tx, values, change.actor);
        await log(tx, change, { action: 'CREATE', entityId: row.id, summary: `新增流水号规则「${row.ruleName}」`, after: present(row) });
        return view(tx, row.id);
      });
    },

    /**
     * A changed format takes effect from the next number; the counter goes on. A changed reset
     * period goes on counting in the period the moment falls in under the new setting, so no
     * number of the current period is handed out again.
     */
    async update(id: number, lockVersion: number, values: SerialRuleFields, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        checkRule(values, before.currentValue === null ? null : Number(before.currentValue));
        // Callers name the rule by its code; the old code, once free, could start the numbers again.
        if (values.ruleCode !== before.ruleCode && before.lastTakeTime !== null) throw errors.badRequest('已发放过编号的规则不能修改规则编码');
        const row = await serialRepo.update(tx, id, lockVersion, values, change.actor);
        if (row.resetPeriod !== before.resetPeriod && row.currentValue !== null) await serialRepo.countInCurrentPeriod(tx, id, at(), row.resetPeriod);
        const after = await findLive(tx, id);
        await log(tx, change, { action: 'UPDATE', entityId: id, summary: `修改流水号规则「${row.ruleName}」`, before: present(before), after: present(after) });
        return view(tx, id);
      });
    },

    async updateStatus(id: number, lockVersion: number, status: RecordStatus, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const row = await serialRepo.update(tx, id, lockVersion, { status }, change.actor);
        const verb = status === 'NORMAL' ? '启用' : '停用';
        await log(tx, change, { action: 'UPDATE', entityId: id, summary: `${verb}流水号规则「${row.ruleName}」`, before: present(before), after: present(row) });
        return view(tx, id);
      });
    },

    /**
     * Only a rule that never handed out a number can be deleted: deleting frees its code, and a new
     * rule under the same code would hand out the old numbers again. A used rule is disabled instead.
     */
    async remove(id: number, lockVersion: number | undefined, change: ChangeContext) {
      await withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        if (before.lastTakeTime !== null) {
          throw errors.conflict(`流水号规则「${before.ruleName}」已发放过编号，不能删除（删除后编码可被重用，会产生重复编号），请改为停用`);
        }
        const after = await serialRepo.softDelete(tx, id, lockVersion, change.actor);
        await log(tx, change, { action: 'DELETE', entityId: id, summary: `删除流水号规则「${before.ruleName}」`, before: present(before), after: present(after) });
      });
    },

    /**
     * Sets the counter back (the next number is the start value) or to a given last value. The
     * caller confirms by typing the rule's code: numbers of the current period may be handed out again.
     */
    async reset(id: number, lockVersion: number, confirmCode: string, currentValue: number | null, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        if (confirmCode !== before.ruleCode) throw errors.badRequest(`请输入规则编码「${before.ruleCode}」确认重置`);
        if (currentValue !== null && currentValue > maxSerialValue(before.seqLength)) {
          throw errors.badRequest(`当前值不能超过 ${before.seqLength} 位序号的最大值 ${maxSerialValue(before.seqLength)}`);
        }
        await serialRepo.update(tx, id, lockVersion, { currentValue, currentPeriod: null }, change.actor);
        // A value set by hand counts in the period the moment falls in.
        if (currentValue !== null) await serialRepo.countInCurrentPeriod(tx, id, at(), before.resetPeriod);
        const after = await findLive(tx, id);
        const what = currentValue === null ? '，下一个编号从起始值开始' : `，当前值设为 ${currentValue}`;
        await log(tx, change, { action: 'RESET', entityId: id, summary: `重置流水号规则「${before.ruleName}」${what}`, before: present(before), after: present(after) });
        return view(tx, id);
      });
    },

    /**
     * 取号 from the console: the numbers and their operation-log row commit together, in a
     * transaction shared with the other callers of the rule waiting at that moment (takeGroups.ts).
     */
    take(ruleCode: string, count: number, change: ChangeContext) {
      return serials.takeRecorded(ruleCode, count, (batch) => ({
        module: SERIAL_MODULE,
        action: 'TAKE',
        entityId: batch.ruleId,
        summary: `流水号规则「${batch.ruleName}」取号 ${batch.values.length} 个：${batch.values.length > 1 ? `${batch.values[0]} … ${batch.values.at(-1)}` : batch.values[0]}`,
        after: { ruleCode, values: batch.values, period: batch.period },
        ...change,
      }));
    },
  };
}
export type SerialRuleService = ReturnType<typeof createSerialRuleService>;
