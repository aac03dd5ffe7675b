import { useEffect, useRef } from 'react';
import { useLoaderData, useLocation, useNavigate } from 'react-router';
import { App } from 'antd';
import { ApiError } from '../api/http';
import { goAfterConsoleChange } from '../api/routerSwap';
import { PageLoading } from '../components/PageLoading';
import { useSessionStore } from '../api/session';
import { commitConsoleData, NO_MENU_MESSAGE, USER_INFO_FAILED_MESSAGE, type ConsoleStart } from './bootstrap';
import { consolePageAt, isConsolePath, isKnownConsolePagePath } from './pages';
import { guardedPath } from './routing/buildRoutes';
import { ENROLMENT_PATH } from '../auth/center/enrolmentDue';

/** The SSO return address (/login?sso=…): a guard failure there ends the half-made session. */
function isSsoPath(pathname: string, search: string): boolean {
  return pathname === '/login' && new URLSearchParams(search).has('sso');
}

/**
 * The console frame's code and the requested page's, fetched while the console data loads: the
 * rebuilt router needs both next and would otherwise ask for them only once the data is in. A
 * failure here is left to the router, which loads them again and reports it.
 */
function prefetchConsoleCode(pathname: string): void {
  void import('./layout/ConsoleLayout').catch(() => undefined);
  void consolePageAt(pathname)?.load().catch(() => undefined);
}

/**
 * Spec §2 Navigation guard, for a console address opened before the session's menu is loaded (typed,
 * bookmarked, reloaded): fetch the permission list and build the routes, then show the requested page
 * (the app rebuilds its router with the new routes). A known page the user may not open answers 403
 * here, the one place we keep it (guardedPath, docs/console.md). Spec §8: a failure shows 系统提示 and goes to '/'.
 */
export function ConsoleGate() {
  const location = useLocation();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  // The calls the route's loader started (routes.tsx unmatchedPath), the one route that renders the gate.
  const start = useLoaderData<ConsoleStart>();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const here = location.pathname + location.search;
    const { data: loading, enrolmentDue } = start;
    prefetchConsoleCode(location.pathname);
    loading
      .then(async (data) => {
        if (data.templateList.length === 0) throw new Error(NO_MENU_MESSAGE);
        const guarded = guardedPath(here, data.permissionList, { isConsolePath, isKnownPage: isKnownConsolePagePath }, 'typed');
        // Until an administrator the setting requires it of enrols in two-factor sign-in, only 个人中心 opens.
        const to = !guarded.startsWith('/center') && (await enrolmentDue) ? ENROLMENT_PATH : guarded;
        goAfterConsoleChange(to, navigate, () => commitConsoleData(data));
      })
      .catch((error: unknown) => {
        const description = error instanceof Error && error.message === NO_MENU_MESSAGE ? NO_MENU_MESSAGE : error instanceof ApiError ? error.message : USER_INFO_FAILED_MESSAGE;
        notification.error({ message: '系统提示', description });
        if (isSsoPath(location.pathname, location.search)) useSessionStore.getState().signOut();
        goAfterConsoleChange('/', navigate);
      });
  }, [location, navigate, notification, start]);

  return <PageLoading />;
}
