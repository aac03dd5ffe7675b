/**
 * Where the current page sits in the menu (spec §2): which entry to highlight, which groups to
 * open, the breadcrumb chain and a page's title. Pure, so the rules are tested on their own.
 */
import type { ConsoleRoute } from '../../api/consoleStore';

export function normalizePath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/** A node that only groups others: no page and no redirect of its own. */
export function isMenuGroup(node: ConsoleRoute): boolean {
  return node.component === null && !node.redirect;
}

/** Where choosing an entry leads: its redirect when it has one, saving a hop. */
export function menuTarget(node: ConsoleRoute): string {
  return node.redirect || node.path;
}

/** The nodes from a root of `menu` down to the node at `path`; empty when absent. */
export function menuTrail(menu: readonly ConsoleRoute[], path: string): ConsoleRoute[] {
  for (const node of menu) {
    if (node.path === path) return [node];
    const below = menuTrail(node.children, path);
    if (below.length) return [node, ...below];
  }
  return [];
}

function everyNode(menu: readonly ConsoleRoute[]): ConsoleRoute[] {
  return menu.flatMap((n) => [n, ...everyNode(n.children)]);
}

/**
 * The menu entry to highlight for `pathname`: a hidden sub-page names its parent (meta.activeMenu);
 * otherwise the page itself; failing both, the deepest entry whose path contains the page's.
 */
export function selectedMenuKey(pathname: string, permissionList: readonly ConsoleRoute[], menu: readonly ConsoleRoute[]): string | null {
  const path = normalizePath(pathname);
  const route = permissionList.find((r) => r.path === path);
  const wanted = route?.meta.activeMenu ? normalizePath(route.meta.activeMenu) : path;
  let best: string | null = null;
  for (const node of everyNode(menu)) {
    if (node.path === wanted) return wanted;
    if (wanted.startsWith(`${node.path}/`) && (!best || node.path.length > best.length)) best = node.path;
  }
  return best;
}

/** Groups to open so that `key` is visible. */
export function openKeysFor(menu: readonly ConsoleRoute[], key: string | null): string[] {
  if (!key) return [];
  return menuTrail(menu, key)
    .slice(0, -1)
    .map((n) => n.path);
}

/**
 * The menu entry whose own page `path` is: the entry itself, or the entry that redirects to it
 * (用户管理 opens /system/user/userList). Null for sub-pages (add, edit, detail) and unknown pages.
 */
export function entryOfPage(path: string, menu: readonly ConsoleRoute[]): ConsoleRoute | null {
  const page = normalizePath(path);
  const nodes = everyNode(menu).filter((n) => !isMenuGroup(n));
  return nodes.find((n) => n.path === page) ?? nodes.find((n) => n.redirect && normalizePath(n.redirect) === page) ?? null;
}

/**
 * A page's title, as its tab and breadcrumb show it: the menu entry's name for an entry's own page,
 * the page's own title for a sub-page (新增岗位), the home entry's for home; null when unknown.
 */
export function routeTitle(
  pathname: string,
  permissionList: readonly ConsoleRoute[],
  menu: readonly ConsoleRoute[],
  home: { path: string; title: string },
): string | null {
  const path = normalizePath(pathname);
  if (path === home.path) return home.title;
  const entry = entryOfPage(path, menu);
  if (entry?.meta.title) return entry.meta.title;
  const route = permissionList.find((r) => r.path === path);
  return route?.meta.title || null;
}

export interface Crumb {
  title: string;
  /** Null for the current page and for groups, which have no page. */
  to: string | null;
}

/**
 * Breadcrumbs after 首页: group → menu entry → sub-page (spec §2: sub-pages highlight their parent,
 * so they sit under it). An entry's own page (its list, say) is the entry: no third level repeating
 * it under another name. The home page itself adds nothing.
 */
export function breadcrumbTrail(
  pathname: string,
  menu: readonly ConsoleRoute[],
  permissionList: readonly ConsoleRoute[],
  homePath: string,
): Crumb[] {
  const path = normalizePath(pathname);
  if (path === normalizePath(homePath)) return [];
  const key = selectedMenuKey(path, permissionList, menu);
  const crumbs: Crumb[] = (key ? menuTrail(menu, key) : [])
    .filter((n) => n.path !== homePath)
    .map((n) => ({ title: n.meta.title, to: isMenuGroup(n) ? null : menuTarget(n) }));
  const route = permissionList.find((r) => r.path === path);
  const ownPage = entryOfPage(path, menu) !== null;
  // A sub-page named like its entry (站点设置 › 站点设置) would only repeat itself.
  if (route && !ownPage && route.meta.title !== crumbs.at(-1)?.title) {
    crumbs.push({ title: route.meta.title, to: null });
  }
  const last = crumbs.at(-1);
  if (last) last.to = null;
  return crumbs;
}
