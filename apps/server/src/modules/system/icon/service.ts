import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { errors } from '../../../core/errors';
import { createdBy, notDeleted, softDelete, updateVersioned } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { recordOperation } from '../../../core/audit';
import type { ChangeContext } from '../role/service';
import { sysIcon } from './schema';
import { cleanSvg } from './svg';

const MODULE = 'system:icon';
export type IconRow = typeof sysIcon.$inferSelect;

/** Custom menu icons: uploaded SVGs reduced to path data (spec §3 customIcons). */
export function createIconService({ db }: { db: Db }) {
  return {
    async list(): Promise<IconRow[]> {
      return db.select().from(sysIcon).where(notDeleted(sysIcon)).orderBy(asc(sysIcon.iconName), asc(sysIcon.id));
    },

    /** What the init call sends the console (spec §3 Session state customIcons). */
    async forInit(): Promise<Array<{ iconId: string; name: string; pathContent: string; viewBox: string }>> {
      const rows = await db
        .select({ id: sysIcon.id, iconName: sysIcon.iconName, pathContent: sysIcon.pathContent, viewBox: sysIcon.viewBox })
        .from(sysIcon)
        .where(notDeleted(sysIcon))
        .orderBy(asc(sysIcon.iconName));
      return rows.map((r) => ({ iconId: String(r.id), name: r.iconName, pathContent: r.pathContent, viewBox: r.viewBox }));
    },

    async add(input: { iconName: string; svg: string }, change: ChangeContext): Promise<IconRow> {
      const clean = cleanSvg(input.svg);
      return withTransaction(db, async (tx) => {
        const [row] = await tx.insert(sysIcon).values({ iconName: input.iconName, ...clean, ...createdBy(change.actor) }).returning();
        await recordOperation(tx, { module: MODULE, action: 'CREATE', entityId: row!.id, summary: `新增图标：${row!.iconName}`, before: null, after: row, ...change });
        return row!;
      });
    },

    async update(id: number, lockVersion: number, input: { iconName: string; svg?: string | null }, change: ChangeContext): Promise<IconRow> {
      const clean = input.svg ? cleanSvg(input.svg) : {};
      return withTransaction(db, async (tx) => {
        const [before] = await tx.select().from(sysIcon).where(and(eq(sysIcon.id, id), notDeleted(sysIcon)));
        if (!before) throw errors.notFound('图标');
        const after = await updateVersioned(tx, sysIcon, id, lockVersion, { iconName: input.iconName, ...clean }, change.actor, '图标');
        await recordOperation(tx, { module: MODULE, action: 'UPDATE', entityId: id, summary: `修改图标：${after.iconName}`, before, after, ...change });
        return after;
      });
    },

    async remove(id: number, change: ChangeContext): Promise<void> {
      await withTransaction(db, async (tx) => {
        const before = await softDelete(tx, sysIcon, id, undefined, change.actor, '图标');
        await recordOperation(tx, { module: MODULE, action: 'DELETE', entityId: id, summary: `删除图标：${before.iconName}`, before, after: null, ...change });
      });
    },
  };
}
export type IconService = ReturnType<typeof createIconService>;
