import { Link } from 'react-router';
import { PortalBreadcrumbList } from './light';

export interface Crumb {
  title: string;
  /** Omitted for the page itself. */
  to?: string;
}

/** 首页 › … › the page: where a list or detail page sits in the site. */
export function PortalBreadcrumb({ trail }: { trail: readonly Crumb[] }) {
  const items = [{ title: '首页', to: '/' }, ...trail].map((crumb, i, all) => ({
    key: `${i}`,
    title: crumb.to && i < all.length - 1 ? <Link to={crumb.to}>{crumb.title}</Link> : <span aria-current="page">{crumb.title}</span>,
  }));
  return (
    <nav aria-label="当前位置" className="dl-portal-breadcrumb">
      <PortalBreadcrumbList items={items} />
    </nav>
  );
}
