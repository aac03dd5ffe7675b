import { Outlet } from 'react-router';
import { DEFAULT_TITLE } from '../../lib/pageTitle';
import { usePortalIndex } from '../api';
import { SiteHeader } from '../widgets/SiteHeader';
import { AccountActions } from './AccountActions';
import { PortalFooter } from './PortalFooter';
import './portal-layout.css';

/**
 * The public ("home") layout of spec §2: header with the site, search and catalogue navigation,
 * the page, footer. Until the site loads, the product name stands in.
 */
export default function PortalLayout() {
  const { data } = usePortalIndex();
  return (
    <div className="dl-portal">
      <SiteHeader site={data?.site} fallbackName={DEFAULT_TITLE} catalogs={data?.catalogs ?? []} actions={<AccountActions />} />
      <main className="dl-portal-main">
        <Outlet />
      </main>
      <PortalFooter site={data?.site} fallbackName={DEFAULT_TITLE} />
    </div>
  );
}
