import type { FastifyInstance } from 'fastify';
import { createApplicantService } from './applicant';
import { createDeclarationContext, type DeclarationDeps } from './context';
import { closeMissedFixes, fixDeadlineJob } from './fixDeadlineJob';
import { createOfficeService } from './office';
import { createReviewService } from './review';
import { createRevocationService } from './revocation';
import { registerDeclarationRoutes } from './routes';

export type { DeclarationDeps } from './context';
export { REGISTRATION_NO_RULE } from './context';
export { AWARD_FIX_DEADLINES, AWARD_FIX_DEADLINES_HANDLER } from './fixDeadlineJob';
export { noDeclarationEvents, type DeclarationEvents, type DeclarationMove, type DeclarationRow } from './transition';
export { seedDeclarationNumbering } from './seed';

/**
 * Declarations (申报书): the applicant's calls, the unit's, the nominator's and the office's reviews,
 * withdrawal, the office's list and exports. Answers the scheduler's fix-deadline job.
 */
export function registerDeclarationModule(app: FastifyInstance, deps: DeclarationDeps) {
  const ctx = createDeclarationContext(deps);
  registerDeclarationRoutes(app, {
    applicant: createApplicantService(deps, ctx),
    review: createReviewService(deps, ctx),
    revocation: createRevocationService(deps, ctx),
    office: createOfficeService(deps, ctx),
  });
  return { fixDeadlineJob: fixDeadlineJob(deps, ctx), closeMissedFixes: () => closeMissedFixes(deps, ctx) };
}
