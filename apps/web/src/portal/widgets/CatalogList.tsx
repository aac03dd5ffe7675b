import type { PortalCatalog } from '../api';
import { CatalogLink } from './CatalogLink';
import './catalog-widgets.css';

/** The catalogue-list widget: one level of catalogues as tiles (home shortcuts, a parent's children). */
export function CatalogList({ title, catalogs }: { title: string; catalogs: readonly PortalCatalog[] }) {
  if (catalogs.length === 0) return null;
  return (
    <nav className="dl-catalog-list" aria-label={title}>
      <ul>
        {[...catalogs]
          .sort((a, b) => a.sort - b.sort)
          .map((catalog) => (
            <li key={catalog.catalogId}>
              <CatalogLink catalog={catalog} className="dl-catalog-list__tile">
                {catalog.catalogName}
              </CatalogLink>
            </li>
          ))}
      </ul>
    </nav>
  );
}
