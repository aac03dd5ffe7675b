import { describe, expect, it } from 'vitest';
import { committeeOutcome, neededFor, reaches, tallyOf, type CommitteeBallot } from './committeeRule';
import { committeeCalls, sittingBody, voteBody } from './committee';

const GRADED = ['SPECIAL', 'FIRST', 'SECOND', 'THIRD'] as const;
const A: CommitteeBallot = { choice: 'AGREE' };
const N: CommitteeBallot = { choice: 'NOT_AWARD' };
const O = (grade: CommitteeBallot['grade']): CommitteeBallot => ({ choice: 'OTHER_GRADE', grade });
const twoThirds = { quorumRatio: '2/3', passRatio: '2/3' } as const;

describe('ratios are compared in integers', () => {
  it.each([
    [2, 3, '2/3', true],
    [6, 9, '2/3', true],
    [5, 8, '2/3', false], // 0.625
    [7, 10, '2/3', true],
    [66, 100, '2/3', false], // 0.66 is not two thirds
    [1, 2, '1/2', true],
    [2, 3, '3/4', false],
  ] as const)('%i of %i reaches %s: %s', (part, whole, ratio, expected) => {
    expect(reaches(part, whole, ratio)).toBe(expected);
  });

  it.each([
    [9, '2/3', 6],
    [10, '2/3', 7],
    [7, '2/3', 5],
    [5, '1/2', 3],
    [8, '3/4', 6],
  ] as const)('%i members need %s → %i', (members, ratio, needed) => {
    expect(neededFor(members, ratio)).toBe(needed);
  });
});

describe('the committee outcome (table of fixtures, nine members, two thirds)', () => {
  it.each<[string, CommitteeBallot[], string | null, Array<[string, number]>]>([
    ['9 agree: FIRST stands', Array(9).fill(A), 'FIRST', [['FIRST', 9]]],
    ['6 agree of 9 present: exactly two thirds, FIRST stands', [...Array(6).fill(A), N, N, N], 'FIRST', [['FIRST', 6]]],
    ['5 agree, 1 SPECIAL, 3 not: SPECIAL counts for FIRST (6 of 9)', [...Array(5).fill(A), O('SPECIAL'), N, N, N], 'FIRST', [['FIRST', 6]]],
    ['5 agree, 2 SECOND, 2 not: drops to SECOND (7 of 9)', [...Array(5).fill(A), O('SECOND'), O('SECOND'), N, N], 'SECOND', [['FIRST', 5], ['SECOND', 7]]],
    ['3 agree, 2 SECOND, 2 THIRD, 2 not: drops twice to THIRD (7 of 9)', [A, A, A, O('SECOND'), O('SECOND'), O('THIRD'), O('THIRD'), N, N], 'THIRD', [['FIRST', 3], ['SECOND', 5], ['THIRD', 7]]],
    ['4 agree, 5 not: below the lowest grade, not proposed', [...Array(4).fill(A), ...Array(5).fill(N)], null, [['FIRST', 4], ['SECOND', 4], ['THIRD', 4]]],
    ['6 present of 9 (quorum met), 4 agree: 4 of 6 is two thirds', [A, A, A, A, N, N], 'FIRST', [['FIRST', 4]]],
  ])('%s', (_name, ballots, grade, tests) => {
    const outcome = committeeOutcome({ proposedGrade: 'FIRST', prizeGrades: GRADED, members: 9, ballots, ...twoThirds });
    expect(outcome.quorum).toBe(true);
    expect(outcome.grade).toBe(grade);
    expect(outcome.tests.map((t) => [t.grade, t.support])).toEqual(tests);
  });

  it('5 of 9 members voting is no quorum (6 needed): no grade, no tests', () => {
    const outcome = committeeOutcome({ proposedGrade: 'FIRST', prizeGrades: GRADED, members: 9, ballots: Array(5).fill(A), ...twoThirds });
    expect(outcome).toEqual({ quorum: false, present: 5, needed: 6, tests: [], grade: null });
  });

  it('a sitting without members never has quorum', () => {
    expect(committeeOutcome({ proposedGrade: 'FIRST', prizeGrades: GRADED, members: 0, ballots: [], ...twoThirds }).quorum).toBe(false);
  });

  it('a proposed lowest grade that fails is not proposed; a prize without grades only stands or falls', () => {
    expect(committeeOutcome({ proposedGrade: 'THIRD', prizeGrades: GRADED, members: 3, ballots: [A, N, N], ...twoThirds }).grade).toBeNull();
    expect(committeeOutcome({ proposedGrade: 'UNGRADED', prizeGrades: ['UNGRADED'], members: 3, ballots: [A, O('UNGRADED'), N], ...twoThirds }).grade).toBe('UNGRADED');
    expect(committeeOutcome({ proposedGrade: 'UNGRADED', prizeGrades: ['UNGRADED'], members: 3, ballots: [A, N, N], ...twoThirds }).grade).toBeNull();
  });

  it('the ratios are settings: one half passes what two thirds drops', () => {
    const ballots = [...Array(5).fill(A), ...Array(4).fill(N)];
    expect(committeeOutcome({ proposedGrade: 'FIRST', prizeGrades: GRADED, members: 9, ballots, quorumRatio: '2/3', passRatio: '1/2' }).grade).toBe('FIRST');
    expect(committeeOutcome({ proposedGrade: 'FIRST', prizeGrades: GRADED, members: 9, ballots, ...twoThirds }).grade).toBeNull();
    // A quorum of three quarters of 9 is 7.
    expect(committeeOutcome({ proposedGrade: 'FIRST', prizeGrades: GRADED, members: 9, ballots: Array(6).fill(A), quorumRatio: '3/4', passRatio: '2/3' }).quorum).toBe(false);
  });

  it('the prize’s grades decide what "one grade lower" is (a prize without SECOND drops FIRST to THIRD)', () => {
    const outcome = committeeOutcome({ proposedGrade: 'FIRST', prizeGrades: ['THIRD', 'FIRST'], members: 3, ballots: [A, O('THIRD'), O('THIRD')], ...twoThirds });
    expect(outcome.tests.map((t) => t.grade)).toEqual(['FIRST', 'THIRD']);
    expect(outcome.grade).toBe('THIRD');
  });

  it('refuses a grade the prize does not have', () => {
    expect(() => committeeOutcome({ proposedGrade: 'SPECIAL', prizeGrades: ['FIRST'], members: 1, ballots: [A], ...twoThirds })).toThrow(RangeError);
    expect(() => committeeOutcome({ proposedGrade: 'FIRST', prizeGrades: ['FIRST'], members: 1, ballots: [O('SECOND')], ...twoThirds })).toThrow(RangeError);
  });

  it('tallies the ballots by choice and grade', () => {
    expect(tallyOf([A, A, N, O('SECOND'), O('SECOND'), O('THIRD')])).toEqual({ agree: 2, notAward: 1, otherGrades: { SECOND: 2, THIRD: 1 } });
  });
});

describe('the contract’s messages', () => {
  it('a vote for another grade names the grade; a sitting needs a title and members', () => {
    const vote = voteBody.safeParse({ sittingId: '1', declarationId: '2', choice: 'OTHER_GRADE' });
    expect(vote.success).toBe(false);
    expect(vote.error!.issues[0]!.message).toBe('请选择建议的等级');
    const sitting = sittingBody.safeParse({ editionId: '1', prizeId: '2', title: ' ', memberIds: [] });
    expect(sitting.error!.issues.map((i) => i.message)).toEqual(expect.arrayContaining(['请输入会议名称', '请选择委员']));
    expect(committeeCalls.close.path).toBe('/rest/committee/closeVoting');
  });
});
