import type { TaskTriggerType } from '@dandelion/shared/base/scheduler';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { formatChinaTime } from './cron';
import type { JobContext, JobDefinition, JobRegistry } from './registry';
import { taskRepo, type TaskRow, type TaskRunRow } from './repo';
import { ABANDON_MARGIN_MS, backoffMs, clipMessage, isAbandoned, runBudgetMs } from './runPolicy';

export interface RunnerLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface TaskRunnerDeps {
  db: Db;
  registry: JobRegistry;
  /** Written into every run this process starts, so the log shows where a run happened. */
  instanceId: string;
  log: RunnerLog;
  /** Grace beyond a run's budget before its RUNNING row counts as abandoned (tests shorten it). */
  abandonMarginMs?: number;
}

/** What became of a cron slot on this instance. */
export type FireOutcome =
  /** This instance inserted the slot's row and started the run. */
  | 'claimed'
  /** This instance inserted the slot's row as SKIPPED: a previous run is still going. */
  | 'skipped'
  /** Another instance claimed the slot first. */
  | 'lost'
  /** The task was disabled, deleted or changed since the timer was set. */
  | 'stale'
  /** The runner is shutting down. */
  | 'stopped';

type AttemptOutcome = { kind: 'success'; text: string } | { kind: 'failed'; text: string } | { kind: 'timeout' };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)) || '未知错误';

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs tasks: claims cron slots, starts manual runs, and carries each run through its attempts,
 * timeouts and retries to a final status in base_task_log.
 */
export function createTaskRunner(deps: TaskRunnerDeps) {
  const { db, registry, instanceId, log } = deps;
  const margin = deps.abandonMarginMs ?? ABANDON_MARGIN_MS;
  /** Runs this process is carrying out, by run id. */
  const inFlight = new Map<number, Promise<void>>();
  /** Aborted at close: back-off waits end at once and no new run starts. */
  const stopping = new AbortController();
  /** Claims and manual starts until their run is tracked: close waits for them, then for the runs. */
  const starting = new Set<Promise<unknown>>();
  const whileStarting = <T>(work: Promise<T>): Promise<T> => {
    starting.add(work);
    return work.finally(() => starting.delete(work));
  };

  /**
   * The task's run in progress, if any. RUNNING rows past their budget are closed as abandoned on
   * the way (a killed instance never writes its result), unless this process is still running them.
   */
  async function runInProgress(tx: Executor, task: TaskRow, now: Date): Promise<TaskRunRow | null> {
    let live: TaskRunRow | null = null;
    for (const row of await taskRepo.runningRuns(tx, task.id)) {
      if (!inFlight.has(row.id) && isAbandoned(row.startTime, task, now, margin)) await markAbandoned(tx, row, task, now);
      else live ??= row;
    }
    return live;
  }

  async function markAbandoned(ex: Executor, row: TaskRunRow, task: TaskRow, now: Date) {
    const budget = Math.round((runBudgetMs(task) + margin) / 1000);
    await taskRepo.updateRun(
      ex,
      row.id,
      {
        status: 'FAILED',
        endTime: now,
        durationMs: now.getTime() - row.startTime.getTime(),
        message: clipMessage(
          `${row.message ? `${row.message}\n\n` : ''}执行实例 ${row.instanceId} 在 ${budget} 秒内没有报告结果，判定为执行中断（进程可能已停止或失去数据库连接）。`,
        ),
      },
      { onlyIfRunning: true },
    );
  }

  async function attemptOnce(job: JobDefinition, params: unknown, context: Omit<JobContext, 'signal'>, timeoutMs: number): Promise<AttemptOutcome> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<AttemptOutcome>((resolve) => {
      timer = setTimeout(() => {
        controller.abort(new Error('任务执行超时'));
        resolve({ kind: 'timeout' });
      }, timeoutMs);
    });
    const work = Promise.resolve().then(() => job.run(params, { ...context, signal: controller.signal }));
    // A job that ignores its signal may still settle after the timeout; nobody is waiting for it then.
    work.catch(() => undefined);
    try {
      return await Promise.race([work.then((text): AttemptOutcome => ({ kind: 'success', text: text || '执行成功' })), timedOut]);
    } catch (error) {
      return controller.signal.aborted ? { kind: 'timeout' } : { kind: 'failed', text: errorText(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Carries a started run to its end; never throws (a failure is the run's status). */
  async function execute(task: TaskRow, runId: number, fireTime: Date, trigger: TaskTriggerType, startTime: Date): Promise<void> {
    const notes: string[] = [];
    let attempts = 0;
    const finish = async (status: 'SUCCESS' | 'FAILED' | 'TIMEOUT') => {
      const endTime = new Date();
      await taskRepo.updateRun(db, runId, { status, attempts, endTime, durationMs: endTime.getTime() - startTime.getTime(), message: clipMessage(notes.join('\n\n')) });
    };

    const job = registry.get(task.handler);
    if (!job) {
      notes.push(`任务处理器 ${task.handler} 不存在（可能已随模块移除），未执行`);
      return finish('FAILED');
    }
    // Checked again before every run: a job's parameter rules may have changed since the task was saved.
    const checked = registry.checkParams(task.handler, task.params);
    if (!checked.ok) {
      notes.push(`任务参数不正确，未执行：${checked.message}`);
      return finish('FAILED');
    }
    const timeoutMs = task.timeoutSeconds * 1000;
    for (let attempt = 1; ; attempt++) {
      attempts = attempt;
      if (attempt > 1) await taskRepo.updateRun(db, runId, { attempts });
      const outcome = await attemptOnce(job, checked.value, { taskId: task.id, taskCode: task.taskCode, runId, fireTime, trigger, attempt }, timeoutMs);
      if (outcome.kind === 'success') {
        notes.push(attempt > 1 ? `第 ${attempt} 次执行成功：\n${outcome.text}` : outcome.text);
        return finish('SUCCESS');
      }
      const status = outcome.kind === 'timeout' ? 'TIMEOUT' : 'FAILED';
      const what =
        outcome.kind === 'timeout'
          ? `第 ${attempt} 次执行超时：超过 ${task.timeoutSeconds} 秒未完成，已通知任务中止`
          : `第 ${attempt} 次执行失败：${outcome.text}`;
      if (attempt > task.maxRetries) {
        notes.push(what);
        return finish(status);
      }
      const wait = backoffMs(task, attempt);
      notes.push(`${what}\n${wait / 1000} 秒后重试`);
      // Written now, so the log detail shows why the run is still RUNNING while it waits.
      await taskRepo.updateRun(db, runId, { message: clipMessage(notes.join('\n\n')) });
      if (!(await sleep(wait, stopping.signal))) {
        notes.push('服务正在停止，未再重试');
        return finish(status);
      }
    }
  }

  /** Starts `execute` in the background and remembers it until it ends. */
  function track(task: TaskRow, runId: number, fireTime: Date, trigger: TaskTriggerType, startTime: Date): Promise<void> {
    const done = execute(task, runId, fireTime, trigger, startTime)
      .catch((err) => log.error({ err, taskId: task.id, runId }, '定时任务执行记录写入失败'))
      .finally(() => inFlight.delete(runId));
    inFlight.set(runId, done);
    return done;
  }

  async function claimSlot(taskId: number, slot: Date, cron: string): Promise<{ outcome: FireOutcome; done?: Promise<void> }> {
    if (stopping.signal.aborted) return { outcome: 'stopped' };
    const claim = await withTransaction(db, async (tx) => {
      await taskRepo.lockTask(tx, taskId);
      const task = await taskRepo.findLive(tx, taskId);
      if (!task || task.status !== 'ENABLE' || task.cron !== cron) return { outcome: 'stale' as const };
      const now = new Date();
      const previous = task.skipIfRunning ? await runInProgress(tx, task, now) : null;
      const runId = await taskRepo.claimSlot(tx, {
        taskId,
        triggerType: 'SCHEDULE',
        fireTime: slot,
        instanceId,
        status: previous ? 'SKIPPED' : 'RUNNING',
        attempts: previous ? 0 : 1,
        startTime: now,
        ...(previous && {
          endTime: now,
          durationMs: 0,
          message: `上一次执行仍在进行（开始于 ${formatChinaTime(previous.startTime)}，执行实例 ${previous.instanceId}），本次跳过`,
        }),
      });
      if (runId === undefined) return { outcome: 'lost' as const };
      return previous ? { outcome: 'skipped' as const } : { outcome: 'claimed' as const, task, runId, startTime: now };
    });
    if (claim.outcome !== 'claimed') return { outcome: claim.outcome };
    return { outcome: 'claimed', done: track(claim.task, claim.runId, slot, 'SCHEDULE', claim.startTime) };
  }

  async function startManual(taskId: number): Promise<{ runId: number; done: Promise<void> }> {
    if (stopping.signal.aborted) throw errors.unavailable('服务正在重启，请稍后重试');
    const started = await withTransaction(db, async (tx) => {
      await taskRepo.lockTask(tx, taskId);
      const task = await taskRepo.findLive(tx, taskId);
      if (!task) throw errors.notFound('定时任务');
      const now = new Date();
      const previous = task.skipIfRunning ? await runInProgress(tx, task, now) : null;
      if (previous) {
        throw errors.conflict(`任务「${task.taskName}」正在执行中（开始于 ${formatChinaTime(previous.startTime)}），请等本次执行结束后再试`);
      }
      const runId = await taskRepo.insertRun(tx, { taskId, triggerType: 'MANUAL', fireTime: now, instanceId, status: 'RUNNING', attempts: 1, startTime: now });
      return { task, runId, now };
    });
    return { runId: started.runId, done: track(started.task, started.runId, started.now, 'MANUAL', started.now) };
  }

  return {
    instanceId,

    /**
     * A cron slot came due on this instance. Every instance calls this for every slot; inserting the
     * slot's SCHEDULE row is the claim, and the unique index (task_id, fire_time) lets exactly one
     * instance in the cluster insert it. The per-task advisory lock makes the "previous run still
     * going?" check and the insert one step, so two slots cannot both decide to run.
     */
    fireScheduled(taskId: number, slot: Date, cron: string): Promise<{ outcome: FireOutcome; done?: Promise<void> }> {
      return whileStarting(claimSlot(taskId, slot, cron));
    },

    /** 立即执行: a MANUAL run on this instance, refused (409) while a run is in progress when the task skips overlaps. */
    runNow(taskId: number): Promise<{ runId: number; done: Promise<void> }> {
      return whileStarting(startManual(taskId));
    },

    /** Closes RUNNING rows of every task that are past their budget (run by each instance now and then). */
    async sweepAbandoned(): Promise<number> {
      const now = new Date();
      let closed = 0;
      for (const { run, task } of await taskRepo.allRunning(db)) {
        if (inFlight.has(run.id) || !isAbandoned(run.startTime, task, now, margin)) continue;
        await markAbandoned(db, run, task, now);
        closed++;
      }
      return closed;
    },

    /** Runs this process is carrying out right now. */
    activeRuns(): number {
      return inFlight.size;
    },

    /** No new runs; back-off waits end; resolves when every run in flight has finished or timed out. */
    async close(): Promise<void> {
      stopping.abort();
      await Promise.allSettled([...starting]);
      await Promise.allSettled([...inFlight.values()]);
    },
  };
}
export type TaskRunner = ReturnType<typeof createTaskRunner>;
