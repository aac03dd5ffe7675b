import { groupScore } from '@dandelion/shared/award/aggregation';
import { PRIZE_GRADES, type PrizeGrade } from '@dandelion/shared/award/prize';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import type { PrizeDirectory } from '../prize/module';
import { countingReviews } from './result';
import { awardReview } from './tables';

/** What the committee shows of a declaration's expert review. */
export interface ReviewForCommittee {
  /** The group score by the prize's method, over the reviews that count (the review-result page's figure); null: none. */
  groupScore: number | null;
  /** How many reviews count. */
  reviews: number;
  /** The grade most of those experts suggested; a tie goes to the higher grade (the committee may only drop it). */
  suggestedGrade: PrizeGrade | null;
}

/**
 * The expert review as the committee reads it, per declaration of one prize: read-only, the same
 * aggregation as the review result (submitted reviews of main reviewers still holding their place).
 * A declaration nobody scored is answered with a null score and 0 reviews, never left out.
 */
export async function reviewsForCommittee(ex: Executor, prizes: PrizeDirectory, prizeId: number, declarationIds: readonly number[]): Promise<Map<number, ReviewForCommittee>> {
  const answer = new Map<number, ReviewForCommittee>(declarationIds.map((id) => [id, { groupScore: null, reviews: 0, suggestedGrade: null }]));
  if (!declarationIds.length) return answer;
  const [prize] = await prizes.liveAmong(ex, [prizeId]);
  const submitted = await ex
    .select()
    .from(awardReview)
    .where(and(inArray(awardReview.declarationId, [...declarationIds]), eq(awardReview.status, 'SUBMITTED'), eq(awardReview.delFlag, 0)));
  const counting = await countingReviews(ex, submitted);
  for (const id of declarationIds) {
    const reviews = counting.filter((r) => r.declarationId === id);
    const votes = new Map<PrizeGrade, number>();
    for (const r of reviews) if (r.suggestedGrade) votes.set(r.suggestedGrade, (votes.get(r.suggestedGrade) ?? 0) + 1);
    const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1] || PRIZE_GRADES.indexOf(a[0]) - PRIZE_GRADES.indexOf(b[0]));
    answer.set(id, {
      groupScore: groupScore(reviews.map((r) => r.total!), prize?.scoreMethod ?? 'TRIMMED'),
      reviews: reviews.length,
      suggestedGrade: ranked[0]?.[0] ?? null,
    });
  }
  return answer;
}
