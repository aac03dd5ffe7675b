import type { ReactNode } from 'react';
import './light.css';

/** antd Breadcrumb's look: the entries separated by "/". */
export function PortalBreadcrumbList({ items }: { items: readonly { key: string; title: ReactNode }[] }) {
  return (
    <ol className="dl-breadcrumb">
      {items.map((item, i) => (
        <li key={item.key}>
          {i > 0 && (
            <span className="dl-breadcrumb__separator" aria-hidden>
              /
            </span>
          )}
          <span className="dl-breadcrumb__link">{item.title}</span>
        </li>
      ))}
    </ol>
  );
}
