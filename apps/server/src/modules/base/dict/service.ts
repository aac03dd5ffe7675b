import type { DictOption, DictTreeNode } from '@dandelion/shared/base/dict';
import type { EventBus } from '../../../core/bus';
import { createMemoryBus } from '../../../core/bus';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { createDictCache, type DictSnapshot } from './cache';
import { createCategoryService, type AppFilter } from './categories';
import { createItemService } from './items';
import { dictRepo, type DictRow } from './repo';
import { presentDict, type DictChange } from './rules';

/** An application as the dictionary page needs it (read through the app module's service). */
export interface AppRef {
  appCode: string;
  appName: string;
  status: string;
}

/** A category as the init call and the app filter list it. */
export interface CategoryRef {
  dictId: number;
  dictCode: string;
  dictName: string;
}

async function loadSnapshot(db: Db): Promise<DictSnapshot> {
  const snapshot = new Map<string, DictOption[]>();
  for (const { category, ...item } of await dictRepo.itemsWithCategory(db)) {
    const list = snapshot.get(category) ?? [];
    list.push({ ...item, label: item.dictName, value: item.dictCode });
    snapshot.set(category, list);
  }
  return snapshot;
}

export interface DictServiceDeps {
  db: Db;
  bus?: EventBus;
  /** Every application; the app module answers it. */
  apps?: () => Promise<AppRef[]>;
}

/**
 * Dictionaries (spec §3 Dictionary item, §7): the reads every form's selects use, served from a
 * cache every instance drops on any change, and the administration of categories and items.
 */
export function createDictService({ db, bus = createMemoryBus(), apps = async () => [] }: DictServiceDeps) {
  const cache = createDictCache(bus, () => loadSnapshot(db));
  const change: DictChange = async (work) => {
    const result = await withTransaction(db, work);
    await cache.invalidate();
    return result;
  };
  const assertAppCode = async (appCode: string) => {
    if (!(await apps()).some((a) => a.appCode === appCode)) throw errors.badRequest(`应用「${appCode}」不存在`);
  };

  async function categoriesByApp(): Promise<Map<string, CategoryRef[]>> {
    const byApp = new Map<string, CategoryRef[]>();
    for (const row of await dictRepo.allCategories(db)) {
      if (!row.appCode) continue;
      const list = byApp.get(row.appCode) ?? [];
      list.push({ dictId: row.id, dictCode: row.dictCode, dictName: row.dictName });
      byApp.set(row.appCode, list);
    }
    return byApp;
  }

  return {
    /** The items of each requested category, sorted; an unknown category answers an empty list. */
    async itemsByCategory(categories: readonly string[]): Promise<Record<string, DictOption[]>> {
      const snapshot = await cache.snapshot();
      return Object.fromEntries(categories.map((c) => [c, [...(snapshot.get(c) ?? [])]]));
    },

    /**
     * One category's items read through `ex`, not the cache: for a rule checked inside the caller's
     * transaction (on PGlite, a read on another connection would wait for that transaction for ever).
     */
    async itemsWithin(ex: Executor, category: string): Promise<DictOption[]> {
      return (await dictRepo.itemsWithCategory(ex, category)).map(({ category: _category, ...item }) => ({ ...item, label: item.dictName, value: item.dictCode }));
    },

    /** Drops the cached dictionaries on every instance; the next read loads them afresh. */
    async refresh(): Promise<{ categories: number; items: number }> {
      await cache.invalidate();
      const snapshot = await cache.snapshot();
      return { categories: snapshot.size, items: [...snapshot.values()].reduce((n, list) => n + list.length, 0) };
    },

    /** Every application with the categories that belong to it (the page's app filter). */
    async appsWithCategories() {
      const [list, byApp] = await Promise.all([apps(), categoriesByApp()]);
      return list.map((a) => ({ appCode: a.appCode, appName: a.appName, status: a.status, dicts: byApp.get(a.appCode) ?? [] }));
    },

    /** The init call's appDicts: per app code, the categories that belong to that app. */
    async appDicts(): Promise<Record<string, Array<Pick<CategoryRef, 'dictCode' | 'dictName'>>>> {
      const [list, byApp] = await Promise.all([apps(), categoriesByApp()]);
      return Object.fromEntries(list.map((a) => [a.appCode, (byApp.get(a.appCode) ?? []).map(({ dictCode, dictName }) => ({ dictCode, dictName }))]));
    },

    /**
     * Categories with their sub-categories and items nested under `childrens` (sub-categories
     * first), with label/value: the whole vocabulary, or one category's subtree by its code.
     */
    async treeList(options: { dictCode?: string; appCode?: AppFilter }): Promise<DictTreeNode[]> {
      const rows = await dictRepo.allEntries(db);
      const byId = new Map<number, DictRow>(rows.map((r) => [r.id, r]));
      const nodes = new Map<number, DictTreeNode>(rows.map((r) => [r.id, { ...presentDict(r, r.parentId ? (byId.get(r.parentId)?.dictCode ?? null) : null), childrens: [] }]));
      const roots: DictTreeNode[] = [];
      const ordered = [...rows.filter((r) => r.dictType === 'DICT'), ...rows.filter((r) => r.dictType === 'ITEM')];
      for (const r of ordered) {
        const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
        (parent ? parent.childrens : roots).push(nodes.get(r.id)!);
      }
      if (options.dictCode) {
        const category = rows.find((r) => r.dictType === 'DICT' && r.dictCode === options.dictCode);
        if (!category) throw errors.notFound(`字典分类「${options.dictCode}」`);
        return [nodes.get(category.id)!];
      }
      return options.appCode === undefined ? roots : roots.filter((n) => n.appCode === options.appCode);
    },

    categories: createCategoryService({ db, assertAppCode, change }),
    items: createItemService({ db, change }),
  };
}
export type Dictionaries = ReturnType<typeof createDictService>;

/** What other modules may ask of the dictionaries: a category's values (org and role forms), and each app's categories (the init call). */
export type DictService = Pick<Dictionaries, 'itemsByCategory' | 'itemsWithin' | 'appDicts'>;
