import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';
import type { WorkingDayCalendar } from '../calendar/service';
import { registerDefinitionRoutes } from './definitionRoutes';
import { createProcessEngine, type ProcessEngine } from './engine';
import { registerInstanceRoutes } from './instanceRoutes';
import { createProcessInstanceQueries } from './instances';
import { createProcessDefinitionService } from './service';

/**
 * Process definitions and instances (/rest/progress/*). Answers the engine so the app can hand it to
 * the declaration and expert-review modules (see docs/base-progress.md).
 */
export function registerProgressModule(app: FastifyInstance, deps: { db: Db; workingDays: WorkingDayCalendar }): ProcessEngine {
  const engine = createProcessEngine(deps);
  registerDefinitionRoutes(app, { definitions: createProcessDefinitionService({ db: deps.db }) });
  registerInstanceRoutes(app, { engine, instances: createProcessInstanceQueries({ db: deps.db, engine }) });
  return engine;
}
