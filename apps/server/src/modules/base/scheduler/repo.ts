import { and, desc, eq, gte, ilike, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { PageParameter, ServerBody } from '@dandelion/shared';
import type { schedulerCalls, taskCalls } from '@dandelion/shared/base/scheduler';
import type { Executor } from '../../../core/db';
import { countWhere, paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { likePattern } from '../../../core/sql';
import { baseTask, baseTaskLog } from './tables';

export type TaskRow = typeof baseTask.$inferSelect;
export type TaskRunRow = typeof baseTaskLog.$inferSelect;
type NewRun = Omit<typeof baseTaskLog.$inferInsert, 'id' | 'createTime'>;

/** Namespace of the per-task advisory lock that serialises "is a run in progress?" with starting one. */
const TASK_LOCK_NAMESPACE = 724_160_302;
/** A new task's own columns; the audit columns are the repo's to fill. */
export type NewTask = Omit<typeof baseTask.$inferInsert, 'id' | 'createTime' | 'updateTime' | 'delFlag' | 'lockVersion' | keyof ReturnType<typeof createdBy>>;

/** The list's search fields. */
export type TaskFilter = Omit<ServerBody<typeof taskCalls.page>, 'pageParameter'>;
/** The run log's search fields; the time range bounds the runs' start. */
export type TaskRunFilter = Omit<ServerBody<typeof schedulerCalls.runPage>, 'pageParameter'>;

/** The latest run of a task, for the list's 最近执行 column. */
export interface LastRun {
  status: string;
  startTime: Date;
  durationMs: number | null;
}

/** Queries of the scheduler's two tables; every function takes the database or an open transaction. */
export const taskRepo = {
  async findLive(ex: Executor, id: number): Promise<TaskRow | undefined> {
    const [row] = await ex.select().from(baseTask).where(and(eq(baseTask.id, id), notDeleted(baseTask))).limit(1);
    return row;
  },

  /** A live task other than `exceptId` already holds the code. */
  async codeTaken(ex: Executor, code: string, exceptId?: number): Promise<boolean> {
    const [hit] = await ex
      .select({ id: baseTask.id })
      .from(baseTask)
      .where(and(eq(baseTask.taskCode, code), notDeleted(baseTask), exceptId ? ne(baseTask.id, exceptId) : undefined))
      .limit(1);
    return !!hit;
  },

  async insert(ex: Executor, values: NewTask, actor: Actor | null): Promise<TaskRow> {
    const [row] = await ex.insert(baseTask).values({ ...values, ...createdBy(actor) }).returning();
    return row!;
  },

  /** Changes a live task under its lock version (409 when stale). */
  update: (ex: Executor, id: number, lockVersion: number, values: Partial<NewTask>, actor: Actor) =>
    updateVersioned(ex, baseTask, id, lockVersion, values, actor, '定时任务'),

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor) => softDelete(ex, baseTask, id, lockVersion, actor, '定时任务'),

  /** The live task holding a code (the seed's housekeeping tasks are found by code). */
  async liveIdByCode(ex: Executor, code: string): Promise<number | undefined> {
    const [row] = await ex.select({ id: baseTask.id }).from(baseTask).where(and(eq(baseTask.taskCode, code), notDeleted(baseTask))).limit(1);
    return row?.id;
  },

  async findLiveMany(ex: Executor, ids: number[]): Promise<TaskRow[]> {
    return ex.select().from(baseTask).where(and(inArray(baseTask.id, ids), notDeleted(baseTask)));
  },

  async enabled(ex: Executor): Promise<TaskRow[]> {
    return ex.select().from(baseTask).where(and(eq(baseTask.status, 'ENABLE'), notDeleted(baseTask)));
  },

  async page(ex: Executor, filter: TaskFilter, page: PageParameter) {
    const where: SQL | undefined = and(
      notDeleted(baseTask),
      filter.taskName ? ilike(baseTask.taskName, likePattern(filter.taskName)) : undefined,
      filter.taskCode ? ilike(baseTask.taskCode, likePattern(filter.taskCode)) : undefined,
      filter.taskGroup ? ilike(baseTask.taskGroup, likePattern(filter.taskGroup)) : undefined,
      filter.status ? eq(baseTask.status, filter.status) : undefined,
      filter.handler ? eq(baseTask.handler, filter.handler) : undefined,
    );
    return paginate(
      page,
      (limit, offset) => ex.select().from(baseTask).where(where).orderBy(desc(baseTask.createTime), desc(baseTask.id)).limit(limit).offset(offset),
      () => countWhere(ex, baseTask, where),
    );
  },

  /** The newest run of each task (one index probe per task through base_task_log_task_time_idx). */
  async lastRuns(ex: Executor, taskIds: number[]): Promise<Map<number, LastRun>> {
    if (!taskIds.length) return new Map();
    const result = await ex.execute<{ task_id: string | number; status: string; start_time: string | Date; duration_ms: number | null }>(sql`
      select t.id as task_id, r.status, r.start_time, r.duration_ms
      from unnest(${sql.raw(`array[${taskIds.map((id) => Number(id)).join(',')}]::bigint[]`)}) as t(id)
      cross join lateral (
        select status, start_time, duration_ms from base_task_log l
        where l.task_id = t.id order by l.start_time desc limit 1
      ) r`);
    const rows = (result as unknown as { rows: Array<{ task_id: string | number; status: string; start_time: string | Date; duration_ms: number | null }> }).rows;
    return new Map(rows.map((r) => [Number(r.task_id), { status: r.status, startTime: new Date(r.start_time), durationMs: r.duration_ms }]));
  },

  async runPage(ex: Executor, filter: TaskRunFilter, page: PageParameter) {
    const where: SQL | undefined = and(
      filter.taskId ? eq(baseTaskLog.taskId, filter.taskId) : undefined,
      filter.status ? eq(baseTaskLog.status, filter.status) : undefined,
      filter.triggerType ? eq(baseTaskLog.triggerType, filter.triggerType) : undefined,
      filter.beginTime ? gte(baseTaskLog.startTime, filter.beginTime) : undefined,
      filter.endTime ? lte(baseTaskLog.startTime, filter.endTime) : undefined,
    );
    return paginate(
      page,
      (limit, offset) =>
        ex
          .select({ run: baseTaskLog, taskCode: baseTask.taskCode, taskName: baseTask.taskName })
          .from(baseTaskLog)
          .leftJoin(baseTask, eq(baseTask.id, baseTaskLog.taskId))
          .where(where)
          .orderBy(desc(baseTaskLog.startTime), desc(baseTaskLog.id))
          .limit(limit)
          .offset(offset),
      () => countWhere(ex, baseTaskLog, where),
    );
  },

  async findRun(ex: Executor, id: number) {
    const [row] = await ex
      .select({ run: baseTaskLog, taskCode: baseTask.taskCode, taskName: baseTask.taskName })
      .from(baseTaskLog)
      .leftJoin(baseTask, eq(baseTask.id, baseTaskLog.taskId))
      .where(eq(baseTaskLog.id, id))
      .limit(1);
    return row;
  },

  /** Holds the task's advisory lock until the transaction ends. */
  async lockTask(tx: Executor, taskId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${TASK_LOCK_NAMESPACE}, ${taskId}::int)`);
  },

  /**
   * Inserts a cron slot's run row: the claim. The unique index (task_id, fire_time) of SCHEDULE rows
   * lets one instance in the cluster insert it; the others get undefined.
   */
  async claimSlot(ex: Executor, run: NewRun): Promise<number | undefined> {
    const [row] = await ex.insert(baseTaskLog).values(run).onConflictDoNothing().returning({ id: baseTaskLog.id });
    return row?.id;
  },

  async insertRun(ex: Executor, run: NewRun): Promise<number> {
    const [row] = await ex.insert(baseTaskLog).values(run).returning({ id: baseTaskLog.id });
    return row!.id;
  },

  /** Writes a run's progress or result; `onlyIfRunning` leaves a run that has already ended alone. */
  async updateRun(ex: Executor, runId: number, values: Partial<NewRun>, { onlyIfRunning = false } = {}): Promise<void> {
    await ex
      .update(baseTaskLog)
      .set(values)
      .where(and(eq(baseTaskLog.id, runId), onlyIfRunning ? eq(baseTaskLog.status, 'RUNNING') : undefined));
  },

  /** Runs of the task still marked RUNNING, other than `exceptRunId`. */
  async runningRuns(ex: Executor, taskId: number, exceptRunId?: number): Promise<TaskRunRow[]> {
    return ex
      .select()
      .from(baseTaskLog)
      .where(and(eq(baseTaskLog.taskId, taskId), eq(baseTaskLog.status, 'RUNNING'), exceptRunId ? ne(baseTaskLog.id, exceptRunId) : undefined));
  },

  /** Every run still marked RUNNING, with its task's limits (to judge whether it was abandoned). */
  async allRunning(ex: Executor) {
    return ex
      .select({ run: baseTaskLog, task: baseTask })
      .from(baseTaskLog)
      .innerJoin(baseTask, eq(baseTask.id, baseTaskLog.taskId))
      .where(eq(baseTaskLog.status, 'RUNNING'));
  },

  /** Run-log retention: finished runs that started before `before`. */
  async purgeRuns(ex: Executor, before: Date): Promise<number> {
    const rows = await ex
      .delete(baseTaskLog)
      .where(and(lt(baseTaskLog.startTime, before), ne(baseTaskLog.status, 'RUNNING')))
      .returning({ id: baseTaskLog.id });
    return rows.length;
  },
};
