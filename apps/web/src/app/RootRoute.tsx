import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';

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

/** The root of every route: document title and scroll restoration around the matched page. */
export function RootRoute() {
  useDocumentTitle();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
