import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updatedBy, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { sysTheme } from './tables';

export type ThemeRow = typeof sysTheme.$inferSelect;
export type ThemeFields = Pick<ThemeRow, 'themeName' | 'layoutUiName' | 'basicProperties' | 'components'>;

const live = notDeleted(sysTheme);
const shared = and(isNull(sysTheme.ownerUserId), live);

/** Every query of themes (shared ones and each user's personal override); each takes the executor first. */
export const themeRepo = {
  async globalDefault(ex: Executor): Promise<ThemeRow | undefined> {
    const [row] = await ex.select().from(sysTheme).where(and(eq(sysTheme.isDefault, true), live)).limit(1);
    return row;
  },

  async personal(ex: Executor, userId: number): Promise<ThemeRow | undefined> {
    const [row] = await ex.select().from(sysTheme).where(and(eq(sysTheme.ownerUserId, userId), live)).limit(1);
    return row;
  },

  async shared(ex: Executor, id: number): Promise<ThemeRow | undefined> {
    const [row] = await ex.select().from(sysTheme).where(and(eq(sysTheme.id, id), shared));
    return row;
  },

  async byId(ex: Executor, id: number): Promise<ThemeRow> {
    return (await ex.select().from(sysTheme).where(eq(sysTheme.id, id)))[0]!;
  },

  /** Saves the user's override: one per user, a second save replaces the first. */
  async savePersonal(ex: Executor, fields: ThemeFields, actor: Actor): Promise<ThemeRow> {
    const [row] = await ex
      .insert(sysTheme)
      .values({ ...fields, ownerUserId: actor.id, ...createdBy(actor) })
      .onConflictDoUpdate({
        target: sysTheme.ownerUserId,
        targetWhere: sql`del_flag = 0 and owner_user_id is not null`,
        set: { ...fields, ...updatedBy(actor, sysTheme) },
      })
      .returning();
    return row!;
  },

  dropPersonal: (ex: Executor, userId: number) => ex.delete(sysTheme).where(eq(sysTheme.ownerUserId, userId)).returning(),

  /** Shared themes only, the default first. */
  page(ex: Executor, themeName: string | undefined, page: PageParameter) {
    const where = and(shared, themeName ? containing(sysTheme.themeName, themeName) : undefined);
    return paginate(
      page,
      (limit, offset) => ex.select().from(sysTheme).where(where).orderBy(desc(sysTheme.isDefault), asc(sysTheme.id)).limit(limit).offset(offset),
      async () => Number((await ex.select({ n: count() }).from(sysTheme).where(where))[0]?.n ?? 0),
    );
  },

  async insert(ex: Executor, fields: ThemeFields, actor: Actor): Promise<ThemeRow> {
    const [row] = await ex.insert(sysTheme).values({ ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: Partial<ThemeFields>, actor: Actor) => updateVersioned(ex, sysTheme, id, lockVersion, fields, actor, '主题'),

  softDelete: (ex: Executor, id: number, actor: Actor) => softDelete(ex, sysTheme, id, undefined, actor, '主题'),

  async setDefault(ex: Executor, id: number, isDefault: boolean, actor: Actor): Promise<void> {
    await ex.update(sysTheme).set({ isDefault, ...updatedBy(actor, sysTheme) }).where(eq(sysTheme.id, id));
  },

  /** Whether any theme, shared or personal, names the layout. */
  async usesLayout(ex: Executor, layoutUiName: string): Promise<boolean> {
    const [used] = await ex.select({ n: count() }).from(sysTheme).where(and(eq(sysTheme.layoutUiName, layoutUiName), live));
    return Number(used?.n ?? 0) > 0;
  },
};
