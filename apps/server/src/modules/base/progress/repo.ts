import { and, asc, count, countDistinct, desc, eq, ilike, inArray, isNotNull, lt, max, sql, type SQL } from 'drizzle-orm';
import type { PageParameter, ServerBody } from '@dandelion/shared';
import type { definitionCalls, instanceCalls } from '@dandelion/shared/base/progress';
import type { Executor } from '../../../core/db';
import { countWhere, paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updatedBy, updateVersioned, type Actor } from '../../../core/records';
import { likePattern } from '../../../core/sql';
import { baseProcessDef, baseProcessHistory, baseProcessInstance } from './tables';

/** Queries of the process module; every function takes the executor, so callers choose the transaction. */

export type DefRow = typeof baseProcessDef.$inferSelect;
export type InstanceRow = typeof baseProcessInstance.$inferSelect;
export type HistoryRow = typeof baseProcessHistory.$inferSelect;
/** A row's own columns; the audit columns are the repo's to fill. */
type Own<T> = Omit<T, 'id' | 'createTime' | 'updateTime' | 'delFlag' | 'lockVersion' | keyof ReturnType<typeof createdBy>>;
export type NewDef = Own<typeof baseProcessDef.$inferInsert>;
export type NewInstance = Own<typeof baseProcessInstance.$inferInsert>;
export type NewHistory = Omit<typeof baseProcessHistory.$inferInsert, 'id'>;

/** The definition list's search fields. */
export type DefFilter = Omit<ServerBody<typeof definitionCalls.page>, 'pageParameter'>;

export async function insertDef(ex: Executor, values: NewDef, actor: Actor): Promise<DefRow> {
  const [row] = await ex.insert(baseProcessDef).values({ ...values, ...createdBy(actor) }).returning();
  return row!;
}

/** Changes a live version under its lock version (409 when stale). */
export const updateDef = (ex: Executor, id: number, lockVersion: number, values: Partial<NewDef>, actor: Actor) =>
  updateVersioned(ex, baseProcessDef, id, lockVersion, values, actor, '流程定义');

export const softDeleteDef = (ex: Executor, id: number, lockVersion: number, actor: Actor) => softDelete(ex, baseProcessDef, id, lockVersion, actor, '流程定义');

/** Retires the version in force when another is published (no lock version: the publisher holds the draft's). */
export async function retireDef(ex: Executor, id: number, actor: Actor): Promise<DefRow> {
  const [row] = await ex
    .update(baseProcessDef)
    .set({ status: 'RETIRED', ...updatedBy(actor, baseProcessDef) })
    .where(and(eq(baseProcessDef.id, id), notDeleted(baseProcessDef)))
    .returning();
  return row!;
}

export async function insertInstance(ex: Executor, values: NewInstance, actor: Actor): Promise<InstanceRow> {
  const [row] = await ex.insert(baseProcessInstance).values({ ...values, ...createdBy(actor) }).returning();
  return row!;
}

/** Moves an instance under the lock version it was read with (409 when someone moved it first). */
export const updateInstance = (ex: Executor, id: number, lockVersion: number, values: Partial<NewInstance>, actor: Actor) =>
  updateVersioned(ex, baseProcessInstance, id, lockVersion, values, actor, '流程实例');

export async function insertHistory(ex: Executor, entry: NewHistory): Promise<void> {
  await ex.insert(baseProcessHistory).values(entry);
}

export async function findDef(ex: Executor, id: number): Promise<DefRow | undefined> {
  const [row] = await ex.select().from(baseProcessDef).where(and(eq(baseProcessDef.id, id), notDeleted(baseProcessDef))).limit(1);
  return row;
}

/** Any definition row, deleted or not: an instance keeps pointing at the version it started on. */
export async function findDefEvenDeleted(ex: Executor, id: number): Promise<DefRow | undefined> {
  const [row] = await ex.select().from(baseProcessDef).where(eq(baseProcessDef.id, id)).limit(1);
  return row;
}

export async function defsByIds(ex: Executor, ids: number[]): Promise<Map<number, DefRow>> {
  if (!ids.length) return new Map();
  const rows = await ex.select().from(baseProcessDef).where(inArray(baseProcessDef.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function defOfStatus(ex: Executor, processCode: string, status: 'ACTIVE' | 'DRAFT'): Promise<DefRow | undefined> {
  const [row] = await ex
    .select()
    .from(baseProcessDef)
    .where(and(eq(baseProcessDef.processCode, processCode), eq(baseProcessDef.status, status), notDeleted(baseProcessDef)))
    .orderBy(desc(baseProcessDef.version))
    .limit(1);
  return row;
}

export async function liveVersionCount(ex: Executor, processCode: string): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(baseProcessDef).where(and(eq(baseProcessDef.processCode, processCode), notDeleted(baseProcessDef)));
  return Number(row!.n);
}

/** The highest version number a code ever had, deleted rows included: numbers are never given twice. */
export async function highestVersion(ex: Executor, processCode: string): Promise<number> {
  const [row] = await ex.select({ v: max(baseProcessDef.version) }).from(baseProcessDef).where(eq(baseProcessDef.processCode, processCode));
  return row?.v ?? 0;
}

/** One row per process code, its newest version among those matching the filter; newest change first. */
export async function latestDefPage(ex: Executor, filter: DefFilter, page: PageParameter) {
  const where: SQL | undefined = and(
    notDeleted(baseProcessDef),
    filter.processCode ? ilike(baseProcessDef.processCode, likePattern(filter.processCode)) : undefined,
    filter.processName ? ilike(baseProcessDef.processName, likePattern(filter.processName)) : undefined,
    filter.status ? eq(baseProcessDef.status, filter.status) : undefined,
  );
  const latest = ex
    .selectDistinctOn([baseProcessDef.processCode])
    .from(baseProcessDef)
    .where(where)
    .orderBy(asc(baseProcessDef.processCode), desc(baseProcessDef.version))
    .as('latest');
  return paginate(
    page,
    (limit, offset) =>
      ex
        .select()
        .from(latest)
        .orderBy(desc(latest.updateTime), asc(latest.processCode))
        .limit(limit)
        .offset(offset) as unknown as Promise<DefRow[]>,
    async () => (await ex.select({ n: countDistinct(baseProcessDef.processCode) }).from(baseProcessDef).where(where))[0]!.n,
  );
}

export interface CodeSummary {
  versionCount: number;
  activeVersion: number | null;
  draftVersion: number | null;
}

/** Per code: how many live versions, which one is in force, which one is being drafted. */
export async function codeSummaries(ex: Executor, codes: string[]): Promise<Map<string, CodeSummary>> {
  if (!codes.length) return new Map();
  const rows = await ex
    .select({
      code: baseProcessDef.processCode,
      n: count(),
      active: sql<number | null>`max(${baseProcessDef.version}) filter (where ${baseProcessDef.status} = 'ACTIVE')`,
      draft: sql<number | null>`max(${baseProcessDef.version}) filter (where ${baseProcessDef.status} = 'DRAFT')`,
    })
    .from(baseProcessDef)
    .where(and(inArray(baseProcessDef.processCode, codes), notDeleted(baseProcessDef)))
    .groupBy(baseProcessDef.processCode);
  return new Map(
    rows.map((r) => [r.code, { versionCount: Number(r.n), activeVersion: r.active === null ? null : Number(r.active), draftVersion: r.draft === null ? null : Number(r.draft) }]),
  );
}

export async function versionsOf(ex: Executor, processCode: string): Promise<DefRow[]> {
  return ex
    .select()
    .from(baseProcessDef)
    .where(and(eq(baseProcessDef.processCode, processCode), notDeleted(baseProcessDef)))
    .orderBy(desc(baseProcessDef.version));
}

/** Instances (any status) per definition version. */
export async function instanceCounts(ex: Executor, defIds: number[]): Promise<Map<number, number>> {
  if (!defIds.length) return new Map();
  const rows = await ex
    .select({ defId: baseProcessInstance.defId, n: count() })
    .from(baseProcessInstance)
    .where(and(inArray(baseProcessInstance.defId, defIds), notDeleted(baseProcessInstance)))
    .groupBy(baseProcessInstance.defId);
  return new Map(rows.map((r) => [r.defId, Number(r.n)]));
}

export async function findInstance(ex: Executor, id: number): Promise<InstanceRow | undefined> {
  const [row] = await ex.select().from(baseProcessInstance).where(and(eq(baseProcessInstance.id, id), notDeleted(baseProcessInstance))).limit(1);
  return row;
}

export async function runningInstanceOf(ex: Executor, businessKey: string): Promise<InstanceRow | undefined> {
  const [row] = await ex
    .select()
    .from(baseProcessInstance)
    .where(and(eq(baseProcessInstance.businessKey, businessKey), eq(baseProcessInstance.status, 'RUNNING'), notDeleted(baseProcessInstance)))
    .limit(1);
  return row;
}

/** The running instance of a business key, else its most recent one. */
export async function currentInstanceOf(ex: Executor, businessKey: string): Promise<InstanceRow | undefined> {
  const [row] = await ex
    .select()
    .from(baseProcessInstance)
    .where(and(eq(baseProcessInstance.businessKey, businessKey), notDeleted(baseProcessInstance)))
    .orderBy(sql`case when ${baseProcessInstance.status} = 'RUNNING' then 0 else 1 end`, desc(baseProcessInstance.id))
    .limit(1);
  return row;
}

/**
 * Serialises starts for one business key until the transaction ends, so the "already running" check
 * and the insert cannot interleave (the partial unique index is the backstop). PostgreSQL 15 and PGlite
 * both have transaction-level advisory locks.
 */
export async function lockBusinessKey(ex: Executor, businessKey: string): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(hashtext(${`progress:${businessKey}`}))`);
}

/** The instance list's search fields; `overdue` keeps only running instances past their stage's deadline. */
export type InstanceFilter = Omit<ServerBody<typeof instanceCalls.page>, 'pageParameter'>;

export async function instancePage(ex: Executor, filter: InstanceFilter, page: PageParameter, now: Date) {
  const i = baseProcessInstance;
  const where: SQL | undefined = and(
    notDeleted(i),
    filter.processCode ? eq(i.processCode, filter.processCode) : undefined,
    filter.status ? eq(i.status, filter.status) : undefined,
    filter.businessKey ? ilike(i.businessKey, likePattern(filter.businessKey)) : undefined,
    filter.title ? ilike(i.title, likePattern(filter.title)) : undefined,
    filter.overdue ? and(eq(i.status, 'RUNNING'), isNotNull(i.dueAt), lt(i.dueAt, now)) : undefined,
  );
  return paginate(
    page,
    (limit, offset) => ex.select().from(i).where(where).orderBy(desc(i.createTime), desc(i.id)).limit(limit).offset(offset),
    () => countWhere(ex, i, where),
  );
}

export async function historyOf(ex: Executor, instanceId: number): Promise<HistoryRow[]> {
  return ex
    .select()
    .from(baseProcessHistory)
    .where(eq(baseProcessHistory.instanceId, instanceId))
    .orderBy(asc(baseProcessHistory.createTime), asc(baseProcessHistory.id));
}
