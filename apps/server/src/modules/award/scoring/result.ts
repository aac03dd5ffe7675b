import { calibrate, divergenceFlags, groupScore, outlierIndexes, percentileAcross, quotaLine, rankWithin } from '@dandelion/shared/award/aggregation';
import { REVIEW_SCALE_MAX, type ReviewDecision } from '@dandelion/shared/award/scoring';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { assignmentDirectory, type AssignmentRow } from '../assignment/module';
import { expertDirectory } from '../expert/module';
import type { ScoringDeps } from './deps';
import { SCORING_MODULE } from './expertReview';
import { scoringRepo, type ReviewRow, type ReviewSettingFields } from './repo';
import { quotaCount, settingsOf } from './settings';

/** The office as the result rules see it. */
export interface Officer {
  change: ChangeContext;
  name: string;
}

/**
 * The reviews that count: submitted, by a main reviewer still holding the place (a removed expert's
 * review no longer does). Keyed by group so each group's places are asked once.
 */
export async function countingReviews(ex: Executor, reviews: readonly ReviewRow[]): Promise<ReviewRow[]> {
  const held = new Set<number>();
  for (const groupId of new Set(reviews.map((r) => r.groupId))) {
    for (const place of await assignmentDirectory.reviewersOfGroup(ex, groupId)) held.add(place.id);
  }
  return reviews.filter((r) => r.status === 'SUBMITTED' && held.has(r.assignmentId) && r.total !== null);
}

/** The prize office's side: the aggregated result of a group, its settings, reopening, the decision. */
export function createReviewResultService(deps: ScoringDeps) {
  const { db, prizes, outcomes } = deps;

  async function groupOf(ex: Executor, groupId: number) {
    const group = await assignmentDirectory.group(ex, groupId);
    if (!group) throw errors.notFound('评审组');
    const [prize] = await prizes.liveAmong(ex, [group.prizeId]);
    if (!prize) throw errors.notFound('奖种');
    return { group, prize };
  }

  /**
   * A group's result: each declaration's raw totals per main reviewer (missing ones stay missing),
   * the group score by the prize's method, the calibrated mean (experts calibrated against every
   * review of the edition's prize), rank in the group, percentile across the edition's groups of the
   * prize, divergence flags and the quota line.
   */
  async function groupResult(ex: Executor, groupId: number) {
    const { group, prize } = await groupOf(ex, groupId);
    const settings = await settingsOf(ex, groupId);
    const declarationIds = await assignmentDirectory.declarationsOfGroup(ex, groupId);
    const places = await assignmentDirectory.reviewersOfGroup(ex, groupId);
    const reviewByPlace = new Map((await scoringRepo.ofAssignments(ex, places.map((p) => p.id))).map((r) => [r.assignmentId, r]));
    const names = new Map((await expertDirectory.cards(ex, [...new Set(places.map((p) => p.expertId))])).map((c) => [c.id, c.name]));

    // The edition's population: calibration scales and the percentile are read across every group of the prize.
    const population = await countingReviews(ex, await scoringRepo.submittedOf(ex, group.editionId, group.prizeId));
    const calibration = calibrate(population.map((r) => ({ expertId: String(r.expertId), declarationId: String(r.declarationId), score: r.total! })));
    const calibratedExperts = new Set(calibration.experts.filter((e) => e.calibrated).map((e) => e.expertId));
    const calibratedOf = new Map(calibration.declarations.map((d) => [d.declarationId, d]));
    const totalsByDeclaration = new Map<number, number[]>();
    for (const r of population) totalsByDeclaration.set(r.declarationId, [...(totalsByDeclaration.get(r.declarationId) ?? []), r.total!]);
    const editionScores = [...totalsByDeclaration.values()].map((totals) => groupScore(totals, prize.scoreMethod)!);

    const placesOf = new Map<number, AssignmentRow[]>();
    for (const p of places) placesOf.set(p.declarationId, [...(placesOf.get(p.declarationId) ?? []), p]);
    const summaries = await outcomes.summaries(ex, declarationIds);

    const rows = declarationIds.map((declarationId) => {
      const reviews = (placesOf.get(declarationId) ?? []).map((place) => {
        const review = reviewByPlace.get(place.id);
        const submitted = review?.status === 'SUBMITTED' && review.total !== null;
        return {
          assignmentId: place.id,
          expertId: place.expertId,
          expertName: names.get(place.expertId) ?? '',
          assignmentState: place.state,
          submitted,
          total: submitted ? review!.total : null,
          scores: submitted ? review!.scores : [],
          suggestedGrade: submitted ? review!.suggestedGrade : null,
          comment: submitted ? review!.comment : null,
          submittedAt: submitted ? review!.submittedAt : null,
          outlier: false,
          calibrated: calibratedExperts.has(String(place.expertId)),
        };
      });
      const scored = reviews.filter((r) => r.total !== null);
      const totals = scored.map((r) => r.total!);
      for (const i of outlierIndexes(totals, REVIEW_SCALE_MAX, settings)) scored[i]!.outlier = true;
      const score = groupScore(totals, prize.scoreMethod);
      const calibrated = calibratedOf.get(String(declarationId));
      const summary = summaries.get(declarationId);
      return {
        declarationId,
        title: summary?.title ?? null,
        registrationNo: summary?.registrationNo ?? null,
        status: summary?.status ?? ('IN_REVIEW' as const),
        reviews,
        submitted: scored.length,
        expected: reviews.length,
        groupScore: score,
        calibratedMean: calibrated?.calibratedMean ?? null,
        calibratedReviews: calibrated?.calibrated ?? 0,
        uncalibratedReviews: calibrated?.uncalibrated ?? 0,
        rank: null as number | null,
        percentile: score === null ? null : percentileAcross(editionScores, score),
        flags: divergenceFlags(totals, REVIEW_SCALE_MAX, settings),
        withinQuota: false,
        decisionOpinion: summary?.decisionOpinion ?? null,
      };
    });

    const ranked = rankWithin(rows.map((r) => ({ id: String(r.declarationId), score: r.groupScore })));
    const rankOf = new Map(ranked.map((r) => [r.id, r.rank]));
    for (const row of rows) row.rank = rankOf.get(String(row.declarationId)) ?? null;
    const quota = quotaCount(settings, declarationIds.length);
    const line = quota === null ? null : quotaLine(ranked, quota);
    const within = new Set(line?.within ?? []);
    for (const row of rows) row.withinQuota = within.has(String(row.declarationId));
    const order = new Map(ranked.map((r, i) => [r.id, i]));
    rows.sort((a, b) => order.get(String(a.declarationId))! - order.get(String(b.declarationId))!);

    return {
      groupId: group.id,
      groupName: group.groupName,
      editionId: group.editionId,
      prizeId: group.prizeId,
      prizeName: prize.prizeName,
      scoreMethod: prize.scoreMethod,
      scaleMax: REVIEW_SCALE_MAX,
      rubric: prize.rubric.map((c) => ({ name: c.name, weight: c.weight, maxScore: c.maxScore, description: c.description ?? null })),
      settings,
      quota,
      tiedAtLine: line?.tiedAtLine ?? false,
      rows,
    };
  }

  return {
    groupResult: (groupId: number) => groupResult(db, groupId),

    /** Every group whose experts were invited: its result exists (all 缺) before the first review is saved. */
    async groups(filter: { editionId?: number; prizeId?: number }) {
      const groups = await assignmentDirectory.pushedGroups(db, filter);
      return groups.map((group) => ({ groupId: group.id, groupName: group.groupName, editionId: group.editionId, prizeId: group.prizeId }));
    },

    async settings(groupId: number) {
      await groupOf(db, groupId);
      return settingsOf(db, groupId);
    },

    saveSettings: (officer: Officer, groupId: number, fields: ReviewSettingFields) =>
      withTransaction(db, async (tx) => {
        const { group } = await groupOf(tx, groupId);
        const existing = await scoringRepo.settingsOf(tx, groupId);
        const saved = existing
          ? await scoringRepo.updateSettings(tx, existing.id, existing.lockVersion, fields, officer.change.actor)
          : await scoringRepo.insertSettings(tx, groupId, fields, officer.change.actor);
        await recordOperation(tx, { module: SCORING_MODULE, action: 'UPDATE', entityId: saved.id, summary: `修改评审组「${group.groupName}」的汇总设置`, before: existing ?? null, after: saved, ...officer.change });
        return settingsOf(tx, groupId);
      }),

    /** Unlocks a submitted review for the expert to change and submit again; the reason and the old review are kept. */
    reopen: (officer: Officer, assignmentId: number, reason: string) =>
      withTransaction(db, async (tx) => {
        const review = await scoringRepo.lockByAssignment(tx, assignmentId);
        if (!review) throw errors.notFound('评审记录');
        if (review.status !== 'SUBMITTED') throw errors.conflict('该评分尚未提交，无需重开');
        const status = (await outcomes.summaries(tx, [review.declarationId])).get(review.declarationId)?.status;
        if (status !== 'IN_REVIEW') throw errors.conflict('申报书已不在专家评审中，不能重开评分');
        const actor = officer.change.actor;
        if (!(await assignmentDirectory.move(tx, actor, assignmentId, ['SUBMITTED'], 'IN_PROGRESS', { submittedAt: null }))) {
          throw errors.conflict('该专家的评审任务已不在已提交状态，不能重开');
        }
        const after = await scoringRepo.update(tx, review.id, review.lockVersion, { status: 'DRAFT', submittedAt: null }, actor);
        const { scores, total, comment, suggestedGrade, submittedAt } = review;
        await scoringRepo.addReopen(tx, { reviewId: review.id, assignmentId, reason, before: { scores, total, comment, suggestedGrade, submittedAt: submittedAt?.toISOString() ?? null }, actorId: actor.id, actorName: officer.name });
        await recordOperation(tx, {
          module: SCORING_MODULE,
          action: 'REOPEN',
          entityId: review.id,
          summary: `重开评分（评审任务 ${assignmentId}）：${reason}`,
          before: { status: review.status, total: review.total },
          after: { status: after.status, reason },
          ...officer.change,
        });
      }),

    decide: (officer: Officer, declarationIds: number[], decision: ReviewDecision, opinion: string | null) =>
      withTransaction(db, (tx) => outcomes.decide(tx, officer.change, officer.name, declarationIds, decision, opinion)),
  };
}
export type ReviewResultService = ReturnType<typeof createReviewResultService>;
export type GroupResult = Awaited<ReturnType<ReviewResultService['groupResult']>>;
