import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { contentPath, type PortalContentItem } from '../api';

/** A link to an article: its detail page, or — for an article that is only a link — that address in a new tab. */
export function ContentLink({
  item,
  children,
  className,
}: {
  item: Pick<PortalContentItem, 'contentId' | 'catalogCode' | 'linkUrl' | 'title'>;
  children: ReactNode;
  className?: string;
}) {
  if (item.linkUrl) {
    return (
      <a href={item.linkUrl} target="_blank" rel="noopener noreferrer" className={className} title={item.title}>
        {children}
      </a>
    );
  }
  return (
    <Link to={contentPath(item)} className={className} title={item.title}>
      {children}
    </Link>
  );
}
