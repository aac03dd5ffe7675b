import type { PageParameter } from '@dandelion/shared';
import { CONSOLE_LAYOUTS } from '@dandelion/shared/system/theme';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { themeDirectory } from '../theme/module';
import { layoutRepo, type LayoutFields, type LayoutFilter, type LayoutRow } from './repo';

const MODULE = 'system:layout';

export interface AvailableLayout {
  layoutId: number | null;
  layoutName: string;
  layoutUiName: string;
  thumbnail: string | null;
}

const present = ({ id, ...rest }: LayoutRow) => ({ layoutId: id, ...rest });

/** Console layouts (spec §7 /rest/layout/*). Rows describe layouts; only CONSOLE_LAYOUTS can be drawn. */
export function createLayoutService({ db }: { db: Db }) {
  async function findLive(ex: Executor, id: number): Promise<LayoutRow> {
    const row = await layoutRepo.findLive(ex, id);
    if (!row) throw errors.notFound('布局');
    return row;
  }

  /** Shared themes and personal overrides both count: changing or deleting their layout would break them. */
  async function refuseIfUsed(ex: Executor, layoutUiName: string, message: string) {
    if (await themeDirectory.usesLayout(ex, layoutUiName)) throw errors.conflict(message);
  }

  const log = (ex: Executor, change: ChangeContext, action: string, entityId: number, summary: string, before: unknown, after: unknown) =>
    recordOperation(ex, { module: MODULE, action, entityId, summary, before, after, ...change });

  return {
    async page(filter: LayoutFilter, page: PageParameter) {
      const result = await layoutRepo.page(db, filter, page);
      return { ...result, list: result.list.map(present) };
    },

    detail: async (id: number) => present(await findLive(db, id)),

    /**
     * The layouts a theme may choose: every layout the console can draw. An enabled row for one of
     * them lends its name and thumbnail; rows naming layouts the console cannot draw are left out.
     */
    async available(): Promise<AvailableLayout[]> {
      const rows = await layoutRepo.enabled(db);
      return CONSOLE_LAYOUTS.map((l) => {
        const row = rows.find((r) => r.layoutUiName === l.value);
        return { layoutId: row?.id ?? null, layoutName: row?.layoutName ?? l.label, layoutUiName: l.value, thumbnail: row?.thumbnail ?? null };
      });
    },

    add: (input: LayoutFields, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const row = await layoutRepo.insert(tx, input, change.actor);
        await log(tx, change, 'CREATE', row.id, `新增布局：${row.layoutName}`, null, row);
        return present(row);
      }),

    update: (id: number, lockVersion: number, input: LayoutFields, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        if (before.layoutUiName !== input.layoutUiName) await refuseIfUsed(tx, before.layoutUiName, '该布局正在被主题使用，不能修改布局标识');
        const after = await layoutRepo.update(tx, id, lockVersion, input, change.actor);
        await log(tx, change, 'UPDATE', id, `修改布局：${after.layoutName}`, before, after);
        return present(after);
      }),

    /** A layout is deleted without a lock version: nothing of it is edited on the way. */
    remove: (id: number, _lockVersion: number | undefined, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        await refuseIfUsed(tx, before.layoutUiName, '该布局正在被主题使用，不能删除');
        await layoutRepo.softDelete(tx, id, change.actor);
        await log(tx, change, 'DELETE', id, `删除布局：${before.layoutName}`, before, null);
      }),
  };
}
export type LayoutService = ReturnType<typeof createLayoutService>;
