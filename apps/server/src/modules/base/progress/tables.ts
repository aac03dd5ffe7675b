import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';

/**
 * Process definitions: stages and transitions (who may act, time limits in working
 * days) as JSON checked by the engine's schema. Versioned by processCode; at most
 * one version of a code is ACTIVE.
 */
export const baseProcessDef = pgTable(
  'base_process_def',
  {
    id: idColumn(),
    processCode: varchar('process_code', { length: 64 }).notNull(),
    processName: varchar('process_name', { length: 64 }).notNull(),
    version: integer('version').notNull(),
    /** DRAFT, ACTIVE or RETIRED. */
    status: varchar('status', { length: 16 }).notNull().default('DRAFT'),
    definition: jsonb('definition').notNull(),
    remark: varchar('remark', { length: 512 }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('base_process_def_code_version_uq').on(t.processCode, t.version).where(sql`del_flag = 0`),
    uniqueIndex('base_process_def_active_uq').on(t.processCode).where(sql`status = 'ACTIVE' and del_flag = 0`),
  ],
);

/** A running case of a definition version, e.g. one declaration going through review. */
export const baseProcessInstance = pgTable(
  'base_process_instance',
  {
    id: idColumn(),
    defId: bigint('def_id', { mode: 'number' }).notNull(),
    processCode: varchar('process_code', { length: 64 }).notNull(),
    /** What the process is about, e.g. DECLARATION:123. */
    businessKey: varchar('business_key', { length: 128 }).notNull(),
    title: varchar('title', { length: 256 }),
    currentStage: varchar('current_stage', { length: 64 }).notNull(),
    /** RUNNING, COMPLETED or TERMINATED. */
    status: varchar('status', { length: 16 }).notNull().default('RUNNING'),
    stageEnteredAt: timestamp('stage_entered_at', { withTimezone: true }).notNull().defaultNow(),
    /** The current stage's deadline in calendar time, from its limit in working days. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [
    index('base_process_instance_business_idx').on(t.businessKey),
    index('base_process_instance_def_idx').on(t.defId, t.status),
    // One running instance per business key: two simultaneous starts for one declaration cannot both succeed.
    uniqueIndex('base_process_instance_running_uq').on(t.businessKey).where(sql`status = 'RUNNING' and del_flag = 0`),
  ],
);

/** Every step an instance took: who, when, which action, with what comment. */
export const baseProcessHistory = pgTable(
  'base_process_history',
  {
    id: idColumn(),
    instanceId: bigint('instance_id', { mode: 'number' }).notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    fromStage: varchar('from_stage', { length: 64 }),
    toStage: varchar('to_stage', { length: 64 }).notNull(),
    comment: text('comment'),
    actorId: bigint('actor_id', { mode: 'number' }),
    actorName: varchar('actor_name', { length: 64 }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('base_process_history_instance_idx').on(t.instanceId, t.createTime)],
);

registerUniqueField('base_process_def_code_version_uq', '流程版本');
registerUniqueField('base_process_def_active_uq', '流程的启用版本');
registerUniqueField('base_process_instance_running_uq', '该业务的进行中流程');
