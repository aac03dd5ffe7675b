import { PortalSkeleton } from '../shared/light';
import { formatDate } from '../../lib/date';
import { useCatalogContentTree, type CatalogWithContents } from '../contentApi';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { CatalogLink } from './CatalogLink';
import { ContentLink } from './ContentLink';
import './catalog-widgets.css';

function Node({ catalog, depth }: { catalog: CatalogWithContents; depth: number }) {
  const Heading = depth === 0 ? 'h2' : 'h3';
  const contents = catalog.contents ?? [];
  return (
    <section className="dl-catalog-content-tree__node">
      <Heading className="dl-catalog-content-tree__name">
        <CatalogLink catalog={catalog}>{catalog.catalogName}</CatalogLink>
      </Heading>
      {contents.length > 0 && (
        <ul className="dl-catalog-content-tree__contents">
          {contents.map((item) => (
            <li key={item.contentId}>
              <ContentLink item={item} className="dl-ellipsis">
                {item.title}
              </ContentLink>
              <time dateTime={item.publishTime}>{formatDate(item.publishTime)}</time>
            </li>
          ))}
        </ul>
      )}
      {catalog.children.map((child) => (
        <Node key={child.catalogId} catalog={child} depth={depth + 1} />
      ))}
    </section>
  );
}

/**
 * The catalogue-and-content tree widget: the catalogues below `catalogCode` (or the whole site),
 * each with its newest `size` articles.
 */
export function CatalogContentTree({ catalogCode, size = 5 }: { catalogCode?: string; size?: number }) {
  const { data, error, isPending } = useCatalogContentTree(catalogCode, size);
  useLoadErrorToast(error);
  if (isPending) return <PortalSkeleton rows={4} />;
  if (!data || data.length === 0) return null;
  return (
    <div className="dl-catalog-content-tree">
      {data.map((catalog) => (
        <Node key={catalog.catalogId} catalog={catalog} depth={0} />
      ))}
    </div>
  );
}
