import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../../core/bus';
import type { Db } from '../../../core/db';
import type { PurgedLogs } from '../log/retention';

/** What the built-in jobs may call in other modules. */
export interface SchedulerJobDeps {
  purgeLogs(olderThanDays: number): Promise<PurgedLogs>;
  purgeEndedSessions(keepDays: number): Promise<number>;
}

/** Scheduled tasks (/rest/task/*) and the scheduler that fires them. */
export function registerSchedulerModule(app: FastifyInstance, deps: { db: Db; bus: EventBus; jobs: SchedulerJobDeps; run: boolean }) {
  void app;
  void deps;
}
