import type { PageParameter } from '@dandelion/shared';
import type { SittingStatus } from '@dandelion/shared/award/committee';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { countWhere, paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updatedBy, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { awardCommitteeItem as item, awardCommitteeResult as result, awardCommitteeSetting as setting, awardCommitteeSitting as sitting, awardCommitteeVote as vote } from './tables';

export type SittingRow = typeof sitting.$inferSelect;
export type SittingFields = Pick<SittingRow, 'title' | 'memberIds' | 'quorumRatio' | 'passRatio'>;
export type ItemRow = typeof item.$inferSelect;
export type VoteRow = typeof vote.$inferSelect;
export type ResultRow = typeof result.$inferSelect;
export type SettingRow = typeof setting.$inferSelect;

export interface SittingFilter {
  editionId?: number;
  prizeId?: number;
  status?: SittingStatus;
  title?: string;
}

/** Every query of sittings, their declarations, votes, results and defaults; each takes the executor first. */
export const committeeRepo = {
  page(ex: Executor, filter: SittingFilter, page: PageParameter) {
    const where = and(
      notDeleted(sitting),
      filter.editionId === undefined ? undefined : eq(sitting.editionId, filter.editionId),
      filter.prizeId === undefined ? undefined : eq(sitting.prizeId, filter.prizeId),
      filter.status ? eq(sitting.status, filter.status) : undefined,
      filter.title ? containing(sitting.title, filter.title) : undefined,
    );
    return paginate(
      page,
      (limit, offset) => ex.select().from(sitting).where(where).orderBy(desc(sitting.id)).limit(limit).offset(offset),
      () => countWhere(ex, sitting, where),
    );
  },

  /** The sittings `userId` sits on that members may see (voting or closed), newest first. */
  pageOfMember(ex: Executor, userId: number, page: PageParameter) {
    const where = and(notDeleted(sitting), inArray(sitting.status, ['VOTING', 'CLOSED']), sql`${sitting.memberIds} @> ${JSON.stringify([userId])}::jsonb`);
    return paginate(
      page,
      (limit, offset) => ex.select().from(sitting).where(where).orderBy(desc(sitting.id)).limit(limit).offset(offset),
      () => countWhere(ex, sitting, where),
    );
  },

  async find(ex: Executor, id: number): Promise<SittingRow | undefined> {
    const [row] = await ex.select().from(sitting).where(and(eq(sitting.id, id), notDeleted(sitting))).limit(1);
    return row;
  },

  /** Locks the sitting for a change of state or votes: votes and close queue behind each other. */
  async lock(ex: Executor, id: number): Promise<SittingRow | undefined> {
    const [row] = await ex.select().from(sitting).where(and(eq(sitting.id, id), notDeleted(sitting))).limit(1).for('update');
    return row;
  },

  async insert(ex: Executor, values: SittingFields & Pick<SittingRow, 'editionId' | 'prizeId'>, actor: Actor): Promise<SittingRow> {
    const [row] = await ex.insert(sitting).values({ ...values, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: Partial<SittingFields & Pick<SittingRow, 'status' | 'openedAt' | 'closedAt'>>, actor: Actor) =>
    updateVersioned(ex, sitting, id, lockVersion, fields, actor, '评审委员会会议'),

  remove: (ex: Executor, id: number, lockVersion: number, actor: Actor) => softDelete(ex, sitting, id, lockVersion, actor, '评审委员会会议'),

  /** Declarations per sitting, for the list. */
  async itemCounts(ex: Executor, sittingIds: number[]): Promise<Map<number, number>> {
    if (!sittingIds.length) return new Map();
    const rows = await ex.select({ id: item.sittingId, n: count() }).from(item).where(and(inArray(item.sittingId, sittingIds), notDeleted(item))).groupBy(item.sittingId);
    return new Map(rows.map((r) => [r.id, r.n]));
  },

  items: (ex: Executor, sittingId: number): Promise<ItemRow[]> =>
    ex.select().from(item).where(and(eq(item.sittingId, sittingId), notDeleted(item))).orderBy(asc(item.id)),

  async addItems(ex: Executor, rows: Array<Pick<ItemRow, 'sittingId' | 'declarationId' | 'groupScore' | 'reviewCount' | 'suggestedGrade' | 'proposedGrade'>>, actor: Actor) {
    if (rows.length) await ex.insert(item).values(rows.map((r) => ({ ...r, ...createdBy(actor) })));
  },

  async setProposedGrade(ex: Executor, itemId: number, grade: ItemRow['proposedGrade'], actor: Actor) {
    await ex.update(item).set({ proposedGrade: grade, ...updatedBy(actor, item) }).where(eq(item.id, itemId));
  },

  votes: (ex: Executor, sittingId: number): Promise<VoteRow[]> => ex.select().from(vote).where(eq(vote.sittingId, sittingId)).orderBy(asc(vote.id)),

  async voteOf(ex: Executor, sittingId: number, declarationId: number, memberId: number): Promise<VoteRow | undefined> {
    const [row] = await ex.select().from(vote).where(and(eq(vote.sittingId, sittingId), eq(vote.declarationId, declarationId), eq(vote.memberId, memberId))).limit(1);
    return row;
  },

  async insertVote(ex: Executor, values: Pick<VoteRow, 'sittingId' | 'declarationId' | 'memberId' | 'choice' | 'grade' | 'comment'>, actor: Actor): Promise<VoteRow> {
    const [row] = await ex.insert(vote).values({ ...values, ...createdBy(actor) }).returning();
    return row!;
  },

  async updateVote(ex: Executor, id: number, fields: Pick<VoteRow, 'choice' | 'grade' | 'comment'>, actor: Actor): Promise<VoteRow> {
    const [row] = await ex.update(vote).set({ ...fields, ...updatedBy(actor, vote) }).where(eq(vote.id, id)).returning();
    return row!;
  },

  /** A member's votes per sitting, for their list. */
  async voteCountsOf(ex: Executor, memberId: number, sittingIds: number[]): Promise<Map<number, number>> {
    if (!sittingIds.length) return new Map();
    const rows = await ex.select({ id: vote.sittingId, n: count() }).from(vote).where(and(eq(vote.memberId, memberId), inArray(vote.sittingId, sittingIds))).groupBy(vote.sittingId);
    return new Map(rows.map((r) => [r.id, r.n]));
  },

  async insertResults(ex: Executor, rows: Array<Omit<typeof result.$inferInsert, 'id'>>, actor: Actor) {
    if (rows.length) await ex.insert(result).values(rows.map((r) => ({ ...r, ...createdBy(actor) })));
  },

  results: (ex: Executor, sittingId: number): Promise<ResultRow[]> => ex.select().from(result).where(eq(result.sittingId, sittingId)).orderBy(asc(result.id)),

  async setting(ex: Executor): Promise<SettingRow | undefined> {
    const [row] = await ex.select().from(setting).where(notDeleted(setting)).orderBy(asc(setting.id)).limit(1);
    return row;
  },

  async insertSetting(ex: Executor, fields: Pick<SettingRow, 'quorumRatio' | 'passRatio'>, actor: Actor): Promise<SettingRow> {
    const [row] = await ex.insert(setting).values({ ...fields, lockVersion: 1, ...createdBy(actor) }).returning();
    return row!;
  },

  updateSetting: (ex: Executor, id: number, lockVersion: number, fields: Pick<SettingRow, 'quorumRatio' | 'passRatio'>, actor: Actor) =>
    updateVersioned(ex, setting, id, lockVersion, fields, actor, '评审委员会默认设置'),
};
