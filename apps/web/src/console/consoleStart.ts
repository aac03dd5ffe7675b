/**
 * The console's start for an address opened before the session's menu is loaded (a reload, a
 * bookmark): everything the first console screen needs is asked for at once, as soon as the app's
 * code has run (main.tsx) or the router has matched the address (routes.tsx `unmatchedPath`), not
 * once the gate has rendered inside the antd scope. The gate (ConsoleGate) then takes what was started.
 */
import { useConsoleStore, type ConsoleData } from '../api/consoleStore';
import { readSession } from '../api/session';
import { isEnrolmentDue } from '../auth/center/enrolmentDue';
import { loadConsoleData } from './bootstrap';
import { consolePageAt, isConsolePath } from './pages';
import { HOME_PAGES } from './home/pages';

const HOME_PAGE = HOME_PAGES['home/index'];

export interface ConsoleStart {
  /** The session it was started for: another session never takes it. */
  token: string;
  startedAt: number;
  data: Promise<ConsoleData>;
  /** Whether the user must enrol in two-factor sign-in first (false when the check fails). */
  enrolmentDue: Promise<boolean>;
}

let current: ConsoleStart | null = null;

/**
 * The gate takes a start within moments of it being made; an older one whose gate never came (its
 * chunk failed, the user went elsewhere) is not handed out again, its data may have changed since.
 */
const REUSE_MS = 30_000;

/** The build's list of the console start's chunks (vite.config.ts `consoleStartChunks`); none in development. */
function startChunks(): { frame: string[]; home: string[] } {
  try {
    const data: unknown = JSON.parse(document.getElementById('dl-console-chunks')?.textContent ?? 'null');
    const files = (value: unknown) => (Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string') : []);
    return data && typeof data === 'object' ? { frame: files((data as Record<string, unknown>).frame), home: files((data as Record<string, unknown>).home) } : { frame: [], home: [] };
  } catch {
    return { frame: [], home: [] };
  }
}

/**
 * The console frame's code and the requested page's: the rebuilt router needs both next and would
 * otherwise ask for them only once the data is in. With modulePreload off, a chunk's imports are
 * found only when it arrives, level after level; the build lists the whole of the frame (and of the
 * home page), so all of it is asked for at once. A failure here is left to the router, which loads
 * them again and reports it.
 */
function prefetchConsoleCode(pathname: string): void {
  const chunks = startChunks();
  const links = document.createDocumentFragment();
  for (const href of [...chunks.frame, ...(consolePageAt(pathname) === HOME_PAGE ? chunks.home : [])]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
  void import('./layout/ConsoleLayout').catch(() => undefined);
  void consolePageAt(pathname)?.load().catch(() => undefined);
}

/**
 * Starts the console data, the two-factor enrolment check and the frame's and page's code for the
 * signed-in session, once: a second call for the same session answers the same start.
 */
export function startConsole(pathname: string): ConsoleStart {
  const token = readSession()?.token ?? '';
  if (current?.token === token && Date.now() - current.startedAt < REUSE_MS) return current;
  // The code first: its requests then go out before the calls, which take longer to answer and
  // would otherwise hold the browser's few connections to the server while the scripts wait.
  prefetchConsoleCode(pathname);
  const data = loadConsoleData();
  // Handled by whoever takes the start; until then a failure must not count as unhandled.
  data.catch(() => undefined);
  current = { token, startedAt: Date.now(), data, enrolmentDue: isEnrolmentDue() };
  return current;
}

/** The gate's side: what was started for this session (or a start made now), which the next start no longer shares. */
export function takeConsoleStart(pathname: string): ConsoleStart {
  const start = startConsole(pathname);
  current = null;
  return start;
}

/**
 * At the app's entry, before React and the router start: a console address opened with a stored
 * session starts the console now (the router's loader, which would, runs only after the first render).
 */
export function startConsoleAtEntry(pathname: string): void {
  if (isConsolePath(pathname) && readSession() && !useConsoleStore.getState().loaded) startConsole(pathname);
}
