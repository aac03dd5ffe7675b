import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PageParameter, RecordStatus } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { countWhere, paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { baseSerialRule } from './tables';

export type SerialRuleRow = typeof baseSerialRule.$inferSelect;
export type SerialRuleFields = Pick<
  SerialRuleRow,
  'ruleCode' | 'ruleName' | 'prefix' | 'datePattern' | 'separator' | 'seqLength' | 'resetPeriod' | 'step' | 'startValue' | 'status' | 'remark'
>;

export interface SerialFilter {
  ruleCode?: string;
  ruleName?: string;
  status?: RecordStatus;
}

/**
 * The SQL of handing out numbers. Every piece is an expression over the rule's row and one moment,
 * so the period roll-over, the next value and the digit limit are decided inside the single
 * UPDATE that takes them (and a preview computes exactly the same thing with a SELECT).
 */
const r = baseSerialRule;

/** The moment numbers are taken at: the database's clock, unless a test fixes it. */
const momentOf = (at: Date | null): SQL => (at ? sql`${at.toISOString()}::timestamptz` : sql`now()`);

/** Beijing wall-clock time of the moment (periods and date parts are Beijing dates). */
const beijing = (moment: SQL) => sql`(${moment} at time zone 'Asia/Shanghai')`;

/** yyyyMMdd of the moment in Beijing: the date part of the numbers. */
const ymdOf = (moment: SQL) => sql<string>`to_char(${beijing(moment)}, 'YYYYMMDD')`;

/** The rule's reset period the moment falls in: 20261124, 202611, 2026 or ALL. */
const periodOf = (moment: SQL, resetPeriod: SQL | typeof r.resetPeriod = r.resetPeriod) => sql<string>`(case ${resetPeriod}
  when 'DAY' then to_char(${beijing(moment)}, 'YYYYMMDD')
  when 'MONTH' then to_char(${beijing(moment)}, 'YYYYMM')
  when 'YEAR' then to_char(${beijing(moment)}, 'YYYY')
  else 'ALL' end)`;

/**
 * True when the moment starts a new period for the counter: nothing handed out yet, or a later
 * period of the same kind. A period key that compares earlier (a clock set back) keeps counting
 * in the stored period, so a number is never handed out twice.
 */
const freshOf = (period: SQL) =>
  sql`(${r.currentValue} is null or ${r.currentPeriod} is null or length(${period}) <> length(${r.currentPeriod}) or ${period} > ${r.currentPeriod})`;

/** The period the counter counts in after taking: the moment's, or the stored one when that is later. */
const effectivePeriodOf = (period: SQL) => sql<string>`(case when ${freshOf(period)} then ${period} else ${r.currentPeriod} end)`;

/**
 * The date part's day for numbers counted in period `counted`: the moment's day, unless the
 * counter goes on in a later stored period (a clock set back, or a transaction that began before
 * midnight), where it is that period's first day. A date inside the counter's period is what keeps
 * numbers unique: the counter never repeats a value within its period.
 */
const dateInPeriodOf = (moment: SQL, period: SQL, counted: SQL | typeof r.currentPeriod) =>
  sql<string>`(case when ${counted} = 'ALL' or ${period} >= ${counted} then ${ymdOf(moment)} else rpad(${counted}, 8, '01') end)`;

/** The first value `count` numbers taken now would get. */
const firstValueOf = (period: SQL) => sql`(case when ${freshOf(period)} then ${r.startValue} else ${r.currentValue} + ${r.step} end)`;

/** The value of the last of `count` numbers taken now (what current_value becomes). */
const lastValueOf = (period: SQL, count: number) => sql`(${firstValueOf(period)} + ${r.step}::bigint * ${count - 1})`;

/** The largest value the rule's digits can show. */
const maxValue = sql`(power(10::numeric, ${r.seqLength}) - 1)`;

export interface TakenRow {
  id: number;
  ruleCode: string;
  ruleName: string;
  prefix: string;
  datePattern: string;
  separator: string;
  seqLength: number;
  step: number;
  currentValue: number;
  currentPeriod: string;
  ymd: string;
}

/**
 * Takes `count` consecutive numbers of a live, enabled rule in one statement. The row lock it
 * takes queues concurrent callers, and inside a caller's transaction it is held until that
 * transaction ends: a rolled-back caller gives its numbers back. Answers null when the rule
 * is missing, disabled or would run out of digits (nothing is consumed then).
 */
async function takeNumbers(ex: Executor, ruleCode: string, count: number, at: Date | null): Promise<TakenRow | null> {
  const moment = momentOf(at);
  const period = periodOf(moment);
  const last = lastValueOf(period, count);
  const [row] = await ex
    .update(r)
    .set({ currentValue: sql`${last}`, currentPeriod: effectivePeriodOf(period), lastTakeTime: sql`${moment}` })
    .where(and(eq(r.ruleCode, ruleCode), notDeleted(r), eq(r.status, 'NORMAL'), sql`${last} <= ${maxValue}`))
    .returning({
      id: r.id,
      ruleCode: r.ruleCode,
      ruleName: r.ruleName,
      prefix: r.prefix,
      datePattern: r.datePattern,
      separator: r.separator,
      seqLength: r.seqLength,
      step: r.step,
      currentValue: r.currentValue,
      currentPeriod: r.currentPeriod,
      // RETURNING sees the new row: current_period is the period counted in.
      ymd: dateInPeriodOf(moment, period, r.currentPeriod),
    });
  if (!row) return null;
  return { ...row, currentValue: Number(row.currentValue), currentPeriod: row.currentPeriod! };
}

/** What taking numbers now would start from, without taking any (same expressions as takeNumbers). */
function previewColumns(at: Date | null) {
  const moment = momentOf(at);
  const period = periodOf(moment);
  return {
    firstValue: sql<string>`${firstValueOf(period)}::text`,
    period: effectivePeriodOf(period),
    ymd: dateInPeriodOf(moment, period, effectivePeriodOf(period)),
  };
}

/** The period key of the current moment for a reset period about to be stored (an edit keeps counting in it). */
function periodForReset(at: Date | null, resetPeriod: string): SQL<string> {
  return periodOf(momentOf(at), sql`${resetPeriod}::varchar`);
}

const live = (...where: Array<SQL | undefined>) => and(notDeleted(r), ...where);

/** A rule with what taking numbers at `at` would start from. */
const withPreview = (ex: Executor, at: Date | null) => ex.select({ rule: r, ...previewColumns(at) }).from(r);
export type RuleWithPreview = { rule: SerialRuleRow; firstValue: string; period: string; ymd: string };

/** Every query of serial rules; each takes the executor (database or open transaction) to run on. */
export const serialRepo = {
  takeNumbers,

  async findLive(ex: Executor, id: number): Promise<SerialRuleRow | undefined> {
    const [row] = await ex.select().from(r).where(live(eq(r.id, id))).limit(1);
    return row;
  },

  async findByCode(ex: Executor, ruleCode: string): Promise<SerialRuleRow | undefined> {
    const [row] = await ex.select().from(r).where(live(eq(r.ruleCode, ruleCode))).limit(1);
    return row;
  },

  /** A live rule by id with what taking numbers at `at` would start from. */
  async previewById(ex: Executor, id: number, at: Date | null): Promise<RuleWithPreview | undefined> {
    const [row] = await withPreview(ex, at).where(live(eq(r.id, id))).limit(1);
    return row;
  },

  /** A live rule by code with what taking numbers at `at` would start from. */
  async previewByCode(ex: Executor, ruleCode: string, at: Date | null): Promise<RuleWithPreview | undefined> {
    const [row] = await withPreview(ex, at).where(live(eq(r.ruleCode, ruleCode))).limit(1);
    return row;
  },

  /** A page of rules by code, each with its preview at `at`. */
  page(ex: Executor, filter: SerialFilter, page: PageParameter, at: Date | null) {
    const where = live(
      filter.ruleCode ? containing(r.ruleCode, filter.ruleCode) : undefined,
      filter.ruleName ? containing(r.ruleName, filter.ruleName) : undefined,
      filter.status ? eq(r.status, filter.status) : undefined,
    );
    return paginate(
      page,
      (limit, offset) => withPreview(ex, at).where(where).orderBy(asc(r.ruleCode)).limit(limit).offset(offset),
      () => countWhere(ex, r, where),
    );
  },

  async insert(ex: Executor, fields: SerialRuleFields, actor: Actor): Promise<SerialRuleRow> {
    const [row] = await ex.insert(r).values({ ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: Partial<SerialRuleFields & Pick<SerialRuleRow, 'currentValue' | 'currentPeriod'>>, actor: Actor) =>
    updateVersioned(ex, r, id, lockVersion, fields, actor, '流水号规则'),

  /** Counts on in the period the moment `at` falls in under `resetPeriod` (a counter set or kept across a change of period). */
  async countInCurrentPeriod(ex: Executor, id: number, at: Date | null, resetPeriod: string): Promise<void> {
    await ex.update(r).set({ currentPeriod: sql`${periodForReset(at, resetPeriod)}` }).where(eq(r.id, id));
  },

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor) => softDelete(ex, r, id, lockVersion, actor, '流水号规则'),
};
