import type { PortalCatalog } from '../api';
import { CatalogLink } from './CatalogLink';
import './catalog-widgets.css';

function Branch({ catalogs, current }: { catalogs: readonly PortalCatalog[]; current: string }) {
  return (
    <ul>
      {[...catalogs]
        .sort((a, b) => a.sort - b.sort)
        .map((catalog) => (
          <li key={catalog.catalogId}>
            <CatalogLink catalog={catalog} className={catalog.code === current ? 'dl-catalog-tree__current' : undefined}>
              <span aria-current={catalog.code === current ? 'page' : undefined}>{catalog.catalogName}</span>
            </CatalogLink>
            {catalog.children.length > 0 && <Branch catalogs={catalog.children} current={current} />}
          </li>
        ))}
    </ul>
  );
}

/** The catalogue-tree widget: nested catalogue links, the current one marked. */
export function CatalogTree({ title = '栏目', catalogs, current = '' }: { title?: string; catalogs: readonly PortalCatalog[]; current?: string }) {
  if (catalogs.length === 0) return null;
  return (
    <nav className="dl-catalog-tree" aria-label={title}>
      <h2 className="dl-catalog-tree__title">{title}</h2>
      <Branch catalogs={catalogs} current={current} />
    </nav>
  );
}
