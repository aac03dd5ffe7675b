import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';
import { registerPrizeRoutes } from './routes';
import { createPrizeService, prizeDirectory, type EditionsOpening } from './service';

export { prizeDirectory };
export type PrizeDirectory = typeof prizeDirectory;
export type { PrizeRow } from './repo';
export type { EditionsOpening } from './service';

/** Prizes (奖种). Registers /rest/prize/* and answers what editions read of prizes. */
export function registerPrizeModule(app: FastifyInstance, deps: { db: Db; editionsOpening: EditionsOpening }): void {
  registerPrizeRoutes(app, createPrizeService(deps));
}
