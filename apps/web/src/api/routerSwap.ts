import type { NavigateFunction } from 'react-router';
import { hasConsole, useConsoleStore, type ConsoleRoute } from './consoleStore';

type ConsoleStoreState = ReturnType<typeof useConsoleStore.getState>;

/** The console routes to mount for this state: the permission list of a loaded staff session, else none. */
export function mountedRoutes(state: Pick<ConsoleStoreState, 'loaded' | 'permissionList'>): readonly ConsoleRoute[] | null {
  return state.loaded && hasConsole(state.permissionList) ? state.permissionList : null;
}

let activeMount: readonly ConsoleRoute[] | null = null;

/** Records which console routes the live router was built with (the app shell calls it for each router it builds). */
export function setActiveMount(mount: readonly ConsoleRoute[] | null): void {
  activeMount = mount;
}

/**
 * Goes to `to` after (or while applying) a change of the console store. When that change is about to rebuild the
 * router, the new router starts from the address bar, so the address is set instead of asking the
 * old router (which would resolve `to` against routes that are on their way out).
 */
export function goAfterConsoleChange(to: string, navigate: NavigateFunction, change?: () => void): void {
  // `change` and the address update run in one synchronous block: React re-renders (and rebuilds
  // the router) only after both.
  change?.();
  if (mountedRoutes(useConsoleStore.getState()) !== activeMount) window.history.replaceState(window.history.state, '', to);
  else void navigate(to, { replace: true });
}
