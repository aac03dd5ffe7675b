import { committeeOutcome, tallyOf, type GradeTest } from '@dandelion/shared/award/committeeRule';
import { PRIZE_GRADES, type PrizeGrade } from '@dandelion/shared/award/prize';
import type { StretchCard } from '../declaration/module';
import type { ItemRow, ResultRow, SittingRow, VoteRow } from './repo';

/** One declaration's count and outcome, the shape the results call and the result sheet share. */
export interface TallyRow {
  declarationId: number;
  title: string | null;
  registrationNo: string | null;
  groupScore: number | null;
  proposedGrade: PrizeGrade | null;
  present: number;
  needed: number;
  quorum: boolean;
  agree: number;
  notAward: number;
  otherGrades: Array<{ grade: PrizeGrade; count: number }>;
  tests: GradeTest[];
  resultGrade: PrizeGrade | null;
}

const gradeOrder = (grades: Partial<Record<PrizeGrade, number>>) =>
  PRIZE_GRADES.filter((g) => grades[g]).map((grade) => ({ grade, count: grades[grade]! }));

/**
 * The live count of a sitting: each declaration's ballots of current members run through the rule.
 * Votes of someone no longer a member do not count (members are fixed once voting opens, so this only
 * matters for a sitting edited back in DRAFT, where nobody has voted yet).
 */
export function liveTally(sitting: SittingRow, items: readonly ItemRow[], votes: readonly VoteRow[], cards: Map<number, StretchCard>, prizeGrades: readonly PrizeGrade[]): TallyRow[] {
  const members = new Set(sitting.memberIds);
  return items.map((item) => {
    const ballots = votes.filter((v) => v.declarationId === item.declarationId && members.has(v.memberId));
    const tally = tallyOf(ballots);
    const card = cards.get(item.declarationId);
    const base = {
      declarationId: item.declarationId,
      title: card?.title ?? null,
      registrationNo: card?.registrationNo ?? null,
      groupScore: item.groupScore,
      proposedGrade: item.proposedGrade,
      agree: tally.agree,
      notAward: tally.notAward,
      otherGrades: gradeOrder(tally.otherGrades),
    };
    if (!item.proposedGrade || !prizeGrades.includes(item.proposedGrade)) {
      return { ...base, present: ballots.length, needed: 0, quorum: false, tests: [], resultGrade: null };
    }
    const outcome = committeeOutcome({ proposedGrade: item.proposedGrade, prizeGrades, members: members.size, ballots, quorumRatio: sitting.quorumRatio, passRatio: sitting.passRatio });
    return { ...base, present: outcome.present, needed: outcome.needed, quorum: outcome.quorum, tests: outcome.tests, resultGrade: outcome.grade };
  });
}

/** The recorded results of a closed sitting in the same shape. */
export function recordedTally(rows: readonly ResultRow[], items: readonly ItemRow[], cards: Map<number, StretchCard>): TallyRow[] {
  const itemOf = new Map(items.map((i) => [i.declarationId, i]));
  return rows.map((r) => ({
    declarationId: r.declarationId,
    title: cards.get(r.declarationId)?.title ?? null,
    registrationNo: cards.get(r.declarationId)?.registrationNo ?? null,
    groupScore: itemOf.get(r.declarationId)?.groupScore ?? null,
    proposedGrade: r.proposedGrade,
    present: r.present,
    needed: r.needed,
    quorum: true,
    agree: r.agree,
    notAward: r.notAward,
    otherGrades: r.otherGrades,
    tests: r.tests,
    resultGrade: r.resultGrade,
  }));
}
