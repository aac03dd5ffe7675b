import { and, asc, desc, eq, inArray, lt, ne } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { EditionPhase } from '@dandelion/shared/award/edition';
import type { Executor } from '../../../core/db';
import { countWhere, paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { awardEdition, awardEditionPrize } from './tables';

export type EditionRow = typeof awardEdition.$inferSelect;
export type EditionFields = Pick<
  EditionRow,
  'year' | 'editionName' | 'stages' | 'unitReview' | 'nominatorReview' | 'fixDeadlineWorkingDays' | 'eligibility' | 'guide'
>;

export interface EditionFilter {
  editionName?: string;
  year?: number;
  phase?: EditionPhase;
}

/** Every query of editions and the prizes they open; each takes the executor to run on. */
export const editionRepo = {
  async findLive(ex: Executor, id: number): Promise<EditionRow | undefined> {
    const [row] = await ex.select().from(awardEdition).where(and(eq(awardEdition.id, id), notDeleted(awardEdition))).limit(1);
    return row;
  },

  page(ex: Executor, filter: EditionFilter, page: PageParameter) {
    const where = and(
      notDeleted(awardEdition),
      filter.editionName ? containing(awardEdition.editionName, filter.editionName) : undefined,
      filter.year ? eq(awardEdition.year, filter.year) : undefined,
      filter.phase ? eq(awardEdition.phase, filter.phase) : undefined,
    );
    return paginate(
      page,
      (limit, offset) => ex.select().from(awardEdition).where(where).orderBy(desc(awardEdition.year), desc(awardEdition.id)).limit(limit).offset(offset),
      () => countWhere(ex, awardEdition, where),
    );
  },

  /** The newest live edition (by year), the one a new edition is cloned from. */
  async latest(ex: Executor): Promise<EditionRow | undefined> {
    const [row] = await ex.select().from(awardEdition).where(notDeleted(awardEdition)).orderBy(desc(awardEdition.year), desc(awardEdition.id)).limit(1);
    return row;
  },

  /** Published editions that have not finished: the ones whose phase can still move. */
  unfinishedPublished(ex: Executor): Promise<EditionRow[]> {
    return ex
      .select()
      .from(awardEdition)
      .where(and(notDeleted(awardEdition), eq(awardEdition.published, true), ne(awardEdition.phase, 'FINISHED')))
      .orderBy(asc(awardEdition.year));
  },

  async insert(ex: Executor, fields: EditionFields & { phase: EditionPhase }, actor: Actor | null): Promise<EditionRow> {
    const [row] = await ex.insert(awardEdition).values({ ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: Partial<EditionFields & { published: boolean; phase: EditionPhase }>, actor: Actor | null) =>
    updateVersioned(ex, awardEdition, id, lockVersion, fields, actor, '届次'),

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor) => softDelete(ex, awardEdition, id, lockVersion, actor, '届次'),

  /** Prize ids per edition, in the office's order. */
  async prizeIdsOf(ex: Executor, editionIds: number[]): Promise<Map<number, number[]>> {
    const result = new Map<number, number[]>(editionIds.map((id) => [id, []]));
    if (!editionIds.length) return result;
    const rows = await ex
      .select()
      .from(awardEditionPrize)
      .where(inArray(awardEditionPrize.editionId, editionIds))
      .orderBy(asc(awardEditionPrize.sort), asc(awardEditionPrize.prizeId));
    for (const row of rows) result.get(row.editionId)!.push(row.prizeId);
    return result;
  },

  async replacePrizes(ex: Executor, editionId: number, prizeIds: number[]): Promise<void> {
    await ex.delete(awardEditionPrize).where(eq(awardEditionPrize.editionId, editionId));
    if (prizeIds.length) await ex.insert(awardEditionPrize).values(prizeIds.map((prizeId, sort) => ({ editionId, prizeId, sort })));
  },

  /** The live editions of the `count` years before `year`, latest first (eligibility looks back on them). */
  previous(ex: Executor, year: number, count: number): Promise<EditionRow[]> {
    if (count < 1) return Promise.resolve([]);
    return ex
      .select()
      .from(awardEdition)
      .where(and(notDeleted(awardEdition), lt(awardEdition.year, year)))
      .orderBy(desc(awardEdition.year))
      .limit(count);
  },

  /** Names of the live editions that open a prize. */
  async editionNamesOpening(ex: Executor, prizeId: number): Promise<string[]> {
    const rows = await ex
      .select({ name: awardEdition.editionName })
      .from(awardEditionPrize)
      .innerJoin(awardEdition, eq(awardEdition.id, awardEditionPrize.editionId))
      .where(and(eq(awardEditionPrize.prizeId, prizeId), notDeleted(awardEdition)))
      .orderBy(desc(awardEdition.year));
    return rows.map((r) => r.name);
  },
};
