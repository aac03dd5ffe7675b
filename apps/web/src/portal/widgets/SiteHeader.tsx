import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PortalCatalog, PortalSite } from '../api';
import { SiteNav, SiteNavMenuButton } from './SiteNav';
import { SiteSearchBox } from './SiteSearchBox';
import './site-header.css';

interface SiteHeaderProps {
  site: PortalSite | undefined;
  /** Shown until the site has loaded. */
  fallbackName: string;
  catalogs: readonly PortalCatalog[];
  /** The account corner (sign in, the user's menu). */
  actions?: ReactNode;
}

/**
 * The site widget: logo and name, the search box and the account corner on the top row, the
 * catalogue navigation below. On phones the search moves into the navigation drawer.
 */
export function SiteHeader({ site, fallbackName, catalogs, actions }: SiteHeaderProps) {
  const name = site?.displayName || site?.siteName || fallbackName;
  return (
    <header className="dl-site-header">
      <div className="dl-site-header__top">
        <Link to="/" className="dl-site-brand" aria-label={`${name} 首页`}>
          <img src={site?.logoUrl || '/favicon.svg'} alt="" width={32} height={32} />
          <span className="dl-ellipsis">{name}</span>
        </Link>
        <SiteSearchBox className="dl-site-header__search" />
        <div className="dl-site-header__actions">{actions}</div>
        <SiteNavMenuButton catalogs={catalogs} extra={<SiteSearchBox className="dl-site-nav__drawer-search" />} />
      </div>
      <SiteNav catalogs={catalogs} />
    </header>
  );
}
