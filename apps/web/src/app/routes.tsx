import { redirect, replace, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { RootRoute } from './RootRoute';
import { RouteError } from './RouteError';
import { defaultExport, lazyPage } from './lazyPage';
import { loginPathFor } from '../lib/redirect';
import type { RouteHandle } from '../lib/pageTitle';
import { readSession } from '../api/session';
import { ACCOUNT_CENTER_PATH, useConsoleStore, type ConsoleRoute } from '../api/consoleStore';
import { CONSOLE_PAGES, isConsolePath, isKnownConsolePagePath } from '../console/pages';
import type { PageModule } from '../console/pageTypes';
import { BLANK_PATH, guardedPath } from '../console/routing/buildRoutes';
import { MAIN_INDEX_PATH } from '@dandelion/shared';
import { commitConsoleData, loadConsoleData, startConsole } from '../console/bootstrap';
import { preloadConsoleStart } from '../console/startChunks';

const exceptionPages = () => import('./exception/ExceptionPages');

const handle = (title: string): RouteHandle => ({ title });

/** A route whose page is the default export of its own chunk. */
const page = (path: string, title: string, chunk: string, load: () => Promise<PageModule>): RouteObject => ({
  path,
  handle: handle(title),
  lazy: lazyPage(chunk, load, defaultExport),
});

/** Pages for signed-in users: without a session, go to /login and come back afterwards. */
export function requireSession({ request }: LoaderFunctionArgs) {
  if (readSession()) return null;
  const url = new URL(request.url);
  throw redirect(loginPathFor(url.pathname + url.search));
}

/**
 * The portal's /center. Staff have the console's /center instead: when the session's console is
 * not loaded yet (a reload, a bookmark) it is loaded first; with a console, the app rebuilds its
 * router and the console's page takes the address, without the portal page flashing first.
 */
export async function portalCenterLoader(args: LoaderFunctionArgs) {
  requireSession(args);
  if (!useConsoleStore.getState().loaded) {
    try {
      commitConsoleData(await loadConsoleData());
    } catch {
      // the portal page still works; the console loads on the first console address
    }
  }
  return null;
}

/**
 * A path no route matched. A console path while the session's menu is not loaded yet (an address
 * typed, bookmarked or reloaded) renders the gate, which runs the navigation guard (spec §2) and
 * remounts the router with the user's routes. With the menu loaded the user got here inside the
 * app: a known console page they may not open goes to '/' (spec §2); anything else is 404.
 */
export function unmatchedPath({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (isConsolePath(url.pathname)) {
    if (!readSession()) throw redirect(loginPathFor(url.pathname + url.search));
    const { loaded, permissionList } = useConsoleStore.getState();
    if (!loaded) {
      // The gate shows the console next: its code, the frame's and the console's calls are asked for now, all at once.
      // The calls first: over HTTP/1.1 the browser keeps six connections to the server, and a call asked for after
      // the ~70 chunks queued behind them (roles answered at ~600 instead of ~250 ms, measured in bench/bundle).
      const start = startConsole();
      preloadConsoleStart(url.pathname);
      return start;
    }
    throw replace(guardedPath(url.pathname + url.search, permissionList, GUARDED_PAGES, 'inApp'));
  }
  throw replace('/404');
}

/** What the guard needs to know of this build's console pages. */
const GUARDED_PAGES = { isConsolePath, isKnownPage: isKnownConsolePagePath };

/** Route handle of a console page: its title and the menu route it came from (tabs, breadcrumbs). */
export interface ConsoleRouteHandle extends RouteHandle {
  consoleRoute?: ConsoleRoute;
}

function consolePageRoute(route: ConsoleRoute): RouteObject {
  const handle: ConsoleRouteHandle = { title: route.meta.title, consoleRoute: route };
  if (route.component && CONSOLE_PAGES[route.component]) {
    const page = CONSOLE_PAGES[route.component];
    return { path: route.path, handle, lazy: lazyPage(route.component, page.load, defaultExport) };
  }
  return { path: route.path, handle, loader: () => replace(route.redirect ?? '/home'), element: null };
}

/**
 * The console branch (spec §2 Dynamic routes): the root layout named by the theme around the
 * pages of the user's permission list, the blank page and the account centre.
 */
function consoleBranch(permissionList: readonly ConsoleRoute[]): RouteObject {
  const pages = permissionList.filter((r) => r.component !== null || r.redirect !== null);
  const children = pages.map(consolePageRoute);
  children.push({ path: BLANK_PATH, handle: handle('空白页'), element: null });
  if (!pages.some((r) => r.path === ACCOUNT_CENTER_PATH) && CONSOLE_PAGES['center/index']) {
    children.push({
      id: 'account-center',
      path: ACCOUNT_CENTER_PATH,
      handle: handle('个人中心'),
      lazy: lazyPage('center/index', CONSOLE_PAGES['center/index'].load, defaultExport),
    });
  }
  return {
    id: 'console',
    loader: requireSession,
    lazy: lazyPage('console-layout', () => import('../console/layout/ConsoleLayout'), defaultExport),
    children,
  };
}

const portalCatalogPage = () => import('../portal/pages/CatalogPage');
const portalDetailPage = () => import('../portal/pages/ContentDetailPage');

/**
 * The public pages of spec §2 under the portal layout. Each catalogue's list and detail routes are
 * named after its code; the page reads the code from the address. Titles here are the seeded
 * catalogue names; the pages replace them with the site's own names once loaded.
 */
function portalPages(): RouteObject[] {
  const list = (path: string, title: string) => page(path, title, 'portal-catalog', portalCatalogPage);
  const detail = (path: string, title: string) => page(path, title, 'portal-detail', portalDetailPage);
  return [
    list('category', '栏目'),
    detail('categoryDetail', '正文'),
    page('declare', '申报入口', 'portal-declare', () => import('../portal/pages/DeclarePage')),
    // An office's invitation into the expert pool: the link the SMS or message carries (?token=…).
    page('expert/invitation', '专家入库邀请', 'portal-expert-invitation', () => import('../portal/expert/InvitationPage')),
    page('notification', '通知公告', 'portal-notices', () => import('../portal/pages/NoticeListPage')),
    page('notificationDetail/:id', '通知公告', 'portal-notice', () => import('../portal/pages/NoticeDetailPage')),
    list('policy', '政策文件'),
    detail('policyDetail/:id', '政策文件'),
    detail('newsDetail/:id', '新闻动态'),
    detail('introduceDetail/:id', '奖项介绍'),
    // The prize pages: lookups, open editions' guides and awarded achievements (portal/prize).
    page('fund', '基金项目', 'portal-prize-fund', () => import('../portal/prize/FundListPage')),
    page('fundDetail/:id', '基金项目', 'portal-prize-fund-detail', () => import('../portal/prize/FundDetailPage')),
    page('national', '计划项目', 'portal-prize-national', () => import('../portal/prize/NationalListPage')),
    page('nationalDetail/:id', '计划项目', 'portal-prize-national-detail', () => import('../portal/prize/NationalDetailPage')),
    page('apply', '申报指南', 'portal-prize-apply', () => import('../portal/prize/GuideListPage')),
    page('applyDetail/:id', '申报指南', 'portal-prize-apply-detail', () => import('../portal/prize/GuideDetailPage')),
    page('show', '成果展示', 'portal-prize-show', () => import('../portal/prize/ShowListPage')),
    page('showDetail/:id', '成果展示', 'portal-prize-show-detail', () => import('../portal/prize/ShowDetailPage')),
    page('search', '搜索', 'portal-search', () => import('../portal/pages/SearchPage')),
    page('other', '互动交流', 'portal-other', () => import('../portal/pages/OtherPage')),
    detail('otherDetail/:id', '互动交流'),
    // Publicities and award results (the publicity module), not a CMS catalogue.
    page('query', '结果查询', 'portal-query', () => import('../portal/query/QueryPage')),
    page('queryDetail/:id', '结果查询', 'portal-query-detail', () => import('../portal/query/QueryDetailPage')),
  ];
}

/**
 * The route tree (spec §2). Every page is its own chunk; the portal never loads console code.
 * Public pages are children of the portal layout at '/'; standalone pages sit beside it.
 * With a console (staff whose menu is loaded) its branch comes first, so its /center wins.
 */
export function createRoutes(consoleRoutes: readonly ConsoleRoute[] | null = null): RouteObject[] {
  return [
  {
    id: 'root',
    Component: RootRoute,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      // The sign-in page is drawn without antd (components/plain): its first load carries none.
      page('/login', '登录', 'login', () => import('../auth/login/LoginPage')),
      {
        // Every other page renders antd; its providers load with the first page, not at start-up.
        id: 'antd',
        lazy: () => import('./AntdScope'),
        children: [
      ...(consoleRoutes ? [consoleBranch(consoleRoutes)] : []),
      // Spec §2 "the main index page path constant": the main page after sign-in, as an address of its own.
      {
        path: MAIN_INDEX_PATH,
        handle: handle('首页'),
        loader: requireSession,
        lazy: lazyPage('main-index', () => import('../console/MainIndexPage'), defaultExport),
      },
      // The print view stands alone: no portal header or footer on the printed A4 pages.
      {
        path: '/declare/print/:declarationId',
        handle: handle('打印申报书'),
        loader: requireSession,
        lazy: lazyPage('portal-declare-print', () => import('../portal/declare/print/DeclarationPrintPage'), defaultExport),
      },
      page('/enroll', '注册', 'enroll', () => import('../auth/enroll/EnrollPage')),
      page('/forgotPassword', '找回密码', 'forgot-password', () => import('../auth/forgot/ForgotPasswordPage')),
      {
        path: '/errorBlank',
        handle: handle('出错了'),
        lazy: lazyPage('exception', exceptionPages, (m) => m.ErrorBlankPage),
      },
      { path: '/403', handle: handle('403'), lazy: lazyPage('exception', exceptionPages, (m) => m.ForbiddenPage) },
      { path: '/404', handle: handle('404'), lazy: lazyPage('exception', exceptionPages, (m) => m.NotFoundPage) },
      { path: '/500', handle: handle('500'), lazy: lazyPage('exception', exceptionPages, (m) => m.ServerErrorPage) },
      // Spec §2: any unknown path redirects to /404 (the loader replaces the history entry before
      // anything renders); console paths first go through the gate.
      // The gate uses antd's notification: its own small chunk, loaded beside the antd scope.
      { path: '*', loader: unmatchedPath, lazy: lazyPage('console-gate', () => import('../console/ConsoleGate'), (m) => m.ConsoleGate) },
        ],
      },
      // The portal draws without antd on its first load (docs/cms-portal-pages.md): outside the antd scope, its
      // layout shows request failures itself, and each piece that draws with antd loads the providers with it.
      // After the antd scope, so that a console's /center (inside it) still wins.
      {
        path: '/',
        handle: handle('首页'),
        lazy: lazyPage('portal-layout', () => import('../portal/layout/PortalLayout'), defaultExport),
        children: [
          { index: true, lazy: lazyPage('home', () => import('../portal/home/HomePage'), defaultExport) },
          ...portalPages(),
          {
            path: 'declare/form/:declarationId',
            handle: handle('填写申报书'),
            loader: requireSession,
            lazy: lazyPage('portal-declare-form', () => import('../portal/declare/form/DeclarationFormPage'), defaultExport),
          },
          {
            path: 'center',
            handle: handle('个人中心'),
            loader: portalCenterLoader,
            lazy: lazyPage('center', () => import('../portal/center/CenterPage'), defaultExport),
          },
        ],
      },
    ],
  },
  ];
}

/** The routes before any console is mounted (tests, first render). */
export const routes: RouteObject[] = createRoutes();
