import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';
import type { PrizeDirectory } from '../prize/module';
import { editionPhaseJob } from './phaseJob';
import { registerEditionRoutes } from './routes';
import { createEditionService } from './service';

export { AWARD_EDITION_PHASES, AWARD_EDITION_PHASES_HANDLER } from './phaseJob';

/**
 * Editions (届次). Registers /rest/edition/* and the portal's /rest/prize/getPrizeList, and answers
 * the scheduler's phase job and the prize module's question which editions open a prize.
 */
export function registerEditionModule(app: FastifyInstance, deps: { db: Db; prizes: PrizeDirectory; today: () => string }) {
  const editions = createEditionService(deps);
  registerEditionRoutes(app, editions);
  return { phaseJob: editionPhaseJob(editions), editionsOpening: editions.editionsOpening };
}
