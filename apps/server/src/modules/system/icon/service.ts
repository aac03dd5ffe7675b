import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { iconRepo, type IconRow } from './repo';
import { cleanSvg } from './svg';

const MODULE = 'system:icon';

const present = (r: IconRow) => ({ iconId: r.id, iconName: r.iconName, pathContent: r.pathContent, viewBox: r.viewBox, createTime: r.createTime, createBy: r.createBy, lockVersion: r.lockVersion });

/** What the init call sends the console (spec §3 Session state customIcons). */
export async function iconsForInit(ex: Executor): Promise<Array<{ iconId: string; name: string; pathContent: string; viewBox: string }>> {
  const rows = await iconRepo.drawable(ex);
  return rows.map((r) => ({ iconId: String(r.id), name: r.iconName, pathContent: r.pathContent, viewBox: r.viewBox }));
}

/** Custom menu icons: uploaded SVGs reduced to path data (spec §3 customIcons). */
export function createIconService({ db }: { db: Db }) {
  const log = (ex: Executor, change: ChangeContext, action: string, entityId: number, summary: string, before: unknown, after: unknown) =>
    recordOperation(ex, { module: MODULE, action, entityId, summary, before, after, ...change });

  return {
    list: async () => (await iconRepo.all(db)).map(present),

    add(input: { iconName: string; svg: string }, change: ChangeContext) {
      const clean = cleanSvg(input.svg);
      return withTransaction(db, async (tx) => {
        const row = await iconRepo.insert(tx, { iconName: input.iconName, ...clean }, change.actor);
        await log(tx, change, 'CREATE', row.id, `新增图标：${row.iconName}`, null, row);
        return present(row);
      });
    },

    update(id: number, lockVersion: number, input: { iconName: string; svg?: string | null }, change: ChangeContext) {
      const clean = input.svg ? cleanSvg(input.svg) : {};
      return withTransaction(db, async (tx) => {
        const before = await iconRepo.findLive(tx, id);
        if (!before) throw errors.notFound('图标');
        const after = await iconRepo.update(tx, id, lockVersion, { iconName: input.iconName, ...clean }, change.actor);
        await log(tx, change, 'UPDATE', id, `修改图标：${after.iconName}`, before, after);
        return present(after);
      });
    },

    remove: (id: number, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const before = await iconRepo.softDelete(tx, id, change.actor);
        await log(tx, change, 'DELETE', id, `删除图标：${before.iconName}`, before, null);
      }),
  };
}
export type IconService = ReturnType<typeof createIconService>;
