/**
 * The committee's vote rule (DOMAIN.md "Scoring and aggregation", last bullet; issue 18 "committee").
 * Pure and dependency-free so the server's close, the console's live tally and the Excel sheet agree.
 *
 * Quorum is counted per declaration: the votes cast on it (an abstention is simply no vote) must reach
 * the quorum ratio of the sitting's members. A declaration without quorum has no result, and the
 * sitting cannot close until every declaration has one.
 *
 * The proposed grade G stands when the votes supporting G reach the pass ratio of the votes present;
 * otherwise the candidate drops one grade (the prize's next lower grade) and is tested again, down to
 * the prize's lowest grade; below that the declaration is not proposed. A vote supports a candidate
 * grade C when it is AGREE (agreeing with G, and G ≥ C) or OTHER_GRADE with a grade equal to or higher
 * than C. NOT_AWARD supports no grade. Ratios are fractions compared in integers (no 0.6667 rounding).
 */
import { PRIZE_GRADES, type PrizeGrade } from './prize';

export const COMMITTEE_VOTE_CHOICES = ['AGREE', 'OTHER_GRADE', 'NOT_AWARD'] as const;
export type CommitteeVoteChoice = (typeof COMMITTEE_VOTE_CHOICES)[number];
export const COMMITTEE_VOTE_CHOICE_LABELS: Readonly<Record<CommitteeVoteChoice, string>> = {
  AGREE: '同意拟授奖等级',
  OTHER_GRADE: '建议其他等级',
  NOT_AWARD: '不予授奖',
};

/** The ratios the office may pick for the quorum and the pass line (settings). */
export const COMMITTEE_RATIOS = ['1/2', '2/3', '3/4'] as const;
export type CommitteeRatio = (typeof COMMITTEE_RATIOS)[number];
export const COMMITTEE_RATIO_LABELS: Readonly<Record<CommitteeRatio, string>> = { '1/2': '二分之一', '2/3': '三分之二', '3/4': '四分之三' };
/** City and association practice: two thirds for both. */
export const DEFAULT_COMMITTEE_RATIOS: Readonly<{ quorumRatio: CommitteeRatio; passRatio: CommitteeRatio }> = { quorumRatio: '2/3', passRatio: '2/3' };

function fraction(ratio: CommitteeRatio): { num: number; den: number } {
  const [num, den] = ratio.split('/').map(Number);
  return { num: num!, den: den! };
}

/** `part` reaches `ratio` of `whole` (part / whole ≥ num / den), in integers. */
export function reaches(part: number, whole: number, ratio: CommitteeRatio): boolean {
  const { num, den } = fraction(ratio);
  return part * den >= whole * num;
}

/** The fewest votes that reach `ratio` of `whole`. */
export function neededFor(whole: number, ratio: CommitteeRatio): number {
  const { num, den } = fraction(ratio);
  return Math.ceil((whole * num) / den);
}

export interface CommitteeBallot {
  choice: CommitteeVoteChoice;
  /** Only for OTHER_GRADE. */
  grade?: PrizeGrade | null;
}

export interface CommitteeOutcomeInput {
  /** The grade the committee was asked about. */
  proposedGrade: PrizeGrade;
  /** The prize's grades (any order; ranked by PRIZE_GRADES, the highest first). */
  prizeGrades: readonly PrizeGrade[];
  members: number;
  ballots: readonly CommitteeBallot[];
  quorumRatio: CommitteeRatio;
  passRatio: CommitteeRatio;
}

/** One candidate grade as tested: how many of the votes present supported it. */
export interface GradeTest {
  grade: PrizeGrade;
  support: number;
  passed: boolean;
}

export type CommitteeOutcome =
  | { quorum: false; present: number; needed: number; tests: [] ; grade: null }
  | {
      quorum: true;
      present: number;
      needed: number;
      /** The grades tested from the proposed one down, the last one passed unless none did. */
      tests: GradeTest[];
      /** The committee's grade; null: not proposed for an award. */
      grade: PrizeGrade | null;
    };

const rankOf = (grade: PrizeGrade) => PRIZE_GRADES.indexOf(grade);

/** The tally of a declaration's ballots: AGREE, NOT_AWARD and OTHER_GRADE per grade. */
export function tallyOf(ballots: readonly CommitteeBallot[]): { agree: number; notAward: number; otherGrades: Partial<Record<PrizeGrade, number>> } {
  const tally = { agree: 0, notAward: 0, otherGrades: {} as Partial<Record<PrizeGrade, number>> };
  for (const b of ballots) {
    if (b.choice === 'AGREE') tally.agree += 1;
    else if (b.choice === 'NOT_AWARD') tally.notAward += 1;
    else if (b.grade) tally.otherGrades[b.grade] = (tally.otherGrades[b.grade] ?? 0) + 1;
  }
  return tally;
}

/**
 * The committee's result for one declaration. Throws a RangeError when the proposed grade or an
 * OTHER_GRADE ballot is not one of the prize's grades (callers validate before storing).
 */
export function committeeOutcome(input: CommitteeOutcomeInput): CommitteeOutcome {
  const { proposedGrade, members, ballots, quorumRatio, passRatio } = input;
  const grades = [...new Set(input.prizeGrades)].sort((a, b) => rankOf(a) - rankOf(b));
  if (!grades.includes(proposedGrade)) throw new RangeError(`proposed grade ${proposedGrade} is not a grade of the prize`);
  for (const b of ballots) {
    if (b.choice === 'OTHER_GRADE' && (!b.grade || !grades.includes(b.grade))) throw new RangeError(`ballot grade ${String(b.grade)} is not a grade of the prize`);
  }
  const present = ballots.length;
  const needed = neededFor(members, quorumRatio);
  if (members === 0 || present < needed) return { quorum: false, present, needed, tests: [], grade: null };

  const tests: GradeTest[] = [];
  for (const candidate of grades.slice(grades.indexOf(proposedGrade))) {
    const support = ballots.filter((b) => b.choice === 'AGREE' || (b.choice === 'OTHER_GRADE' && rankOf(b.grade!) <= rankOf(candidate))).length;
    const passed = reaches(support, present, passRatio);
    tests.push({ grade: candidate, support, passed });
    if (passed) return { quorum: true, present, needed, tests, grade: candidate };
  }
  return { quorum: true, present, needed, tests, grade: null };
}
