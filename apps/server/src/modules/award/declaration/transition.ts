import type { DeclarationStatus, DeclarationStepAction } from '@dandelion/shared/award/declaration';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { updateVersioned, type Actor } from '../../../core/records';
import { awardDeclaration, awardDeclarationStep, type StoredReviewNote } from './tables';

export type DeclarationRow = typeof awardDeclaration.$inferSelect;

/** One move of a declaration from one state to the next, as the history keeps it. */
export interface DeclarationMove {
  action: DeclarationStepAction;
  to: DeclarationStatus;
  opinion?: string | null;
  reasons?: string[];
  /** 限期修改: the Beijing date by which the fix is due. */
  deadline?: string | null;
  /** Other columns that change with the move (registration number, returned content, revocation …). */
  set?: Partial<typeof awardDeclaration.$inferInsert>;
  /** Whether the applicant must see this move's opinion (returns, refusals): kept as the declaration's last note. */
  keepAsNote?: boolean;
}

/**
 * What happens around a move besides the row itself: the process engine's instance follows it and
 * the applicant (or the next level) is told. The award module wires the real ones (app.ts); every
 * move goes through `moveDeclaration`, so none is forgotten.
 */
export interface DeclarationEvents {
  moved(ex: Executor, input: { before: DeclarationRow; after: DeclarationRow; move: DeclarationMove; actor: Actor | null; stepId: number }): Promise<void>;
}

export const noDeclarationEvents: DeclarationEvents = { moved: async () => {} };

/**
 * Moves a declaration under its optimistic lock (a stale move gets 409 and changes nothing), writes
 * the step to the history and hands the move to the events — all on the caller's executor, so a
 * move and its consequences commit or roll back together. The caller has checked that the move is
 * allowed from `before.status` for this actor.
 */
export async function moveDeclaration(
  ex: Executor,
  events: DeclarationEvents,
  before: DeclarationRow,
  lockVersion: number,
  move: DeclarationMove,
  actor: Actor | null,
  actorName: string,
): Promise<DeclarationRow> {
  if (before.lockVersion !== lockVersion) throw errors.staleVersion();
  const note: StoredReviewNote | undefined = move.keepAsNote
    ? { action: move.action, opinion: move.opinion ?? null, reasons: move.reasons ?? [], deadline: move.deadline ?? null, actorName, time: new Date().toISOString() }
    : undefined;
  const after = await updateVersioned(
    ex,
    awardDeclaration,
    before.id,
    lockVersion,
    { ...move.set, status: move.to, ...(note ? { lastNote: note } : {}) },
    actor,
    '申报书',
  );
  const [step] = await ex
    .insert(awardDeclarationStep)
    .values({
      declarationId: before.id,
      action: move.action,
      fromStatus: before.status,
      toStatus: move.to,
      opinion: move.opinion ?? null,
      reasons: move.reasons ?? [],
      deadline: move.deadline ?? null,
      actorId: actor?.id ?? null,
      actorName,
    })
    .returning({ id: awardDeclarationStep.id });
  await events.moved(ex, { before, after, move, actor, stepId: step!.id });
  return after;
}
