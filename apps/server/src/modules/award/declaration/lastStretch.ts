import type { DeclarationStatus, DeclarationStepAction } from '@dandelion/shared/award/declaration';
import type { DeclarationCategory, SecrecyLevel } from '@dandelion/shared/award/declarationContent';
import type { PrizeGrade } from '@dandelion/shared/award/prize';
import { DECLARATION_STATUS_LABELS, DECLARATION_STEP_LABELS } from '@dandelion/shared/award/declaration';
import { and, asc, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { ChangeContext } from '../../../core/audit';
import type { Executor, Tx } from '../../../core/db';
import { errors } from '../../../core/errors';
import { notDeleted } from '../../../core/records';
import { containing } from '../../../core/sql';
import { createDeclarationContext, type DeclarationDeps, type Viewer } from './context';
import { declarationRepo } from './repo';
import { awardDeclaration as d, awardDeclarationStep } from './tables';
import { moveDeclaration, type DeclarationRow } from './transition';

/** The moves of the last stretch (committee, result publicity, objections, awards) and where each may start. */
export type LastStretchAction = Extract<
  DeclarationStepAction,
  'COMMITTEE_START' | 'COMMITTEE_PROPOSE' | 'COMMITTEE_NOT_PROPOSE' | 'RESULT_PUBLICITY_START' | 'OBJECTION_HOLD' | 'OBJECTION_RELEASE' | 'OBJECTION_REMOVE' | 'AWARD' | 'NOT_AWARD'
>;

/** States an objection may put on hold: from acceptance on, until the award is decided. */
export const HOLDABLE_STATUSES: readonly DeclarationStatus[] = ['ACCEPTED', 'IN_REVIEW', 'REVIEWED', 'IN_COMMITTEE', 'PROPOSED', 'IN_RESULT_PUBLICITY'];

const MOVES: Readonly<Record<Exclude<LastStretchAction, 'OBJECTION_RELEASE'>, { from: readonly DeclarationStatus[]; to: DeclarationStatus }>> = {
  COMMITTEE_START: { from: ['REVIEWED'], to: 'IN_COMMITTEE' },
  COMMITTEE_PROPOSE: { from: ['IN_COMMITTEE'], to: 'PROPOSED' },
  COMMITTEE_NOT_PROPOSE: { from: ['IN_COMMITTEE'], to: 'NOT_AWARDED' },
  RESULT_PUBLICITY_START: { from: ['PROPOSED'], to: 'IN_RESULT_PUBLICITY' },
  OBJECTION_HOLD: { from: HOLDABLE_STATUSES, to: 'OBJECTION_HOLD' },
  OBJECTION_REMOVE: { from: ['OBJECTION_HOLD'], to: 'NOT_AWARDED' },
  // An edition closes with every declaration still standing after the committee awarded or not.
  AWARD: { from: ['IN_RESULT_PUBLICITY', 'PROPOSED'], to: 'AWARDED' },
  NOT_AWARD: { from: ['REVIEWED', 'IN_COMMITTEE', 'PROPOSED', 'IN_RESULT_PUBLICITY', 'ELIMINATED', 'DEFERRED'], to: 'NOT_AWARDED' },
};

/** A declaration as the committee, publicity and award lists show it. */
export interface StretchCard {
  id: number;
  editionId: number;
  prizeId: number;
  title: string | null;
  registrationNo: string | null;
  status: DeclarationStatus;
  proposedGrade: PrizeGrade | null;
  /** The committee's grade (拟授奖等级), kept through publicity and award. */
  awardGrade: PrizeGrade | null;
  secrecy: string | null;
  disciplineCode: string | null;
  firstCompleter: string | null;
  applicantId: number;
  unitOrgId: number | null;
}

/** What a declaration may show the public (publicity entries, /show): never ID numbers, phones or e-mails. */
export interface PublicDeclaration extends StretchCard {
  secrecyLevel: SecrecyLevel | null;
  category: DeclarationCategory | null;
  disciplineCodes: string[];
  keywords: string[];
  completers: Array<{ name: string; title: string | null; unitName: string | null }>;
  units: Array<{ unitName: string; creditCode: string | null }>;
  /** 项目简介 and 推广应用情况 as stored (sanitised HTML). */
  summaryHtml: string | null;
  applicationHtml: string | null;
  unitOrgName: string | null;
}

const cardColumns = {
  id: d.id,
  editionId: d.editionId,
  prizeId: d.prizeId,
  title: d.title,
  registrationNo: d.registrationNo,
  status: d.status,
  proposedGrade: d.proposedGrade,
  awardGrade: d.awardGrade,
  secrecy: d.secrecy,
  disciplineCode: d.disciplineCode,
  firstCompleter: d.firstCompleter,
  applicantId: d.applicantId,
  unitOrgId: d.unitOrgId,
};

/** A viewer with no permissions of its own: who may make a move is the calling module's check. */
function actorOf(change: ChangeContext, name: string): Viewer {
  return { change, name, can: () => false, scope: { all: false, subtreeOf: null, orgIds: [], userId: change.actor.id } };
}

/**
 * The declaration's side of an edition's last stretch (DOMAIN.md "States"): the committee sends
 * reviewed declarations on as proposed or not, the result publicity takes the proposed ones, an open
 * objection holds a declaration and its end releases it to where it was (or removes it), and closing
 * the edition awards or not. Every move goes through the history, the process and the applicant's
 * message; a declaration not in a state the move starts from is a 409 naming its state.
 */
export function createLastStretch(deps: DeclarationDeps) {
  const ctx = createDeclarationContext(deps);

  /** The status a held declaration had before its hold: the hold step's `from`. */
  async function heldFrom(ex: Executor, id: number): Promise<DeclarationStatus | null> {
    const [step] = await ex
      .select({ from: awardDeclarationStep.fromStatus })
      .from(awardDeclarationStep)
      .where(and(eq(awardDeclarationStep.declarationId, id), eq(awardDeclarationStep.action, 'OBJECTION_HOLD')))
      .orderBy(desc(awardDeclarationStep.id))
      .limit(1);
    return (step?.from as DeclarationStatus | undefined) ?? null;
  }

  return {
    heldFrom,

    /** The live declarations of an edition's prize in the given states, by registration number. At most 5 000. */
    async inStates(ex: Executor, input: { editionId: number; prizeId?: number; statuses: readonly DeclarationStatus[] }): Promise<StretchCard[]> {
      if (!input.statuses.length) return [];
      return ex
        .select(cardColumns)
        .from(d)
        .where(and(eq(d.editionId, input.editionId), input.prizeId === undefined ? undefined : eq(d.prizeId, input.prizeId), inArray(d.status, [...input.statuses]), notDeleted(d)))
        .orderBy(asc(d.registrationNo), asc(d.id))
        .limit(5000);
    },

    /** The cards of the given live declarations, in id order. */
    async cards(ex: Executor, ids: readonly number[]): Promise<StretchCard[]> {
      if (!ids.length) return [];
      return ex.select(cardColumns).from(d).where(and(inArray(d.id, [...ids]), notDeleted(d))).orderBy(asc(d.id));
    },

    /**
     * The portal's awarded achievements (/show): AWARDED and public (secrecy PUBLIC or not given),
     * optionally of one edition or prize or matching a keyword in the title, newest first.
     */
    async awardedPage(ex: Executor, input: { editionId?: number; prizeId?: number; keyword?: string; page: number; size: number }): Promise<{ rows: StretchCard[]; total: number }> {
      const where = and(
        eq(d.status, 'AWARDED'),
        notDeleted(d),
        or(isNull(d.secrecy), eq(d.secrecy, 'PUBLIC')),
        input.editionId === undefined ? undefined : eq(d.editionId, input.editionId),
        input.prizeId === undefined ? undefined : eq(d.prizeId, input.prizeId),
        input.keyword ? containing(d.title, input.keyword): undefined,
      );
      const rows = await ex.select(cardColumns).from(d).where(where).orderBy(desc(d.editionId), desc(d.id)).limit(input.size).offset((input.page - 1) * input.size);
      const [counted] = await ex.select({ n: count() }).from(d).where(where);
      return { rows, total: counted?.n ?? 0 };
    },

    /** What the public may read of the given live declarations, in id order (the caller leaves out classified ones). */
    async publicFields(ex: Executor, ids: readonly number[]): Promise<PublicDeclaration[]> {
      if (!ids.length) return [];
      const rows = await ex.select().from(d).where(and(inArray(d.id, [...ids]), notDeleted(d))).orderBy(asc(d.id));
      const orgNames = await declarationRepo.orgNames(ex, rows.map((r) => r.unitOrgId).filter((id): id is number => id !== null));
      return rows.map((row) => publicOf(row, row.unitOrgId === null ? null : (orgNames.get(row.unitOrgId) ?? null)));
    },

    /**
     * Makes one move in the caller's transaction. OBJECTION_RELEASE returns a held declaration to the
     * status it had before the hold; COMMITTEE_PROPOSE requires the committee's grade and keeps it.
     * Answers the declaration after the move.
     */
    async move(
      tx: Tx,
      change: ChangeContext,
      name: string,
      id: number,
      action: LastStretchAction,
      options: { opinion?: string | null; grade?: PrizeGrade | null } = {},
    ): Promise<StretchCard> {
      const opinion = options.opinion ?? null;
      if (action === 'COMMITTEE_PROPOSE' && !options.grade) throw errors.badRequest('请选择拟授奖等级');
      const row = await declarationRepo.lockLive(tx, id);
      if (!row) throw errors.notFound('申报书');
      let to: DeclarationStatus;
      if (action === 'OBJECTION_RELEASE') {
        const back = row.status === 'OBJECTION_HOLD' ? await heldFrom(tx, id) : null;
        if (!back) throw errors.conflict(`申报书「${row.title ?? row.registrationNo ?? id}」当前状态为「${DECLARATION_STATUS_LABELS[row.status]}」，不能${DECLARATION_STEP_LABELS[action]}`);
        to = back;
      } else {
        const rule = MOVES[action];
        if (!rule.from.includes(row.status)) throw errors.conflict(`申报书「${row.title ?? row.registrationNo ?? id}」当前状态为「${DECLARATION_STATUS_LABELS[row.status]}」，不能${DECLARATION_STEP_LABELS[action]}`);
        to = rule.to;
      }
      const after = await moveDeclaration(tx, deps.events, row, row.lockVersion, { action, to, opinion, keepAsNote: !!opinion, ...(action === 'COMMITTEE_PROPOSE' ? { set: { awardGrade: options.grade } } : {}) }, change.actor, name);
      await ctx.log(tx, actorOf(change, name), 'UPDATE', after, `${DECLARATION_STEP_LABELS[action]}：${row.title ?? ''}（登记号 ${row.registrationNo ?? ''}）`, ctx.brief(row), ctx.brief(after));
      return toCard(after);
    },
  };
}
export type LastStretch = ReturnType<typeof createLastStretch>;

function toCard(row: DeclarationRow): StretchCard {
  return {
    id: row.id,
    editionId: row.editionId,
    prizeId: row.prizeId,
    title: row.title,
    registrationNo: row.registrationNo,
    status: row.status,
    proposedGrade: row.proposedGrade ?? null,
    awardGrade: row.awardGrade ?? null,
    secrecy: row.secrecy,
    disciplineCode: row.disciplineCode,
    firstCompleter: row.firstCompleter,
    applicantId: row.applicantId,
    unitOrgId: row.unitOrgId,
  };
}

function publicOf(row: DeclarationRow, unitOrgName: string | null): PublicDeclaration {
  const c = row.content;
  return {
    ...toCard(row),
    secrecyLevel: c.BASIC?.secrecy ?? null,
    category: c.BASIC?.category ?? null,
    disciplineCodes: c.BASIC?.disciplineCodes ?? (row.disciplineCode ? [row.disciplineCode] : []),
    keywords: c.BASIC?.keywords ?? [],
    completers: (c.COMPLETERS?.completers ?? []).map((p) => ({ name: p.name ?? '', title: p.title ?? null, unitName: p.unitName ?? null })),
    units: (c.UNITS?.units ?? []).map((u) => ({ unitName: u.unitName ?? '', creditCode: u.creditCode ?? null })),
    summaryHtml: c.SUMMARY?.summary ?? null,
    applicationHtml: c.APPLICATION?.application ?? null,
    unitOrgName,
  };
}
