import type { FastifyInstance } from 'fastify';
import { createApplicantService } from './applicant';
import { createDeclarationContext, DECLARATION_FILE_BIZ, viewerOfPrincipal, type DeclarationDeps } from './context';
import { declarationRepo } from './repo';
import { closeMissedFixes, fixDeadlineJob } from './fixDeadlineJob';
import { declarationsForAssignment } from './forAssignment';
import { reminderJob } from './reminderJob';
import { createOfficeService } from './office';
import { createReviewService } from './review';
import { createRevocationService } from './revocation';
import { registerDeclarationRoutes } from './routes';

export type { DeclarationDeps } from './context';
export { REGISTRATION_NO_RULE } from './context';
export { AWARD_FIX_DEADLINES, AWARD_FIX_DEADLINES_HANDLER } from './fixDeadlineJob';
export { AWARD_DECLARATION_REMINDERS, AWARD_DECLARATION_REMINDERS_HANDLER } from './reminderJob';
export { noDeclarationEvents, type DeclarationEvents, type DeclarationMove, type DeclarationRow } from './transition';
export { seedDeclarationNumbering } from './seed';
export { createLastStretch, HOLDABLE_STATUSES, type LastStretch, type LastStretchAction, type PublicDeclaration, type StretchCard } from './lastStretch';
export { createReviewOutcome, type ReviewOutcome, type ReviewOutcomes } from './reviewOutcome';
export type { AssignmentDeclarations, DeclarationCard } from './forAssignment';

/**
 * Declarations (申报书): the applicant's calls, the unit's, the nominator's and the office's reviews,
 * withdrawal, the office's list and exports. Answers the scheduler's fix-deadline job.
 */
export function registerDeclarationModule(app: FastifyInstance, deps: DeclarationDeps) {
  const ctx = createDeclarationContext(deps);
  // A declaration's attachments are read by whoever may read the declaration, and by an expert while reviewing it.
  const expertMayRead = deps.expertMayRead ?? (async () => false);
  deps.files.registerAccessRule(DECLARATION_FILE_BIZ, async (principal, bizId) => {
    const row = await declarationRepo.findLive(deps.db, Number(bizId));
    if (!row) return false;
    return (await ctx.mayRead(deps.db, viewerOfPrincipal(principal), row)) || expertMayRead(deps.db, principal.userId, row.id);
  });
  registerDeclarationRoutes(app, {
    applicant: createApplicantService(deps, ctx),
    review: createReviewService(deps, ctx),
    revocation: createRevocationService(deps, ctx),
    office: createOfficeService(deps, ctx),
  });
  return {
    fixDeadlineJob: fixDeadlineJob(deps, ctx),
    reminderJob: reminderJob(deps),
    closeMissedFixes: () => closeMissedFixes(deps, ctx),
    /** Whether a move (its history step) has committed: what follows a move outside its transaction waits for it. */
    stepCommitted: (stepId: number) => declarationRepo.stepExists(deps.db, stepId),
    /** What expert assignment reads of declarations, and its move to IN_REVIEW. */
    forAssignment: declarationsForAssignment(deps),
  };
}
