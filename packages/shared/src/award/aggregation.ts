/**
 * Aggregation of the expert review stage (issue 17, DOMAIN.md "Scoring and aggregation"): the group
 * score (trimmed or plain mean), the calibrated mean beside it, divergence flags for the group leader,
 * rank within the group, percentile across groups and the quota line.
 *
 * Pure and dependency-free so the server, the web app and the Excel export compute the same figures.
 * Nothing here fills in a missing score: callers pass only submitted scores, and a declaration without
 * any gets null, never 0. A non-finite score (a null that slipped through as NaN) throws instead of
 * quietly skewing a mean.
 */

/** How a group score is formed: a per-prize setting. */
export type GroupScoreMethod = 'TRIMMED' | 'MEAN';

export const GROUP_SCORE_METHOD_LABELS: Readonly<Record<GroupScoreMethod, string>> = {
  TRIMMED: '去掉一个最高分和一个最低分后取平均',
  MEAN: '算术平均',
};

function assertFinite(scores: readonly number[]): void {
  for (const s of scores) {
    if (!Number.isFinite(s)) throw new RangeError(`score must be a finite number, got ${String(s)}`);
  }
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/**
 * Population standard deviation (divide by n): the scores are the whole set being described, not a
 * sample of some larger one. All-equal values give exactly 0 (checked directly, because the two-pass
 * formula can leave a rounding residue such as 1e-17 for decimal scores, which would make a z-score
 * explode instead of being 0).
 */
function populationSd(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const first = values[0]!;
  if (values.every((v) => v === first)) return 0;
  const m = mean(values);
  let squares = 0;
  for (const v of values) squares += (v - m) * (v - m);
  return Math.sqrt(squares / values.length);
}

/**
 * The group score of one declaration.
 *
 * TRIMMED (Chinese practice): drop one highest and one lowest score, then average the rest; with fewer
 * than three scores nothing would be left to average, so it is the plain mean. Only one of each is
 * dropped even when several experts share the extreme score. MEAN: the plain mean.
 *
 * @returns null when there are no scores: a declaration nobody scored has no score, not 0.
 */
export function groupScore(scores: readonly number[], method: GroupScoreMethod): number | null {
  assertFinite(scores);
  if (scores.length === 0) return null;
  if (method === 'MEAN' || scores.length < 3) return mean(scores);
  const sorted = [...scores].sort((a, b) => a - b);
  return mean(sorted.slice(1, -1));
}

export interface ReviewScore {
  expertId: string;
  declarationId: string;
  score: number;
}

export interface CalibratedReview extends ReviewScore {
  /** False when the expert has fewer than minReviews reviews here: too few to know their own scale. */
  calibrated: boolean;
  /** (score − expert's mean) / expert's SD; 0 when the expert gave every declaration the same score; null when uncalibrated. */
  z: number | null;
}

export interface ExpertScale {
  expertId: string;
  reviews: number;
  mean: number;
  /** Population SD of this expert's scores. */
  sd: number;
  calibrated: boolean;
}

export interface CalibratedDeclaration {
  declarationId: string;
  /** groupMean + mean z of the calibrated reviews × groupSd; null when none of its reviews is calibrated. */
  calibratedMean: number | null;
  /** Reviews that entered the calibrated mean. */
  calibrated: number;
  /** Reviews left out because their expert is uncalibrated, shown so the figure is read with care. */
  uncalibrated: number;
}

export interface Calibration {
  /** Every review passed in, in input order. */
  reviews: CalibratedReview[];
  /** One per expert, in order of first appearance. */
  experts: ExpertScale[];
  /** One per declaration, in order of first appearance. */
  declarations: CalibratedDeclaration[];
  /** Mean of all raw scores passed in (0 when none). */
  groupMean: number;
  /** Population SD of all raw scores passed in (0 when none). */
  groupSd: number;
}

/** Experts with fewer reviews are marked uncalibrated (DOMAIN.md: ≥ 5). */
export const DEFAULT_MIN_CALIBRATION_REVIEWS = 5;

/**
 * Calibration shown beside the group score: a strict expert's 75 and a lenient expert's 90 may mean the
 * same, so each expert's scores are z-normalised against that expert's own mean and population SD, and
 * a declaration's z-scores are averaged and put back on the group's scale:
 *
 *   z = (score − expertMean) / expertSd            (0 when expertSd = 0: the expert did not discriminate)
 *   calibratedMean = groupMean + mean(z) × groupSd
 *
 * where "group" is every review passed in, so callers pass one review group's reviews (the expert's
 * scale is then their scale within this group). Experts with fewer than `minReviews` reviews have too
 * few scores for a meaningful mean and spread; their reviews are marked `calibrated: false`, left out
 * of the calibrated mean, and counted in `uncalibrated`, never given an invented z.
 *
 * The calibrated mean is a comparison figure shown beside the group score, not a score: it can fall
 * outside the rubric's scale (a declaration every expert put at their own top lands above groupMean +
 * groupSd), so it is not clamped.
 */
export function calibrate(
  reviews: readonly ReviewScore[],
  options: { minReviews?: number } = {},
): Calibration {
  const minReviews = options.minReviews ?? DEFAULT_MIN_CALIBRATION_REVIEWS;
  assertFinite(reviews.map((r) => r.score));

  const byExpert = new Map<string, number[]>();
  for (const r of reviews) {
    const list = byExpert.get(r.expertId);
    if (list) list.push(r.score);
    else byExpert.set(r.expertId, [r.score]);
  }
  const experts: ExpertScale[] = [...byExpert].map(([expertId, scores]) => ({
    expertId,
    reviews: scores.length,
    mean: mean(scores),
    sd: populationSd(scores),
    calibrated: scores.length >= minReviews,
  }));
  const scaleOf = new Map(experts.map((e) => [e.expertId, e]));

  const calibratedReviews: CalibratedReview[] = reviews.map((r) => {
    const scale = scaleOf.get(r.expertId)!;
    if (!scale.calibrated) return { ...r, calibrated: false, z: null };
    return { ...r, calibrated: true, z: scale.sd === 0 ? 0 : (r.score - scale.mean) / scale.sd };
  });

  const all = reviews.map((r) => r.score);
  const groupMean = all.length === 0 ? 0 : mean(all);
  const groupSd = populationSd(all);

  const byDeclaration = new Map<string, { zs: number[]; uncalibrated: number }>();
  for (const r of calibratedReviews) {
    let entry = byDeclaration.get(r.declarationId);
    if (!entry) byDeclaration.set(r.declarationId, (entry = { zs: [], uncalibrated: 0 }));
    if (r.z === null) entry.uncalibrated += 1;
    else entry.zs.push(r.z);
  }
  const declarations: CalibratedDeclaration[] = [...byDeclaration].map(([declarationId, { zs, uncalibrated }]) => ({
    declarationId,
    calibratedMean: zs.length === 0 ? null : groupMean + mean(zs) * groupSd,
    calibrated: zs.length,
    uncalibrated,
  }));

  return { reviews: calibratedReviews, experts, declarations, groupMean, groupSd };
}

export const DIVERGENCE_FLAGS = ['SPREAD', 'RANGE', 'OUTLIER'] as const;
export type DivergenceFlag = (typeof DIVERGENCE_FLAGS)[number];

export const DIVERGENCE_LABELS: Readonly<Record<DivergenceFlag, string>> = {
  SPREAD: '分歧较大（标准差）',
  RANGE: '极差过大',
  OUTLIER: '存在离群评分',
};

export interface DivergenceThresholds {
  /** SPREAD when the population SD is above this % of the scale. Default 15. */
  sdPct?: number;
  /** RANGE when max − min is above this % of the scale. Default 30. */
  rangePct?: number;
  /** OUTLIER when one score is more than this many SDs of the others from the others' mean. Default 2. */
  outlierSd?: number;
  /**
   * OUTLIER also needs the score to be more than this % of the scale away from the others' mean. Without
   * it, experts who happen to agree exactly ([85, 85, 84]: the others' SD is 0) would flag a one-point
   * difference as infinitely many SDs away. Default 10; 0 gives the bare SD rule.
   */
  outlierMinPct?: number;
}

export const DEFAULT_DIVERGENCE_THRESHOLDS: Readonly<Required<DivergenceThresholds>> = {
  sdPct: 15,
  rangePct: 30,
  outlierSd: 2,
  outlierMinPct: 10,
};

/**
 * Divergence flags shown to the group leader for one declaration's submitted scores, on a scale of
 * 0..scaleMax (thresholds are settings; every comparison is strict, "above"):
 *
 * - SPREAD: population SD of all scores > sdPct % × scaleMax.
 * - RANGE: max − min > rangePct % × scaleMax.
 * - OUTLIER (needs ≥ 3 scores, so that "the others" have a spread at all): some score x_i, compared
 *   with the other scores only (leave-one-out, so the outlier does not inflate the yardstick it is
 *   measured by), satisfies both
 *     |x_i − mean(others)| > outlierSd × populationSd(others)   and
 *     |x_i − mean(others)| > outlierMinPct % × scaleMax.
 *   When the others all agree (SD 0) the first condition holds for any different score, so the second
 *   one alone decides.
 *
 * @returns the flags that hold, in the order SPREAD, RANGE, OUTLIER; empty for fewer than two scores.
 */
export function divergenceFlags(
  scores: readonly number[],
  scaleMax: number,
  thresholds: DivergenceThresholds = {},
): DivergenceFlag[] {
  assertFinite(scores);
  if (!(scaleMax > 0)) throw new RangeError(`scaleMax must be positive, got ${String(scaleMax)}`);
  const t = { ...DEFAULT_DIVERGENCE_THRESHOLDS, ...thresholds };
  const flags: DivergenceFlag[] = [];
  if (scores.length < 2) return flags;

  if (populationSd(scores) > (t.sdPct / 100) * scaleMax) flags.push('SPREAD');
  if (Math.max(...scores) - Math.min(...scores) > (t.rangePct / 100) * scaleMax) flags.push('RANGE');
  if (outlierIndexes(scores, scaleMax, thresholds).length > 0) flags.push('OUTLIER');
  return flags;
}

/**
 * Which scores are outliers by the OUTLIER rule of {@link divergenceFlags} (indexes into `scores`,
 * ascending), so the leader's view can point at the review concerned. Empty for fewer than 3 scores.
 */
export function outlierIndexes(
  scores: readonly number[],
  scaleMax: number,
  thresholds: DivergenceThresholds = {},
): number[] {
  assertFinite(scores);
  const t = { ...DEFAULT_DIVERGENCE_THRESHOLDS, ...thresholds };
  if (scores.length < 3) return [];
  const minDistance = (t.outlierMinPct / 100) * scaleMax;
  const result: number[] = [];
  scores.forEach((x, i) => {
    const others = scores.filter((_, j) => j !== i);
    const distance = Math.abs(x - mean(others));
    if (distance > t.outlierSd * populationSd(others) && distance > minDistance) result.push(i);
  });
  return result;
}

export interface Ranked<T extends { id: string; score: number | null }> {
  item: T;
  id: string;
  score: number | null;
  /** Competition rank (1, 2, 2, 4); null for a declaration without a score. */
  rank: number | null;
}

/**
 * Rank within a review group by score, highest first, with competition ranking ("1224": tied scores
 * share the better rank and the next rank skips), the usual reading of 并列第二. Ties keep their input
 * order. A null score is unranked (rank null) and listed last, in input order: a declaration nobody
 * scored is not "last place", it has no place.
 */
export function rankWithin<T extends { id: string; score: number | null }>(items: readonly T[]): Ranked<T>[] {
  assertFinite(items.flatMap((i) => (i.score === null ? [] : [i.score])));
  const scored = items.filter((i) => i.score !== null).map((item, order) => ({ item, order }));
  scored.sort((a, b) => b.item.score! - a.item.score! || a.order - b.order);
  const ranked: Ranked<T>[] = [];
  scored.forEach(({ item }, position) => {
    const previous = ranked[position - 1];
    const rank = previous && previous.score === item.score ? previous.rank : position + 1;
    ranked.push({ item, id: item.id, score: item.score, rank });
  });
  for (const item of items) if (item.score === null) ranked.push({ item, id: item.id, score: null, rank: null });
  return ranked;
}

/**
 * Percentile rank of `score` among `allScores` (every group's scores, the score itself included), so
 * declarations from groups of different sizes can be compared:
 *
 *   percentile = (count(s < score) + ½ × count(s = score)) / count(all) × 100
 *
 * The half-count of equal scores ("mid-rank" definition) makes tied declarations share one figure and a
 * lone middle score land on 50. Range 0..100 (exclusive of the ends when the score is among allScores).
 *
 * @returns null when allScores is empty: there is nothing to compare with.
 */
export function percentileAcross(allScores: readonly number[], score: number): number | null {
  assertFinite([...allScores, score]);
  if (allScores.length === 0) return null;
  let below = 0;
  let equal = 0;
  for (const s of allScores) {
    if (s < score) below += 1;
    else if (s === score) equal += 1;
  }
  return ((below + equal / 2) / allScores.length) * 100;
}

export interface QuotaLine {
  /** Ids within the quota, best rank first. */
  within: string[];
  /** Ranked ids below the line, best rank first. */
  outside: string[];
  /** Ids without a score: never within the quota, decided by hand. */
  unranked: string[];
  /** True when a tie at the line put more declarations within than the quota allows. */
  tiedAtLine: boolean;
  /** The ids sharing the last rank within the quota when tiedAtLine; otherwise empty. */
  tiedIds: string[];
}

/**
 * Which declarations are within the group's quota (名额), given the ranking of {@link rankWithin}
 * (order does not matter, ranks do). A declaration is within when its rank ≤ quota: with competition
 * ranking this keeps every declaration tied at the line inside rather than cutting a tie arbitrarily,
 * and reports `tiedAtLine` so the office decides (more within than the quota). Unranked ones are never
 * within.
 */
export function quotaLine(
  ranked: ReadonlyArray<{ id: string; rank: number | null }>,
  quota: number,
): QuotaLine {
  if (!Number.isInteger(quota) || quota < 0) throw new RangeError(`quota must be a non-negative integer, got ${String(quota)}`);
  const withRank = ranked
    .map((r, order) => ({ ...r, order }))
    .filter((r): r is { id: string; rank: number; order: number } => r.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.order - b.order);
  const inside = withRank.filter((r) => r.rank <= quota);
  const tiedAtLine = inside.length > quota;
  const lastRank = inside.at(-1)?.rank;
  return {
    within: inside.map((r) => r.id),
    outside: withRank.filter((r) => r.rank > quota).map((r) => r.id),
    unranked: ranked.filter((r) => r.rank === null).map((r) => r.id),
    tiedAtLine,
    tiedIds: tiedAtLine ? inside.filter((r) => r.rank === lastRank).map((r) => r.id) : [],
  };
}
