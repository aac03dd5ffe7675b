import { sql } from 'drizzle-orm';
import type { RecordStatus } from '@dandelion/shared';
import type { SerialDatePattern, SerialResetPeriod } from '@dandelion/shared/base/serial';
import { bigint, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';

/**
 * Serial-number rules: prefix + date part + zero-padded sequence, e.g. SB20261124-0001.
 * The next value is taken with one UPDATE … RETURNING on the rule's row, so concurrent
 * callers queue on its row lock and never share a number.
 */
export const baseSerialRule = pgTable(
  'base_serial_rule',
  {
    id: idColumn(),
    ruleCode: varchar('rule_code', { length: 64 }).notNull(),
    ruleName: varchar('rule_name', { length: 64 }).notNull(),
    prefix: varchar('prefix', { length: 32 }).notNull().default(''),
    /** yyyyMMdd, yyyyMM, yyyy or empty for none. */
    datePattern: varchar('date_pattern', { length: 16 }).$type<SerialDatePattern>().notNull().default(''),
    separator: varchar('separator', { length: 4 }).notNull().default(''),
    seqLength: integer('seq_length').notNull().default(4),
    /** DAY, MONTH, YEAR or NEVER. */
    resetPeriod: varchar('reset_period', { length: 8 }).$type<SerialResetPeriod>().notNull().default('NEVER'),
    step: integer('step').notNull().default(1),
    startValue: bigint('start_value', { mode: 'number' }).notNull().default(1),
    /** The last value handed out in currentPeriod; null before the first. */
    currentValue: bigint('current_value', { mode: 'number' }),
    /** The reset period the current value belongs to (20261124, 202611, 2026 or ALL). */
    currentPeriod: varchar('current_period', { length: 16 }),
    /**
     * When the last number was taken; null for a rule that never handed one out. Stays set after a
     * reset: a rule that handed out numbers cannot be deleted (its code would become reusable).
     */
    lastTakeTime: timestamp('last_take_time', { withTimezone: true }),
    status: varchar('status', { length: 16 }).$type<RecordStatus>().notNull().default('NORMAL'),
    remark: varchar('remark', { length: 512 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('base_serial_rule_code_uq').on(t.ruleCode).where(sql`del_flag = 0`)],
);

registerUniqueField('base_serial_rule_code_uq', '规则编码');
