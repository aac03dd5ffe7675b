import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../../core/db';
import type { PrizeDirectory } from '../prize/module';
import { phaseOn, stageWindow } from './phase';
import { editionPhaseJob } from './phaseJob';
import { editionRepo, type EditionRow } from './repo';
import { registerEditionRoutes } from './routes';
import { createEditionService } from './service';

export { AWARD_EDITION_PHASES, AWARD_EDITION_PHASES_HANDLER } from './phaseJob';
export { phaseOn, stageWindow };
export type { EditionRow };

/**
 * What the declaration feature reads of editions, in the caller's transaction: an edition with the
 * prizes it opens, and the editions before it (eligibility looks back on them).
 */
export const editionDirectory = {
  async find(ex: Executor, id: number): Promise<(EditionRow & { prizeIds: number[] }) | undefined> {
    const row = await editionRepo.findLive(ex, id);
    if (!row) return undefined;
    return { ...row, prizeIds: (await editionRepo.prizeIdsOf(ex, [id])).get(id) ?? [] };
  },
  /** Live editions by id (names and stage dates for lists). */
  async among(ex: Executor, ids: number[]): Promise<EditionRow[]> {
    const rows = await Promise.all([...new Set(ids)].map((id) => editionRepo.findLive(ex, id)));
    return rows.filter((r): r is EditionRow => !!r);
  },
  /** The live editions of the `count` years before `year`, latest first. */
  previous: (ex: Executor, year: number, count: number) => editionRepo.previous(ex, year, count),
};
export type EditionDirectory = typeof editionDirectory;

/**
 * Editions (届次). Registers /rest/edition/* and the portal's /rest/prize/getPrizeList, and answers
 * the scheduler's phase job and the prize module's question which editions open a prize.
 */
export function registerEditionModule(app: FastifyInstance, deps: { db: Db; prizes: PrizeDirectory; today: () => string }) {
  const editions = createEditionService(deps);
  registerEditionRoutes(app, editions);
  return { phaseJob: editionPhaseJob(editions), editionsOpening: editions.editionsOpening };
}
