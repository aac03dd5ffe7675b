import { MAX_CATEGORY_LEVEL, type CategoryNode } from '@dandelion/shared/base/dict';
import type { ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { dictRepo, type DictRow } from './repo';
import { assertUnlocked, fullCodeOf, kindOf, lockedError, logDictChange, parentCodeOf, presentDict, type DictChange, type DictRecord } from './rules';

export interface CategoryInput {
  parentId: number | null;
  dictCode: string;
  dictName: string;
  dictSort?: number;
  remark: string | null;
  /** The application the category belongs to; null: shared by every app. Sub-categories take their top category's. */
  appCode: string | null;
}

/** Which categories the tree shows: all (undefined), the shared ones (null), or one app's. */
export type AppFilter = string | null | undefined;

export interface CategoryDeps {
  db: Db;
  /** Refuses an app code no application has (400). */
  assertAppCode: (appCode: string) => Promise<void>;
  change: DictChange;
}

/** Dictionary categories (DICT entries): the tree on the left of the dictionary page, and the locks and order of every entry. */
export function createCategoryService({ db, assertAppCode, change }: CategoryDeps) {
  async function findCategory(ex: Executor, id: number): Promise<DictRow> {
    const row = await dictRepo.findLive(ex, id, '字典分类');
    if (row.dictType !== 'DICT') throw errors.badRequest('该记录是字典项，不是字典分类');
    return row;
  }

  /** The parent a category goes under, checked: a live category, not too deep, not itself or below itself. */
  async function parentFor(ex: Executor, parentId: number | null, self?: DictRow): Promise<DictRow | null> {
    if (parentId === null) return null;
    const parent = await dictRepo.findLive(ex, parentId, '上级分类');
    if (parent.dictType !== 'DICT') throw errors.badRequest('上级只能是字典分类');
    if (self && (parent.id === self.id || parent.dictFullCode.startsWith(`${self.dictFullCode}|`))) throw errors.badRequest('不能把字典分类移到它自己或它的下级分类之下');
    if (parent.dictLevel >= MAX_CATEGORY_LEVEL) throw errors.badRequest(`字典分类最多 ${MAX_CATEGORY_LEVEL} 级`);
    return parent;
  }

  async function checkCode(ex: Executor, code: string, exceptId?: number) {
    if (await dictRepo.categoryCodeTaken(ex, code, exceptId)) throw errors.conflict(`字典分类编码「${code}」已存在，请更换后重试`);
  }

  /** A sub-category belongs to its top category's application; only a top category chooses one. */
  const appFor = (parent: DictRow | null, appCode: string | null): string | null => (parent ? parent.appCode : appCode);

  return {
    async detail(id: number): Promise<DictRecord> {
      const row = await dictRepo.findLive(db, id);
      return presentDict(row, await parentCodeOf(db, row));
    },

    /**
     * The category tree, each node with its item count. `keyword` keeps the matching categories
     * (name or code) and their ancestors; `app` narrows to the shared ones or one app's.
     */
    async tree(options: { keyword?: string; appCode?: AppFilter }): Promise<CategoryNode[]> {
      const [rows, counts] = await Promise.all([dictRepo.allCategories(db), dictRepo.itemCountsByCategory(db)]);
      const codeById = new Map(rows.map((r) => [r.id, r.dictCode]));
      const nodes = new Map<number, CategoryNode>(
        rows.map((r) => [r.id, { ...presentDict(r, r.parentId ? (codeById.get(r.parentId) ?? null) : null), itemCount: counts.get(r.id) ?? 0, childrens: [] }]),
      );
      const keyword = options.keyword?.toLowerCase();
      const filtering = !!keyword || options.appCode !== undefined;
      const matches = (r: DictRow) =>
        (options.appCode === undefined || r.appCode === options.appCode) &&
        (!keyword || r.dictName.toLowerCase().includes(keyword) || r.dictCode.toLowerCase().includes(keyword));
      // A match keeps its whole subtree and its ancestors, so the answer still reads as a tree.
      // Rows come parents first (by level), so one pass finds every descendant of a match.
      const keep = new Set<number>();
      if (filtering) {
        const byId = new Map(rows.map((r) => [r.id, r]));
        const matched = new Set<number>();
        for (const r of rows) if (matches(r) || (r.parentId !== null && matched.has(r.parentId))) matched.add(r.id);
        for (const id of matched) {
          for (let at = byId.get(id); at && !keep.has(at.id); at = at.parentId === null ? undefined : byId.get(at.parentId)) keep.add(at.id);
        }
      }
      const roots: CategoryNode[] = [];
      for (const r of rows) {
        if (filtering && !keep.has(r.id)) continue;
        const node = nodes.get(r.id)!;
        const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
        (parent ? parent.childrens : roots).push(node);
      }
      return roots;
    },

    async add(input: CategoryInput, ctx: ChangeContext): Promise<DictRecord> {
      // Checked before the transaction: the app list is read through the app module, outside it.
      if (input.appCode) await assertAppCode(input.appCode);
      return change(async (tx) => {
        const parent = await parentFor(tx, input.parentId);
        await checkCode(tx, input.dictCode);
        const row = await dictRepo.insert(
          tx,
          {
            parentId: parent?.id ?? null, dictCode: input.dictCode, dictFullCode: fullCodeOf(parent, input.dictCode), dictName: input.dictName, dictType: 'DICT',
            dictLevel: (parent?.dictLevel ?? 0) + 1, dictSort: input.dictSort ?? (await dictRepo.nextSort(tx, parent?.id ?? null, 'DICT')), lockFlag: false,
            remark: input.remark, appCode: appFor(parent, input.appCode),
          },
          ctx.actor,
        );
        const record = presentDict(row, parent?.dictCode ?? null);
        await logDictChange(tx, ctx, { action: 'CREATE', entityId: row.id, summary: `新增字典分类「${row.dictName}」（${row.dictFullCode}）`, after: record });
        return record;
      });
    },

    /** Edits a category; a new parent moves its whole subtree (full codes and levels follow). */
    async edit(id: number, lockVersion: number, input: CategoryInput, ctx: ChangeContext): Promise<DictRecord> {
      if (input.appCode) await assertAppCode(input.appCode);
      return change(async (tx) => {
        const before = await findCategory(tx, id);
        assertUnlocked(before, before.parentId !== input.parentId ? '移动' : '修改');
        const parent = await parentFor(tx, input.parentId, before);
        const height = async () => (await dictRepo.deepestCategoryLevel(tx, before)) - before.dictLevel;
        if (parent && parent.dictLevel + 1 + (await height()) > MAX_CATEGORY_LEVEL) throw errors.badRequest(`字典分类最多 ${MAX_CATEGORY_LEVEL} 级，移动后会超出`);
        if (input.dictCode !== before.dictCode) await checkCode(tx, input.dictCode, id);
        const appCode = appFor(parent, input.appCode);
        const fullCode = fullCodeOf(parent, input.dictCode);
        const level = (parent?.dictLevel ?? 0) + 1;
        const moved = (parent?.id ?? null) !== before.parentId;
        const row = await dictRepo.update(
          tx, id, lockVersion,
          {
            parentId: parent?.id ?? null, dictCode: input.dictCode, dictFullCode: fullCode, dictName: input.dictName, dictLevel: level, remark: input.remark, appCode,
            // Moved under another parent: last there, unless a sort number was given.
            dictSort: input.dictSort ?? (moved ? await dictRepo.nextSort(tx, parent?.id ?? null, 'DICT') : before.dictSort),
          },
          ctx.actor, '字典分类',
        );
        if (fullCode !== before.dictFullCode || level !== before.dictLevel || appCode !== before.appCode) {
          await dictRepo.rewriteDescendants(tx, before.dictFullCode, fullCode, level - before.dictLevel, appCode);
        }
        const record = presentDict(row, parent?.dictCode ?? null);
        await logDictChange(tx, ctx, {
          action: moved ? 'MOVE' : 'UPDATE', entityId: id, summary: `${moved ? '移动' : '修改'}字典分类「${row.dictName}」（${row.dictFullCode}）`,
          before: presentDict(before, await parentCodeOf(tx, before)), after: record,
        });
        return record;
      });
    },

    /** Deletes an empty, unlocked category; one that still has sub-categories or items is refused with the reason. */
    async remove(id: number, lockVersion: number | undefined, ctx: ChangeContext): Promise<void> {
      await change(async (tx) => {
        const before = await findCategory(tx, id);
        assertUnlocked(before, '删除');
        const { categories, items } = await dictRepo.childCounts(tx, id);
        if (categories) throw errors.conflict(`字典分类「${before.dictName}」下还有 ${categories} 个下级分类，请先删除下级分类`);
        if (items) throw errors.conflict(`字典分类「${before.dictName}」下还有 ${items} 个字典项，请先删除字典项`);
        const after = await dictRepo.softDelete(tx, id, lockVersion, ctx.actor, '字典分类');
        await logDictChange(tx, ctx, { action: 'DELETE', entityId: id, summary: `删除字典分类「${before.dictName}」（${before.dictFullCode}）`, before: presentDict(before), after: presentDict(after) });
      });
    },

    /**
     * Puts the children of `parentId` of one type (categories or items) in the given order: dictSort
     * becomes 1, 2, 3… The list must hold exactly those children. Locked entries cannot move: the
     * order among them must stay as it was (unlocked ones may be placed anywhere between them).
     */
    async sort(parentId: number | null, orderedIds: number[], ctx: ChangeContext): Promise<void> {
      if (new Set(orderedIds).size !== orderedIds.length) throw errors.badRequest('排序列表中有重复的字典');
      await change(async (tx) => {
        const type = (await dictRepo.typeOfAny(tx, orderedIds)) ?? 'DICT';
        if (parentId !== null) await dictRepo.findLive(tx, parentId, '上级分类');
        const siblings = await dictRepo.childrenOf(tx, parentId, type);
        const known = new Set(siblings.map((s) => s.id));
        if (orderedIds.length !== known.size || orderedIds.some((oid) => !known.has(oid))) throw errors.badRequest('排序列表必须恰好包含同一上级下的全部同类字典');
        const lockedBefore = siblings.filter((s) => s.lockFlag).map((s) => s.id);
        const lockedIds = new Set(lockedBefore);
        const lockedAfter = orderedIds.filter((oid) => lockedIds.has(oid));
        const movedLocked = lockedAfter.findIndex((oid, i) => oid !== lockedBefore[i]);
        if (movedLocked >= 0) throw lockedError(siblings.find((s) => s.id === lockedAfter[movedLocked])!, '移动');
        const sortOf = new Map(siblings.map((s) => [s.id, s.dictSort]));
        for (const [index, oid] of orderedIds.entries()) {
          if (sortOf.get(oid) !== index + 1) await dictRepo.setSort(tx, oid, index + 1, ctx.actor);
        }
        const what = type === 'DICT' ? '字典分类' : '字典项';
        const parent = parentId ? await dictRepo.findLive(tx, parentId) : null;
        await logDictChange(tx, ctx, {
          action: 'SORT', entityId: parentId, summary: parent ? `调整「${parent.dictName}」下${what}的顺序` : `调整顶级${what}的顺序`,
          before: siblings.map((s) => s.dictCode), after: orderedIds.map((oid) => siblings.find((s) => s.id === oid)!.dictCode),
        });
      });
    },

    /** Locks or unlocks one entry (category or item); the lock version guards it like any change. */
    async setLock(id: number, lockVersion: number, lockFlag: boolean, ctx: ChangeContext): Promise<DictRecord> {
      return change(async (tx) => {
        const before = await dictRepo.findLive(tx, id);
        const row = await dictRepo.update(tx, id, lockVersion, { lockFlag }, ctx.actor, kindOf(before));
        const parentCode = await parentCodeOf(tx, row);
        const record = presentDict(row, parentCode);
        await logDictChange(tx, ctx, {
          action: lockFlag ? 'LOCK' : 'UNLOCK', entityId: id, summary: `${lockFlag ? '锁定' : '解锁'}${kindOf(row)}「${row.dictName}」（${row.dictFullCode}）`,
          before: presentDict(before, parentCode), after: record,
        });
        return record;
      });
    },
  };
}
export type CategoryService = ReturnType<typeof createCategoryService>;
