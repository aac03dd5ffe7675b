import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useRequestErrorToasts } from '../api/notifyAntd';
import { useConsoleStore } from '../api/consoleStore';
import { AntdProviders } from './antdProviders';

// The dialog (form, captcha, modal) is only needed after a 401: keep it out of the first load.
const LoginDialog = lazy(() => import('../auth/login/LoginDialog').then((m) => ({ default: m.LoginDialog })));

/** Inside antd's App: request failures become antd toasts, and a 401 opens the login dialog. */
function AntdChrome() {
  useRequestErrorToasts();
  const loginVisible = useConsoleStore((s) => s.loginVisible);
  return (
    <>
      <Outlet />
      {loginVisible && (
        <Suspense fallback={null}>
          <LoginDialog />
        </Suspense>
      )}
    </>
  );
}

/**
 * The pathless route around every page that renders antd (routes.tsx). Being a route with `lazy`,
 * its chunk (ConfigProvider, theme, locale, App) loads in parallel with the matched page's chunk,
 * not before the router starts: the start-up (entry) chunk carries no antd.
 */
export function Component() {
  return (
    <AntdProviders>
      <AntdChrome />
    </AntdProviders>
  );
}
