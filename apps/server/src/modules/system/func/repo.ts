import { and, asc, count, desc, eq, inArray, isNull, max, ne, notInArray } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import { RECENT_MENU_LIMIT, type FuncType } from '@dandelion/shared/system/func';
import type { Executor } from '../../../core/db';
import { paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { sysFunc, sysMenuView } from './tables';

export type FuncRow = typeof sysFunc.$inferSelect;
export type FuncFields = Pick<
  FuncRow,
  'pid' | 'funcCode' | 'funcName' | 'funcType' | 'path' | 'url' | 'redirect' | 'hidden' | 'alwaysShow' | 'icon' | 'activeMenu' | 'status'
>;

export interface FuncFilter {
  funcName?: string;
  funcCode?: string;
  funcType?: FuncType;
}

const order = [asc(sysFunc.sort), asc(sysFunc.id)];
const inForce = and(eq(sysFunc.status, 'NORMAL'), notDeleted(sysFunc));
const childrenOf = (pid: number | null) => (pid === null ? isNull(sysFunc.pid) : eq(sysFunc.pid, pid));

/** Every query of functions (menus, buttons) and of recently opened menus; each takes the executor first. */
export const funcRepo = {
  async findLive(ex: Executor, id: number): Promise<FuncRow | undefined> {
    const [row] = await ex.select().from(sysFunc).where(and(eq(sysFunc.id, id), notDeleted(sysFunc))).limit(1);
    return row;
  },

  /** Every live function, whatever its status; without buttons when `menusOnly`. */
  allLive: (ex: Executor, menusOnly = false) =>
    ex
      .select()
      .from(sysFunc)
      .where(and(notDeleted(sysFunc), menusOnly ? ne(sysFunc.funcType, 'BUTTON') : undefined))
      .orderBy(...order),

  /** The functions in force (NORMAL, not deleted), all or among `ids`. */
  inForce: (ex: Executor, ids?: number[]) => ex.select().from(sysFunc).where(and(inForce, ids ? inArray(sysFunc.id, ids) : undefined)).orderBy(...order),

  /** Live functions among `ids`, with their types. */
  live: async (ex: Executor, ids: number[]) =>
    ids.length ? ex.select({ id: sysFunc.id, funcType: sysFunc.funcType }).from(sysFunc).where(and(inArray(sysFunc.id, ids), notDeleted(sysFunc))) : [],

  /** Every live function's place in the tree (the role permission drawer). */
  outline: (ex: Executor) =>
    ex
      .select({ funcId: sysFunc.id, pid: sysFunc.pid, funcCode: sysFunc.funcCode, funcName: sysFunc.funcName, funcType: sysFunc.funcType })
      .from(sysFunc)
      .where(notDeleted(sysFunc))
      .orderBy(...order),

  /** Parent links of every live function (cycle checks). */
  parents: (ex: Executor) => ex.select({ id: sysFunc.id, pid: sysFunc.pid }).from(sysFunc).where(notDeleted(sysFunc)),

  page(ex: Executor, filter: FuncFilter, page: PageParameter) {
    const where = and(
      notDeleted(sysFunc),
      filter.funcName ? containing(sysFunc.funcName, filter.funcName) : undefined,
      filter.funcCode ? containing(sysFunc.funcCode, filter.funcCode) : undefined,
      filter.funcType ? eq(sysFunc.funcType, filter.funcType) : undefined,
    );
    return paginate(
      page,
      (limit, offset) => ex.select().from(sysFunc).where(where).orderBy(...order).limit(limit).offset(offset),
      async () => Number((await ex.select({ n: count() }).from(sysFunc).where(where))[0]?.n ?? 0),
    );
  },

  /** The sort number after the last live sibling. */
  async nextSort(ex: Executor, pid: number | null): Promise<number> {
    const [m] = await ex.select({ m: max(sysFunc.sort) }).from(sysFunc).where(and(childrenOf(pid), notDeleted(sysFunc)));
    return (m?.m ?? 0) + 1;
  },

  async insert(ex: Executor, fields: FuncFields & { sort: number }, actor: Actor): Promise<FuncRow> {
    const [row] = await ex.insert(sysFunc).values({ ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: FuncFields & { sort?: number }, actor: Actor) =>
    updateVersioned(ex, sysFunc, id, lockVersion, fields, actor, '菜单'),

  softDelete: (ex: Executor, id: number, actor: Actor) => softDelete(ex, sysFunc, id, undefined, actor, '菜单'),

  async countButtonsUnder(ex: Executor, id: number): Promise<number> {
    const [row] = await ex.select({ n: count() }).from(sysFunc).where(and(eq(sysFunc.pid, id), eq(sysFunc.funcType, 'BUTTON'), notDeleted(sysFunc)));
    return Number(row?.n ?? 0);
  },

  /** Live children of `ids` that are not among them. */
  async countOtherChildren(ex: Executor, ids: number[]): Promise<number> {
    const [row] = await ex.select({ n: count() }).from(sysFunc).where(and(inArray(sysFunc.pid, ids), notInArray(sysFunc.id, ids), notDeleted(sysFunc)));
    return Number(row?.n ?? 0);
  },

  liveAmong: (ex: Executor, ids: number[]) => ex.select().from(sysFunc).where(and(inArray(sysFunc.id, ids), notDeleted(sysFunc))),

  siblings: (ex: Executor, pid: number | null) => ex.select().from(sysFunc).where(and(childrenOf(pid), notDeleted(sysFunc))).orderBy(...order),

  async setSort(ex: Executor, id: number, sort: number): Promise<void> {
    await ex.update(sysFunc).set({ sort }).where(eq(sysFunc.id, id));
  },

  async forgetViews(ex: Executor, funcIds: number[]): Promise<void> {
    await ex.delete(sysMenuView).where(inArray(sysMenuView.funcId, funcIds));
  },

  /** Records that the user opened a menu now and keeps only the newest views per user (spec §9). */
  async recordView(ex: Executor, userId: number, funcId: number): Promise<void> {
    const now = new Date();
    await ex.insert(sysMenuView).values({ userId, funcId, viewTime: now }).onConflictDoUpdate({ target: [sysMenuView.userId, sysMenuView.funcId], set: { viewTime: now } });
    const keep = ex
      .select({ funcId: sysMenuView.funcId })
      .from(sysMenuView)
      .where(eq(sysMenuView.userId, userId))
      .orderBy(desc(sysMenuView.viewTime), desc(sysMenuView.funcId))
      .limit(RECENT_MENU_LIMIT);
    await ex.delete(sysMenuView).where(and(eq(sysMenuView.userId, userId), notInArray(sysMenuView.funcId, keep)));
  },

  /** The user's recently opened menus in force, newest first. */
  recent: (ex: Executor, userId: number) =>
    ex
      .select({ func: sysFunc, viewTime: sysMenuView.viewTime })
      .from(sysMenuView)
      .innerJoin(sysFunc, eq(sysFunc.id, sysMenuView.funcId))
      .where(and(eq(sysMenuView.userId, userId), notDeleted(sysFunc), eq(sysFunc.status, 'NORMAL')))
      .orderBy(desc(sysMenuView.viewTime), desc(sysMenuView.funcId))
      .limit(RECENT_MENU_LIMIT),
};
