import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigate } from 'react-router';
import { App } from 'antd';
import { UNAUTHORIZED_MESSAGE } from '@dandelion/shared';
import { onUnauthorized } from '../api/http';
import { loginPathFor } from '../lib/redirect';

/** Route `handle` fields the shell understands. */
export interface RouteHandle {
  /** Document title while the route is the deepest one that sets a title. */
  title?: string;
}

export const DEFAULT_TITLE = '蒲公英';

/** Keeps document.title in step with the deepest matched route that names one. */
function useDocumentTitle() {
  const matches = useMatches();
  const title = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter((t): t is string => !!t)
    .at(-1);
  useEffect(() => {
    document.title = title ?? DEFAULT_TITLE;
  }, [title]);
}

/**
 * Spec §8: a 401 has ended the session (http.ts cleared it); say so and go to sign in,
 * returning to the current page afterwards.
 */
function useSignInOnUnauthorized() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const location = useLocation();
  const here = useRef(location.pathname + location.search);
  here.current = location.pathname + location.search;
  useEffect(
    () =>
      onUnauthorized(() => {
        if (here.current.startsWith('/login')) return;
        message.warning(UNAUTHORIZED_MESSAGE);
        navigate(loginPathFor(here.current), { replace: true });
      }),
    [navigate, message],
  );
}

/** The root of every route: document title, the 401 hand-off and scroll restoration around the matched page. */
export function RootRoute() {
  useDocumentTitle();
  useSignInOnUnauthorized();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
