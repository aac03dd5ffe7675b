import { and, asc, count, desc, eq, ilike, inArray, isNull, max, notInArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import type { PageParameter } from '@dandelion/shared';
import { recordOperation } from '../../../core/audit';
import { sysApp, sysAppFunc } from '../app/schema';
import { sysOrgFunc } from '../org/schema';
import type { ChangeContext } from '../role/service';
import { sysRoleFunc } from '../role/schema';
import { sysUserRole } from '../user/schema';
import { sysFunc, sysMenuView } from './schema';
import type { FuncRow } from './service';
import { likePattern } from '../../../core/sql';

export const FUNC_TYPES = ['DIR', 'MENU', 'BUTTON'] as const;
export type FuncType = (typeof FUNC_TYPES)[number];
export const FUNC_STATUSES = ['NORMAL', 'DISABLED'] as const;
/** Spec §9: at most 16 recent records are kept. */
export const RECENT_MENU_LIMIT = 16;
const MODULE = 'system:func';

export interface FuncInput {
  pid: number | null;
  funcCode: string;
  funcName: string;
  funcType: FuncType;
  path?: string | null;
  url?: string | null;
  redirect?: string | null;
  hidden?: boolean;
  alwaysShow?: boolean;
  icon?: string | null;
  activeMenu?: string | null;
  sort?: number;
  status?: (typeof FUNC_STATUSES)[number];
}

export type FuncTreeNode = FuncRow & { children: FuncTreeNode[] };

function toTree(rows: FuncRow[]): FuncTreeNode[] {
  const nodes = new Map(rows.map((r) => [r.id, { ...r, children: [] as FuncTreeNode[] }]));
  const roots: FuncTreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.pid === null ? undefined : nodes.get(r.pid);
    // A node whose parent is gone still shows at the top, so an administrator can fix or delete it.
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/**
 * Function administration (spec §7 /rest/menu/*, /rest/button/*). Sessions cache permission
 * codes, so every change that can alter what a role grants refreshes the holders' sessions.
 */
export function createFuncAdminService({ db, refreshUser }: { db: Db; refreshUser: (userId: number) => Promise<void> }) {
  const order = [asc(sysFunc.sort), asc(sysFunc.id)];

  async function find(ex: Executor, id: number): Promise<FuncRow | undefined> {
    const [row] = await ex.select().from(sysFunc).where(and(eq(sysFunc.id, id), notDeleted(sysFunc))).limit(1);
    return row;
  }

  /** Parent rules: a button hangs under a page; a directory or page never hangs under a button. */
  async function checkParent(ex: Executor, pid: number | null, funcType: FuncType, selfId?: number) {
    if (pid === null) {
      if (funcType === 'BUTTON') throw errors.badRequest('按钮的上级必须是菜单');
      return;
    }
    const parent = await find(ex, pid);
    if (!parent) throw errors.badRequest('上级菜单不存在或已被删除');
    if (funcType === 'BUTTON' && parent.funcType !== 'MENU') throw errors.badRequest('按钮的上级必须是菜单');
    if (funcType !== 'BUTTON' && parent.funcType === 'BUTTON') throw errors.badRequest('按钮下不能再添加菜单');
    if (selfId !== undefined) {
      // Walk up from the new parent: meeting ourselves means the move would make a cycle.
      const all = await ex.select({ id: sysFunc.id, pid: sysFunc.pid }).from(sysFunc).where(notDeleted(sysFunc));
      const parentOf = new Map(all.map((r) => [r.id, r.pid]));
      for (let at: number | null | undefined = pid, hops = 0; at != null && hops <= all.length; at = parentOf.get(at), hops++) {
        if (at === selfId) throw errors.badRequest('不能把菜单移动到它自己或它的下级之下');
      }
    }
  }

  /**
   * Holders of roles bound to these functions: their cached permission codes go stale. Read inside
   * the transaction (bindings are removed there), refreshed after it commits (see `refreshAll`).
   */
  async function holders(ex: Executor, funcIds: number[]): Promise<number[]> {
    if (!funcIds.length) return [];
    const rows = await ex
      .selectDistinct({ userId: sysUserRole.userId })
      .from(sysUserRole)
      .innerJoin(sysRoleFunc, eq(sysRoleFunc.roleId, sysUserRole.roleId))
      .where(inArray(sysRoleFunc.funcId, funcIds));
    return rows.map((r) => r.userId);
  }

  // After commit: on PGlite the session service's queries would wait behind our open transaction.
  async function refreshAll(userIds: number[]) {
    for (const id of userIds) await refreshUser(id);
  }

  function clean(input: FuncInput) {
    const button = input.funcType === 'BUTTON';
    // A button is only a permission code on a page: route fields would mean nothing on it.
    return {
      pid: input.pid,
      funcCode: input.funcCode,
      funcName: input.funcName,
      funcType: input.funcType,
      path: button ? null : (input.path ?? null),
      url: button ? null : (input.url ?? null),
      redirect: button ? null : (input.redirect ?? null),
      hidden: button ? false : (input.hidden ?? false),
      alwaysShow: button ? false : (input.alwaysShow ?? false),
      icon: button ? null : (input.icon ?? null),
      activeMenu: button ? null : (input.activeMenu ?? null),
      status: input.status ?? 'NORMAL',
    };
  }

  async function removeWithin(tx: Executor, ids: number[], change: ChangeContext) {
    const rows = await tx.select().from(sysFunc).where(and(inArray(sysFunc.id, ids), notDeleted(sysFunc)));
    if (rows.length !== new Set(ids).size) throw errors.notFound('菜单');
    const [kids] = await tx
      .select({ n: count() })
      .from(sysFunc)
      .where(and(inArray(sysFunc.pid, ids), notInArray(sysFunc.id, ids), notDeleted(sysFunc)));
    if (Number(kids?.n ?? 0) > 0) throw errors.badRequest('请先删除下级菜单或按钮');
    const affected = await holders(tx, ids);
    await tx.delete(sysRoleFunc).where(inArray(sysRoleFunc.funcId, ids));
    await tx.delete(sysOrgFunc).where(inArray(sysOrgFunc.funcId, ids));
    await tx.delete(sysAppFunc).where(inArray(sysAppFunc.funcId, ids));
    await tx.delete(sysMenuView).where(inArray(sysMenuView.funcId, ids));
    for (const row of rows) {
      await softDelete(tx, sysFunc, row.id, undefined, change.actor, '菜单');
      await recordOperation(tx, { module: MODULE, action: 'DELETE', entityId: row.id, summary: `删除${row.funcType === 'BUTTON' ? '按钮' : '菜单'}：${row.funcName}`, before: row, after: null, ...change });
    }
    return affected;
  }

  return {
    /** Every function, buttons included, whatever its status (the administration tree). */
    async tree(): Promise<FuncTreeNode[]> {
      return toTree(await db.select().from(sysFunc).where(notDeleted(sysFunc)).orderBy(...order));
    },

    /** Directories and pages only (pickers). */
    async menuTree(): Promise<FuncTreeNode[]> {
      return toTree(await db.select().from(sysFunc).where(and(notDeleted(sysFunc), sql`${sysFunc.funcType} <> 'BUTTON'`)).orderBy(...order));
    },

    async page(q: { pageParameter: PageParameter; funcName?: string; funcCode?: string; funcType?: FuncType }) {
      const like = (v: string) => likePattern(v);
      const where = and(
        notDeleted(sysFunc),
        q.funcName ? ilike(sysFunc.funcName, like(q.funcName)) : undefined,
        q.funcCode ? ilike(sysFunc.funcCode, like(q.funcCode)) : undefined,
        q.funcType ? eq(sysFunc.funcType, q.funcType) : undefined,
      );
      return paginate(
        q.pageParameter,
        (limit, offset) => db.select().from(sysFunc).where(where).orderBy(...order).limit(limit).offset(offset),
        async () => Number((await db.select({ n: count() }).from(sysFunc).where(where))[0]?.n ?? 0),
      );
    },

    async get(id: number): Promise<FuncRow> {
      const row = await find(db, id);
      if (!row) throw errors.notFound('菜单');
      return row;
    },

    async add(input: FuncInput, change: ChangeContext): Promise<FuncRow> {
      return withTransaction(db, async (tx) => {
        await checkParent(tx, input.pid, input.funcType);
        let sort = input.sort;
        if (sort === undefined) {
          // New nodes go last among their siblings.
          const [m] = await tx.select({ m: max(sysFunc.sort) }).from(sysFunc).where(and(input.pid === null ? isNull(sysFunc.pid) : eq(sysFunc.pid, input.pid), notDeleted(sysFunc)));
          sort = (m?.m ?? 0) + 1;
        }
        const [row] = await tx.insert(sysFunc).values({ ...clean(input), sort, ...createdBy(change.actor) }).returning();
        await recordOperation(tx, { module: MODULE, action: 'CREATE', entityId: row!.id, summary: `新增${input.funcType === 'BUTTON' ? '按钮' : '菜单'}：${row!.funcName}`, before: null, after: row, ...change });
        return row!;
      });
    },

    async edit(id: number, lockVersion: number, input: FuncInput, change: ChangeContext): Promise<FuncRow> {
      const { after, affected } = await withTransaction(db, async (tx) => {
        const before = await find(tx, id);
        if (!before) throw errors.notFound('菜单');
        if (before.funcType === 'BUTTON' && input.funcType !== 'BUTTON') throw errors.badRequest('按钮不能改为菜单');
        if (input.funcType === 'BUTTON' && before.funcType !== 'BUTTON') throw errors.badRequest('菜单不能改为按钮');
        if (input.funcType !== 'MENU') {
          const [buttons] = await tx.select({ n: count() }).from(sysFunc).where(and(eq(sysFunc.pid, id), eq(sysFunc.funcType, 'BUTTON'), notDeleted(sysFunc)));
          if (Number(buttons?.n ?? 0) > 0) throw errors.badRequest('该菜单下有按钮，只能是菜单类型');
        }
        await checkParent(tx, input.pid, input.funcType, id);
        const values = { ...clean(input), ...(input.sort === undefined ? {} : { sort: input.sort }) };
        const after = await updateVersioned(tx, sysFunc, id, lockVersion, values, change.actor, '菜单');
        await recordOperation(tx, { module: MODULE, action: before.pid === after.pid ? 'UPDATE' : 'MOVE', entityId: id, summary: `修改${after.funcType === 'BUTTON' ? '按钮' : '菜单'}：${after.funcName}`, before, after, ...change });
        return { after, affected: before.funcCode !== after.funcCode || before.status !== after.status ? await holders(tx, [id]) : [] };
      });
      await refreshAll(affected);
      return after;
    },

    async remove(ids: number[], change: ChangeContext): Promise<void> {
      await refreshAll(await withTransaction(db, (tx) => removeWithin(tx, ids, change)));
    },

    /** Reorders the children of one parent; the list must name each of them exactly once. */
    async sort(pid: number | null, orderedIds: number[], change: ChangeContext): Promise<void> {
      await withTransaction(db, async (tx) => {
        const siblings = await tx.select().from(sysFunc).where(and(pid === null ? isNull(sysFunc.pid) : eq(sysFunc.pid, pid), notDeleted(sysFunc))).orderBy(...order);
        const known = new Set(siblings.map((s) => s.id));
        if (orderedIds.length !== known.size || new Set(orderedIds).size !== orderedIds.length || orderedIds.some((id) => !known.has(id))) {
          throw errors.badRequest('排序列表必须恰好包含该上级下的全部菜单');
        }
        for (const [i, id] of orderedIds.entries()) {
          await tx.update(sysFunc).set({ sort: i + 1 }).where(eq(sysFunc.id, id));
        }
        await recordOperation(tx, { module: MODULE, action: 'SORT', entityId: pid, summary: '菜单排序', before: siblings.map((s) => s.id), after: orderedIds, ...change });
      });
    },

    /** Binds (or unbinds) menus to an application. */
    async relate(appId: number, funcIds: number[], bind: boolean, change: ChangeContext): Promise<void> {
      await withTransaction(db, async (tx) => {
        const [app] = await tx.select({ id: sysApp.id }).from(sysApp).where(and(eq(sysApp.id, appId), notDeleted(sysApp)));
        if (!app) throw errors.badRequest('应用不存在或已被删除');
        const ids = [...new Set(funcIds)];
        if (bind) {
          const found = await tx.select({ id: sysFunc.id }).from(sysFunc).where(and(inArray(sysFunc.id, ids), notDeleted(sysFunc)));
          if (found.length !== ids.length) throw errors.badRequest('菜单不存在或已被删除');
          await tx.insert(sysAppFunc).values(ids.map((funcId) => ({ appId, funcId }))).onConflictDoNothing();
        } else {
          await tx.delete(sysAppFunc).where(and(eq(sysAppFunc.appId, appId), inArray(sysAppFunc.funcId, ids)));
        }
        await recordOperation(tx, { module: MODULE, action: 'BIND', entityId: appId, summary: `${bind ? '关联' : '取消关联'}应用菜单`, before: null, after: { appId, funcIds: ids, bind }, ...change });
      });
    },

    /** Records that the user opened a menu; only the newest 16 per user are kept (spec §9). */
    async addView(userId: number, funcId: number): Promise<void> {
      await withTransaction(db, async (tx) => {
        const row = await find(tx, funcId);
        if (!row || row.funcType === 'BUTTON') throw errors.badRequest('菜单不存在或已被删除');
        const now = new Date();
        await tx.insert(sysMenuView).values({ userId, funcId, viewTime: now }).onConflictDoUpdate({ target: [sysMenuView.userId, sysMenuView.funcId], set: { viewTime: now } });
        const keep = tx.select({ funcId: sysMenuView.funcId }).from(sysMenuView).where(eq(sysMenuView.userId, userId)).orderBy(desc(sysMenuView.viewTime), desc(sysMenuView.funcId)).limit(RECENT_MENU_LIMIT);
        await tx.delete(sysMenuView).where(and(eq(sysMenuView.userId, userId), notInArray(sysMenuView.funcId, keep)));
      });
    },

    /** The user's recently opened menus, newest first. */
    async recent(userId: number) {
      return db
        .select({ func: sysFunc, viewTime: sysMenuView.viewTime })
        .from(sysMenuView)
        .innerJoin(sysFunc, eq(sysFunc.id, sysMenuView.funcId))
        .where(and(eq(sysMenuView.userId, userId), notDeleted(sysFunc), eq(sysFunc.status, 'NORMAL')))
        .orderBy(desc(sysMenuView.viewTime), desc(sysMenuView.funcId))
        .limit(RECENT_MENU_LIMIT);
    },
  };
}
export type FuncAdminService = ReturnType<typeof createFuncAdminService>;
