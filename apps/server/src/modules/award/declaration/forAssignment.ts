import type { DeclarationFacts } from '@dandelion/shared/award/assignmentConflicts';
import type { DeclarationStatus } from '@dandelion/shared/award/declaration';
import { and, asc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { notDeleted, type Actor } from '../../../core/records';
import type { DeclarationDeps } from './context';
import { declarationRepo } from './repo';
import { awardDeclaration as d, awardDeclarationCompleter, awardDeclarationUnit } from './tables';
import { moveDeclaration } from './transition';

/** What the review groups show of a declaration: enough to pick it, nothing of its content. */
export interface DeclarationCard {
  id: number;
  editionId: number;
  prizeId: number;
  title: string | null;
  registrationNo: string | null;
  disciplineCode: string | null;
  firstCompleter: string | null;
  status: DeclarationStatus;
}

/** The facts the conflict rules compare and the affinity weighs (assignment/solver.ts's AssignableDeclaration). */
export interface DeclarationForAssignment extends DeclarationFacts {
  disciplineCodes: string[];
  keywords: string[];
}

const cardColumns = {
  id: d.id,
  editionId: d.editionId,
  prizeId: d.prizeId,
  title: d.title,
  registrationNo: d.registrationNo,
  disciplineCode: d.disciplineCode,
  firstCompleter: d.firstCompleter,
  status: d.status,
};

/** Discipline codes compared as the office types them: dots ignored, a prefix matches its sub-disciplines. */
const prefixMatch = (prefixes: readonly string[]): SQL | undefined => {
  const clean = prefixes.map((p) => p.replace(/\D/g, '')).filter(Boolean);
  if (!clean.length) return undefined;
  return or(...clean.map((p) => sql`regexp_replace(coalesce(${d.disciplineCode}, ''), '[^0-9]', '', 'g') like ${`${p}%`}`));
};

/**
 * The declaration as expert assignment needs it (assignment/): the facts the conflict rules compare
 * (completing units with credit codes, the applicant's unit and the nominating organisation by name,
 * completers with ID numbers), the discipline codes and keywords the affinity weighs, and the one
 * move assignment makes, ACCEPTED → IN_REVIEW when experts are pushed.
 */
export function declarationsForAssignment(deps: Pick<DeclarationDeps, 'events'>) {
  return {
    async cards(ex: Executor, ids: readonly number[]): Promise<DeclarationCard[]> {
      if (!ids.length) return [];
      return ex.select(cardColumns).from(d).where(and(inArray(d.id, [...ids]), notDeleted(d))).orderBy(asc(d.id));
    },

    /**
     * Accepted (受理) declarations of an edition's prize that no group holds yet (`taken` answers which
     * are held), optionally only those under the given discipline prefixes. At most 2 000.
     */
    async accepted(ex: Executor, input: { editionId: number; prizeId: number; disciplinePrefixes?: readonly string[]; except?: readonly number[] }): Promise<DeclarationCard[]> {
      return ex
        .select(cardColumns)
        .from(d)
        .where(
          and(
            eq(d.editionId, input.editionId),
            eq(d.prizeId, input.prizeId),
            eq(d.status, 'ACCEPTED'),
            notDeleted(d),
            input.except?.length ? notInArray(d.id, [...input.except]) : undefined,
            prefixMatch(input.disciplinePrefixes ?? []),
          ),
        )
        .orderBy(asc(d.disciplineCode), asc(d.id))
        .limit(2000);
    },

    /** The solver's facts of the given declarations, in id order. Region: none is kept on a declaration yet. */
    async assignable(ex: Executor, ids: readonly number[]): Promise<DeclarationForAssignment[]> {
      if (!ids.length) return [];
      const rows = await ex.select().from(d).where(and(inArray(d.id, [...ids]), notDeleted(d))).orderBy(asc(d.id));
      // One query at a time: `ex` is often the assignment's transaction.
      const units = await ex.select().from(awardDeclarationUnit).where(inArray(awardDeclarationUnit.declarationId, [...ids])).orderBy(asc(awardDeclarationUnit.rank));
      const completers = await ex.select().from(awardDeclarationCompleter).where(inArray(awardDeclarationCompleter.declarationId, [...ids])).orderBy(asc(awardDeclarationCompleter.rank));
      const orgNames = await declarationRepo.orgNames(ex, rows.flatMap((r) => [r.unitOrgId, r.nominatorOrgId]).filter((id): id is number => id !== null));
      return rows.map((row) => {
        const orgs = [row.unitOrgId, row.nominatorOrgId].map((id) => (id === null ? undefined : orgNames.get(id))).filter((n): n is string => !!n);
        return {
          declarationId: String(row.id),
          units: [
            ...units.filter((u) => u.declarationId === row.id).map((u) => ({ unitName: u.unitName, creditCode: u.creditCode })),
            ...orgs.map((unitName) => ({ unitName, creditCode: null })),
          ],
          completers: completers.filter((c) => c.declarationId === row.id).map((c) => ({ name: c.name, idNumber: c.idNumber })),
          region: null,
          disciplineCodes: row.content.BASIC?.disciplineCodes ?? (row.disciplineCode ? [row.disciplineCode] : []),
          keywords: row.content.BASIC?.keywords ?? [],
        };
      });
    },

    /**
     * Moves the given declarations ACCEPTED → IN_REVIEW (推送专家评审), each through the history and
     * the declaration's events; those already past ACCEPTED stay as they are. Answers how many moved.
     */
    async startReview(ex: Executor, ids: readonly number[], actor: Actor | null, opinion: string | null): Promise<number> {
      if (!ids.length) return 0;
      const rows = await ex
        .select()
        .from(d)
        .where(and(inArray(d.id, [...ids]), notDeleted(d), eq(d.status, 'ACCEPTED')))
        .orderBy(asc(d.id))
        .for('update');
      for (const row of rows) {
        await moveDeclaration(ex, deps.events, row, row.lockVersion, { action: 'START_REVIEW', to: 'IN_REVIEW', opinion }, actor, actor?.name ?? '系统');
      }
      return rows.length;
    },
  };
}

export type AssignmentDeclarations = ReturnType<typeof declarationsForAssignment>;
