import { useEffect, useEffectEvent } from 'react';
import { useLocation, useMatches } from 'react-router';
import { apiUrl, commonHeaders } from '../api/http';
import { useConsoleStore } from '../api/consoleStore';
import { isConsolePath } from '../console/pages';
import { pageTitleOf } from '../lib/pageTitle';

/**
 * Page views for the access log (/rest/log/addAccessLog). Fire-and-forget: one small POST after
 * the address has settled, with keepalive so it survives leaving the page; no toast, no retry,
 * nothing at all when it fails. Only the path is sent, never the query string (it may carry a
 * token or a search the user typed); who and from where the server decides.
 */

export const ACCESS_BEACON_PATH = '/rest/log/addAccessLog';
/** Redirects (/base/rest → /base/rest/restList) and the console's router swap settle within this. */
const SETTLE_MS = 800;
/** The same page reported again this soon is the router remounting, not a second view. */
const REPEAT_MS = 3_000;

// Module state, not component state: the app builds a new router (and a new root) when the
// console mounts, and a view must not be counted twice for that.
let pending: ReturnType<typeof setTimeout> | undefined;
let lastSent: { path: string; at: number } | null = null;
let previousPath: string | null = null;
let enabled = import.meta.env.MODE !== 'test';

/** Tests of other features run without the beacon; its own tests switch it on. */
export function setAccessBeaconEnabled(on: boolean) {
  enabled = on;
  lastSent = null;
  previousPath = null;
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function send(client: 'PORTAL' | 'CONSOLE', path: string, title: string | undefined) {
  const now = Date.now();
  if (lastSent && lastSent.path === path && now - lastSent.at < REPEAT_MS) return;
  lastSent = { path, at: now };
  const external = document.referrer ? document.referrer.split(/[?#]/)[0] : '';
  const referrer = previousPath ? `${window.location.origin}${previousPath}` : external;
  previousPath = path;
  const body = { client, path: cut(path, 256), ...(title ? { title: cut(title, 128) } : {}), ...(referrer ? { referrer: cut(referrer, 1024) } : {}) };
  try {
    void fetch(apiUrl(ACCESS_BEACON_PATH), {
      method: 'POST',
      keepalive: true,
      headers: { ...commonHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // No fetch, or the browser refused the request: a page view is not worth an error.
  }
}

/** Reports each page the user opens, console or portal (used once, in RootRoute). */
export function useAccessBeacon(): void {
  const { pathname } = useLocation();
  const matches = useMatches();
  const title = pageTitleOf(matches);
  // /center is both the portal's and (for staff) the console's: the matched branch decides.
  const client: 'PORTAL' | 'CONSOLE' = matches.some((m) => m.id === 'console') || isConsolePath(pathname) ? 'CONSOLE' : 'PORTAL';
  // Reads the title and client of the page as it is when the address has settled.
  const report = useEffectEvent((path: string) => {
    // A console address opened directly shows the gate (an untitled catch-all route) while the
    // user's menu loads; the app then mounts a new router on the same address, and that one
    // reports the page with its title. Every console page has a title.
    if (client === 'CONSOLE' && (!useConsoleStore.getState().loaded || !title)) return;
    send(client, path, title);
  });

  useEffect(() => {
    if (!enabled) return;
    clearTimeout(pending);
    pending = setTimeout(() => report(pathname), SETTLE_MS);
  }, [pathname]);
}
