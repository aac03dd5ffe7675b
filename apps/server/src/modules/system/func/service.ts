import type { PageParameter } from '@dandelion/shared';
import type { FuncType } from '@dandelion/shared/system/func';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { funcRepo, type FuncFilter, type FuncRow } from './repo';

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
  status?: 'NORMAL' | 'DISABLED';
}

export type FuncTreeNode = FuncRow & { children: FuncTreeNode[] };

/** The menus an application carries; the application module owns the binding. */
export interface FuncApps {
  exists(ex: Executor, appId: number): Promise<boolean>;
  link(ex: Executor, appId: number, funcIds: number[]): Promise<void>;
  unlink(ex: Executor, appId: number, funcIds: number[]): Promise<void>;
}

export interface FuncDeps {
  db: Db;
  apps: FuncApps;
  /** Users holding a role that grants any of the functions: their cached permission codes go stale. */
  holdersOf: (ex: Executor, funcIds: number[]) => Promise<number[]>;
  /** Drops every binding to deleted functions (roles, organisations, applications). */
  forgetFuncs: (ex: Executor, funcIds: number[]) => Promise<void>;
  refreshUser: (userId: number) => Promise<void>;
}

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

/** A button is only a permission code on a page: route fields would mean nothing on it. */
function clean(input: FuncInput) {
  const button = input.funcType === 'BUTTON';
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

const kind = (funcType: string) => (funcType === 'BUTTON' ? '按钮' : '菜单');

/**
 * Function administration (spec §7 /rest/menu/*, /rest/button/*). Sessions cache permission
 * codes, so every change that can alter what a role grants refreshes the holders' sessions.
 */
export function createFuncAdminService({ db, apps, holdersOf, forgetFuncs, refreshUser }: FuncDeps) {
  /** Parent rules: a button hangs under a page; a directory or page never hangs under a button. */
  async function checkParent(ex: Executor, pid: number | null, funcType: FuncType, selfId?: number) {
    if (pid === null) {
      if (funcType === 'BUTTON') throw errors.badRequest('按钮的上级必须是菜单');
      return;
    }
    const parent = await funcRepo.findLive(ex, pid);
    if (!parent) throw errors.badRequest('上级菜单不存在或已被删除');
    if (funcType === 'BUTTON' && parent.funcType !== 'MENU') throw errors.badRequest('按钮的上级必须是菜单');
    if (funcType !== 'BUTTON' && parent.funcType === 'BUTTON') throw errors.badRequest('按钮下不能再添加菜单');
    if (selfId !== undefined) {
      // Walk up from the new parent: meeting ourselves means the move would make a cycle.
      const all = await funcRepo.parents(ex);
      const parentOf = new Map(all.map((r) => [r.id, r.pid]));
      for (let at: number | null | undefined = pid, hops = 0; at != null && hops <= all.length; at = parentOf.get(at), hops++) {
        if (at === selfId) throw errors.badRequest('不能把菜单移动到它自己或它的下级之下');
      }
    }
  }

  // After commit: on PGlite the session service's queries would wait behind our open transaction.
  async function refreshAll(userIds: number[]) {
    for (const id of userIds) await refreshUser(id);
  }

  const log = (ex: Executor, change: ChangeContext, action: string, entityId: number | null, summary: string, before: unknown, after: unknown) =>
    recordOperation(ex, { module: MODULE, action, entityId, summary, before, after, ...change });

  /** Holders are read inside the transaction (bindings are removed there) and refreshed after it commits. */
  async function removeWithin(tx: Executor, ids: number[], change: ChangeContext): Promise<number[]> {
    const rows = await funcRepo.liveAmong(tx, ids);
    if (rows.length !== new Set(ids).size) throw errors.notFound('菜单');
    if ((await funcRepo.countOtherChildren(tx, ids)) > 0) throw errors.badRequest('请先删除下级菜单或按钮');
    const affected = await holdersOf(tx, ids);
    await forgetFuncs(tx, ids);
    await funcRepo.forgetViews(tx, ids);
    for (const row of rows) {
      await funcRepo.softDelete(tx, row.id, change.actor);
      await log(tx, change, 'DELETE', row.id, `删除${kind(row.funcType)}：${row.funcName}`, row, null);
    }
    return affected;
  }

  return {
    /** Every function, buttons included, whatever its status (the administration tree). */
    tree: async (): Promise<FuncTreeNode[]> => toTree(await funcRepo.allLive(db)),

    /** Directories and pages only (pickers). */
    menuTree: async (): Promise<FuncTreeNode[]> => toTree(await funcRepo.allLive(db, true)),

    page: (filter: FuncFilter, page: PageParameter) => funcRepo.page(db, filter, page),

    async get(id: number): Promise<FuncRow> {
      const row = await funcRepo.findLive(db, id);
      if (!row) throw errors.notFound('菜单');
      return row;
    },

    add: (input: FuncInput, change: ChangeContext): Promise<FuncRow> =>
      withTransaction(db, async (tx) => {
        await checkParent(tx, input.pid, input.funcType);
        // New nodes go last among their siblings.
        const sort = input.sort ?? (await funcRepo.nextSort(tx, input.pid));
        const row = await funcRepo.insert(tx, { ...clean(input), sort }, change.actor);
        await log(tx, change, 'CREATE', row.id, `新增${kind(input.funcType)}：${row.funcName}`, null, row);
        return row;
      }),

    async edit(id: number, lockVersion: number, input: FuncInput, change: ChangeContext): Promise<FuncRow> {
      const { after, affected } = await withTransaction(db, async (tx) => {
        const before = await funcRepo.findLive(tx, id);
        if (!before) throw errors.notFound('菜单');
        if (before.funcType === 'BUTTON' && input.funcType !== 'BUTTON') throw errors.badRequest('按钮不能改为菜单');
        if (input.funcType === 'BUTTON' && before.funcType !== 'BUTTON') throw errors.badRequest('菜单不能改为按钮');
        if (input.funcType !== 'MENU' && (await funcRepo.countButtonsUnder(tx, id)) > 0) throw errors.badRequest('该菜单下有按钮，只能是菜单类型');
        await checkParent(tx, input.pid, input.funcType, id);
        const values = { ...clean(input), ...(input.sort === undefined ? {} : { sort: input.sort }) };
        const after = await funcRepo.update(tx, id, lockVersion, values, change.actor);
        await log(tx, change, before.pid === after.pid ? 'UPDATE' : 'MOVE', id, `修改${kind(after.funcType)}：${after.funcName}`, before, after);
        const grantsChanged = before.funcCode !== after.funcCode || before.status !== after.status;
        return { after, affected: grantsChanged ? await holdersOf(tx, [id]) : [] };
      });
      await refreshAll(affected);
      return after;
    },

    async remove(ids: number[], change: ChangeContext): Promise<void> {
      await refreshAll(await withTransaction(db, (tx) => removeWithin(tx, ids, change)));
    },

    /** Reorders the children of one parent; the list must name each of them exactly once. */
    sort: (pid: number | null, orderedIds: number[], change: ChangeContext): Promise<void> =>
      withTransaction(db, async (tx) => {
        const siblings = await funcRepo.siblings(tx, pid);
        const known = new Set(siblings.map((s) => s.id));
        if (orderedIds.length !== known.size || new Set(orderedIds).size !== orderedIds.length || orderedIds.some((id) => !known.has(id))) {
          throw errors.badRequest('排序列表必须恰好包含该上级下的全部菜单');
        }
        for (const [i, id] of orderedIds.entries()) await funcRepo.setSort(tx, id, i + 1);
        await log(tx, change, 'SORT', pid, '菜单排序', siblings.map((s) => s.id), orderedIds);
      }),

    /** Binds (or unbinds) menus to an application. */
    relate: (appId: number, funcIds: number[], bind: boolean, change: ChangeContext): Promise<void> =>
      withTransaction(db, async (tx) => {
        if (!(await apps.exists(tx, appId))) throw errors.badRequest('应用不存在或已被删除');
        const ids = [...new Set(funcIds)];
        if (bind) {
          if ((await funcRepo.live(tx, ids)).length !== ids.length) throw errors.badRequest('菜单不存在或已被删除');
          await apps.link(tx, appId, ids);
        } else {
          await apps.unlink(tx, appId, ids);
        }
        await log(tx, change, 'BIND', appId, `${bind ? '关联' : '取消关联'}应用菜单`, null, { appId, funcIds: ids, bind });
      }),

    /** Records that the user opened a menu; only the newest 16 per user are kept (spec §9). */
    addView: (userId: number, funcId: number): Promise<void> =>
      withTransaction(db, async (tx) => {
        const row = await funcRepo.findLive(tx, funcId);
        if (!row || row.funcType === 'BUTTON') throw errors.badRequest('菜单不存在或已被删除');
        await funcRepo.recordView(tx, userId, funcId);
      }),

    /** The user's recently opened menus, newest first. */
    recent: (userId: number) => funcRepo.recent(db, userId),
  };
}
export type FuncAdminService = ReturnType<typeof createFuncAdminService>;

/** What sign-in, sessions and the init call read of functions; the system facade answers it. */
export interface FuncReader {
  /** The functions in force, in menu order. */
  listAll(): Promise<FuncRow[]>;
  listByIds(ids: number[]): Promise<FuncRow[]>;
}

// Other areas' modules still import these from this file; they take them as ports from the system
// facade (modules/system/module.ts) instead, and these re-exports go.
export type { FuncReader as FuncService };
