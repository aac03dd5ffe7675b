/**
 * Serial numbers (流水号): how a rule turns a counter into text, the rules a rule must keep, and the
 * calls of the rule page (/rest/serial/*; the call names are ours). Server (numbers handed out,
 * preview) and web (the form's live preview) use the same code, so the preview shows exactly what
 * 取号 will answer.
 */
import { z } from 'zod';
import { defineCall, permissionsOf } from '../contract';
import { recordCalls } from '../recordCalls';
import { auditFields, RECORD_STATUSES, zLockVersion, zRecordStatus, zRemark } from '../records';
import { zDateTime, zId } from '../schemas';

export const SERIAL_PERMISSIONS = permissionsOf('base:serial', ['list', 'add', 'upd', 'del', 'next']);

export const SERIAL_DATE_PATTERNS = ['yyyyMMdd', 'yyyyMM', 'yyyy', ''] as const;
export type SerialDatePattern = (typeof SERIAL_DATE_PATTERNS)[number];
export const SERIAL_DATE_PATTERN_LABELS: Readonly<Record<SerialDatePattern, string>> = {
  yyyyMMdd: '年月日（yyyyMMdd）',
  yyyyMM: '年月（yyyyMM）',
  yyyy: '年（yyyy）',
  '': '无日期',
};

export const SERIAL_RESET_PERIODS = ['DAY', 'MONTH', 'YEAR', 'NEVER'] as const;
export type SerialResetPeriod = (typeof SERIAL_RESET_PERIODS)[number];
export const SERIAL_RESET_LABELS: Readonly<Record<SerialResetPeriod, string>> = { DAY: '每天', MONTH: '每月', YEAR: '每年', NEVER: '不重置' };

export const SERIAL_LIMITS = {
  codeMax: 64,
  nameMax: 64,
  prefixMax: 32,
  separatorMax: 4,
  /** 12 digits stay far below 2^53, the largest whole number JavaScript counts exactly. */
  seqLengthMin: 1,
  seqLengthMax: 12,
  stepMax: 1000,
  /** Numbers one 取号 or preview may ask for. */
  countMax: 1000,
} as const;

export const SERIAL_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Letters, digits, Chinese characters and - _ / . : nothing that needs escaping in a file name or a URL path. */
export const SERIAL_PREFIX_PATTERN = /^[A-Za-z0-9\u4e00-\u9fa5_\-/.]*$/;
export const SERIAL_SEPARATOR_PATTERN = /^[-_/.]*$/;

export const SERIAL_MESSAGES = {
  codeRequired: '请输入规则编码',
  codeMax: `规则编码不能超过${SERIAL_LIMITS.codeMax}个字符`,
  codePattern: '规则编码须以字母开头，只能包含字母、数字和下划线',
  nameRequired: '请输入规则名称',
  nameMax: `规则名称不能超过${SERIAL_LIMITS.nameMax}个字符`,
  prefixMax: `前缀不能超过${SERIAL_LIMITS.prefixMax}个字符`,
  prefixPattern: '前缀只能包含字母、数字、汉字和 - _ / .',
  separator: `分隔符只能是 - _ / . 组成的不超过${SERIAL_LIMITS.separatorMax}个字符`,
  datePattern: '日期格式只能是 yyyyMMdd、yyyyMM、yyyy 或空（无日期）',
  resetPeriod: '重置周期只能是 DAY、MONTH、YEAR 或 NEVER',
  seqLength: `序号位数必须是 ${SERIAL_LIMITS.seqLengthMin}–${SERIAL_LIMITS.seqLengthMax} 的整数`,
  step: `步长必须是 1–${SERIAL_LIMITS.stepMax} 的整数`,
  startValue: '起始值必须是不小于 0 的整数',
  count: `取号数量必须是 1–${SERIAL_LIMITS.countMax} 的整数`,
} as const;

/** The largest sequence a rule can write with its digits: 9999 for 4. */
export const maxSerialValue = (seqLength: number): number => 10 ** seqLength - 1;

/** The finest period a date pattern distinguishes; a reset period finer than this would repeat numbers. */
const PATTERN_RESOLUTION: Readonly<Record<SerialDatePattern, number>> = { yyyyMMdd: 3, yyyyMM: 2, yyyy: 1, '': 0 };
const RESET_RESOLUTION: Readonly<Record<SerialResetPeriod, number>> = { DAY: 3, MONTH: 2, YEAR: 1, NEVER: 0 };

export interface SerialFormat {
  prefix: string;
  datePattern: string;
  separator: string;
  seqLength: number;
}

export interface SerialRuleShape extends SerialFormat {
  resetPeriod: string;
  startValue: number;
}

/**
 * What is wrong with a rule as a whole (the fields each being valid), or null:
 * - a counter that restarts every day must show the day, or two days would hand out the same
 *   number (same for month and year);
 * - the first number must fit in the digits.
 */
export function serialRuleProblem(rule: SerialRuleShape): string | null {
  const pattern = rule.datePattern as SerialDatePattern;
  const reset = rule.resetPeriod as SerialResetPeriod;
  if (pattern in PATTERN_RESOLUTION && reset in RESET_RESOLUTION && RESET_RESOLUTION[reset] > PATTERN_RESOLUTION[pattern]) {
    const need = { DAY: '年月日（yyyyMMdd）', MONTH: '年月（yyyyMM）或年月日', YEAR: '年份', NEVER: '' }[reset];
    return `按「${SERIAL_RESET_LABELS[reset]}」重置的规则，日期格式必须包含${need}，否则不同周期会生成相同的编号`;
  }
  if (Number.isInteger(rule.seqLength) && rule.startValue > maxSerialValue(rule.seqLength)) {
    return `起始值 ${rule.startValue} 超出了 ${rule.seqLength} 位序号的最大值 ${maxSerialValue(rule.seqLength)}`;
  }
  return null;
}

/** The date part of a number from a Beijing date written yyyyMMdd (20261124). */
export function serialDatePart(datePattern: string, beijingYmd: string): string {
  switch (datePattern) {
    case 'yyyyMMdd':
      return beijingYmd.slice(0, 8);
    case 'yyyyMM':
      return beijingYmd.slice(0, 6);
    case 'yyyy':
      return beijingYmd.slice(0, 4);
    default:
      return '';
  }
}

/**
 * A number as text: prefix, date part, then the separator and the zero-padded sequence
 * (SB20261124-0001). The separator stands only between something and the sequence, so a rule
 * with neither prefix nor date writes 0001.
 */
export function formatSerial(format: SerialFormat, beijingYmd: string, value: number): string {
  const head = `${format.prefix}${serialDatePart(format.datePattern, beijingYmd)}`;
  const seq = String(value).padStart(format.seqLength, '0');
  return head ? `${head}${format.separator}${seq}` : seq;
}

/** yyyyMMdd of a moment in Beijing time (UTC+8 all year: China has no daylight saving). */
export function beijingYmd(moment: Date): string {
  return new Date(moment.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
}

/** The body fields of a rule, with the messages the form shows too. */
export const serialRuleInputSchema = z.object({
  ruleCode: z
    .string({ error: SERIAL_MESSAGES.codeRequired })
    .trim()
    .min(1, SERIAL_MESSAGES.codeRequired)
    .max(SERIAL_LIMITS.codeMax, SERIAL_MESSAGES.codeMax)
    .regex(SERIAL_CODE_PATTERN, SERIAL_MESSAGES.codePattern),
  ruleName: z.string({ error: SERIAL_MESSAGES.nameRequired }).trim().min(1, SERIAL_MESSAGES.nameRequired).max(SERIAL_LIMITS.nameMax, SERIAL_MESSAGES.nameMax),
  prefix: z
    .string({ error: SERIAL_MESSAGES.prefixPattern })
    .trim()
    .max(SERIAL_LIMITS.prefixMax, SERIAL_MESSAGES.prefixMax)
    .regex(SERIAL_PREFIX_PATTERN, SERIAL_MESSAGES.prefixPattern)
    .default(''),
  datePattern: z.enum(SERIAL_DATE_PATTERNS, { error: SERIAL_MESSAGES.datePattern }).default(''),
  separator: z
    .string({ error: SERIAL_MESSAGES.separator })
    .max(SERIAL_LIMITS.separatorMax, SERIAL_MESSAGES.separator)
    .regex(SERIAL_SEPARATOR_PATTERN, SERIAL_MESSAGES.separator)
    .default(''),
  seqLength: z
    .number({ error: SERIAL_MESSAGES.seqLength })
    .int(SERIAL_MESSAGES.seqLength)
    .min(SERIAL_LIMITS.seqLengthMin, SERIAL_MESSAGES.seqLength)
    .max(SERIAL_LIMITS.seqLengthMax, SERIAL_MESSAGES.seqLength)
    .default(4),
  resetPeriod: z.enum(SERIAL_RESET_PERIODS, { error: SERIAL_MESSAGES.resetPeriod }).default('NEVER'),
  step: z.number({ error: SERIAL_MESSAGES.step }).int(SERIAL_MESSAGES.step).min(1, SERIAL_MESSAGES.step).max(SERIAL_LIMITS.stepMax, SERIAL_MESSAGES.step).default(1),
  startValue: z
    .number({ error: SERIAL_MESSAGES.startValue })
    .int(SERIAL_MESSAGES.startValue)
    .min(0, SERIAL_MESSAGES.startValue)
    .max(maxSerialValue(SERIAL_LIMITS.seqLengthMax), SERIAL_MESSAGES.startValue)
    .default(1),
});
export type SerialRuleInput = z.output<typeof serialRuleInputSchema>;

const TAG = '流水号';

export const SERIAL_STATUSES = RECORD_STATUSES;

export const serialRuleRow = z.object({
  ruleId: zId,
  ruleCode: z.string(),
  ruleName: z.string(),
  prefix: z.string(),
  datePattern: z.enum(SERIAL_DATE_PATTERNS),
  separator: z.string(),
  seqLength: z.number(),
  resetPeriod: z.enum(SERIAL_RESET_PERIODS),
  step: z.number(),
  startValue: z.number(),
  currentValue: z.number().nullable(),
  currentPeriod: z.string().nullable(),
  lastTakeTime: zDateTime.nullable(),
  status: zRecordStatus,
  remark: z.string().nullable(),
  /** The number 取号 would hand out next, or null when the digits have run out in this period. */
  nextSample: z.string().nullable(),
  ...auditFields,
});

/** Numbers handed out (or previewed) together. */
const serialBatch = z.object({ ruleCode: z.string(), values: z.array(z.string()), firstValue: z.number(), lastValue: z.number(), period: z.string() });

export const serialRuleBody = serialRuleInputSchema.extend({ status: zRecordStatus.default('NORMAL'), remark: zRemark });
const zRuleCode = z.string({ error: SERIAL_MESSAGES.codeRequired }).trim().min(1, SERIAL_MESSAGES.codeRequired).max(SERIAL_LIMITS.codeMax, SERIAL_MESSAGES.codeMax);
const zCount = z
  .number({ error: SERIAL_MESSAGES.count })
  .int(SERIAL_MESSAGES.count)
  .min(1, SERIAL_MESSAGES.count)
  .max(SERIAL_LIMITS.countMax, SERIAL_MESSAGES.count)
  .default(1);

const ruleCalls = recordCalls({
  tag: TAG,
  entity: '流水号规则',
  idField: 'ruleId',
  row: serialRuleRow,
  body: serialRuleBody,
  filter: { ruleCode: z.string().trim().max(64).optional(), ruleName: z.string().trim().max(64).optional(), status: zRecordStatus.optional() },
  permissions: { list: SERIAL_PERMISSIONS.list, detail: SERIAL_PERMISSIONS.list, add: SERIAL_PERMISSIONS.add, upd: SERIAL_PERMISSIONS.upd, del: SERIAL_PERMISSIONS.del },
  paths: {
    page: '/rest/serial/page',
    detail: '/rest/serial/detail',
    add: '/rest/serial/add',
    update: '/rest/serial/update',
    updateStatus: '/rest/serial/updateStatus',
    remove: '/rest/serial/delete',
  },
  summaries: {
    page: '流水号规则分页（按规则编码），每行带下一个编号的预览',
    add: '新增流水号规则：规则编码唯一；按日/月/年重置时日期格式须包含该周期',
    update: '修改流水号规则（乐观锁）：新格式从下一个编号起生效，计数不中断',
    updateStatus: '启用（NORMAL）或停用（DISABLED）流水号规则；停用的规则不能取号',
    remove: '删除流水号规则（逻辑删除）；已发放过编号的规则拒绝删除（409），请停用',
  },
});

/** The rule family (page, detail, add, update, 启用/停用, delete) and the counter's calls: reset, preview, 取号. */
export const serialCalls = {
  ...ruleCalls,
  reset: defineCall({
    method: 'POST',
    path: '/rest/serial/reset',
    access: SERIAL_PERMISSIONS.upd,
    tag: TAG,
    summary: '重置计数（须输入规则编码确认）：currentValue 为空时下一个编号从起始值开始，否则从该值之后继续',
    body: z.object({
      ruleId: zId,
      lockVersion: zLockVersion,
      confirmCode: z.string({ error: '请输入规则编码确认重置' }).trim().min(1, '请输入规则编码确认重置'),
      currentValue: z
        .number({ error: '当前值必须是不小于 0 的整数' })
        .int('当前值必须是不小于 0 的整数')
        .min(0, '当前值必须是不小于 0 的整数')
        .nullish()
        .transform((v) => v ?? null),
    }),
    response: serialRuleRow,
  }),
  preview: defineCall({
    method: 'POST',
    path: '/rest/serial/preview',
    access: SERIAL_PERMISSIONS.list,
    tag: TAG,
    summary: '预览接下来的编号（不占用）；exhausted 表示本周期剩余的序号不足所求数量',
    body: z.object({ ruleCode: zRuleCode, count: zCount }),
    response: serialBatch.extend({ exhausted: z.boolean() }),
  }),
  next: defineCall({
    method: 'POST',
    path: '/rest/serial/next',
    access: SERIAL_PERMISSIONS.next,
    tag: TAG,
    summary: '取号：一次取 count 个连续编号（默认 1，最多 1000）；并发调用不会重号或跳号；停用或序号用完时拒绝（409）',
    body: z.object({ ruleCode: zRuleCode, count: zCount }),
    response: serialBatch,
  }),
};
