import type { ExpertSource, ExpertStatus } from '@dandelion/shared/award/expert';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { containing } from '../../../core/sql';
import type { Executor } from '../../../core/db';
import { createdBy, type Actor } from '../../../core/records';
import type { ExpertFacts } from '@dandelion/shared/award/assignmentConflicts';
import { awardExpert, awardExpertHistory, type StoredFormerUnit, type StoredRelation } from './tables';

/**
 * The facts the assignment's solver reads of an expert (its AssignableExpert, structurally): the
 * conflict facts plus disciplines and keywords. Spelled here so the pool does not reach into the
 * assignment feature's files.
 */
export type AssignableExpert = ExpertFacts & { disciplineCodes: string[]; keywords: string[] };

/** What another feature may know of an expert: who they are and where they stand. */
export interface ExpertCard {
  id: number;
  userId: number | null;
  name: string;
  title: string | null;
  unitName: string | null;
  status: ExpertStatus;
}

/** A new expert's facts, as the pool stores them. */
export interface NewExpert {
  userId?: number | null;
  name: string;
  idNumber?: string | null;
  gender?: string | null;
  birthYear?: number | null;
  phone?: string | null;
  email?: string | null;
  title?: string | null;
  position?: string | null;
  unitName?: string | null;
  unitCreditCode?: string | null;
  region?: string | null;
  disciplineCodes?: string[];
  keywords?: string[];
  formerUnits?: StoredFormerUnit[];
  relations?: StoredRelation[];
  status?: ExpertStatus;
  source?: ExpertSource;
  remark?: string | null;
}

const cardColumns = {
  id: awardExpert.id,
  userId: awardExpert.userId,
  name: awardExpert.name,
  title: awardExpert.title,
  unitName: awardExpert.unitName,
  status: awardExpert.status,
};

/**
 * The expert pool as other features see it (assignment, scoring): the facts the conflict rules and
 * the solver need, an expert by user, and adding an expert with the first line of their history.
 */
export const expertDirectory = {
  /** The solver's view of the given experts (not deleted), in id order. */
  async assignable(ex: Executor, expertIds: readonly number[]): Promise<AssignableExpert[]> {
    if (expertIds.length === 0) return [];
    const rows = await ex
      .select()
      .from(awardExpert)
      .where(and(inArray(awardExpert.id, [...expertIds]), eq(awardExpert.delFlag, 0)))
      .orderBy(asc(awardExpert.id));
    return rows.map((r) => ({
      expertId: String(r.id),
      name: r.name,
      unit: { unitName: r.unitName, creditCode: r.unitCreditCode },
      formerUnits: r.formerUnits.map((u) => ({ unitName: u.unitName, creditCode: u.creditCode, until: u.until })),
      idNumber: r.idNumber,
      status: r.status,
      birthYear: r.birthYear,
      region: r.region,
      relations: r.relations.map((rel) => ({
        kind: rel.kind,
        personName: rel.personName,
        personIdNumber: rel.personIdNumber,
        unit: rel.unitName || rel.creditCode ? { unitName: rel.unitName, creditCode: rel.creditCode } : null,
        until: rel.until,
      })),
      disciplineCodes: r.disciplineCodes,
      keywords: r.keywords,
    }));
  },

  /** The expert a user account is, if any (not deleted). */
  async ofUser(ex: Executor, userId: number): Promise<ExpertCard | null> {
    const [row] = await ex
      .select(cardColumns)
      .from(awardExpert)
      .where(and(eq(awardExpert.userId, userId), eq(awardExpert.delFlag, 0)))
      .limit(1);
    return row ?? null;
  },

  /** Cards of the given experts (deleted ones included: old assignments still name them). */
  async cards(ex: Executor, expertIds: readonly number[]): Promise<ExpertCard[]> {
    if (expertIds.length === 0) return [];
    return ex.select(cardColumns).from(awardExpert).where(inArray(awardExpert.id, [...expertIds])).orderBy(asc(awardExpert.id));
  },

  /**
   * ACTIVE experts to pick for a review group: optionally those with any discipline code under one
   * of the prefixes (dots ignored) or whose name contains the keyword; at most `limit`, by id.
   */
  async active(ex: Executor, filter: { disciplinePrefixes?: readonly string[]; keyword?: string; limit: number }): Promise<ExpertCard[]> {
    const prefixes = (filter.disciplinePrefixes ?? []).map((p) => p.replace(/\D/g, '')).filter(Boolean);
    const codeMatch = prefixes.length
      ? or(...prefixes.map((p) => sql`exists (select 1 from jsonb_array_elements_text(${awardExpert.disciplineCodes}) c where regexp_replace(c, '[^0-9]', '', 'g') like ${`${p}%`})`))
      : undefined;
    return ex
      .select(cardColumns)
      .from(awardExpert)
      .where(and(eq(awardExpert.status, 'ACTIVE'), eq(awardExpert.delFlag, 0), codeMatch, filter.keyword ? containing(awardExpert.name, filter.keyword) : undefined))
      .orderBy(asc(awardExpert.id))
      .limit(filter.limit);
  },

  /** Adds an expert and the first line of their history (under `shownAs`, the actor's real name, when given); answers the id. */
  async create(ex: Executor, actor: Actor | null, expert: NewExpert, shownAs?: string): Promise<number> {
    const disciplineCodes = expert.disciplineCodes ?? [];
    const status = expert.status ?? 'PENDING_AUDIT';
    const [row] = await ex
      .insert(awardExpert)
      .values({
        ...expert,
        idNumber: expert.idNumber?.toUpperCase() ?? null,
        disciplineCodes,
        mainDiscipline: disciplineCodes[0] ?? null,
        keywords: expert.keywords ?? [],
        formerUnits: expert.formerUnits ?? [],
        relations: expert.relations ?? [],
        status,
        source: expert.source ?? 'REGISTERED',
        ...createdBy(actor),
      })
      .returning({ id: awardExpert.id });
    await ex.insert(awardExpertHistory).values({ expertId: row!.id, action: 'CREATE', fromStatus: null, toStatus: status, actorId: actor?.id ?? null, actorName: shownAs ?? actor?.name ?? 'system' });
    return row!.id;
  },
};
