import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { catalogPath, type PortalCatalog } from '../api';

type LinkedCatalog = Pick<PortalCatalog, 'code' | 'linkType' | 'linkUrl' | 'openType'>;

/** True when the catalogue is a link to another site rather than a portal page. */
export const isExternalCatalog = (catalog: LinkedCatalog) => catalog.linkType === 'EXTERNAL_LINK' && !!catalog.linkUrl;

/**
 * A link to a catalogue: its portal page, or for EXTERNAL_LINK its `linkUrl`; EXTERNAL_OPEN opens a
 * new tab (without handing it this window).
 */
export function CatalogLink({ catalog, children, className }: { catalog: LinkedCatalog; children: ReactNode; className?: string }) {
  const newTab = catalog.openType === 'EXTERNAL_OPEN';
  const tabProps = newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  if (isExternalCatalog(catalog)) {
    return (
      <a href={catalog.linkUrl!} className={className} {...tabProps}>
        {children}
      </a>
    );
  }
  return (
    <Link to={catalogPath(catalog.code)} className={className} {...tabProps}>
      {children}
    </Link>
  );
}
