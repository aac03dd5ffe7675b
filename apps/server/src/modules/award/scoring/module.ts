import type { FastifyInstance } from 'fastify';
import type { ScoringDeps } from './deps';
import { createExpertReviewService, expertMayRead } from './expertReview';
import { createReviewResultService } from './result';
import { registerScoringRoutes } from './routes';

export type { ScoringDeps } from './deps';
/** The declaration module's file rule asks this: an expert reads a declaration's attachments while their assignment is active. */
export { expertMayRead };

/** Blind scoring (/rest/expertReview/*) and the aggregated result of the expert review (/rest/reviewResult/*). */
export function registerScoringModule(app: FastifyInstance, deps: ScoringDeps): void {
  registerScoringRoutes(app, { expert: createExpertReviewService(deps), result: createReviewResultService(deps) });
}
/** The committee reads each declaration's aggregated score, review count and most suggested grade. */
export { reviewsForCommittee, type ReviewForCommittee } from './forCommittee';
