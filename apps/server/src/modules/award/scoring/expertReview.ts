import { divergenceFlags, outlierIndexes } from '@dandelion/shared/award/aggregation';
import type { PrizeGrade, RubricCriterion } from '@dandelion/shared/award/prize';
import { REVIEW_SCALE_MAX } from '@dandelion/shared/award/scoring';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { assignmentDirectory, type AssignmentRow, type ReviewGroupRow } from '../assignment/module';
import { expertDirectory, type ExpertCard } from '../expert/module';
import type { PrizeRow } from '../prize/module';
import { scoringRepo, type ReviewRow } from './repo';
import { settingsOf } from './settings';
import type { StoredCriterionScore } from './tables';
import type { ScoringDeps } from './deps';

export const SCORING_MODULE = 'award:scoring';

/** The caller as the scoring rules see them. */
export interface Reviewer {
  userId: number;
  change: ChangeContext;
}

export interface ReviewInput {
  scores: Array<{ name: string; score: number | null }>;
  comment?: string | null;
  suggestedGrade?: PrizeGrade | null;
}

interface Task {
  expert: ExpertCard;
  assignment: AssignmentRow;
  group: ReviewGroupRow;
  prize: PrizeRow;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Σ score / maxScore × weight over the scored criteria (0..100); null when nothing is scored. */
export function weightedTotal(scores: readonly StoredCriterionScore[], rubric: readonly RubricCriterion[]): number | null {
  const byName = new Map(rubric.map((c) => [c.name, c]));
  let total = 0;
  let any = false;
  for (const s of scores) {
    const c = byName.get(s.name);
    if (!c || s.score === null) continue;
    any = true;
    total += (s.score / c.maxScore) * c.weight;
  }
  return any ? round2(total) : null;
}

/**
 * Checks the scores against the rubric and answers them in the rubric's order (a criterion not sent is
 * unscored). Each score is within 0..the criterion's maximum, with at most one decimal; with
 * `complete`, every criterion must be scored.
 */
export function checkScores(input: ReviewInput['scores'], rubric: readonly RubricCriterion[], complete: boolean): StoredCriterionScore[] {
  const known = new Set(rubric.map((c) => c.name));
  const sent = new Map<string, number | null>();
  for (const s of input) {
    if (!known.has(s.name)) throw errors.badRequest(`评分指标「${s.name}」不在本奖种的评分细则中`, { field: 'scores' });
    if (sent.has(s.name)) throw errors.badRequest(`评分指标「${s.name}」重复`, { field: 'scores' });
    sent.set(s.name, s.score);
  }
  return rubric.map((c) => {
    const score = sent.get(c.name) ?? null;
    if (score === null) {
      if (complete) throw errors.badRequest(`请填写「${c.name}」的评分`, { field: 'scores' });
      return { name: c.name, score: null };
    }
    if (score < 0 || score > c.maxScore) throw errors.badRequest(`「${c.name}」的评分应在0到${c.maxScore}分之间`, { field: 'scores' });
    if (Math.abs(score * 10 - Math.round(score * 10)) > 1e-9) throw errors.badRequest(`「${c.name}」的评分最多保留一位小数`, { field: 'scores' });
    return { name: c.name, score };
  });
}

/** The expert's side: their review of one assignment, the declaration read-only, and the peers' scores after submitting. */
export function createExpertReviewService(deps: ScoringDeps) {
  const { db, prizes } = deps;
  const notFound = () => errors.notFound('评审任务');

  /** The caller's active task by assignment id, or 404 for anything else (a guessed id learns nothing). */
  async function taskOf(ex: Executor, reviewer: Reviewer, assignmentId: number): Promise<Task> {
    const expert = await expertDirectory.ofUser(ex, reviewer.userId);
    if (!expert) throw notFound();
    const assignment = await assignmentDirectory.assignment(ex, assignmentId);
    if (!assignment || assignment.expertId !== expert.id) throw notFound();
    const active = await assignmentDirectory.activeFor(ex, expert.id, assignment.declarationId);
    if (!active || active.id !== assignment.id) throw notFound();
    const group = await assignmentDirectory.group(ex, assignment.groupId);
    if (!group) throw notFound();
    const [prize] = await prizes.liveAmong(ex, [group.prizeId]);
    if (!prize) throw errors.notFound('奖种');
    return { expert, assignment, group, prize };
  }

  function present(task: Task, review: ReviewRow | undefined, assignment: AssignmentRow = task.assignment) {
    const { group, prize } = task;
    return {
      assignmentId: assignment.id,
      declarationId: assignment.declarationId,
      groupId: group.id,
      groupName: group.groupName,
      deadline: assignment.deadline ?? group.deadline,
      assignmentState: assignment.state,
      prizeName: prize.prizeName,
      rubric: prize.rubric.map((c) => ({ name: c.name, weight: c.weight, maxScore: c.maxScore, description: c.description ?? null })),
      grades: prize.grades.map((g) => g.grade),
      leader: group.leaderExpertId === task.expert.id,
      status: review?.status ?? null,
      scores: review?.scores ?? prize.rubric.map((c) => ({ name: c.name, score: null })),
      total: review?.total ?? null,
      comment: review?.comment ?? null,
      suggestedGrade: review?.suggestedGrade ?? null,
      submittedAt: review?.submittedAt ?? null,
      lockVersion: review?.lockVersion ?? 0,
    };
  }

  /** Saves (and with `submit`, locks) the caller's review in one transaction. */
  const write = (reviewer: Reviewer, assignmentId: number, lockVersion: number, input: ReviewInput, submit: boolean) =>
    withTransaction(db, async (tx) => {
      const task = await taskOf(tx, reviewer, assignmentId);
      const existing = await scoringRepo.lockByAssignment(tx, assignmentId);
      if (task.assignment.state === 'SUBMITTED' || existing?.status === 'SUBMITTED') throw errors.conflict('评分已提交，不能修改');
      const declaration = (await deps.outcomes.summaries(tx, [task.assignment.declarationId])).get(task.assignment.declarationId);
      if (declaration?.status !== 'IN_REVIEW') throw errors.conflict('申报书已不在专家评审中，不能再评分');
      const scores = checkScores(input.scores, task.prize.rubric, submit);
      const comment = input.comment?.trim() || null;
      if (submit && !comment) throw errors.badRequest('请填写评审意见', { field: 'comment' });
      const grade = input.suggestedGrade ?? null;
      if (grade && !task.prize.grades.some((g) => g.grade === grade)) throw errors.badRequest('建议等级不在本奖种的奖励等级中', { field: 'suggestedGrade' });
      const now = new Date();
      const fields = { scores, total: weightedTotal(scores, task.prize.rubric), comment, suggestedGrade: grade, status: submit ? ('SUBMITTED' as const) : ('DRAFT' as const), submittedAt: submit ? now : null };
      const actor = reviewer.change.actor;
      let review: ReviewRow;
      if (existing) {
        review = await scoringRepo.update(tx, existing.id, lockVersion, fields, actor);
      } else {
        if (lockVersion !== 0) throw errors.staleVersion();
        const { groupId, declarationId, expertId } = task.assignment;
        review = await scoringRepo.insert(tx, { assignmentId, groupId, declarationId, expertId, editionId: task.group.editionId, prizeId: task.group.prizeId, ...fields }, actor);
      }
      const to = submit ? 'SUBMITTED' : 'IN_PROGRESS';
      if (task.assignment.state !== to && !(await assignmentDirectory.move(tx, actor, assignmentId, ['ACCEPTED', 'IN_PROGRESS'], to, submit ? { submittedAt: now } : {}))) {
        throw errors.conflict('评审任务状态已变化，请刷新后重试');
      }
      await recordOperation(tx, {
        module: SCORING_MODULE,
        action: submit ? 'SUBMIT' : existing ? 'UPDATE' : 'CREATE',
        entityId: review.id,
        summary: `${submit ? '提交' : '暂存'}评分（评审任务 ${assignmentId}）`,
        before: existing ? { status: existing.status, lockVersion: existing.lockVersion } : null,
        after: { status: review.status, lockVersion: review.lockVersion },
        ...reviewer.change,
      });
      return present(task, review, { ...task.assignment, state: to });
    });

  return {
    async getMyReview(reviewer: Reviewer, assignmentId: number) {
      const task = await taskOf(db, reviewer, assignmentId);
      return present(task, await scoringRepo.byAssignment(db, assignmentId));
    },

    async getDeclaration(reviewer: Reviewer, assignmentId: number, name: string) {
      const task = await taskOf(db, reviewer, assignmentId);
      const detail = await deps.outcomes.forExpert(db, task.assignment.declarationId, reviewer.change, name);
      if (!detail) throw errors.notFound('申报书');
      return detail;
    },

    save: (reviewer: Reviewer, assignmentId: number, lockVersion: number, input: ReviewInput) => write(reviewer, assignmentId, lockVersion, input, false),
    submit: (reviewer: Reviewer, assignmentId: number, lockVersion: number, input: ReviewInput) => write(reviewer, assignmentId, lockVersion, input, true),

    /** The other main reviewers' scores on the declaration, once the caller's own is submitted; the leader also gets the flags. */
    async getPeerScores(reviewer: Reviewer, assignmentId: number) {
      const task = await taskOf(db, reviewer, assignmentId);
      const mine = await scoringRepo.byAssignment(db, assignmentId);
      if (mine?.status !== 'SUBMITTED') throw errors.forbidden('提交本人评分后才能查看其他专家的评分');
      const places = (await assignmentDirectory.reviewersOfGroup(db, task.group.id)).filter((a) => a.declarationId === task.assignment.declarationId);
      const reviews = new Map((await scoringRepo.ofAssignments(db, places.map((p) => p.id))).map((r) => [r.assignmentId, r]));
      const leader = task.group.leaderExpertId === task.expert.id;
      let n = 0;
      const peers = places.map((place) => {
        const review = reviews.get(place.id);
        const submitted = review?.status === 'SUBMITTED';
        const isMine = place.id === assignmentId;
        return {
          label: isMine ? '本人' : `专家${++n}`,
          mine: isMine,
          submitted,
          scores: submitted ? review!.scores : [],
          total: submitted ? review!.total : null,
          suggestedGrade: submitted ? review!.suggestedGrade : null,
          outlier: false,
        };
      });
      if (!leader) return { scaleMax: REVIEW_SCALE_MAX, peers, flags: null };
      const thresholds = await settingsOf(db, task.group.id);
      const scored = peers.map((p, i) => ({ i, total: p.total })).filter((p): p is { i: number; total: number } => p.total !== null);
      const totals = scored.map((p) => p.total);
      for (const index of outlierIndexes(totals, REVIEW_SCALE_MAX, thresholds)) peers[scored[index]!.i]!.outlier = true;
      return { scaleMax: REVIEW_SCALE_MAX, peers, flags: divergenceFlags(totals, REVIEW_SCALE_MAX, thresholds) };
    },
  };
}
export type ExpertReviewService = ReturnType<typeof createExpertReviewService>;

/** Whether the user is an expert whose assignment on the declaration is active now (the declaration's file rule). */
export async function expertMayRead(ex: Executor, userId: number, declarationId: number): Promise<boolean> {
  const expert = await expertDirectory.ofUser(ex, userId);
  return !!expert && !!(await assignmentDirectory.activeFor(ex, expert.id, declarationId));
}
