import { createBrowserRouter } from 'react-router';
import type { ConsoleRoute } from '../api/consoleStore';
import { createRoutes } from './routes';
import { setActiveMount } from '../api/routerSwap';

/**
 * A browser router for the given console routes. The app builds a new one when the session's
 * console appears or goes (sign-in, sign-out, 401): React Router's public API has no way to add or
 * remove routes on a live router.
 */
export function createAppRouter(mount: readonly ConsoleRoute[] | null) {
  setActiveMount(mount);
  return createBrowserRouter(createRoutes(mount));
}
