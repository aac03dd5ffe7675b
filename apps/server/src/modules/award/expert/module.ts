/**
 * The expert pool (专家库). Registers /rest/expert/* and answers what other features may use: the
 * directory (the solver's facts, an expert by user, adding an expert) and the scheduler's job that
 * lifts suspensions and blacklistings whose end date has passed.
 */
import type { FastifyInstance } from 'fastify';
import { EXPERT_PERMISSIONS } from '@dandelion/shared/award/expert';
import { EXPERT_FILE_BIZ, type ExpertDeps } from './context';
import { createExpertWorkbooks } from './excel';
import { standingExpiryJob } from './expiryJob';
import { createInvitationService } from './invitation';
import { createOfficeService } from './office';
import { registerExpertRoutes } from './routes';
import { createSelfService } from './self';

export { expertDirectory, type ExpertCard, type NewExpert } from './directory';
export type { ExpertDeps, InvitationNotifier } from './context';
export { AWARD_EXPERT_STANDING_EXPIRY, AWARD_EXPERT_STANDING_EXPIRY_HANDLER } from './expiryJob';

export function registerExpertModule(app: FastifyInstance, deps: ExpertDeps) {
  // A blacklisting's evidence is read by the office members who see the expert's record.
  deps.files.registerAccessRule(EXPERT_FILE_BIZ, async (principal) =>
    principal.isSuperAdmin || principal.permissions.has(EXPERT_PERMISSIONS.detail) || principal.permissions.has(EXPERT_PERMISSIONS.blacklist),
  );
  registerExpertRoutes(app, {
    office: createOfficeService(deps),
    self: createSelfService(deps),
    invitations: createInvitationService(deps),
    workbooks: createExpertWorkbooks(deps),
  });
  return { standingExpiryJob: standingExpiryJob(deps) };
}
