import type { PageParameter } from '@dandelion/shared';
import type { ExpertHistoryAction, ExpertSource, ExpertStatus } from '@dandelion/shared/award/expert';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { countWhere, paginate } from '../../../core/pagination';
import { notDeleted, type Actor } from '../../../core/records';
import { containing, escapeLike } from '../../../core/sql';
import { awardExpert, awardExpertHistory, awardExpertInvitation } from './tables';

export type ExpertRecord = typeof awardExpert.$inferSelect;
export type ExpertValues = Partial<typeof awardExpert.$inferInsert>;
export type InvitationRecord = typeof awardExpertInvitation.$inferSelect;

export interface ExpertFilter {
  keyword?: string;
  status?: ExpertStatus;
  disciplineCode?: string;
  title?: string;
  region?: string;
  source?: ExpertSource;
}

/** One line of the history, as a move writes it. */
export interface HistoryLine {
  action: ExpertHistoryAction;
  fromStatus: ExpertStatus | null;
  toStatus: ExpertStatus;
  reason?: string | null;
  until?: string | null;
  evidenceFileId?: number | null;
}

/** 110000 → 11, 110100 → 1101: a region and everything inside it share the code without its trailing zero pairs. */
export function regionPrefix(code: string): string {
  let prefix = code;
  while (prefix.length > 2 && prefix.endsWith('00')) prefix = prefix.slice(0, -2);
  return prefix;
}

function conditionOf(f: ExpertFilter): SQL | undefined {
  const e = awardExpert;
  return and(
    notDeleted(e),
    f.keyword ? or(containing(e.name, f.keyword), containing(e.unitName, f.keyword), sql`${e.keywords}::text ilike ${`%${escapeLike(f.keyword)}%`}`) : undefined,
    f.status ? eq(e.status, f.status) : undefined,
    f.disciplineCode ? sql`exists (select 1 from jsonb_array_elements_text(${e.disciplineCodes}) as d(code) where d.code like ${`${escapeLike(f.disciplineCode)}%`})` : undefined,
    f.title ? containing(e.title, f.title) : undefined,
    f.region ? sql`${e.region} like ${`${escapeLike(regionPrefix(f.region))}%`}` : undefined,
    f.source ? eq(e.source, f.source) : undefined,
  );
}

/** Every query of the expert pool; each takes the executor (db or the open transaction) first. */
export const expertRepo = {
  page(ex: Executor, filter: ExpertFilter, page: PageParameter) {
    const where = conditionOf(filter);
    return paginate(
      page,
      (limit, offset) => ex.select().from(awardExpert).where(where).orderBy(desc(awardExpert.id)).limit(limit).offset(offset),
      () => countWhere(ex, awardExpert, where),
    );
  },

  list(ex: Executor, filter: ExpertFilter, limit: number): Promise<ExpertRecord[]> {
    return ex.select().from(awardExpert).where(conditionOf(filter)).orderBy(desc(awardExpert.id)).limit(limit);
  },

  /** A live expert; `forUpdate` locks the row for a move. */
  async findLive(ex: Executor, id: number, forUpdate = false): Promise<ExpertRecord | null> {
    const query = ex.select().from(awardExpert).where(and(eq(awardExpert.id, id), notDeleted(awardExpert))).limit(1);
    const [row] = forUpdate ? await query.for('update') : await query;
    return row ?? null;
  },

  async findOfUser(ex: Executor, userId: number): Promise<ExpertRecord | null> {
    const [row] = await ex.select().from(awardExpert).where(and(eq(awardExpert.userId, userId), notDeleted(awardExpert))).limit(1);
    return row ?? null;
  },

  /** A live expert not yet linked to an account, by phone (an invitation reuses an imported record). */
  async findUnlinkedByPhone(ex: Executor, phone: string): Promise<ExpertRecord | null> {
    const [row] = await ex
      .select()
      .from(awardExpert)
      .where(and(eq(awardExpert.phone, phone), isNull(awardExpert.userId), notDeleted(awardExpert)))
      .orderBy(desc(awardExpert.id))
      .limit(1);
    return row ?? null;
  },

  async linkedByPhone(ex: Executor, phone: string): Promise<boolean> {
    const rows = await ex
      .select({ id: awardExpert.id })
      .from(awardExpert)
      .where(and(eq(awardExpert.phone, phone), sql`${awardExpert.userId} is not null`, notDeleted(awardExpert)))
      .limit(1);
    return rows.length > 0;
  },

  /** ID numbers of the given set already held by live experts (the import's duplicate check). */
  async takenIdNumbers(ex: Executor, idNumbers: string[]): Promise<Set<string>> {
    if (!idNumbers.length) return new Set();
    const rows = await ex
      .select({ idNumber: awardExpert.idNumber })
      .from(awardExpert)
      .where(and(inArray(awardExpert.idNumber, idNumbers), notDeleted(awardExpert)));
    return new Set(rows.map((r) => r.idNumber!));
  },

  /** Phone numbers of the given set already held by live experts. */
  async takenPhones(ex: Executor, phones: string[]): Promise<Set<string>> {
    if (!phones.length) return new Set();
    const rows = await ex
      .select({ phone: awardExpert.phone })
      .from(awardExpert)
      .where(and(inArray(awardExpert.phone, phones), notDeleted(awardExpert)));
    return new Set(rows.map((r) => r.phone!));
  },

  async addHistory(ex: Executor, expertId: number, line: HistoryLine, actor: Actor | null): Promise<void> {
    await ex.insert(awardExpertHistory).values({
      expertId,
      action: line.action,
      fromStatus: line.fromStatus,
      toStatus: line.toStatus,
      reason: line.reason ?? null,
      until: line.until ?? null,
      evidenceFileId: line.evidenceFileId ?? null,
      actorId: actor?.id ?? null,
      actorName: actor?.name ?? 'system',
    });
  },

  history(ex: Executor, expertId: number) {
    return ex.select().from(awardExpertHistory).where(eq(awardExpertHistory.expertId, expertId)).orderBy(asc(awardExpertHistory.id));
  },

  /** The status the expert had before the pending deletion request (a refusal returns to it). */
  async statusBeforeDeletionRequest(ex: Executor, expertId: number): Promise<ExpertStatus | null> {
    const [row] = await ex
      .select({ fromStatus: awardExpertHistory.fromStatus })
      .from(awardExpertHistory)
      .where(and(eq(awardExpertHistory.expertId, expertId), eq(awardExpertHistory.action, 'REQUEST_DELETION')))
      .orderBy(desc(awardExpertHistory.id))
      .limit(1);
    return row?.fromStatus ?? null;
  },

  /** Suspended or blacklisted experts whose end date is before `today`. */
  expiredStandings(ex: Executor, today: string): Promise<ExpertRecord[]> {
    return ex
      .select()
      .from(awardExpert)
      .where(and(notDeleted(awardExpert), inArray(awardExpert.status, ['SUSPENDED', 'BLACKLISTED']), sql`${awardExpert.statusUntil} is not null`, sql`${awardExpert.statusUntil} < ${today}`))
      .orderBy(asc(awardExpert.id));
  },

  async insertInvitation(ex: Executor, values: typeof awardExpertInvitation.$inferInsert): Promise<InvitationRecord> {
    const [row] = await ex.insert(awardExpertInvitation).values(values).returning();
    return row!;
  },

  async invitationByHash(ex: Executor, tokenHash: string, forUpdate = false): Promise<InvitationRecord | null> {
    const query = ex.select().from(awardExpertInvitation).where(eq(awardExpertInvitation.tokenHash, tokenHash)).limit(1);
    const [row] = forUpdate ? await query.for('update') : await query;
    return row ?? null;
  },

  /** Earlier unused links of an expert stop working when a new one is sent. */
  async retireInvitations(ex: Executor, expertId: number, now: Date): Promise<void> {
    await ex
      .update(awardExpertInvitation)
      .set({ expiresAt: now })
      .where(and(eq(awardExpertInvitation.expertId, expertId), isNull(awardExpertInvitation.usedAt), sql`${awardExpertInvitation.expiresAt} > ${now}`));
  },

  /** Marks a link used, only if still unused: answers false when another request took it first. */
  async useInvitation(ex: Executor, id: number, userId: number, now: Date): Promise<boolean> {
    const rows = await ex
      .update(awardExpertInvitation)
      .set({ usedAt: now, usedByUserId: userId })
      .where(and(eq(awardExpertInvitation.id, id), isNull(awardExpertInvitation.usedAt)))
      .returning({ id: awardExpertInvitation.id });
    return rows.length > 0;
  },
};
