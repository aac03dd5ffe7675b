import { Outlet } from 'react-router';
import { DEFAULT_TITLE } from '../../app/RootRoute';
import { usePortalIndex } from '../api';
import { PortalFooter } from './PortalFooter';
import { PortalHeader } from './PortalHeader';
import './portal-layout.css';

/**
 * The public ("home") layout of spec §2: header with the site name and catalogue
 * navigation, the page, footer. Until the site loads, the product name stands in.
 */
export default function PortalLayout() {
  const { data } = usePortalIndex();
  const siteName = data?.site.displayName || data?.site.siteName || DEFAULT_TITLE;
  return (
    <div className="dl-portal">
      <PortalHeader siteName={siteName} catalogs={data?.catalogs ?? []} />
      <main className="dl-portal-main">
        <Outlet />
      </main>
      <PortalFooter siteName={siteName} />
    </div>
  );
}
