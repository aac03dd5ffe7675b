import type { DeclarationStatus, DeclarationStepAction } from '@dandelion/shared/award/declaration';
import type { DeclarationContent } from '@dandelion/shared/award/declarationContent';
import { DECLARATION_STEP_LABELS } from '@dandelion/shared/award/declaration';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ChangeContext } from '../../../core/audit';
import type { Executor, Tx } from '../../../core/db';
import { errors } from '../../../core/errors';
import { createDeclarationContext, type DeclarationDeps, type Viewer } from './context';
import { declarationRepo } from './repo';
import { awardDeclaration, awardDeclarationStep } from './tables';
import { moveDeclaration } from './transition';

/** What the office decides after the expert review, and the history step it leaves. */
export type ReviewOutcome = Extract<DeclarationStatus, 'REVIEWED' | 'ELIMINATED' | 'DEFERRED'>;
const STEP_OF: Readonly<Record<ReviewOutcome, DeclarationStepAction>> = { REVIEWED: 'REVIEW_PASS', ELIMINATED: 'REVIEW_ELIMINATE', DEFERRED: 'REVIEW_DEFER' };
const REVIEW_STEPS = Object.values(STEP_OF);

/** A viewer with no permissions of its own: what the expert reads is decided by the assignment, not here. */
function readerOf(change: ChangeContext, name: string): Viewer {
  return { change, name, can: () => false, scope: { all: false, subtreeOf: null, orgIds: [], userId: change.actor.id } };
}

/**
 * An expert reads a declaration without the completers' ID numbers, phones and e-mails: the review
 * needs what they did, not how to reach them. (Removed rather than masked: the answer's content schema
 * only carries well-formed numbers.)
 */
function withoutPersonalData(content: DeclarationContent): DeclarationContent {
  if (!content.COMPLETERS) return content;
  return { ...content, COMPLETERS: { ...content.COMPLETERS, completers: content.COMPLETERS.completers.map((c) => ({ ...c, idNumber: null, phone: null, email: null })) } };
}

/**
 * The declaration's side of the expert review (the scoring module): the declaration as an assigned
 * expert reads it, the facts the result table shows, and the office's decision moving IN_REVIEW to
 * REVIEWED, ELIMINATED or DEFERRED with the history kept. Who may do which is the caller's check.
 */
export function createReviewOutcome(deps: DeclarationDeps) {
  const ctx = createDeclarationContext(deps);
  return {
    /** The whole declaration for an assigned expert, or null when it is gone. */
    async forExpert(ex: Executor, declarationId: number, change: ChangeContext, name: string) {
      const row = await declarationRepo.findLive(ex, declarationId);
      if (!row) return null;
      const detail = await ctx.presentDetail(ex, readerOf(change, name), { ...row, content: withoutPersonalData(row.content) });
      return { ...detail, actions: [], lastNote: null, revocation: null };
    },

    /** Title, number, state and the last review decision's opinion of each live declaration among ids. */
    async summaries(ex: Executor, ids: readonly number[]) {
      if (ids.length === 0) return new Map<number, { title: string | null; registrationNo: string | null; status: DeclarationStatus; decisionOpinion: string | null }>();
      const rows = await ex
        .select({ id: awardDeclaration.id, title: awardDeclaration.title, registrationNo: awardDeclaration.registrationNo, status: awardDeclaration.status })
        .from(awardDeclaration)
        .where(and(inArray(awardDeclaration.id, [...ids]), eq(awardDeclaration.delFlag, 0)));
      const steps = await ex
        .select({ declarationId: awardDeclarationStep.declarationId, opinion: awardDeclarationStep.opinion })
        .from(awardDeclarationStep)
        .where(and(inArray(awardDeclarationStep.declarationId, [...ids]), inArray(awardDeclarationStep.action, REVIEW_STEPS)))
        .orderBy(desc(awardDeclarationStep.id));
      const opinion = new Map<number, string | null>();
      for (const s of steps) if (!opinion.has(s.declarationId)) opinion.set(s.declarationId, s.opinion);
      return new Map(rows.map((r) => [r.id, { title: r.title, registrationNo: r.registrationNo, status: r.status, decisionOpinion: opinion.get(r.id) ?? null }]));
    },

    /**
     * Moves each declaration from 专家评审中 to the outcome in the caller's transaction: all or none.
     * A declaration not (or no longer) in review is a 409 naming it.
     */
    async decide(tx: Tx, change: ChangeContext, name: string, ids: readonly number[], outcome: ReviewOutcome, opinion: string | null): Promise<number> {
      const viewer = readerOf(change, name);
      for (const id of new Set(ids)) {
        const row = await declarationRepo.lockLive(tx, id);
        if (!row) throw errors.notFound('申报书');
        if (row.status !== 'IN_REVIEW') throw errors.conflict(`申报书「${row.title ?? row.registrationNo ?? id}」当前状态为「${ctx.stepOf(row)}」，不能作出评审结论`);
        const action = STEP_OF[outcome];
        const after = await moveDeclaration(tx, deps.events, row, row.lockVersion, { action, to: outcome, opinion, keepAsNote: outcome !== 'REVIEWED' }, change.actor, name);
        await ctx.log(tx, viewer, 'UPDATE', after, `${DECLARATION_STEP_LABELS[action]}：${row.title ?? ''}（登记号 ${row.registrationNo ?? ''}）`, ctx.brief(row), ctx.brief(after));
      }
      return new Set(ids).size;
    },
  };
}
export type ReviewOutcomes = ReturnType<typeof createReviewOutcome>;
