import { useEffect, useEffectEvent } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigate } from 'react-router';
import { onUnauthorized } from '../api/http';
import { setLoginReturnTo } from '../auth/login/loginReturn';
import { useConsoleStore } from '../api/consoleStore';
import { goAfterConsoleChange } from '../api/routerSwap';
import { DEFAULT_TITLE, pageTitleOf } from '../lib/pageTitle';
import { useAccessBeacon } from './accessBeacon';

/**
 * Keeps document.title in step with the deepest matched route that names one, followed by the
 * site's display name once the console has loaded it (spec §2: the project title).
 */
function useDocumentTitle() {
  const title = pageTitleOf(useMatches());
  const siteName = useConsoleStore((s) => s.siteName);
  useEffect(() => {
    if (!siteName) document.title = title ?? DEFAULT_TITLE;
    else document.title = title && title !== siteName ? `${title} - ${siteName}` : siteName;
  }, [title, siteName]);
}

/**
 * Spec §4, §8: a 401 has ended the session (http.ts cleared it and said so); open the login dialog
 * and go to '/'. Signing in through the dialog returns to the page the user was on.
 */
function useLoginDialogOnUnauthorized() {
  const navigate = useNavigate();
  const location = useLocation();
  const sessionEnded = useEffectEvent(() => {
    // The request layer has already shown the 401's message (spec §8).
    const here = location.pathname + location.search;
    if (here.startsWith('/login')) return;
    setLoginReturnTo(here === '/' ? null : here);
    useConsoleStore.getState().setLoginVisible(true);
    goAfterConsoleChange('/', navigate);
  });
  useEffect(() => onUnauthorized(() => sessionEnded()), []);
}

/**
 * The root of every route: document title, the 401 hand-off and scroll restoration around the
 * matched page. No antd here (start-up): the toasts and the login dialog live in AntdScope.
 */
export function RootRoute() {
  useDocumentTitle();
  useLoginDialogOnUnauthorized();
  useAccessBeacon();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
