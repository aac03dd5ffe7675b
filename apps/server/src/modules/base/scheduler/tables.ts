import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';
import { registerDuplicateCheck } from '../../../core/duplicateCheck';

/**
 * Scheduled tasks: a cron expression with seconds and a handler from the built-in
 * registry with JSON parameters checked by the handler's own schema.
 */
export const baseTask = pgTable(
  'base_task',
  {
    id: idColumn(),
    taskCode: varchar('task_code', { length: 64 }).notNull(),
    taskName: varchar('task_name', { length: 64 }).notNull(),
    taskGroup: varchar('task_group', { length: 32 }).notNull().default('DEFAULT'),
    /** Six fields: second minute hour day month weekday. */
    cron: varchar('cron', { length: 128 }).notNull(),
    handler: varchar('handler', { length: 64 }).notNull(),
    params: jsonb('params').notNull().default({}),
    /** ENABLE or DISABLE. */
    status: varchar('status', { length: 16 }).notNull().default('DISABLE'),
    /** A firing that finds the previous run of the task still going is skipped (logged as SKIPPED). */
    skipIfRunning: boolean('skip_if_running').notNull().default(true),
    timeoutSeconds: integer('timeout_seconds').notNull().default(60),
    maxRetries: integer('max_retries').notNull().default(0),
    /** Wait before the first retry; doubled for each further one. */
    retryBackoffSeconds: integer('retry_backoff_seconds').notNull().default(5),
    remark: varchar('remark', { length: 512 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('base_task_code_uq').on(t.taskCode).where(sql`del_flag = 0`)],
);

/**
 * One row per firing. A scheduled firing is claimed by inserting its (task, fire time)
 * row: the unique index lets exactly one instance win, however many run.
 */
export const baseTaskLog = pgTable(
  'base_task_log',
  {
    id: idColumn(),
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    /** SCHEDULE or MANUAL. */
    triggerType: varchar('trigger_type', { length: 16 }).notNull(),
    /** The cron slot for SCHEDULE; the request time for MANUAL. */
    fireTime: timestamp('fire_time', { withTimezone: true }).notNull(),
    instanceId: varchar('instance_id', { length: 64 }).notNull(),
    /** RUNNING, SUCCESS, FAILED, TIMEOUT or SKIPPED. */
    status: varchar('status', { length: 16 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
    endTime: timestamp('end_time', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    /** What the handler reported, or the error; shown on schedulerLogDetail. */
    message: text('message'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('base_task_log_claim_uq').on(t.taskId, t.fireTime).where(sql`trigger_type = 'SCHEDULE'`),
    index('base_task_log_task_time_idx').on(t.taskId, t.startTime),
    // The run log of all tasks, newest first, and retention by age.
    index('base_task_log_time_idx').on(t.startTime),
    // Skip-if-running asks at every firing whether the task has a run in progress: few rows, always small.
    index('base_task_log_running_idx').on(t.taskId).where(sql`status = 'RUNNING'`),
  ],
);

registerUniqueField('base_task_code_uq', '任务编码');

/** What /rest/common/checkDuplicate may be asked about this entity. */
registerDuplicateCheck('task', { taskCode: { table: baseTask, column: baseTask.taskCode, label: '任务编码' } }, ['base_task', 'scheduler']);
