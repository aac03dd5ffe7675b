import type { HonourStatus } from '@dandelion/shared/award/awarding';
import type { PageParameter } from '@dandelion/shared';
import type { PrizeGrade } from '@dandelion/shared/award/prize';
import { and, asc, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { countWhere, paginate } from '../../../core/pagination';
import { createdBy, notDeleted, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { awardEditionClosing, awardHonour } from './tables';

export type HonourRow = typeof awardHonour.$inferSelect;
export type ClosingRow = typeof awardEditionClosing.$inferSelect;
export type NewHonour = Omit<typeof awardHonour.$inferInsert, 'id' | keyof ReturnType<typeof createdBy>>;

export interface HonourFilter {
  editionId: number;
  prizeId?: number;
  grade?: PrizeGrade;
  status?: HonourStatus;
  keyword?: string;
  /** Leave out classified entries (the portal's reads). */
  publicOnly?: boolean;
}

function whereOf(filter: HonourFilter): SQL | undefined {
  return and(
    notDeleted(awardHonour),
    eq(awardHonour.editionId, filter.editionId),
    filter.prizeId === undefined ? undefined : eq(awardHonour.prizeId, filter.prizeId),
    filter.grade ? eq(awardHonour.grade, filter.grade) : undefined,
    filter.status ? eq(awardHonour.status, filter.status) : undefined,
    filter.publicOnly ? or(isNull(awardHonour.secrecy), eq(awardHonour.secrecy, 'PUBLIC')) : undefined,
    filter.keyword ? or(containing(awardHonour.title, filter.keyword), containing(awardHonour.registrationNo, filter.keyword)) : undefined,
  );
}

/** The award list's order: prize, awarded before not awarded, grade (special first), registration number. */
const listOrder = [asc(awardHonour.prizeId), asc(awardHonour.status), asc(awardHonour.gradeRank), asc(awardHonour.registrationNo), asc(awardHonour.id)];

/** Every query of the award list and the editions' closings; each takes the executor to run on. */
export const awardingRepo = {
  async closingOf(ex: Executor, editionId: number): Promise<ClosingRow | undefined> {
    const [row] = await ex.select().from(awardEditionClosing).where(and(eq(awardEditionClosing.editionId, editionId), notDeleted(awardEditionClosing))).limit(1);
    return row;
  },

  async insertClosing(ex: Executor, actor: Actor, values: { editionId: number; closedBy: string; awarded: number; notAwarded: number; at: Date }): Promise<ClosingRow> {
    const [row] = await ex
      .insert(awardEditionClosing)
      .values({ editionId: values.editionId, closedAt: values.at, closedBy: values.closedBy, awarded: values.awarded, notAwarded: values.notAwarded, publishedAt: values.at, ...createdBy(actor) })
      .returning();
    return row!;
  },

  async insertHonours(ex: Executor, actor: Actor, rows: readonly NewHonour[]): Promise<void> {
    if (rows.length) await ex.insert(awardHonour).values(rows.map((r) => ({ ...r, ...createdBy(actor) })));
  },

  page(ex: Executor, filter: HonourFilter, page: PageParameter) {
    const where = whereOf(filter);
    return paginate(
      page,
      (limit, offset) => ex.select().from(awardHonour).where(where).orderBy(...listOrder).limit(limit).offset(offset),
      () => countWhere(ex, awardHonour, where),
    );
  },

  /** The whole filtered list, at most `limit` rows (exports). */
  all(ex: Executor, filter: HonourFilter, limit: number): Promise<HonourRow[]> {
    return ex.select().from(awardHonour).where(whereOf(filter)).orderBy(...listOrder).limit(limit);
  },

  async findLive(ex: Executor, id: number): Promise<HonourRow | undefined> {
    const [row] = await ex.select().from(awardHonour).where(and(eq(awardHonour.id, id), notDeleted(awardHonour))).limit(1);
    return row;
  },

  /** An applicant's awarded declarations, newest edition first. */
  awardedOf(ex: Executor, applicantId: number): Promise<HonourRow[]> {
    return ex
      .select()
      .from(awardHonour)
      .where(and(eq(awardHonour.applicantId, applicantId), eq(awardHonour.status, 'AWARDED'), notDeleted(awardHonour)))
      .orderBy(desc(awardHonour.editionId), asc(awardHonour.id))
      .limit(200);
  },
};
