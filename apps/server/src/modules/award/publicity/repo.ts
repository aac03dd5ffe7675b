import type { PrizeKind } from '@dandelion/shared/award/prize';
import type { PublicityField, PublicityKind, PublicityStatus } from '@dandelion/shared/award/publicity';
import { and, asc, count, desc, eq, inArray, lte, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { createdBy, notDeleted, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { awardPublicity as p, awardPublicityEntry as e, awardPublicitySetting as s } from './tables';

export type PublicityRow = typeof p.$inferSelect;
export type PublicityFields = Pick<PublicityRow, 'editionId' | 'prizeId' | 'kind' | 'title' | 'note' | 'startDate' | 'days' | 'dayKind' | 'endDate' | 'leftOut'>;
export type EntryRow = typeof e.$inferSelect;
export type EntryValues = Omit<typeof e.$inferInsert, 'id' | 'publicityId' | 'createTime'>;
export type SettingRow = typeof s.$inferSelect;

export interface PublicityFilter {
  editionId?: number;
  prizeId?: number;
  kind?: PublicityKind;
  statuses?: readonly PublicityStatus[];
  keyword?: string;
}

function whereOf(filter: PublicityFilter): SQL | undefined {
  return and(
    notDeleted(p),
    filter.editionId === undefined ? undefined : eq(p.editionId, filter.editionId),
    filter.prizeId === undefined ? undefined : eq(p.prizeId, filter.prizeId),
    filter.kind === undefined ? undefined : eq(p.kind, filter.kind),
    filter.statuses ? inArray(p.status, [...filter.statuses]) : undefined,
    filter.keyword ? containing(p.title, filter.keyword) : undefined,
  );
}

/** Every query of publicities, their entries and the field settings; each takes the executor first. */
export const publicityRepo = {
  async find(ex: Executor, id: number): Promise<PublicityRow | undefined> {
    const [row] = await ex.select().from(p).where(and(eq(p.id, id), notDeleted(p))).limit(1);
    return row;
  },

  async lock(ex: Executor, id: number): Promise<PublicityRow | undefined> {
    const [row] = await ex.select().from(p).where(and(eq(p.id, id), notDeleted(p))).limit(1).for('update');
    return row;
  },

  /** Newest first (start date, then id). */
  async page(ex: Executor, filter: PublicityFilter, limit: number, offset: number): Promise<PublicityRow[]> {
    return ex.select().from(p).where(whereOf(filter)).orderBy(desc(p.startDate), desc(p.id)).limit(limit).offset(offset);
  },

  async count(ex: Executor, filter: PublicityFilter): Promise<number> {
    const [row] = await ex.select({ n: count() }).from(p).where(whereOf(filter));
    return row?.n ?? 0;
  },

  /** The live (not withdrawn) publicities of an edition's prize of one kind: one at a time. */
  live(ex: Executor, editionId: number, prizeId: number, kind: PublicityKind): Promise<PublicityRow[]> {
    return ex
      .select()
      .from(p)
      .where(and(whereOf({ editionId, prizeId, kind, statuses: ['DRAFT', 'SCHEDULED', 'OPEN', 'CLOSED'] })))
      .orderBy(asc(p.id));
  },

  /** SCHEDULED ones whose start date has come, and OPEN ones whose end date is before today (Beijing dates). */
  dueToOpen: (ex: Executor, today: string) => ex.select({ id: p.id }).from(p).where(and(notDeleted(p), eq(p.status, 'SCHEDULED'), lte(p.startDate, today))).orderBy(asc(p.id)),
  dueToClose: (ex: Executor, today: string) => ex.select({ id: p.id }).from(p).where(and(notDeleted(p), eq(p.status, 'OPEN'), lt(p.endDate, today))).orderBy(asc(p.id)),

  async insert(ex: Executor, fields: PublicityFields, actor: Actor): Promise<PublicityRow> {
    const [row] = await ex.insert(p).values({ ...fields, status: 'DRAFT', ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: Partial<PublicityFields & Pick<PublicityRow, 'status' | 'openedAt' | 'closedAt'>>, actor: Actor | null) =>
    updateVersioned(ex, p, id, lockVersion, fields, actor, '公示'),

  entries: (ex: Executor, publicityId: number) => ex.select().from(e).where(eq(e.publicityId, publicityId)).orderBy(asc(e.sort), asc(e.id)),

  async entry(ex: Executor, publicityId: number, declarationId: number): Promise<EntryRow | undefined> {
    const [row] = await ex.select().from(e).where(and(eq(e.publicityId, publicityId), eq(e.declarationId, declarationId))).limit(1);
    return row;
  },

  async entryCounts(ex: Executor, publicityIds: readonly number[]): Promise<Map<number, number>> {
    if (!publicityIds.length) return new Map();
    const rows = await ex.select({ id: e.publicityId, n: count() }).from(e).where(inArray(e.publicityId, [...publicityIds])).groupBy(e.publicityId);
    return new Map(rows.map((r) => [r.id, r.n]));
  },

  async replaceEntries(ex: Executor, publicityId: number, entries: readonly EntryValues[]): Promise<void> {
    await ex.delete(e).where(eq(e.publicityId, publicityId));
    if (entries.length) await ex.insert(e).values(entries.map((entry) => ({ ...entry, publicityId })));
  },

  /** The declarations of an applicant in any publicity's entries. */
  async declarationsOfApplicant(ex: Executor, applicantId: number): Promise<number[]> {
    const rows = await ex.selectDistinct({ id: e.declarationId }).from(e).where(eq(e.applicantId, applicantId));
    return rows.map((r) => r.id);
  },

  /** Every publicity's left-out list (small: a few per prize and edition), for the applicant's own results. */
  leftOutLists: (ex: Executor) => ex.select({ leftOut: p.leftOut }).from(p).where(notDeleted(p)),

  settings: (ex: Executor) => ex.select().from(s).where(notDeleted(s)),

  async setting(ex: Executor, prizeKind: PrizeKind): Promise<SettingRow | undefined> {
    const [row] = await ex.select().from(s).where(and(eq(s.prizeKind, prizeKind), notDeleted(s))).limit(1);
    return row;
  },

  async insertSetting(ex: Executor, prizeKind: PrizeKind, fields: PublicityField[], actor: Actor): Promise<SettingRow> {
    const [row] = await ex.insert(s).values({ prizeKind, fields, lockVersion: 1, ...createdBy(actor) }).returning();
    return row!;
  },

  updateSetting: (ex: Executor, id: number, lockVersion: number, fields: PublicityField[], actor: Actor) => updateVersioned(ex, s, id, lockVersion, { fields }, actor, '公示字段设置'),
};
