import type { EventBus } from '../../../core/bus';
import type { Db } from '../../../core/db';
import { parseCron, type CronSchedule } from './cron';
import { taskRepo, type TaskRow } from './repo';
import type { FireOutcome, RunnerLog, TaskRunner } from './runner';

/** Bus channel of task changes; the payload is the task id. */
export const TASK_CHANGED_CHANNEL = 'scheduler:task';

/** node's setTimeout holds at most ~24.8 days; far slots are re-armed in steps of this. */
const MAX_TIMER_MS = 3_600_000;

export interface SchedulerDeps {
  db: Db;
  bus: EventBus;
  runner: TaskRunner;
  log: RunnerLog;
  /**
   * How often every enabled task is reloaded from the database and abandoned runs are closed: the
   * safety net for a bus message lost while the LISTEN connection was down.
   */
  resyncMs?: number;
  /** Told about every slot this instance reached (tests count them). */
  onFire?: (taskId: number, slot: Date, outcome: FireOutcome) => void;
}

interface Armed {
  taskId: number;
  /** lock_version of the task row the timer was set from: a change bumps it. */
  version: number;
  schedule: CronSchedule;
  next: Date;
  timer: NodeJS.Timeout;
}

/**
 * Keeps one timer per enabled task on this instance. Every instance arms every enabled task; at a
 * slot they all ask the runner, whose database claim lets one of them run it. Changes arrive on the
 * bus and are applied one at a time, so a late reload never undoes a newer one.
 */
export function createScheduler(deps: SchedulerDeps) {
  const { db, bus, runner, log } = deps;
  const armed = new Map<number, Armed>();
  let stopped = true;
  let resyncTimer: NodeJS.Timeout | undefined;
  let queue: Promise<void> = Promise.resolve();

  const enqueue = (what: string, fn: () => Promise<void>) => {
    queue = queue.then(fn).catch((err) => log.error({ err }, `定时任务调度${what}失败`));
    return queue;
  };

  function disarm(taskId: number) {
    const entry = armed.get(taskId);
    if (!entry) return;
    clearTimeout(entry.timer);
    armed.delete(taskId);
  }

  function setTimer(entry: Armed) {
    const delay = Math.min(Math.max(0, entry.next.getTime() - Date.now()), MAX_TIMER_MS);
    entry.timer = setTimeout(() => onTimer(entry), delay);
  }

  function onTimer(entry: Armed) {
    if (stopped || armed.get(entry.taskId) !== entry) return;
    // A capped wait for a far slot, or a timer that woke a little early: wait the rest.
    if (Date.now() < entry.next.getTime()) return setTimer(entry);
    const slot = entry.next;
    // Slots that passed while the process was busy are not caught up: the next one is after now.
    const following = entry.schedule.nextAfter(new Date(Math.max(slot.getTime(), Date.now())));
    if (following) {
      entry.next = following;
      setTimer(entry);
    } else armed.delete(entry.taskId);
    runner
      .fireScheduled(entry.taskId, slot, entry.schedule.expression)
      .then(({ outcome }) => {
        deps.onFire?.(entry.taskId, slot, outcome);
        if (outcome === 'stale') void reload(entry.taskId);
      })
      .catch((err) => log.error({ err, taskId: entry.taskId, slot }, '定时任务触发失败'));
  }

  /** Arms, re-arms or disarms one task to match its row (undefined: deleted). */
  function apply(task: TaskRow | undefined, taskId: number) {
    if (stopped) return;
    const current = armed.get(taskId);
    if (!task || task.status !== 'ENABLE') return disarm(taskId);
    if (current && current.version === task.lockVersion) return;
    const parsed = parseCron(task.cron);
    if (!parsed.ok) {
      log.warn({ taskId, cron: task.cron }, `定时任务的 Cron 表达式无效，未调度：${parsed.message}`);
      return disarm(taskId);
    }
    disarm(taskId);
    const next = parsed.schedule.nextAfter(new Date());
    if (!next) return;
    const entry: Armed = { taskId, version: task.lockVersion, schedule: parsed.schedule, next, timer: undefined as unknown as NodeJS.Timeout };
    armed.set(taskId, entry);
    setTimer(entry);
  }

  const reload = (taskId: number) => enqueue('更新', async () => apply(await taskRepo.findLive(db, taskId), taskId));

  const resync = () =>
    enqueue('同步', async () => {
      const tasks = await taskRepo.enabled(db);
      const ids = new Set(tasks.map((t) => t.id));
      for (const taskId of [...armed.keys()]) if (!ids.has(taskId)) disarm(taskId);
      for (const task of tasks) apply(task, task.id);
      await runner.sweepAbandoned();
    });

  // Subscribed once; messages that arrive while stopped are ignored (the bus has no unsubscribe).
  bus.subscribe(TASK_CHANGED_CHANNEL, (payload) => {
    const taskId = Number(payload);
    if (!stopped && Number.isSafeInteger(taskId) && taskId > 0) void reload(taskId);
  });

  return {
    /** Loads every enabled task and starts the timers. */
    async start() {
      stopped = false;
      await resync();
      resyncTimer = setInterval(() => void resync(), deps.resyncMs ?? 60_000);
      resyncTimer.unref();
    },

    /** Stops every timer; runs in flight are the runner's to finish. */
    async stop() {
      stopped = true;
      clearInterval(resyncTimer);
      for (const taskId of [...armed.keys()]) disarm(taskId);
      await queue;
    },

    /** Task ids with a timer on this instance, and their next slot. */
    armedTasks(): Array<{ taskId: number; next: Date }> {
      return [...armed.values()].map((entry) => ({ taskId: entry.taskId, next: entry.next }));
    },

    /** Resolves once every change received so far has been applied. */
    settled: () => queue,
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;
