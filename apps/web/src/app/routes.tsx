import { redirect, replace, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { PageLoading } from './PageLoading';
import { RootRoute, type RouteHandle } from './RootRoute';
import { RouteError } from './RouteError';
import { defaultExport, lazyPage } from './lazyPage';
import { loginPathFor } from '../lib/redirect';
import { readSession } from './session';

const exceptionPages = () => import('./exception/ExceptionPages');

const handle = (title: string): RouteHandle => ({ title });

/** Pages for signed-in users: without a session, go to /login and come back afterwards. */
export function requireSession({ request }: LoaderFunctionArgs) {
  if (readSession()) return null;
  const url = new URL(request.url);
  throw redirect(loginPathFor(url.pathname + url.search));
}

/**
 * The route tree (spec §2). Every page is its own chunk; the portal never loads console code.
 * Public pages are children of the portal layout at '/'; standalone pages sit beside it.
 * Console routes (built from the user's menu) are added here by later issues.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootRoute,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        path: '/',
        handle: handle('首页'),
        lazy: lazyPage('portal-layout', () => import('../portal/layout/PortalLayout'), defaultExport),
        children: [
          { index: true, lazy: lazyPage('home', () => import('../portal/home/HomePage'), defaultExport) },
          {
            path: 'center',
            handle: handle('个人中心'),
            loader: requireSession,
            lazy: lazyPage('center', () => import('../portal/center/CenterPage'), defaultExport),
          },
        ],
      },
      {
        path: '/login',
        handle: handle('登录'),
        lazy: lazyPage('login', () => import('../auth/login/LoginPage'), defaultExport),
      },
      {
        path: '/enroll',
        handle: handle('注册'),
        lazy: lazyPage('enroll', () => import('../auth/enroll/EnrollPage'), defaultExport),
      },
      {
        path: '/forgotPassword',
        handle: handle('找回密码'),
        lazy: lazyPage('forgot-password', () => import('../auth/forgot/ForgotPasswordPage'), defaultExport),
      },
      {
        path: '/errorBlank',
        handle: handle('出错了'),
        lazy: lazyPage('exception', exceptionPages, (m) => m.ErrorBlankPage),
      },
      { path: '/403', handle: handle('403'), lazy: lazyPage('exception', exceptionPages, (m) => m.ForbiddenPage) },
      { path: '/404', handle: handle('404'), lazy: lazyPage('exception', exceptionPages, (m) => m.NotFoundPage) },
      { path: '/500', handle: handle('500'), lazy: lazyPage('exception', exceptionPages, (m) => m.ServerErrorPage) },
      // Spec §2: any unknown path redirects to /404. The loader replaces the history entry before
      // anything renders; `element: null` says so explicitly (and keeps React Router from warning).
      { path: '*', loader: () => replace('/404'), element: null },
    ],
  },
];
