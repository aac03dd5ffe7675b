import type { PageParameter } from '@dandelion/shared';
import type { ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { AppError, errors } from '../../../core/errors';
import { beijingTime, MAX_EXPORT_ROWS, workbookOf } from '../../../core/excel';
import { dictRepo, type DictRow, type ItemFilter } from './repo';
import { assertUnlocked, fullCodeOf, logDictChange, presentDict, type DictChange, type DictRecord } from './rules';

export interface ItemInput {
  dictCode: string;
  dictName: string;
  dictSort?: number;
  remark: string | null;
  lockFlag?: boolean;
}

/** Dictionary items (ITEM entries): the values of one category, the table on the right of the page. */
export function createItemService({ db, change }: { db: Db; change: DictChange }) {
  async function categoryOf(ex: Executor, categoryId: number): Promise<DictRow> {
    const category = await dictRepo.findLive(ex, categoryId, '字典分类');
    if (category.dictType !== 'DICT') throw errors.badRequest('字典项只能添加在字典分类之下');
    return category;
  }

  async function findItem(ex: Executor, id: number): Promise<DictRow> {
    const row = await dictRepo.findLive(ex, id, '字典项');
    if (row.dictType !== 'ITEM') throw errors.badRequest('该记录是字典分类，请在左侧分类树中操作');
    return row;
  }

  /** A value's code is unique within its category: said in words before the unique index would. */
  async function checkCode(ex: Executor, category: DictRow, code: string): Promise<string> {
    const fullCode = fullCodeOf(category, code);
    if (await dictRepo.fullCodeTaken(ex, fullCode)) throw errors.conflict(`字典项编码「${code}」在「${category.dictName}」中已存在，请更换后重试`);
    return fullCode;
  }

  async function removeOne(tx: Executor, row: DictRow, lockVersion: number | undefined, ctx: ChangeContext, category: DictRow) {
    assertUnlocked(row, '删除');
    const after = await dictRepo.softDelete(tx, row.id, lockVersion, ctx.actor, '字典项');
    await logDictChange(tx, ctx, {
      action: 'DELETE', entityId: row.id, summary: `删除字典项「${row.dictName}」（${row.dictFullCode}）`,
      before: presentDict(row, category.dictCode), after: presentDict(after, category.dictCode),
    });
  }

  return {
    async page(categoryId: number, filter: ItemFilter, page: PageParameter) {
      const category = await categoryOf(db, categoryId);
      const result = await dictRepo.itemPage(db, categoryId, filter, page);
      return { ...result, list: result.list.map((row) => presentDict(row, category.dictCode)) };
    },

    add: (categoryId: number, input: ItemInput, ctx: ChangeContext): Promise<DictRecord> =>
      change(async (tx) => {
        const category = await categoryOf(tx, categoryId);
        const fullCode = await checkCode(tx, category, input.dictCode);
        const row = await dictRepo.insert(
          tx,
          {
            parentId: category.id, dictCode: input.dictCode, dictFullCode: fullCode, dictName: input.dictName, dictType: 'ITEM', dictLevel: category.dictLevel + 1,
            dictSort: input.dictSort ?? (await dictRepo.nextSort(tx, category.id, 'ITEM')), lockFlag: input.lockFlag ?? false, remark: input.remark, appCode: null,
          },
          ctx.actor,
        );
        const record = presentDict(row, category.dictCode);
        await logDictChange(tx, ctx, { action: 'CREATE', entityId: row.id, summary: `新增字典项「${row.dictName}」（${row.dictFullCode}）`, after: record });
        return record;
      }),

    edit: (id: number, lockVersion: number, input: ItemInput, ctx: ChangeContext): Promise<DictRecord> =>
      change(async (tx) => {
        const before = await findItem(tx, id);
        assertUnlocked(before, '修改');
        const category = await categoryOf(tx, before.parentId!);
        const fullCode = input.dictCode === before.dictCode ? before.dictFullCode : await checkCode(tx, category, input.dictCode);
        const row = await dictRepo.update(
          tx, id, lockVersion,
          { dictCode: input.dictCode, dictFullCode: fullCode, dictName: input.dictName, dictSort: input.dictSort ?? before.dictSort, remark: input.remark },
          ctx.actor, '字典项',
        );
        const record = presentDict(row, category.dictCode);
        await logDictChange(tx, ctx, {
          action: 'UPDATE', entityId: id, summary: `修改字典项「${row.dictName}」（${row.dictFullCode}）`, before: presentDict(before, category.dictCode), after: record,
        });
        return record;
      }),

    remove: (id: number, lockVersion: number | undefined, ctx: ChangeContext): Promise<void> =>
      change(async (tx) => {
        const row = await findItem(tx, id);
        await removeOne(tx, row, lockVersion, ctx, await categoryOf(tx, row.parentId!));
      }),

    /** All or nothing: one missing, locked or non-item entry refuses the whole batch, and nothing is deleted. */
    removeMany(ids: number[], ctx: ChangeContext): Promise<number> {
      const unique = [...new Set(ids)];
      return change(async (tx) => {
        const position = new Map(unique.map((id, i) => [id, i]));
        const rows = (await dictRepo.findLiveMany(tx, unique)).sort((a, b) => position.get(a.id)! - position.get(b.id)!);
        if (rows.length !== unique.length) throw errors.notFound('部分字典项');
        if (rows.some((r) => r.dictType !== 'ITEM')) throw errors.badRequest('批量删除只能删除字典项，字典分类请在左侧分类树中删除');
        const locked = rows.filter((r) => r.lockFlag);
        if (locked.length) {
          const names = locked.slice(0, 5).map((r) => `「${r.dictName}」`).join('');
          const more = locked.length > 5 ? `等 ${locked.length} 项` : '';
          throw new AppError(423, '423', `所选字典项中${names}${more}已锁定，不能删除；请先解锁或取消选择`);
        }
        const categories = new Map<number, DictRow>();
        for (const row of rows) {
          const category = categories.get(row.parentId!) ?? (await categoryOf(tx, row.parentId!));
          categories.set(category.id, category);
          await removeOne(tx, row, undefined, ctx, category);
        }
        return unique.length;
      });
    },

    /** The category's items (as filtered) as a workbook. */
    async exportWorkbook(categoryId: number, filter: ItemFilter): Promise<{ category: DictRow; file: Buffer }> {
      const category = await categoryOf(db, categoryId);
      const rows = await dictRepo.items(db, categoryId, filter, MAX_EXPORT_ROWS);
      const file = await workbookOf(`${category.dictName}`.slice(0, 31), [
        { header: '字典项编码', width: 18, value: (r: DictRow) => r.dictCode },
        { header: '字典项名称', width: 24, value: (r) => r.dictName },
        { header: '完整编码', width: 30, value: (r) => r.dictFullCode },
        { header: '排序', width: 8, value: (r) => r.dictSort },
        { header: '锁定', width: 8, value: (r) => (r.lockFlag ? '是' : '否') },
        { header: '备注', width: 30, value: (r) => r.remark },
        { header: '更新人', width: 12, value: (r) => r.updateBy },
        { header: '更新时间', width: 20, value: (r) => beijingTime(r.updateTime) },
      ], rows);
      return { category, file };
    },
  };
}
export type ItemService = ReturnType<typeof createItemService>;
