import type { MenuNode } from '@dandelion/shared/system/func';
import type { FuncRow } from './repo';

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
