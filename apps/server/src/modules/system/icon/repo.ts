import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { sysIcon } from './tables';

export type IconRow = typeof sysIcon.$inferSelect;
export type IconFields = Pick<IconRow, 'iconName' | 'pathContent' | 'viewBox'>;

/** Every query of custom icons; each takes the executor first. */
export const iconRepo = {
  all: (ex: Executor) => ex.select().from(sysIcon).where(notDeleted(sysIcon)).orderBy(asc(sysIcon.iconName), asc(sysIcon.id)),

  /** What the console draws: name, path data and viewBox, by name. */
  drawable: (ex: Executor) =>
    ex
      .select({ id: sysIcon.id, iconName: sysIcon.iconName, pathContent: sysIcon.pathContent, viewBox: sysIcon.viewBox })
      .from(sysIcon)
      .where(notDeleted(sysIcon))
      .orderBy(asc(sysIcon.iconName)),

  async findLive(ex: Executor, id: number): Promise<IconRow | undefined> {
    const [row] = await ex.select().from(sysIcon).where(and(eq(sysIcon.id, id), notDeleted(sysIcon)));
    return row;
  },

  async insert(ex: Executor, fields: IconFields, actor: Actor): Promise<IconRow> {
    const [row] = await ex.insert(sysIcon).values({ ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: Partial<IconFields>, actor: Actor) => updateVersioned(ex, sysIcon, id, lockVersion, fields, actor, '图标'),

  softDelete: (ex: Executor, id: number, actor: Actor) => softDelete(ex, sysIcon, id, undefined, actor, '图标'),
};
