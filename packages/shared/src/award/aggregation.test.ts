import { describe, expect, it } from 'vitest';
import {
  calibrate,
  DIVERGENCE_LABELS,
  divergenceFlags,
  groupScore,
  outlierIndexes,
  percentileAcross,
  quotaLine,
  rankWithin,
  type ReviewScore,
} from './aggregation';

// Every expected figure below is worked out by hand in the comment beside it.

describe('group score', () => {
  it('drops one highest and one lowest when there are at least three, plain mean otherwise', () => {
    // [60, 70, 80, 100] trimmed: drop 100 and 60 → (70 + 80) / 2 = 75
    expect(groupScore([60, 70, 80, 100], 'TRIMMED')).toBe(75);
    // same scores, plain mean: 310 / 4 = 77.5
    expect(groupScore([60, 70, 80, 100], 'MEAN')).toBe(77.5);
    // three scores: drop 95 and 60 → 75 alone
    expect(groupScore([95, 60, 75], 'TRIMMED')).toBe(75);
    // two scores: nothing would be left after trimming → (50 + 80) / 2 = 65
    expect(groupScore([50, 80], 'TRIMMED')).toBe(65);
    // one score is its own mean
    expect(groupScore([88], 'TRIMMED')).toBe(88);
    expect(groupScore([88], 'MEAN')).toBe(88);
  });

  it('drops only one of a shared extreme', () => {
    // [90, 90, 60, 85] trimmed: drop one 90 and the 60 → (90 + 85) / 2 = 87.5; plain mean 325 / 4 = 81.25
    expect(groupScore([90, 90, 60, 85], 'TRIMMED')).toBe(87.5);
    expect(groupScore([90, 90, 60, 85], 'MEAN')).toBe(81.25);
    // all equal: 80 either way
    expect(groupScore([80, 80, 80], 'TRIMMED')).toBe(80);
  });

  it('has no score without scores and refuses a missing one smuggled in as NaN', () => {
    expect(groupScore([], 'TRIMMED')).toBeNull();
    expect(groupScore([], 'MEAN')).toBeNull();
    expect(() => groupScore([80, Number.NaN, 70], 'TRIMMED')).toThrow(RangeError);
  });

  it('averages decimal scores', () => {
    // [7.5, 8.5, 9.1, 6.2] trimmed: drop 9.1 and 6.2 → (7.5 + 8.5) / 2 = 8
    expect(groupScore([7.5, 8.5, 9.1, 6.2], 'TRIMMED')).toBeCloseTo(8, 10);
  });
});

describe('calibration by per-expert z-scores', () => {
  // Expert A (strict): d1..d5 = 70, 75, 80, 85, 90 → mean 80, deviations −10, −5, 0, 5, 10,
  //   variance (100 + 25 + 0 + 25 + 100) / 5 = 50, SD √50 ≈ 7.0711 → z = −√2, −√2/2, 0, √2/2, √2.
  // Expert B (lenient): d1..d5 = 85, 95, 90, 80, 100 → mean 90, deviations −5, 5, 0, −10, 10,
  //   variance (25 + 25 + 0 + 100 + 100) / 5 = 50, SD √50 → z = −√2/2, √2/2, 0, −√2, √2.
  // Expert C: only d1 = 50 and d2 = 100 → 2 reviews < 5, uncalibrated.
  // Group (all 12 reviews): sum 400 + 450 + 150 = 1000, mean 1000/12 = 250/3 ≈ 83.3333;
  //   Σx² = 32250 (A) + 40750 (B) + 12500 (C) = 85500, variance 85500/12 − (250/3)² = 7125 − 62500/9
  //   = 1625/9 ≈ 180.5556, SD √1625 / 3 ≈ 13.4371.
  const reviews: ReviewScore[] = [
    ...[70, 75, 80, 85, 90].map((score, i) => ({ expertId: 'A', declarationId: `d${i + 1}`, score })),
    ...[85, 95, 90, 80, 100].map((score, i) => ({ expertId: 'B', declarationId: `d${i + 1}`, score })),
    { expertId: 'C', declarationId: 'd1', score: 50 },
    { expertId: 'C', declarationId: 'd2', score: 100 },
  ];
  const groupSd = Math.sqrt(1625) / 3;

  it('z-normalises each expert against their own mean and population SD', () => {
    const result = calibrate(reviews);
    const a = result.experts.find((e) => e.expertId === 'A')!;
    expect(a.mean).toBe(80);
    expect(a.sd).toBeCloseTo(7.0711, 4);
    expect(a.calibrated).toBe(true);
    // A's 90: (90 − 80) / √50 = 10 / 7.0711 ≈ 1.4142
    const a90 = result.reviews.find((r) => r.expertId === 'A' && r.score === 90)!;
    expect(a90.z).toBeCloseTo(1.4142, 4);
    // A's 75: −5 / √50 ≈ −0.7071
    expect(result.reviews.find((r) => r.expertId === 'A' && r.score === 75)!.z).toBeCloseTo(-0.7071, 4);
    // B's 80: (80 − 90) / √50 ≈ −1.4142: the same raw 80 is A's middle and B's bottom
    expect(result.reviews.find((r) => r.expertId === 'B' && r.score === 80)!.z).toBeCloseTo(-1.4142, 4);
    expect(result.reviews.find((r) => r.expertId === 'A' && r.score === 80)!.z).toBe(0);
  });

  it('marks experts with fewer than five reviews uncalibrated and gives them no z', () => {
    const result = calibrate(reviews);
    expect(result.experts.find((e) => e.expertId === 'C')).toMatchObject({ reviews: 2, calibrated: false });
    const c = result.reviews.filter((r) => r.expertId === 'C');
    expect(c).toHaveLength(2);
    for (const r of c) expect(r).toMatchObject({ calibrated: false, z: null });
    expect(result.reviews).toHaveLength(12);
  });

  it('rescales each declaration’s mean z to the group’s mean and SD and counts the uncalibrated reviews', () => {
    const result = calibrate(reviews);
    expect(result.groupMean).toBeCloseTo(83.3333, 4);
    expect(result.groupSd).toBeCloseTo(13.4371, 4);
    const byId = new Map(result.declarations.map((d) => [d.declarationId, d]));
    expect(result.declarations.map((d) => d.declarationId)).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
    // d1: z̄ = (−√2 − √2/2) / 2 = −(3/4)√2 ≈ −1.06066 → 83.3333 − 1.06066 × 13.4371 = 83.3333 − 14.2522 ≈ 69.0811
    expect(byId.get('d1')!.calibratedMean).toBeCloseTo(69.0811, 4);
    expect(byId.get('d1')).toMatchObject({ calibrated: 2, uncalibrated: 1 });
    // d2: z̄ = (−√2/2 + √2/2) / 2 = 0 → the group mean 83.3333; C's 100 left out
    expect(byId.get('d2')!.calibratedMean).toBeCloseTo(250 / 3, 10);
    expect(byId.get('d2')).toMatchObject({ calibrated: 2, uncalibrated: 1 });
    // d3: z̄ = 0 → 83.3333, nobody uncalibrated
    expect(byId.get('d3')).toMatchObject({ calibrated: 2, uncalibrated: 0 });
    expect(byId.get('d3')!.calibratedMean).toBeCloseTo(83.3333, 4);
    // d4: z̄ = (√2/2 − √2) / 2 = −√2/4 ≈ −0.35355 → 83.3333 − 0.35355 × 13.4371 = 83.3333 − 4.7507 ≈ 78.5826
    expect(byId.get('d4')!.calibratedMean).toBeCloseTo(78.5826, 4);
    // d5: z̄ = √2 → 83.3333 + 1.41421 × 13.4371 = 83.3333 + 19.0029 ≈ 102.3363 (off the 100 scale: not clamped)
    expect(byId.get('d5')!.calibratedMean).toBeCloseTo(102.3363, 4);
    expect(byId.get('d5')!.calibratedMean).toBeCloseTo(250 / 3 + Math.SQRT2 * groupSd, 10);
  });

  it('takes the review threshold as an option', () => {
    // minReviews 2: C (50, 100) → mean 75, SD √((625 + 625) / 2) = 25 → z −1 and +1
    const result = calibrate(reviews, { minReviews: 2 });
    expect(result.reviews.filter((r) => r.expertId === 'C').map((r) => r.z)).toEqual([-1, 1]);
    const d1 = result.declarations.find((d) => d.declarationId === 'd1')!;
    // d1: z̄ = (−√2 − √2/2 − 1) / 3 = (−1.414214 − 0.707107 − 1) / 3 ≈ −1.040440
    //   → 83.333333 − 1.040440 × 13.437096 = 83.333333 − 13.980496 ≈ 69.3528
    expect(d1).toMatchObject({ calibrated: 3, uncalibrated: 0 });
    expect(d1.calibratedMean).toBeCloseTo(69.3528, 4);
  });

  it('gives an expert who scored everything alike z = 0 and leaves an all-uncalibrated declaration without a calibrated mean', () => {
    // D: 70 five times → mean 70, SD 0 → z 0 (no discrimination, no division by zero)
    // E: one review of d1 → uncalibrated; d6 has only E's review → calibratedMean null
    const result = calibrate([
      ...[1, 2, 3, 4, 5].map((i) => ({ expertId: 'D', declarationId: `d${i}`, score: 70 })),
      { expertId: 'E', declarationId: 'd6', score: 90 },
    ]);
    expect(result.experts.find((e) => e.expertId === 'D')).toMatchObject({ mean: 70, sd: 0, calibrated: true });
    expect(result.reviews.filter((r) => r.expertId === 'D').every((r) => r.z === 0)).toBe(true);
    // group: five 70s and a 90 → mean 440 / 6 ≈ 73.3333; d1: 73.3333 + 0 × SD
    expect(result.declarations.find((d) => d.declarationId === 'd1')!.calibratedMean).toBeCloseTo(73.3333, 4);
    expect(result.declarations.find((d) => d.declarationId === 'd6')).toEqual({
      declarationId: 'd6',
      calibratedMean: null,
      calibrated: 0,
      uncalibrated: 1,
    });
  });

  it('handles decimal scores that are all equal without a rounding residue', () => {
    // 0.1 five times: the two-pass SD could leave ~1e-17 and blow z up; it must be exactly 0
    const result = calibrate([1, 2, 3, 4, 5].map((i) => ({ expertId: 'F', declarationId: `d${i}`, score: 0.1 })));
    expect(result.experts[0]!.sd).toBe(0);
    expect(result.reviews.map((r) => r.z)).toEqual([0, 0, 0, 0, 0]);
  });

  it('returns nothing for no reviews', () => {
    expect(calibrate([])).toEqual({ reviews: [], experts: [], declarations: [], groupMean: 0, groupSd: 0 });
  });
});

describe('divergence flags', () => {
  it('flags spread, range and an outlier on a 100 scale', () => {
    // [60, 62, 95]: mean 217/3 ≈ 72.33; Σx² = 3600 + 3844 + 9025 = 16469;
    //   variance 16469/3 − (217/3)² = (49407 − 47089) / 9 = 2318/9 ≈ 257.56, SD ≈ 16.05 > 15 → SPREAD
    //   range 95 − 60 = 35 > 30 → RANGE
    //   95 against [60, 62]: mean 61, SD 1, distance 34 > 2 × 1 and > 10 → OUTLIER
    //   (60 against [62, 95]: mean 78.5, SD 16.5, distance 18.5 ≤ 33; 62 against [60, 95]: 15.5 ≤ 35)
    expect(divergenceFlags([60, 62, 95], 100)).toEqual(['SPREAD', 'RANGE', 'OUTLIER']);
    expect(outlierIndexes([60, 62, 95], 100)).toEqual([2]);
    // the same on a 10-point scale
    expect(divergenceFlags([6, 6.2, 9.5], 10)).toEqual(['SPREAD', 'RANGE', 'OUTLIER']);
  });

  it('flags no agreement as divergent', () => {
    // [80, 82, 84, 86]: mean 83, variance (9 + 1 + 1 + 9) / 4 = 5, SD ≈ 2.24; range 6;
    //   80 against [82, 84, 86]: mean 84, SD √(8/3) ≈ 1.633, distance 4 > 3.27 but not > 10 → no OUTLIER
    expect(divergenceFlags([80, 82, 84, 86], 100)).toEqual([]);
    expect(divergenceFlags([80, 80, 80], 100)).toEqual([]);
    expect(divergenceFlags([80], 100)).toEqual([]);
    expect(divergenceFlags([], 100)).toEqual([]);
  });

  it('compares strictly: exactly 15 % SD and exactly 30 % range do not flag', () => {
    // [70, 70, 100, 100]: mean 85, every deviation ±15 → SD 15 (not > 15); range 30 (not > 30);
    //   100 against [70, 70, 100]: mean 80, SD √(600/3) ≈ 14.14, distance 20 ≤ 28.28 → no OUTLIER
    expect(divergenceFlags([70, 70, 100, 100], 100)).toEqual([]);
  });

  it('flags a range without spread or outlier', () => {
    // [60, 60, 75, 75, 91, 91]: sum 452, Σx² = 2 × (3600 + 5625 + 8281) = 35012;
    //   variance 35012/6 − (452/6)² ≈ 5835.33 − 5675.11 = 160.22, SD ≈ 12.66 ≤ 15; range 31 > 30 → RANGE
    //   91 against [60, 60, 75, 75, 91]: mean 72.2, variance (2 × 148.84 + 2 × 7.84 + 353.44) / 5 = 133.36,
    //     SD ≈ 11.55, distance 18.8 ≤ 23.1; 60 against [60, 75, 75, 91, 91]: mean 78.4, SD ≈ 11.66,
    //     distance 18.4 ≤ 23.3; the 75s are within 0.4 of the others' mean → no OUTLIER
    expect(divergenceFlags([60, 60, 75, 75, 91, 91], 100)).toEqual(['RANGE']);
  });

  it('takes the thresholds as settings', () => {
    // [69, 69, 91, 91]: mean 80, deviations ±11 → SD 11 > 10 (sdPct 10) but ≤ 15; range 22 ≤ 30
    //   91 against [69, 69, 91]: mean 76.33, SD √(322.67/3) ≈ 10.37, distance 14.67 ≤ 20.74 → no OUTLIER
    expect(divergenceFlags([69, 69, 91, 91], 100)).toEqual([]);
    expect(divergenceFlags([69, 69, 91, 91], 100, { sdPct: 10 })).toEqual(['SPREAD']);
    expect(divergenceFlags([69, 69, 91, 91], 100, { rangePct: 20 })).toEqual(['RANGE']);
  });

  it('needs an outlier to be both 2 SDs of the others and 10 % of the scale away from the others’ mean', () => {
    // [85, 85, 85, 70]: 70 against [85, 85, 85]: mean 85, SD 0, distance 15 > 0 and > 10 → OUTLIER;
    //   SD of all: mean 81.25, variance (3 × 14.0625 + 126.5625) / 4 = 42.1875, SD ≈ 6.50; range 15
    expect(divergenceFlags([85, 85, 85, 70], 100)).toEqual(['OUTLIER']);
    expect(outlierIndexes([85, 85, 85, 70], 100)).toEqual([3]);
    // [85, 85, 85, 84]: distance 1 is infinitely many SDs of the others but not > 10 → nothing
    expect(divergenceFlags([85, 85, 85, 84], 100)).toEqual([]);
    // with the floor off the bare SD rule decides: [80, 82, 84, 86] flags 80 and 86 (4 > 2 × 1.633),
    //   not 82 (against [80, 84, 86]: mean 83.33, SD √(18.67/3) ≈ 2.49, distance 1.33 ≤ 4.99)
    expect(outlierIndexes([80, 82, 84, 86], 100, { outlierMinPct: 0 })).toEqual([0, 3]);
    expect(divergenceFlags([80, 82, 84, 86], 100, { outlierMinPct: 0 })).toEqual(['OUTLIER']);
    // and outlierSd is a setting: 95 in [60, 62, 95] is 34 SDs of the others away, not more than 40
    expect(outlierIndexes([60, 62, 95], 100, { outlierSd: 40 })).toEqual([]);
  });

  it('needs three scores for an outlier, two are enough for spread and range', () => {
    // [40, 95]: mean 67.5, SD 27.5 > 15; range 55 > 30; no "others" with a spread → no OUTLIER
    expect(divergenceFlags([40, 95], 100)).toEqual(['SPREAD', 'RANGE']);
    expect(outlierIndexes([40, 95], 100)).toEqual([]);
  });

  it('labels the flags in Chinese and refuses a scale that is not positive', () => {
    expect(DIVERGENCE_LABELS).toEqual({ SPREAD: '分歧较大（标准差）', RANGE: '极差过大', OUTLIER: '存在离群评分' });
    expect(() => divergenceFlags([60, 70], 0)).toThrow(RangeError);
  });
});

describe('rank within the group', () => {
  it('ranks by score descending with competition ranking, unscored last and unranked', () => {
    const ranked = rankWithin([
      { id: 'a', score: 80 },
      { id: 'b', score: 90 },
      { id: 'c', score: 80 },
      { id: 'd', score: null },
      { id: 'e', score: 70 },
    ]);
    // 90 → 1; 80, 80 → 2, 2 (input order kept); 70 → 4 (3 skipped); null → unranked, last
    expect(ranked.map((r) => [r.id, r.rank])).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 2],
      ['e', 4],
      ['d', null],
    ]);
    expect(ranked[0]!.item).toEqual({ id: 'b', score: 90 });
  });

  it('handles all tied, all unscored and nothing', () => {
    expect(rankWithin([{ id: 'x', score: 75 }, { id: 'y', score: 75 }, { id: 'z', score: 75 }]).map((r) => r.rank)).toEqual([1, 1, 1]);
    expect(rankWithin([{ id: 'x', score: null }, { id: 'y', score: null }]).map((r) => [r.id, r.rank])).toEqual([
      ['x', null],
      ['y', null],
    ]);
    expect(rankWithin([])).toEqual([]);
  });

  it('ranks decimal group scores', () => {
    // 87.5 > 87.25 > 81.25
    expect(rankWithin([{ id: 'p', score: 81.25 }, { id: 'q', score: 87.5 }, { id: 'r', score: 87.25 }]).map((r) => r.id)).toEqual(['q', 'r', 'p']);
  });
});

describe('percentile across groups', () => {
  it('counts the scores strictly below plus half the equal ones', () => {
    // [60, 70, 80, 90]: 80 → (2 below + ½ × 1 equal) / 4 × 100 = 62.5
    expect(percentileAcross([60, 70, 80, 90], 80)).toBe(62.5);
    // 60 → (0 + 0.5) / 4 = 12.5; 90 → (3 + 0.5) / 4 = 87.5
    expect(percentileAcross([60, 70, 80, 90], 60)).toBe(12.5);
    expect(percentileAcross([60, 70, 80, 90], 90)).toBe(87.5);
    // ties share one figure: [70, 70, 80, 90], 70 → (0 + ½ × 2) / 4 = 25
    expect(percentileAcross([70, 70, 80, 90], 70)).toBe(25);
    // a lone score sits in the middle: (0 + 0.5) / 1 = 50
    expect(percentileAcross([75], 75)).toBe(50);
    // all equal: (0 + ½ × 3) / 3 = 50
    expect(percentileAcross([80, 80, 80], 80)).toBe(50);
  });

  it('places a score outside the list at the ends and has nothing to say without scores', () => {
    expect(percentileAcross([60, 70], 100)).toBe(100);
    expect(percentileAcross([60, 70], 50)).toBe(0);
    expect(percentileAcross([], 80)).toBeNull();
  });
});

describe('quota line', () => {
  // ranks: b 1, a 2, c 2, e 4, d unranked
  const ranked = rankWithin([
    { id: 'a', score: 80 },
    { id: 'b', score: 90 },
    { id: 'c', score: 80 },
    { id: 'd', score: null },
    { id: 'e', score: 70 },
  ]);

  it('keeps a tie at the line inside and reports it', () => {
    // quota 2: ranks ≤ 2 are b, a, c → three within for two places, a and c tied at the line
    expect(quotaLine(ranked, 2)).toEqual({
      within: ['b', 'a', 'c'],
      outside: ['e'],
      unranked: ['d'],
      tiedAtLine: true,
      tiedIds: ['a', 'c'],
    });
  });

  it('reports no tie when the tie fills the quota exactly or lies above the line', () => {
    // quota 3: b, a, c fill three places; e (rank 4) is out and not tied with c
    expect(quotaLine(ranked, 3)).toMatchObject({ within: ['b', 'a', 'c'], outside: ['e'], tiedAtLine: false, tiedIds: [] });
    // quota 1: only b
    expect(quotaLine(ranked, 1)).toMatchObject({ within: ['b'], outside: ['a', 'c', 'e'], tiedAtLine: false });
  });

  it('never puts an unscored declaration within, however large the quota', () => {
    expect(quotaLine(ranked, 10)).toMatchObject({ within: ['b', 'a', 'c', 'e'], outside: [], unranked: ['d'], tiedAtLine: false });
    expect(quotaLine(ranked, 0)).toMatchObject({ within: [], outside: ['b', 'a', 'c', 'e'], tiedAtLine: false });
  });

  it('takes ranks in any order and reports a tie at the very top', () => {
    const tiedTop = [
      { id: 'y', rank: 1 },
      { id: 'z', rank: 4 },
      { id: 'x', rank: 1 },
      { id: 'w', rank: 1 },
    ];
    expect(quotaLine(tiedTop, 1)).toEqual({ within: ['y', 'x', 'w'], outside: ['z'], unranked: [], tiedAtLine: true, tiedIds: ['y', 'x', 'w'] });
    expect(quotaLine([], 3)).toEqual({ within: [], outside: [], unranked: [], tiedAtLine: false, tiedIds: [] });
  });

  it('refuses a quota that is not a non-negative whole number', () => {
    expect(() => quotaLine(ranked, -1)).toThrow(RangeError);
    expect(() => quotaLine(ranked, 1.5)).toThrow(RangeError);
  });
});
