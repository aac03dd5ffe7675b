import { useLocation, useSearchParams } from 'react-router';
import { PortalEmpty } from '../shared/light';
import { CatalogListView } from './CatalogListView';

/** Catalogues whose articles read best as a grid of cards by default. */
const GRID_BY_DEFAULT = new Set(['show']);

/**
 * /policy, /fund, /national, /apply, /show, /query and /category?code=…: the list page of the
 * catalogue the address names (the route name equals the catalogue code, spec §2).
 */
export default function CatalogPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const code = pathname === '/category' ? (params.get('code') ?? '').trim() : decodeURIComponent(pathname.slice(1));
  if (!code) {
    return (
      <div className="dl-container dl-portal-page">
        <PortalEmpty description="未指定栏目" />
      </div>
    );
  }
  // key: a different catalogue starts from a fresh state (tab, page).
  return <CatalogListView key={code} code={code} defaultMode={GRID_BY_DEFAULT.has(code) ? 'grid' : 'bars'} />;
}
