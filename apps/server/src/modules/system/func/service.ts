import { and, asc, eq, inArray } from 'drizzle-orm';
import type { MenuNode } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { notDeleted } from '../../../core/records';
import { sysFunc } from './schema';

export type FuncRow = typeof sysFunc.$inferSelect;
export type { MenuNode };

function toMenuNode(f: FuncRow): MenuNode {
  return {
    id: String(f.id),
    pid: f.pid === null ? null : String(f.pid),
    path: f.path,
    url: f.url,
    name: f.funcCode,
    redirect: f.redirect,
    hidden: f.hidden,
    alwaysShow: f.alwaysShow,
    meta: { title: f.funcName, icon: f.icon, activeMenu: f.activeMenu },
    children: [],
  };
}

/**
 * Menu nodes (DIR and MENU) as a tree. A node whose parent is not granted is
 * dropped, and so is a group left without any page.
 */
export function buildMenuTree(funcs: FuncRow[]): MenuNode[] {
  const menus = funcs.filter((f) => f.funcType !== 'BUTTON');
  const nodes = new Map(menus.map((f) => [f.id, toMenuNode(f)]));
  const roots: MenuNode[] = [];
  for (const f of menus) {
    const node = nodes.get(f.id)!;
    if (f.pid === null) roots.push(node);
    else nodes.get(f.pid)?.children.push(node);
  }
  const prune = (list: MenuNode[]): MenuNode[] =>
    list.filter((n) => {
      n.children = prune(n.children);
      const funcType = menus.find((m) => String(m.id) === n.id)?.funcType;
      return funcType !== 'DIR' || n.children.length > 0;
    });
  return prune(roots);
}

export function createFuncService({ db }: { db: Executor }) {
  const inForce = and(eq(sysFunc.status, 'NORMAL'), notDeleted(sysFunc));
  const order = [asc(sysFunc.sort), asc(sysFunc.id)];
  return {
    async listAll(): Promise<FuncRow[]> {
      return db.select().from(sysFunc).where(inForce).orderBy(...order);
    },
    async listByIds(ids: number[]): Promise<FuncRow[]> {
      if (!ids.length) return [];
      return db.select().from(sysFunc).where(and(inForce, inArray(sysFunc.id, ids))).orderBy(...order);
    },
  };
}
export type FuncService = ReturnType<typeof createFuncService>;
