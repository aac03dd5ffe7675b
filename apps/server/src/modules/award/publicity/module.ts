import type { FastifyInstance } from 'fastify';
import type { PublicityDeps } from './deps';
import { publicityDirectory, type PublicityDirectory, type PublicityEntryWindow } from './directory';
import { createPortalPublicityService } from './portal';
import { createPortalPublicityCache } from './portalCache';
import { registerPublicityRoutes } from './routes';
import { createPublicityService } from './service';
import { publicityWindowJob } from './windowJob';

export { publicityDirectory };
export type { PublicityDeps, PublicityDirectory, PublicityEntryWindow };
export { AWARD_PUBLICITY_WINDOWS, AWARD_PUBLICITY_WINDOWS_HANDLER } from './windowJob';

/**
 * Publicity (公示): the office's /rest/publicity/* and the portal's reads. Answers the scheduler's
 * window job and `invalidatePortal()`, which the awards module calls when it closes an edition.
 */
export function registerPublicityModule(app: FastifyInstance, deps: PublicityDeps) {
  const cache = createPortalPublicityCache(deps.bus);
  const office = createPublicityService(deps, cache);
  registerPublicityRoutes(app, { office, portal: createPortalPublicityService(deps, cache) });
  return {
    windowJob: publicityWindowJob(office, deps.now ?? (() => new Date())),
    /** Runs one pass of the window job at a given moment (tests, and a manual run). */
    advanceWindows: office.advanceWindows,
    invalidatePortal: () => cache.invalidateAll(),
  };
}
