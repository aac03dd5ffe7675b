import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../../core/db';
import type { AwardingDeps } from './deps';
import { awardingRepo } from './repo';
import { registerAwardingRoutes } from './routes';
import { createAwardingService } from './service';

export type { AwardingDeps, CertificateFont } from './deps';
export { DEFAULT_CERTIFICATE_FONT } from './certificate';
export { CERTIFICATE_NO_RULE, seedCertificateNumbering } from './seed';

/**
 * What other features may read of the award list: whether an edition is closed (its list published)
 * and its awarded declarations, for the portal's prize pages.
 */
export const awardList = {
  async closing(ex: Executor, editionId: number) {
    const row = await awardingRepo.closingOf(ex, editionId);
    return row ? { closedAt: row.closedAt, publishedAt: row.publishedAt, awarded: row.awarded, notAwarded: row.notAwarded } : null;
  },
  /** The public awarded entries of a closed edition in the list's order, classified ones left out (at most 5 000). */
  awarded: (ex: Executor, editionId: number, prizeId?: number) => awardingRepo.all(ex, { editionId, prizeId, status: 'AWARDED', publicOnly: true }, 5000),
};
export type AwardList = typeof awardList;

/** 授奖 (/rest/awarding/*): closing an edition, the award list and its export, certificates. */
export function registerAwardingModule(app: FastifyInstance, deps: AwardingDeps) {
  registerAwardingRoutes(app, createAwardingService(deps), deps.certificateFont);
  return { awardList };
}
