import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { EventBus } from '../../../core/bus';
import type { Db } from '../../../core/db';
import { registerBuiltinJobs, type SchedulerJobDeps } from './builtinJobs';
import { createJobRegistry, type JobDefinition } from './registry';
import { taskRepo } from './repo';
import { registerTaskRoutes } from './routes';
import { createTaskRunner } from './runner';
import { createScheduler } from './scheduler';
import { createTaskService } from './service';

export type { SchedulerJobDeps } from './builtinJobs';
export type { JobContext, JobDefinition } from './registry';
export { noJobParams } from './jobParams';

/** What this instance's scheduler is doing, for health pages and tests. */
export interface TaskSchedulerState {
  instanceId: string;
  /** False when the process was started with `run: false`: it serves the API but never fires. */
  firing: boolean;
  /** Enabled tasks with a timer here, and their next slot. */
  armedTasks(): Array<{ taskId: number; next: Date }>;
  /** Runs this instance is carrying out. */
  activeRuns(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    taskScheduler: TaskSchedulerState;
  }
}

/** What other modules use: register their jobs (publishing scheduled content, closing declaration windows…). */
export interface SchedulerModule {
  /**
   * Adds a job administrators can then pick in the task form. Call it while the app is being built
   * (in app.ts, after registerSchedulerModule); the handler key is `<module>.<job>` and must never change.
   */
  registerJob<P extends z.ZodType>(job: JobDefinition<P>): void;
}

const newInstanceId = () => `${os.hostname().slice(0, 40)}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** Scheduled tasks (/rest/task/*) and the scheduler that fires them. */
export function registerSchedulerModule(app: FastifyInstance, deps: { db: Db; bus: EventBus; jobs: SchedulerJobDeps; run: boolean }): SchedulerModule {
  const { db, bus } = deps;
  const registry = createJobRegistry();
  registerBuiltinJobs(registry, {
    ...deps.jobs,
    purgeTaskRuns: (days) => taskRepo.purgeRuns(db, new Date(Date.now() - days * 86_400_000)),
  });
  const runner = createTaskRunner({ db, registry, instanceId: newInstanceId(), log: app.log });
  registerTaskRoutes(app, { tasks: createTaskService({ db, bus, registry, runner, log: app.log }) });

  const scheduler = deps.run ? createScheduler({ db, bus, runner, log: app.log }) : null;
  app.decorate('taskScheduler', {
    instanceId: runner.instanceId,
    firing: deps.run,
    armedTasks: () => scheduler?.armedTasks() ?? [],
    activeRuns: () => runner.activeRuns(),
  } satisfies TaskSchedulerState);
  if (scheduler) app.addHook('onReady', () => scheduler.start());
  // Timers stop first; a run in flight finishes or reaches its timeout before the database closes.
  app.addHook('onClose', async () => {
    await scheduler?.stop();
    await runner.close();
  });

  return { registerJob: (job) => registry.register(job) };
}
