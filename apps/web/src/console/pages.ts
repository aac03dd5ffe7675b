import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

/**
 * The console pages this build contains, by menu component key (spec §2: the menu node's url),
 * with the path the seed gives each. Menu entries whose page is not here are left out of the
 * routes and the menu; a known page the user lacks the permission for answers 403.
 */
export const CONSOLE_PAGES: Record<string, { path: string; load: () => Promise<PageModule> }> = {
  'home/index': { path: '/home', load: () => import('./home/HomePage') },
  'center/index': { path: '/center', load: () => import('./center/AccountCenterPage') },
  'message/sms/smsList': { path: '/message/sms/smsList', load: () => import('./message/sms/SmsListPage') },
};

export function isConsolePage(component: string): boolean {
  return Object.hasOwn(CONSOLE_PAGES, component);
}

/** Path prefixes of the console (spec §2 admin groups plus home and the blank page). */
const CONSOLE_PREFIXES = ['/home', '/blank', '/base', '/cms', '/system', '/message'];

export function isConsolePath(pathname: string): boolean {
  return CONSOLE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** A page this build has, at its seeded path: opening it without permission shows 403, not 404. */
export function isKnownConsolePagePath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  if (!isConsolePath(path)) return false;
  return Object.values(CONSOLE_PAGES).some((p) => p.path === path || p.path.slice(0, p.path.lastIndexOf('/')) === path);
}
