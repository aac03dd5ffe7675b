import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PageParameter } from '@dandelion/shared';
import type { DictType } from '@dandelion/shared/base/dict';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { countWhere, paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updatedBy, updateVersioned, type Actor } from '../../../core/records';
import { containing, likePattern } from '../../../core/sql';
import { baseDict } from './tables';

export type DictRow = typeof baseDict.$inferSelect;
export type DictFields = Pick<DictRow, 'parentId' | 'dictCode' | 'dictFullCode' | 'dictName' | 'dictType' | 'dictLevel' | 'dictSort' | 'lockFlag' | 'remark' | 'appCode'>;

export interface ItemFilter {
  keyword?: string;
  dictCode?: string;
  dictName?: string;
  lockFlag?: boolean;
}

const childOf = (parentId: number | null) => (parentId === null ? isNull(baseDict.parentId) : eq(baseDict.parentId, parentId));
const byDisplayOrder = [asc(baseDict.dictSort), asc(baseDict.id)];
/** Live entries whose full code starts with `fullCode|`: compared with left(), not LIKE, as codes contain `_`, a LIKE wildcard. */
const below = (fullCode: string) => sql`left(${baseDict.dictFullCode}, ${fullCode.length + 1}) = ${`${fullCode}|`}`;

function itemCondition(categoryId: number, filter: ItemFilter): SQL {
  const keyword = filter.keyword ? likePattern(filter.keyword) : null;
  return and(
    eq(baseDict.parentId, categoryId),
    eq(baseDict.dictType, 'ITEM'),
    notDeleted(baseDict),
    keyword ? or(ilike(baseDict.dictCode, keyword), ilike(baseDict.dictName, keyword)) : undefined,
    filter.dictCode ? containing(baseDict.dictCode, filter.dictCode) : undefined,
    filter.dictName ? containing(baseDict.dictName, filter.dictName) : undefined,
    filter.lockFlag === undefined ? undefined : eq(baseDict.lockFlag, filter.lockFlag),
  )!;
}

/** Every query of dictionary entries; each takes the executor (database or open transaction) to run on. */
export const dictRepo = {
  /** A live entry; 404 naming `what` when there is none. */
  async findLive(ex: Executor, id: number, what = '字典'): Promise<DictRow> {
    const [row] = await ex.select().from(baseDict).where(and(eq(baseDict.id, id), notDeleted(baseDict))).limit(1);
    if (!row) throw errors.notFound(what);
    return row;
  },

  async findLiveMany(ex: Executor, ids: number[]): Promise<DictRow[]> {
    if (!ids.length) return [];
    return ex.select().from(baseDict).where(and(inArray(baseDict.id, ids), notDeleted(baseDict)));
  },

  /** The type of the first of `ids` that exists (deleted or not). */
  async typeOfAny(ex: Executor, ids: number[]): Promise<DictType | undefined> {
    const [first] = await ex.select({ type: baseDict.dictType }).from(baseDict).where(inArray(baseDict.id, ids)).limit(1);
    return first?.type;
  },

  /** Live children of `parentId` (null: the top level), optionally of one type, in display order. */
  childrenOf(ex: Executor, parentId: number | null, type?: DictType): Promise<DictRow[]> {
    return ex
      .select()
      .from(baseDict)
      .where(and(childOf(parentId), notDeleted(baseDict), type ? eq(baseDict.dictType, type) : undefined))
      .orderBy(...byDisplayOrder);
  },

  /** How many live children of each type an entry has. */
  async childCounts(ex: Executor, id: number): Promise<{ categories: number; items: number }> {
    const rows = await ex
      .select({ type: baseDict.dictType, n: count() })
      .from(baseDict)
      .where(and(eq(baseDict.parentId, id), notDeleted(baseDict)))
      .groupBy(baseDict.dictType);
    const of = (t: DictType) => Number(rows.find((r) => r.type === t)?.n ?? 0);
    return { categories: of('DICT'), items: of('ITEM') };
  },

  /** The next sort number among the children of `parentId`: new entries go last. */
  async nextSort(ex: Executor, parentId: number | null, type: DictType): Promise<number> {
    const [row] = await ex
      .select({ max: sql<number | null>`max(${baseDict.dictSort})` })
      .from(baseDict)
      .where(and(childOf(parentId), eq(baseDict.dictType, type), notDeleted(baseDict)));
    return Number(row?.max ?? 0) + 1;
  },

  /** Whether another live category already uses `code` (category codes are what callers ask for). */
  async categoryCodeTaken(ex: Executor, code: string, exceptId?: number): Promise<boolean> {
    const rows = await ex
      .select({ id: baseDict.id })
      .from(baseDict)
      .where(and(eq(baseDict.dictType, 'DICT'), eq(baseDict.dictCode, code), notDeleted(baseDict), exceptId ? sql`${baseDict.id} <> ${exceptId}` : undefined))
      .limit(1);
    return rows.length > 0;
  },

  /** Whether a live entry has this full code. */
  async fullCodeTaken(ex: Executor, fullCode: string): Promise<boolean> {
    const rows = await ex.select({ id: baseDict.id }).from(baseDict).where(and(eq(baseDict.dictFullCode, fullCode), notDeleted(baseDict))).limit(1);
    return rows.length > 0;
  },

  /** The deepest level among the live sub-categories of a category (its own when it has none). */
  async deepestCategoryLevel(ex: Executor, row: Pick<DictRow, 'dictFullCode' | 'dictLevel'>): Promise<number> {
    const [r] = await ex
      .select({ deepest: sql<number | null>`max(${baseDict.dictLevel})` })
      .from(baseDict)
      .where(and(eq(baseDict.dictType, 'DICT'), below(row.dictFullCode), notDeleted(baseDict)));
    return Number(r?.deepest ?? row.dictLevel);
  },

  /** Every live category (for the tree), in display order. */
  allCategories(ex: Executor): Promise<DictRow[]> {
    return ex.select().from(baseDict).where(and(eq(baseDict.dictType, 'DICT'), notDeleted(baseDict))).orderBy(asc(baseDict.dictLevel), ...byDisplayOrder);
  },

  /** Live item counts per category id. */
  async itemCountsByCategory(ex: Executor): Promise<Map<number, number>> {
    const rows = await ex
      .select({ parentId: baseDict.parentId, n: count() })
      .from(baseDict)
      .where(and(eq(baseDict.dictType, 'ITEM'), notDeleted(baseDict)))
      .groupBy(baseDict.parentId);
    return new Map(rows.filter((r) => r.parentId !== null).map((r) => [r.parentId!, Number(r.n)]));
  },

  /** Every live entry (categories and items), parents before children. */
  allEntries(ex: Executor): Promise<DictRow[]> {
    return ex.select().from(baseDict).where(notDeleted(baseDict)).orderBy(asc(baseDict.dictLevel), ...byDisplayOrder);
  },

  /** The items of every category with the category's code: what the dictionary cache holds. */
  /** Every live item with its category's code; or the items of one category. */
  itemsWithCategory(ex: Executor, categoryCode?: string) {
    const parent = alias(baseDict, 'parent');
    return ex
      .select({ category: parent.dictCode, dictId: baseDict.id, dictCode: baseDict.dictCode, dictName: baseDict.dictName, dictSort: baseDict.dictSort })
      .from(baseDict)
      .innerJoin(parent, eq(baseDict.parentId, parent.id))
      .where(and(eq(parent.dictType, 'DICT'), notDeleted(parent), notDeleted(baseDict), eq(baseDict.dictType, 'ITEM'), categoryCode ? eq(parent.dictCode, categoryCode) : undefined))
      .orderBy(...byDisplayOrder);
  },

  itemPage(ex: Executor, categoryId: number, filter: ItemFilter, page: PageParameter) {
    const where = itemCondition(categoryId, filter);
    return paginate(
      page,
      (limit, offset) => ex.select().from(baseDict).where(where).orderBy(...byDisplayOrder).limit(limit).offset(offset),
      () => countWhere(ex, baseDict, where),
    );
  },

  /** The items of a category as filtered, in display order, at most `limit`. */
  items(ex: Executor, categoryId: number, filter: ItemFilter, limit: number): Promise<DictRow[]> {
    return ex.select().from(baseDict).where(itemCondition(categoryId, filter)).orderBy(...byDisplayOrder).limit(limit);
  },

  async insert(ex: Executor, fields: DictFields, actor: Actor): Promise<DictRow> {
    const [row] = await ex.insert(baseDict).values({ ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: Partial<DictFields>, actor: Actor, what: string) =>
    updateVersioned(ex, baseDict, id, lockVersion, fields, actor, what),

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor, what: string) => softDelete(ex, baseDict, id, lockVersion, actor, what),

  /** Writes a sort number as a change of the entry (new version, who and when). */
  async setSort(ex: Executor, id: number, dictSort: number, actor: Actor): Promise<void> {
    await ex.update(baseDict).set({ dictSort, ...updatedBy(actor, baseDict) }).where(eq(baseDict.id, id));
  },

  /**
   * Rewrites the full code prefix of every live descendant of an entry whose own full code changed
   * from `from` to `to` (a renamed or moved category), and shifts their levels by `levelDelta`.
   */
  async rewriteDescendants(ex: Executor, from: string, to: string, levelDelta: number, appCode: string | null | undefined): Promise<void> {
    await ex
      .update(baseDict)
      .set({
        dictFullCode: sql`${to} || substr(${baseDict.dictFullCode}, ${from.length + 1})`,
        dictLevel: sql`${baseDict.dictLevel} + ${levelDelta}`,
        ...(appCode === undefined ? {} : { appCode: sql`case when ${baseDict.dictType} = 'DICT' then ${appCode}::varchar else ${baseDict.appCode} end` }),
      })
      .where(and(below(from), notDeleted(baseDict)));
  },
};
