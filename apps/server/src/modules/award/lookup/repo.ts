import { and, asc, count, eq, exists, getTableColumns, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { Page, PageParameter } from '@dandelion/shared';
import type { LookupKind } from '@dandelion/shared/award/lookup';
import type { Executor } from '../../../core/db';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { awardCollection, awardLookup, type LookupLevel } from './tables';

export type LookupRow = typeof awardLookup.$inferSelect;
export type LookupFields = Pick<LookupRow, 'name' | 'code' | 'agency' | 'level' | 'remark' | 'sort'>;
/** A row as lists and details answer it: without its kind (the call names it), with whether the caller keeps it. */
export type ListedLookup = Omit<LookupRow, 'kind'> & { collected: boolean };

export interface LookupFilter {
  keyword?: string;
  level?: LookupLevel;
  collectedOnly?: boolean;
}

const { kind: _kind, ...listedColumns } = getTableColumns(awardLookup);
/** What the portal shows of a row: no audit fields. */
const publicColumns = { id: awardLookup.id, name: awardLookup.name, code: awardLookup.code, agency: awardLookup.agency, level: awardLookup.level, remark: awardLookup.remark };
export type PublicLookup = Pick<LookupRow, 'id' | 'name' | 'code' | 'agency' | 'level' | 'remark'>;

/** The list's order after favourites: 排序号, then 编号 (rows without one last), then id; the order index serves it. */
const LIST_ORDER = [asc(awardLookup.sort), asc(awardLookup.code), asc(awardLookup.id)];

const isCollectedBy = (userId: number) =>
  and(eq(awardCollection.userId, userId), eq(awardCollection.kind, awardLookup.kind), eq(awardCollection.refId, awardLookup.id));

const collectedColumn = (ex: Executor, userId: number) =>
  exists(ex.select({ one: sql`1` }).from(awardCollection).where(isCollectedBy(userId)));

function matching(kind: LookupKind, filter: LookupFilter): SQL {
  return and(
    eq(awardLookup.kind, kind),
    notDeleted(awardLookup),
    filter.keyword ? or(containing(awardLookup.name, filter.keyword), containing(awardLookup.code, filter.keyword)) : undefined,
    filter.level ? eq(awardLookup.level, filter.level) : undefined,
  )!;
}

/** Every query of lookups and favourites; each takes the executor (database or open transaction) to run on. */
export const lookupRepo = {
  async findLive(ex: Executor, kind: LookupKind, id: number): Promise<LookupRow | undefined> {
    const [row] = await ex
      .select()
      .from(awardLookup)
      .where(and(eq(awardLookup.id, id), eq(awardLookup.kind, kind), notDeleted(awardLookup)))
      .limit(1);
    return row;
  },

  /** The live rows of `kind` among `ids` (what a declaration may name as its task sources). */
  liveAmong(ex: Executor, kind: LookupKind, ids: number[]): Promise<Array<Pick<LookupRow, 'id' | 'name' | 'code'>>> {
    if (!ids.length) return Promise.resolve([]);
    return ex
      .select({ id: awardLookup.id, name: awardLookup.name, code: awardLookup.code })
      .from(awardLookup)
      .where(and(eq(awardLookup.kind, kind), inArray(awardLookup.id, ids), notDeleted(awardLookup)));
  },

  /**
   * One page of a list: the caller's favourites first, then the rest, each in the list order. Favourites are
   * few, so the page is cut from two ordered queries rather than one sort over every row: the rest is an
   * index range scan with an anti-join, and a page deep in 100 000 rows never sorts them all.
   */
  async page(ex: Executor, userId: number, kind: LookupKind, filter: LookupFilter, page: PageParameter): Promise<Page<ListedLookup>> {
    const where = matching(kind, filter);
    const favourites = ex.select(listedColumns).from(awardLookup).innerJoin(awardCollection, isCollectedBy(userId)).where(where);
    const [{ n: favouriteCount }] = (await ex.select({ n: count() }).from(awardLookup).innerJoin(awardCollection, isCollectedBy(userId)).where(where)) as [
      { n: number },
    ];
    const offset = (page.pageNum - 1) * page.pageSize;
    const answer = (list: ListedLookup[], total: number) => ({ list, total: Number(total), pageNum: page.pageNum, pageSize: page.pageSize });

    const favouritePart =
      offset < favouriteCount
        ? (await favourites.orderBy(...LIST_ORDER).limit(page.pageSize).offset(offset)).map((row) => ({ ...row, collected: true }))
        : [];
    if (filter.collectedOnly) return answer(favouritePart, favouriteCount);

    const [{ n: total }] = (await ex.select({ n: count() }).from(awardLookup).where(where)) as [{ n: number }];
    const restLimit = page.pageSize - favouritePart.length;
    const restPart =
      restLimit > 0
        ? await ex
            .select(listedColumns)
            .from(awardLookup)
            .where(and(where, not(collectedColumn(ex, userId))))
            .orderBy(...LIST_ORDER)
            .limit(restLimit)
            .offset(Math.max(0, offset - favouriteCount))
        : [];
    return answer([...favouritePart, ...restPart.map((row) => ({ ...row, collected: false }))], total);
  },

  /** The portal's page of a list (/fund, /national): live rows in the list order, matching name, number or agency. */
  async publicPage(ex: Executor, kind: LookupKind, filter: Omit<LookupFilter, 'collectedOnly'>, page: PageParameter): Promise<Page<PublicLookup>> {
    const where = and(
      eq(awardLookup.kind, kind),
      notDeleted(awardLookup),
      filter.keyword ? or(containing(awardLookup.name, filter.keyword), containing(awardLookup.code, filter.keyword), containing(awardLookup.agency, filter.keyword)) : undefined,
      filter.level ? eq(awardLookup.level, filter.level) : undefined,
    );
    const list = await ex
      .select(publicColumns)
      .from(awardLookup)
      .where(where)
      .orderBy(...LIST_ORDER)
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize);
    const [{ n: total }] = (await ex.select({ n: count() }).from(awardLookup).where(where)) as [{ n: number }];
    return { list, total: Number(total), pageNum: page.pageNum, pageSize: page.pageSize };
  },

  async isCollected(ex: Executor, userId: number, kind: LookupKind, id: number): Promise<boolean> {
    const rows = await ex
      .select({ one: sql`1` })
      .from(awardCollection)
      .where(and(eq(awardCollection.userId, userId), eq(awardCollection.kind, kind), eq(awardCollection.refId, id)))
      .limit(1);
    return rows.length > 0;
  },

  /** Keeps or drops a favourite; either is a no-op when it is already so. */
  async setCollected(ex: Executor, userId: number, kind: LookupKind, id: number, collected: boolean): Promise<void> {
    if (collected) await ex.insert(awardCollection).values({ userId, kind, refId: id }).onConflictDoNothing();
    else await ex.delete(awardCollection).where(and(eq(awardCollection.userId, userId), eq(awardCollection.kind, kind), eq(awardCollection.refId, id)));
  },

  async insert(ex: Executor, kind: LookupKind, fields: LookupFields, actor: Actor | null): Promise<LookupRow> {
    const [row] = await ex
      .insert(awardLookup)
      .values({ kind, ...fields, ...createdBy(actor) })
      .returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: LookupFields, actor: Actor, what: string) =>
    updateVersioned(ex, awardLookup, id, lockVersion, fields, actor, what),

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor, what: string) => softDelete(ex, awardLookup, id, lockVersion, actor, what),

  /** The names a kind already has (the seed adds only the missing ones, deleted ones included: the office removed them). */
  async namesOf(ex: Executor, kind: LookupKind): Promise<Set<string>> {
    const rows = await ex.select({ name: awardLookup.name }).from(awardLookup).where(eq(awardLookup.kind, kind));
    return new Set(rows.map((r) => r.name));
  },
};
