import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PageParameter, RecordStatus } from '@dandelion/shared';
import type { PrizeKind } from '@dandelion/shared/award/prize';
import type { Executor } from '../../../core/db';
import { countWhere, paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { awardPrize } from './tables';

export type PrizeRow = typeof awardPrize.$inferSelect;
/** The score method defaults to the trimmed mean (the column's default) when not given. */
export type PrizeFields = Pick<PrizeRow, 'prizeCode' | 'prizeName' | 'kind' | 'guide' | 'grades' | 'rubric' | 'formConfig' | 'status' | 'sort' | 'remark'> & Partial<Pick<PrizeRow, 'scoreMethod'>>;

export interface PrizeFilter {
  prizeName?: string;
  kind?: PrizeKind;
  status?: RecordStatus;
}

/** Every query of prizes; each takes the executor (database or open transaction) to run on. */
export const prizeRepo = {
  async findLive(ex: Executor, id: number): Promise<PrizeRow | undefined> {
    const [row] = await ex.select().from(awardPrize).where(and(eq(awardPrize.id, id), notDeleted(awardPrize))).limit(1);
    return row;
  },

  /** The live prizes among `ids`, in no particular order. */
  liveAmong(ex: Executor, ids: number[]): Promise<PrizeRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return ex.select().from(awardPrize).where(and(inArray(awardPrize.id, ids), notDeleted(awardPrize)));
  },

  page(ex: Executor, filter: PrizeFilter, page: PageParameter) {
    const where = and(
      notDeleted(awardPrize),
      filter.prizeName ? containing(awardPrize.prizeName, filter.prizeName) : undefined,
      filter.kind ? eq(awardPrize.kind, filter.kind) : undefined,
      filter.status ? eq(awardPrize.status, filter.status) : undefined,
    );
    return paginate(
      page,
      (limit, offset) => ex.select().from(awardPrize).where(where).orderBy(asc(awardPrize.sort), asc(awardPrize.id)).limit(limit).offset(offset),
      () => countWhere(ex, awardPrize, where),
    );
  },

  async insert(ex: Executor, fields: PrizeFields, actor: Actor | null): Promise<PrizeRow> {
    const [row] = await ex.insert(awardPrize).values({ ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: Partial<PrizeFields>, actor: Actor) =>
    updateVersioned(ex, awardPrize, id, lockVersion, fields, actor, '奖种'),

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor) => softDelete(ex, awardPrize, id, lockVersion, actor, '奖种'),

  async isEmpty(ex: Executor): Promise<boolean> {
    const rows = await ex.select({ id: awardPrize.id }).from(awardPrize).limit(1);
    return rows.length === 0;
  },
};
