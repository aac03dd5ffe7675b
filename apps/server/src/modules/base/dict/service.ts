import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { EventBus } from '../../../core/bus';
import type { Db } from '../../../core/db';
import { baseDict } from './schema';

/** A dictionary value as selects show it (spec §3: label/value beside the stored fields). */
export interface DictOption {
  dictId: number;
  dictCode: string;
  dictName: string;
  label: string;
  value: string;
  dictSort: number;
}

/** Dictionary reads; editing, the tree and cache invalidation belong to the dictionary administration. */
export function createDictService({ db }: { db: Db; bus?: EventBus }) {
  return {
    /** The items of each requested category, sorted; an unknown category answers an empty list. */
    async itemsByCategory(categories: readonly string[]): Promise<Record<string, DictOption[]>> {
      const result: Record<string, DictOption[]> = Object.fromEntries(categories.map((c) => [c, [] as DictOption[]]));
      if (categories.length === 0) return result;
      const parent = alias(baseDict, 'parent');
      const rows = await db
        .select({ category: parent.dictCode, dictId: baseDict.id, dictCode: baseDict.dictCode, dictName: baseDict.dictName, dictSort: baseDict.dictSort })
        .from(baseDict)
        .innerJoin(parent, eq(baseDict.parentId, parent.id))
        .where(and(inArray(parent.dictCode, [...categories]), eq(parent.dictType, 'DICT'), eq(parent.delFlag, 0), eq(baseDict.delFlag, 0), eq(baseDict.dictType, 'ITEM')))
        .orderBy(asc(baseDict.dictSort), asc(baseDict.id));
      for (const { category, ...item } of rows) result[category]?.push({ ...item, label: item.dictName, value: item.dictCode });
      return result;
    },
  };
}
export type DictService = ReturnType<typeof createDictService>;
