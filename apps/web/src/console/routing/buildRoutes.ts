/**
 * Pure rules that turn the server's menu into console routes and the visible menu (spec §2
 * Dynamic routes). No React here: the rules are unit-tested on their own.
 */
import { HOME_PATH } from '@dandelion/shared';
import { hasConsole, type ConsoleRoute } from '../../api/consoleStore';
import type { InitResponse, MenuNode } from '../../api/consoleTypes';

/** Spec §2: the blank page. */
export const BLANK_PATH = '/blank';
/** Menu `url` of a node that only groups others (no page of its own). */
const CONTAINER_COMPONENT = 'Layout';

/** Joins a relative menu path onto its parent's; absolute paths stand as they are. */
export function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path.replace(/\/+$/, '') || '/';
  const base = parent.replace(/\/+$/, '');
  return `${base}/${path}`.replace(/\/{2,}/g, '/');
}

/** Spec §2: "Items whose route value is '0' are skipped." */
function isSkipped(node: MenuNode): boolean {
  return node.path === '0' || node.url === '0';
}

/** Menu nodes → console routes (absolute paths, container nodes without a component). */
export function toConsoleRoutes(nodes: readonly MenuNode[], parentPath = ''): ConsoleRoute[] {
  return nodes
    .filter((node) => !isSkipped(node) && !!node.path)
    .map((node) => {
      const path = joinPath(parentPath || '/', node.path!);
      return {
        id: node.id,
        path,
        name: node.name,
        component: node.url && node.url !== CONTAINER_COMPONENT ? node.url : null,
        redirect: node.redirect ? joinPath(path, node.redirect) : null,
        hidden: node.hidden,
        alwaysShow: node.alwaysShow,
        meta: { title: node.meta.title, icon: node.meta.icon, activeMenu: node.meta.activeMenu },
        children: toConsoleRoutes(node.children, path),
      };
    });
}

/** Spec §2: "The menu always has a home entry at /home with component home/index." */
export function withHome(routes: ConsoleRoute[], indexMenu?: InitResponse['indexMenu']): ConsoleRoute[] {
  const path = indexMenu?.path || HOME_PATH;
  if (routes.some((r) => r.path === path)) return routes;
  const home: ConsoleRoute = {
    id: null,
    path,
    name: 'home',
    component: indexMenu?.component || 'home/index',
    redirect: null,
    hidden: false,
    alwaysShow: false,
    meta: { title: indexMenu?.meta.title || '首页', icon: 'HomeOutlined', activeMenu: null },
    children: [],
  };
  return [home, ...routes];
}

/**
 * Spec §2: a route with a meta permission list is visible only if the user holds at least one
 * of them; routes without one are visible to all.
 */
export function filterByPermission(routes: readonly ConsoleRoute[], codes: readonly string[]): ConsoleRoute[] {
  return routes
    .filter((r) => !r.meta.permission?.length || r.meta.permission.some((p) => codes.includes(p)))
    .map((r) => ({ ...r, children: filterByPermission(r.children, codes) }));
}

/**
 * Keeps the routes whose page exists in this build: a page whose component is known, a redirect
 * to a kept route, a container with kept children. Menu entries for pages a later release adds
 * drop out instead of leading to an empty screen.
 */
export function keepImplemented(routes: readonly ConsoleRoute[], isKnown: (component: string) => boolean): ConsoleRoute[] {
  const kept = (list: readonly ConsoleRoute[]): ConsoleRoute[] =>
    list.flatMap((r) => {
      const children = kept(r.children);
      const ownPage = r.component !== null && isKnown(r.component);
      const containerWithChildren = r.component === null && children.length > 0;
      if (!ownPage && !containerWithChildren) return [];
      return [{ ...r, children }];
    });
  const result = kept(routes);
  // A redirect must land on a page that survived; otherwise the redirect is dropped.
  const paths = new Set(flattenRoutes(result).filter((r) => r.component !== null).map((r) => r.path));
  const fixRedirects = (list: ConsoleRoute[]): ConsoleRoute[] =>
    list.map((r) => ({ ...r, redirect: r.redirect && paths.has(r.redirect) ? r.redirect : null, children: fixRedirects(r.children) }));
  return fixRedirects(result);
}

/**
 * The visible menu: hidden nodes removed; spec §2 "a menu item whose children are all hidden
 * becomes hidden" applies to groups, which have no page of their own. A page whose sub-pages
 * are all hidden (list/add/upd/detail) stays, as a leaf entry.
 */
export function visibleMenu(routes: readonly ConsoleRoute[]): ConsoleRoute[] {
  return routes.flatMap((r) => {
    if (r.hidden) return [];
    const children = visibleMenu(r.children);
    const isGroup = r.component === null && !r.redirect;
    if (isGroup && children.length === 0) return [];
    return [{ ...r, children }];
  });
}

/** Every route, parents first (spec: permissionList). */
export function flattenRoutes(routes: readonly ConsoleRoute[]): ConsoleRoute[] {
  return routes.flatMap((r) => [r, ...flattenRoutes(r.children)]);
}

/** Whether `pathname` is a route the user may open. */
export function isPermittedPath(pathname: string, permissionList: readonly ConsoleRoute[]): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return permissionList.some((r) => r.path === path && (r.component !== null || r.redirect !== null));
}

/**
 * Spec §2 Navigation guard: go to the requested path (or the redirect query) if it is in the
 * permission list, otherwise to '/'. Paths outside the console (portal pages) are always allowed.
 */
export function landingPath(requested: string, permissionList: readonly ConsoleRoute[], isConsolePath: (path: string) => boolean): string {
  const pathname = requested.split(/[?#]/)[0] || '/';
  if (!isConsolePath(pathname)) return requested;
  return isPermittedPath(pathname, permissionList) ? requested : '/';
}

/** How the user reached an address: typed (or bookmarked, reloaded) into the address bar, or inside the app. */
export type Arrival = 'typed' | 'inApp';

/**
 * Where an address the user may not open leads (spec §2 guard: '/'), with one exception kept on
 * purpose (docs/console.md "Navigation guard"): a known console page typed into the address bar
 * answers /403, so the user learns why instead of landing on the portal home without a word.
 * After sign-in (the redirect query) and on any navigation inside the app the spec's '/' holds.
 * Unknown console addresses are /404 (spec §2 "any unknown path"); permitted ones and portal pages stand.
 */
export function guardedPath(
  requested: string,
  permissionList: readonly ConsoleRoute[],
  pages: { isConsolePath: (path: string) => boolean; isKnownPage: (path: string) => boolean },
  arrival: Arrival,
): string {
  const pathname = requested.split(/[?#]/)[0] || '/';
  if (!pages.isConsolePath(pathname)) return requested;
  // A portal user (no console beyond home and the personal centre) is mounted no console routes at all.
  if (hasConsole(permissionList) && isPermittedPath(pathname, permissionList)) return requested;
  if (!pages.isKnownPage(pathname)) return '/404';
  return arrival === 'typed' ? '/403' : '/';
}

/** The route a hidden page highlights (its meta.activeMenu), else the route itself. */
export function menuKeyFor(pathname: string, permissionList: readonly ConsoleRoute[]): string {
  const route = permissionList.find((r) => r.path === pathname);
  return route?.meta.activeMenu || pathname;
}

/** Every route from the root down to `path` (for breadcrumbs), following activeMenu for hidden pages. */
export function routeChain(path: string, routes: readonly ConsoleRoute[]): ConsoleRoute[] {
  const walk = (list: readonly ConsoleRoute[], trail: ConsoleRoute[]): ConsoleRoute[] | null => {
    for (const r of list) {
      const next = [...trail, r];
      if (r.path === path) return next;
      const found = walk(r.children, next);
      if (found) return found;
    }
    return null;
  };
  return walk(routes, []) ?? [];
}
