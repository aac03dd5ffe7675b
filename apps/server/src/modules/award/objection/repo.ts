import { OPEN_OBJECTION_STATUSES, type ObjectionStatus } from '@dandelion/shared/award/objection';
import { and, asc, count, desc, eq, inArray, lt, lte, ne, not, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { createdBy, notDeleted, type Actor } from '../../../core/records';
import { awardObjection as o, awardObjectionSetting, awardObjectionStep as s } from './tables';

export type ObjectionRecord = typeof o.$inferSelect;
export type NewObjection = Omit<typeof o.$inferInsert, 'id' | keyof ReturnType<typeof createdBy> | 'createTime' | 'updateTime' | 'delFlag' | 'lockVersion'>;
export type StepRecord = typeof s.$inferSelect;

export interface ObjectionFilter {
  editionId?: number;
  prizeId?: number;
  status?: ObjectionStatus;
  /** Open and past the deadline (true), or not (false), as of `today`. */
  overdue?: boolean;
  today: string;
}

function whereOf(f: ObjectionFilter): SQL | undefined {
  const overdue = and(inArray(o.status, [...OPEN_OBJECTION_STATUSES]), lt(o.deadline, f.today))!;
  return and(
    notDeleted(o),
    f.editionId === undefined ? undefined : eq(o.editionId, f.editionId),
    f.prizeId === undefined ? undefined : eq(o.prizeId, f.prizeId),
    f.status === undefined ? undefined : eq(o.status, f.status),
    f.overdue === undefined ? undefined : f.overdue ? overdue : not(overdue),
  );
}

/** Every query of objections and their steps; each takes the executor first. */
export const objectionRepo = {
  async find(ex: Executor, id: number): Promise<ObjectionRecord | undefined> {
    const [row] = await ex.select().from(o).where(and(eq(o.id, id), notDeleted(o))).limit(1);
    return row;
  },

  async lock(ex: Executor, id: number): Promise<ObjectionRecord | undefined> {
    const [row] = await ex.select().from(o).where(and(eq(o.id, id), notDeleted(o))).limit(1).for('update');
    return row;
  },

  async insert(ex: Executor, values: NewObjection, actor: Actor): Promise<ObjectionRecord> {
    const [row] = await ex.insert(o).values({ ...values, ...createdBy(actor) }).returning();
    return row!;
  },

  /** Newest first. */
  page(ex: Executor, filter: ObjectionFilter, limit: number, offset: number): Promise<ObjectionRecord[]> {
    return ex.select().from(o).where(whereOf(filter)).orderBy(desc(o.id)).limit(limit).offset(offset);
  },

  async count(ex: Executor, filter: ObjectionFilter): Promise<number> {
    const [row] = await ex.select({ n: count() }).from(o).where(whereOf(filter));
    return row?.n ?? 0;
  },

  mine(ex: Executor, objectorId: number, limit: number, offset: number): Promise<ObjectionRecord[]> {
    return ex.select().from(o).where(and(eq(o.objectorId, objectorId), notDeleted(o))).orderBy(desc(o.id)).limit(limit).offset(offset);
  },

  async countMine(ex: Executor, objectorId: number): Promise<number> {
    const [row] = await ex.select({ n: count() }).from(o).where(and(eq(o.objectorId, objectorId), notDeleted(o)));
    return row?.n ?? 0;
  },

  /**
   * Serialises the objections of one declaration until the transaction ends: a filing's "is it held
   * already?" and a conclusion's "does another objection still hold it?" each see the other's commit.
   */
  async lockHolds(ex: Executor, declarationId: number): Promise<void> {
    await ex.execute(sql`select pg_advisory_xact_lock(hashtext(${`objection-hold:${declarationId}`}))`);
  },

  /** Other open objections against the declaration: the hold stays while any is open. */
  async openOthers(ex: Executor, declarationId: number, exceptId: number): Promise<number> {
    const [row] = await ex
      .select({ n: count() })
      .from(o)
      .where(and(eq(o.declarationId, declarationId), inArray(o.status, [...OPEN_OBJECTION_STATUSES]), ne(o.id, exceptId), notDeleted(o)));
    return row?.n ?? 0;
  },

  /** Open objections whose deadline is on or before `horizon` (overdue ones included). */
  dueBy(ex: Executor, horizon: string): Promise<ObjectionRecord[]> {
    return ex
      .select()
      .from(o)
      .where(and(inArray(o.status, [...OPEN_OBJECTION_STATUSES]), lte(o.deadline, horizon), notDeleted(o)))
      .orderBy(asc(o.deadline), asc(o.id));
  },

  /** Whether the user may read a file filed under the objection: they filed it. */
  async isObjector(ex: Executor, id: number, userId: number): Promise<boolean> {
    const [row] = await ex.select({ id: o.id }).from(o).where(and(eq(o.id, id), eq(o.objectorId, userId), notDeleted(o))).limit(1);
    return !!row;
  },

  async addStep(ex: Executor, step: Omit<typeof s.$inferInsert, 'id' | 'createTime'>): Promise<void> {
    await ex.insert(s).values(step);
  },

  async setting(ex: Executor) {
    const [row] = await ex.select().from(awardObjectionSetting).where(notDeleted(awardObjectionSetting)).orderBy(asc(awardObjectionSetting.id)).limit(1);
    return row;
  },

  /** The first save: lockVersion 1, since 0 answers "nothing saved yet". */
  async insertSetting(ex: Executor, handlingWorkingDays: number, actor: Actor) {
    const [row] = await ex.insert(awardObjectionSetting).values({ handlingWorkingDays, ...createdBy(actor), lockVersion: 1 }).returning();
    return row!;
  },

  steps(ex: Executor, objectionId: number): Promise<StepRecord[]> {
    return ex.select().from(s).where(eq(s.objectionId, objectionId)).orderBy(asc(s.id));
  },
};
