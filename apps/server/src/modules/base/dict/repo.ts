import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { notDeleted } from '../../../core/records';
import { baseDict } from './schema';
import { likePattern } from '../../../core/sql';

export type DictRow = typeof baseDict.$inferSelect;
export type DictType = 'DICT' | 'ITEM';

/** `text` as an ILIKE pattern that matches it literally anywhere (codes contain `_`, a LIKE wildcard). */

export async function findLive(ex: Executor, id: number, what = '字典'): Promise<DictRow> {
  const [row] = await ex.select().from(baseDict).where(and(eq(baseDict.id, id), notDeleted(baseDict))).limit(1);
  if (!row) throw errors.notFound(what);
  return row;
}

export async function findLiveMany(ex: Executor, ids: number[]): Promise<DictRow[]> {
  if (!ids.length) return [];
  return ex.select().from(baseDict).where(and(inArray(baseDict.id, ids), notDeleted(baseDict)));
}

/** Live children of `parentId` (null: the top level), optionally of one type, in display order. */
export async function childrenOf(ex: Executor, parentId: number | null, type?: DictType): Promise<DictRow[]> {
  return ex
    .select()
    .from(baseDict)
    .where(and(parentId === null ? isNull(baseDict.parentId) : eq(baseDict.parentId, parentId), notDeleted(baseDict), type ? eq(baseDict.dictType, type) : undefined))
    .orderBy(asc(baseDict.dictSort), asc(baseDict.id));
}

/** How many live children of each type an entry has. */
export async function childCounts(ex: Executor, id: number): Promise<{ categories: number; items: number }> {
  const rows = await ex
    .select({ type: baseDict.dictType, n: count() })
    .from(baseDict)
    .where(and(eq(baseDict.parentId, id), notDeleted(baseDict)))
    .groupBy(baseDict.dictType);
  const of = (t: DictType) => Number(rows.find((r) => r.type === t)?.n ?? 0);
  return { categories: of('DICT'), items: of('ITEM') };
}

/** The next sort number among the children of `parentId`: new entries go last. */
export async function nextSort(ex: Executor, parentId: number | null, type: DictType): Promise<number> {
  const [row] = await ex
    .select({ max: sql<number | null>`max(${baseDict.dictSort})` })
    .from(baseDict)
    .where(and(parentId === null ? isNull(baseDict.parentId) : eq(baseDict.parentId, parentId), eq(baseDict.dictType, type), notDeleted(baseDict)));
  return Number(row?.max ?? 0) + 1;
}

/** Whether another live category already uses `code` (category codes are what callers ask for). */
export async function categoryCodeTaken(ex: Executor, code: string, exceptId?: number): Promise<boolean> {
  const rows = await ex
    .select({ id: baseDict.id })
    .from(baseDict)
    .where(and(eq(baseDict.dictType, 'DICT'), eq(baseDict.dictCode, code), notDeleted(baseDict), exceptId ? sql`${baseDict.id} <> ${exceptId}` : undefined))
    .limit(1);
  return rows.length > 0;
}

/** Every live category (for the tree), in display order. */
export async function allCategories(ex: Executor): Promise<DictRow[]> {
  return ex.select().from(baseDict).where(and(eq(baseDict.dictType, 'DICT'), notDeleted(baseDict))).orderBy(asc(baseDict.dictLevel), asc(baseDict.dictSort), asc(baseDict.id));
}

/** Live item counts per category id. */
export async function itemCountsByCategory(ex: Executor): Promise<Map<number, number>> {
  const rows = await ex
    .select({ parentId: baseDict.parentId, n: count() })
    .from(baseDict)
    .where(and(eq(baseDict.dictType, 'ITEM'), notDeleted(baseDict)))
    .groupBy(baseDict.parentId);
  return new Map(rows.filter((r) => r.parentId !== null).map((r) => [r.parentId!, Number(r.n)]));
}

/** Every live entry (categories and items), parents before children. */
export async function allEntries(ex: Executor): Promise<DictRow[]> {
  return ex.select().from(baseDict).where(notDeleted(baseDict)).orderBy(asc(baseDict.dictLevel), asc(baseDict.dictSort), asc(baseDict.id));
}

/** The items of every category with the category's code: what the dictionary cache holds. */
export async function itemsWithCategory(ex: Executor) {
  const parent = alias(baseDict, 'parent');
  return ex
    .select({ category: parent.dictCode, dictId: baseDict.id, dictCode: baseDict.dictCode, dictName: baseDict.dictName, dictSort: baseDict.dictSort })
    .from(baseDict)
    .innerJoin(parent, eq(baseDict.parentId, parent.id))
    .where(and(eq(parent.dictType, 'DICT'), notDeleted(parent), notDeleted(baseDict), eq(baseDict.dictType, 'ITEM')))
    .orderBy(asc(baseDict.dictSort), asc(baseDict.id));
}

export interface ItemFilter {
  keyword?: string;
  dictCode?: string;
  dictName?: string;
  lockFlag?: boolean;
}

export function itemCondition(categoryId: number, filter: ItemFilter): SQL {
  const keyword = filter.keyword ? likePattern(filter.keyword) : null;
  return and(
    eq(baseDict.parentId, categoryId),
    eq(baseDict.dictType, 'ITEM'),
    notDeleted(baseDict),
    keyword ? or(ilike(baseDict.dictCode, keyword), ilike(baseDict.dictName, keyword)) : undefined,
    filter.dictCode ? ilike(baseDict.dictCode, likePattern(filter.dictCode)) : undefined,
    filter.dictName ? ilike(baseDict.dictName, likePattern(filter.dictName)) : undefined,
    filter.lockFlag === undefined ? undefined : eq(baseDict.lockFlag, filter.lockFlag),
  )!;
}

/**
 * Rewrites the full code prefix of every live descendant of an entry whose own full code changed
 * from `from` to `to` (a renamed or moved category), and shifts their levels by `levelDelta`.
 * The prefix is compared with left(), not LIKE: codes contain `_`, a LIKE wildcard.
 */
export async function rewriteDescendants(ex: Executor, from: string, to: string, levelDelta: number, appCode: string | null | undefined) {
  const prefix = `${from}|`;
  await ex
    .update(baseDict)
    .set({
      dictFullCode: sql`${to} || substr(${baseDict.dictFullCode}, ${from.length + 1})`,
      dictLevel: sql`${baseDict.dictLevel} + ${levelDelta}`,
      ...(appCode === undefined ? {} : { appCode: sql`case when ${baseDict.dictType} = 'DICT' then ${appCode}::varchar else ${baseDict.appCode} end` }),
    })
    .where(and(sql`left(${baseDict.dictFullCode}, ${prefix.length}) = ${prefix}`, notDeleted(baseDict)));
}
