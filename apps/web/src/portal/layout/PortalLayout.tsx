import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useConsoleStore } from '../../api/consoleStore';
import { DEFAULT_TITLE } from '../../lib/pageTitle';
import { usePortalIndex } from '../api';
import { lazyWithAntd } from '../shared/lazyWithAntd';
import { usePortalRequestToasts } from '../shared/usePortalRequestToasts';
import { SiteHeader } from '../widgets/SiteHeader';
import { AccountActions } from './AccountActions';
import { PortalFooter } from './PortalFooter';
import './portal-layout.css';

// The dialog a 401 opens (RootRoute sends the user here, to '/'): antd's form and modal, loaded only then.
const LoginDialog = lazyWithAntd(() => import('../../auth/login/LoginDialog').then((m) => m.LoginDialog));

/**
 * The public ("home") layout of spec §2: header with the site, search and catalogue navigation,
 * the page, footer. Until the site loads, the product name stands in. It sits outside the antd scope
 * (app/routes.tsx): request failures show as light toasts, and what draws with antd loads its providers itself.
 */
export default function PortalLayout() {
  const { data } = usePortalIndex();
  usePortalRequestToasts();
  const loginVisible = useConsoleStore((s) => s.loginVisible);
  return (
    <div className="dl-portal">
      <SiteHeader site={data?.site} fallbackName={DEFAULT_TITLE} catalogs={data?.catalogs ?? []} actions={<AccountActions />} />
      <main className="dl-portal-main">
        <Outlet />
      </main>
      <PortalFooter site={data?.site} fallbackName={DEFAULT_TITLE} />
      {loginVisible && (
        <Suspense fallback={null}>
          <LoginDialog />
        </Suspense>
      )}
    </div>
  );
}
