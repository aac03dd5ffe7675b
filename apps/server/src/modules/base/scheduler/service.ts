import type { PageParameter, ServerBody } from '@dandelion/shared';
import { NEXT_FIRE_PREVIEW_COUNT, type taskCalls, type TaskStatus } from '@dandelion/shared/base/scheduler';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { EventBus } from '../../../core/bus';
import type { Db, Executor } from '../../../core/db';
import { AppError, errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { parseCron } from './cron';
import { UNKNOWN_HANDLER_MESSAGE, type JobRegistry } from './registry';
import { taskRepo, type TaskFilter, type TaskRow, type TaskRunFilter } from './repo';
import type { TaskRunner } from './runner';
import { TASK_CHANGED_CHANNEL } from './scheduler';

export const TASK_MODULE = 'base:scheduler';

/** What add and update carry, as the contract decodes it. */
export type TaskInput = ServerBody<typeof taskCalls.add>;

export interface SchedulerLog {
  warn(obj: object, msg: string): void;
}

const present = (row: TaskRow) => {
  const { id, params, ...rest } = row;
  return { taskId: id, ...rest, status: row.status as TaskStatus, params: params as Record<string, unknown> };
};

/** Header values that authenticate a call never reach the operation log. */
const SECRET_HEADER = /authorization|cookie|token|secret|key|password|signature/i;
function forLog(row: TaskRow) {
  const task = present(row);
  const headers = task.params.headers;
  if (!headers || typeof headers !== 'object') return task;
  const masked = Object.fromEntries(Object.entries(headers as Record<string, unknown>).map(([name, value]) => [name, SECRET_HEADER.test(name) ? '******' : value]));
  return { ...task, params: { ...task.params, headers: masked } };
}

/**
 * Scheduled tasks (spec §7 /rest/task/*): the rules of saving, enabling, deleting and running them.
 * Every change is published on the bus after it commits, so every instance re-arms its timer at
 * once (the scheduler also re-reads the task at each slot, so a lost message cannot run a disabled task).
 */
export function createTaskService({ db, bus, registry, runner, log }: { db: Db; bus: EventBus; registry: JobRegistry; runner: TaskRunner; log: SchedulerLog }) {
  async function findLive(ex: Executor, id: number): Promise<TaskRow> {
    const row = await taskRepo.findLive(ex, id);
    if (!row) throw errors.notFound('定时任务');
    return row;
  }

  /** The handler must exist and the parameters must pass its schema; the form marks the field. */
  function checkInput(input: TaskInput): TaskInput {
    const cron = parseCron(input.cron);
    if (!cron.ok) throw new AppError(400, '400', cron.message, { field: 'cron' });
    if (!registry.get(input.handler)) throw new AppError(400, '400', UNKNOWN_HANDLER_MESSAGE, { field: 'handler' });
    const checked = registry.checkParams(input.handler, input.params);
    if (!checked.ok) throw new AppError(400, '400', checked.message, { field: 'params', paramErrors: checked.errors });
    // Stored as the job will run it: defaults filled in, so the form and the log show the real values.
    return { ...input, cron: cron.schedule.expression, params: checked.value as Record<string, unknown> };
  }

  /** Checked first so the form can mark the field; the partial unique index still guards a race. */
  async function codeTaken(ex: Executor, code: string, exceptId?: number): Promise<void> {
    if (await taskRepo.codeTaken(ex, code, exceptId)) throw new AppError(409, '409', '任务编码已存在，请更换后重试', { field: 'taskCode' });
  }

  const announce = async (...ids: number[]) => {
    for (const id of ids) {
      // After the commit; a lost message is caught by the scheduler's periodic resync.
      await bus.publish(TASK_CHANGED_CHANNEL, String(id)).catch((err) => log.warn({ err, taskId: id }, '定时任务变更通知发送失败'));
    }
  };

  function nextFireTime(row: TaskRow): Date | null {
    if (row.status !== 'ENABLE') return null;
    const parsed = parseCron(row.cron);
    return parsed.ok ? parsed.schedule.nextAfter(new Date()) : null;
  }

  async function removeOne(tx: Executor, id: number, lockVersion: number | undefined, change: ChangeContext) {
    const before = await findLive(tx, id);
    const after = await taskRepo.softDelete(tx, id, lockVersion, change.actor);
    await recordOperation(tx, { module: TASK_MODULE, action: 'DELETE', entityId: id, summary: `删除定时任务「${before.taskName}」`, before: forLog(before), after: forLog(after), ...change });
  }

  return {
    async page(filter: TaskFilter, page: PageParameter) {
      const result = await taskRepo.page(db, filter, page);
      const lastRuns = await taskRepo.lastRuns(db, result.list.map((row) => row.id));
      return {
        ...result,
        list: result.list.map((row) => ({ ...present(row), nextFireTime: nextFireTime(row), lastRun: lastRuns.get(row.id) ?? null })),
      };
    },

    async detail(id: number) {
      const row = await findLive(db, id);
      return { ...present(row), nextFireTime: nextFireTime(row) };
    },

    async add(input: TaskInput, change: ChangeContext) {
      const values = checkInput(input);
      const row = await withTransaction(db, async (tx) => {
        await codeTaken(tx, values.taskCode);
        const created = await taskRepo.insert(tx, values, change.actor);
        await recordOperation(tx, { module: TASK_MODULE, action: 'CREATE', entityId: created.id, summary: `新增定时任务「${created.taskName}」`, after: forLog(created), ...change });
        return created;
      });
      await announce(row.id);
      return { ...present(row), nextFireTime: nextFireTime(row) };
    },

    async update(id: number, lockVersion: number, input: TaskInput, change: ChangeContext) {
      const values = checkInput(input);
      const row = await withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        await codeTaken(tx, values.taskCode, id);
        const after = await taskRepo.update(tx, id, lockVersion, values, change.actor);
        await recordOperation(tx, { module: TASK_MODULE, action: 'UPDATE', entityId: id, summary: `修改定时任务「${after.taskName}」`, before: forLog(before), after: forLog(after), ...change });
        return after;
      });
      await announce(id);
      return { ...present(row), nextFireTime: nextFireTime(row) };
    },

    /** 启用/停用. Enabling checks the parameters again: the job's rules may have changed since the save. */
    async setStatus(id: number, lockVersion: number, status: TaskStatus, change: ChangeContext) {
      const row = await withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        if (status === 'ENABLE') checkInput({ ...present(before), params: before.params as Record<string, unknown>, status });
        const after = await taskRepo.update(tx, id, lockVersion, { status }, change.actor);
        const verb = status === 'ENABLE' ? '启用' : '停用';
        await recordOperation(tx, { module: TASK_MODULE, action: 'UPDATE', entityId: id, summary: `${verb}定时任务「${after.taskName}」`, before: forLog(before), after: forLog(after), ...change });
        return after;
      });
      await announce(id);
      return { ...present(row), nextFireTime: nextFireTime(row) };
    },

    async remove(id: number, lockVersion: number | undefined, change: ChangeContext) {
      await withTransaction(db, (tx) => removeOne(tx, id, lockVersion, change));
      await announce(id);
    },

    /** All or nothing: one missing task refuses the whole batch. */
    async removeMany(ids: number[], change: ChangeContext): Promise<number> {
      const unique = [...new Set(ids)];
      await withTransaction(db, async (tx) => {
        const found = await taskRepo.findLiveMany(tx, unique);
        if (found.length !== unique.length) throw errors.notFound('部分定时任务');
        for (const id of unique) await removeOne(tx, id, undefined, change);
      });
      await announce(...unique);
      return unique.length;
    },

    /** 立即执行: starts a MANUAL run on this instance and answers at once with its log id. */
    async runNow(id: number, change: ChangeContext) {
      const task = await findLive(db, id);
      const { runId } = await runner.runNow(id);
      await recordOperation(db, { module: TASK_MODULE, action: 'RUN', entityId: id, summary: `立即执行定时任务「${task.taskName}」`, after: { runId: String(runId) }, ...change });
      return { runId };
    },

    async runPage(filter: TaskRunFilter, page: PageParameter) {
      const result = await taskRepo.runPage(db, filter, page);
      return {
        ...result,
        list: result.list.map(({ run, taskCode, taskName }) => {
          const { id, message, ...rest } = run;
          return { logId: id, ...rest, taskCode, taskName, message: message ? message.slice(0, 200) : null };
        }),
      };
    },

    async runDetail(id: number) {
      const found = await taskRepo.findRun(db, id);
      if (!found) throw errors.notFound('执行日志');
      const { id: logId, ...rest } = found.run;
      return { logId, ...rest, taskCode: found.taskCode, taskName: found.taskName };
    },

    handlers() {
      return registry.list().map((job) => ({ handler: job.handler, title: job.title, description: job.description, example: job.example as Record<string, unknown> }));
    },

    /** Checks an expression and answers its next fire times (the form calls this as the user types). */
    nextFireTimes(cron: string, count = NEXT_FIRE_PREVIEW_COUNT) {
      const parsed = parseCron(cron);
      if (!parsed.ok) throw new AppError(400, '400', parsed.message, { field: 'cron' });
      return { cron: parsed.schedule.expression, times: parsed.schedule.next(count) };
    },
  };
}
export type TaskService = ReturnType<typeof createTaskService>;
