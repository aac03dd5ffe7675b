/**
 * The prize business (评奖管理, DOMAIN.md): prizes and editions so far. This file composes the
 * features; where one needs another that sits above it, the need is a port wired here.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../core/db';
import { registerEditionModule } from './edition/module';
import { registerLookupModule } from './lookup/module';
import { prizeDirectory, registerPrizeModule } from './prize/module';

export { AWARD_EDITION_PHASES, AWARD_EDITION_PHASES_HANDLER } from './edition/module';

export function registerAwardModule(app: FastifyInstance, deps: { db: Db; today: () => string }) {
  const editions = registerEditionModule(app, { db: deps.db, prizes: prizeDirectory, today: deps.today });
  // A prize an edition opens may not be deleted: the edition module answers which do.
  registerPrizeModule(app, { db: deps.db, editionsOpening: editions.editionsOpening });
  registerLookupModule(app, { db: deps.db });
  return { editionPhaseJob: editions.phaseJob };
}
