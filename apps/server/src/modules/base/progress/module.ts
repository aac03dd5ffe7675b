import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';
import { createProcessEngine, type ProcessEngine, type WorkingDays } from './engine';
import { createProcessInstanceQueries } from './instances';
import { registerDefinitionRoutes, registerInstanceRoutes } from './routes';
import { createProcessDefinitionService } from './service';

export type { ProcessActor, ProcessEngine, ProcessInstanceView, WorkingDays } from './engine';

/**
 * Process definitions and instances (/rest/progress/*). Answers the engine so the app can hand it to
 * the declaration and expert-review modules (see docs/base-progress.md). `workingDays` is the holiday
 * calendar's deadline arithmetic, passed in by app.ts.
 */
export function registerProgressModule(app: FastifyInstance, deps: { db: Db; workingDays: WorkingDays }): ProcessEngine {
  const engine = createProcessEngine(deps);
  registerDefinitionRoutes(app, { definitions: createProcessDefinitionService({ db: deps.db }) });
  registerInstanceRoutes(app, { engine, instances: createProcessInstanceQueries({ db: deps.db, engine }) });
  return engine;
}
