import type { ExpertCard } from '../expert/module';
import { ASSIGNMENT_LOG_LABELS, type AssignmentLogAction } from '@dandelion/shared/award/expertPush';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import type { Actor } from '../../../core/records';
import type { WorkingDayCalendar } from '../../base/calendar/module';
import type { MessageService } from '../../message/module';
import type { AssignmentDeclarations } from '../declaration/module';
import type { AssignableExpert } from './solver';
import { assignmentDirectory, type AssignmentRow, type ReviewGroupRow } from './directory';
import { assignmentRepo, type NewChange } from './repo';

export const EXPERT_PUSH_MODULE = 'award:expertPush';
export const REVIEW_GROUP_MODULE = 'award:reviewGroup';
/** Where an expert's message points: 我的评审任务. */
export const MY_TASKS_LINK = '/award/expertTask/expertTaskList';
/** A promoted alternate has at least this many working days, even when the group's deadline is nearer. */
export const PROMOTED_WORKING_DAYS = 5;

export type { ExpertCard };

/** The expert pool as assignment needs it (expert/module.ts's directory, plus the list of active experts to pick from). */
export interface ExpertPool {
  assignable(ex: Executor, expertIds: readonly number[]): Promise<AssignableExpert[]>;
  cards(ex: Executor, expertIds: readonly number[]): Promise<ExpertCard[]>;
  ofUser(ex: Executor, userId: number): Promise<ExpertCard | null>;
  /** ACTIVE experts, optionally under the discipline prefixes (any of their codes) or matching a name; at most `limit`. */
  active(ex: Executor, filter: { disciplinePrefixes?: readonly string[]; keyword?: string; limit: number }): Promise<ExpertCard[]>;
}

export interface AssignmentDeps {
  db: Db;
  /** The declaration module's `forAssignment`: facts for the solver, cards, and the move to IN_REVIEW. */
  declarations: AssignmentDeclarations;
  experts: ExpertPool;
  /** Experts are told of a push, a promotion and reminders by in-site message. */
  messages: Pick<MessageService, 'send'>;
  /** Reminders and a promoted alternate's deadline are counted in working days. */
  workingDays: WorkingDayCalendar;
  /** Today in Beijing (YYYY-MM-DD). */
  today: () => string;
}

/**
 * What the group, push and task services share: the change log (award_assignment_change and the
 * operation log together), messages to experts, and the promotion of the next alternate.
 */
export function createAssignmentContext(deps: AssignmentDeps) {
  async function log(ex: Executor, change: ChangeContext | null, entry: NewChange, summary: string) {
    const actor = change?.actor ?? null;
    await assignmentRepo.logChange(ex, actor, entry);
    await recordOperation(ex, {
      module: EXPERT_PUSH_MODULE,
      action: entry.action,
      entityId: entry.assignmentId ?? entry.groupId,
      summary: `${ASSIGNMENT_LOG_LABELS[entry.action as AssignmentLogAction]}：${summary}`,
      after: { ...entry },
      actor,
      ip: change?.ip ?? null,
      requestId: change?.requestId ?? null,
    });
  }

  /** Sends to the experts' user accounts (an imported expert without an account gets nothing yet). */
  async function tell(ex: Executor, expertIds: number[], message: { title: string; body: string }) {
    const cards = await deps.experts.cards(ex, expertIds);
    const userIds = cards.map((c) => c.userId).filter((id): id is number => id !== null);
    if (userIds.length) await deps.messages.send(ex, { userIds, ...message, category: 'REVIEW', link: MY_TASKS_LINK, sender: null });
  }

  const titleOf = async (ex: Executor, declarationId: number) => {
    const [card] = await deps.declarations.cards(ex, [declarationId]);
    return `「${card?.title ?? '未命名项目'}」${card?.registrationNo ? `（登记号 ${card.registrationNo}）` : ''}`;
  };

  /**
   * The first waiting alternate still fit to review: ACTIVE in the pool and below their maximum load
   * in the group (the proposal's alternates were chosen with room, which later pushes may have used).
   */
  async function nextPromotable(ex: Executor, group: ReviewGroupRow, declarationId: number): Promise<AssignmentRow | null> {
    const waiting = await assignmentRepo.waitingAlternates(ex, group.id, declarationId);
    const cards = await deps.experts.cards(ex, waiting.map((w) => w.expertId));
    for (const candidate of waiting) {
      if (cards.find((c) => c.id === candidate.expertId)?.status !== 'ACTIVE') continue;
      const max = (await assignmentRepo.expertMaxLoad(ex, group.id, candidate.expertId)) ?? group.maxLoad;
      if ((await assignmentRepo.loadOf(ex, group.id, candidate.expertId)) >= max) continue;
      return candidate;
    }
    return null;
  }

  /**
   * The next alternate of the declaration takes the place a main reviewer left (declined, declared
   * a conflict, overdue, removed): MAIN, PUSHED, told by message, with the group's deadline or
   * PROMOTED_WORKING_DAYS working days, whichever is later. No alternate left: logged as
   * under-assigned (getProposal shows it). Answers the promoted assignment, if any.
   */
  async function promoteAfter(ex: Executor, change: ChangeContext | null, leaving: AssignmentRow, group: ReviewGroupRow): Promise<AssignmentRow | null> {
    if (leaving.role !== 'MAIN') return null;
    const next = await nextPromotable(ex, group, leaving.declarationId);
    if (!next) {
      await log(ex, change, { groupId: leaving.groupId, action: 'UNDER_ASSIGNED', declarationId: leaving.declarationId, assignmentId: leaving.id }, `${await titleOf(ex, leaving.declarationId)}无候补专家可递补`);
      return null;
    }
    const earliest = await deps.workingDays.within(ex).addWorkingDays(deps.today(), PROMOTED_WORKING_DAYS);
    const deadline = group.deadline && group.deadline > earliest ? group.deadline : earliest;
    const actor: Actor | null = change?.actor ?? null;
    const moved = await assignmentDirectory.move(ex, actor, next.id, ['PROPOSED'], 'PUSHED', { role: 'MAIN', alternateRank: 0, pushedAt: new Date(), deadline });
    if (!moved) return null;
    const title = await titleOf(ex, leaving.declarationId);
    await log(ex, change, { groupId: leaving.groupId, action: 'PROMOTE', declarationId: leaving.declarationId, expertId: next.expertId, assignmentId: next.id, detail: { replaces: leaving.id } }, `${title}由候补专家递补`);
    await tell(ex, [next.expertId], { title: '新的评审邀请', body: `您作为候补专家被递补为项目${title}的评审专家，请于 ${deadline} 前完成评审。请先在「我的评审任务」中确认无利益冲突并接受。` });
    return { ...next, role: 'MAIN', alternateRank: 0, state: 'PUSHED', deadline };
  }

  return { log, tell, titleOf, promoteAfter };
}

export type AssignmentContext = ReturnType<typeof createAssignmentContext>;
