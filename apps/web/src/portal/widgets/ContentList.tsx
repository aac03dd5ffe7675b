import { Suspense } from 'react';
import type { PortalContentItem } from '../api';
import { PortalEmpty, PortalSkeleton } from '../shared/light';
import type { ViewMode } from '../shared/useViewMode';
import { ContentLink } from './ContentLink';
import { PublishDate, TopTag } from './contentBits';
import './content-list.css';
import { lazyWithAntd } from '../shared/lazyWithAntd';

// The grid (antd Card) and the table (antd Table) load when chosen: the default bars are plain markup.
const Grid = lazyWithAntd(() => import('./ContentListViews').then((m) => m.Grid));
const ContentTable = lazyWithAntd(() => import('./ContentListViews').then((m) => m.ContentTable));

interface ContentListProps {
  items: readonly PortalContentItem[];
  /** bars: one row per article with its summary; grid: cards with the cover; table: title, catalogue, date. */
  mode: ViewMode;
  /** Show each article's catalogue (lists spanning several catalogues). */
  showCatalog?: boolean;
  empty?: string;
}

function Bars({ items, showCatalog }: { items: readonly PortalContentItem[]; showCatalog: boolean }) {
  return (
    <ul className="dl-content-bars">
      {items.map((item) => (
        <li key={item.contentId}>
          <div className="dl-content-bars__head">
            <TopTag item={item} />
            <ContentLink item={item} className="dl-content-bars__title">
              {item.title}
            </ContentLink>
            <PublishDate iso={item.publishTime} />
          </div>
          {item.summary && <p className="dl-content-bars__summary">{item.summary}</p>}
          {showCatalog && item.catalogName && <span className="dl-content-bars__catalog">{item.catalogName}</span>}
        </li>
      ))}
    </ul>
  );
}

/** The content widget of spec §2: a catalogue's articles as bars, a grid menu or a table. */
export function ContentList({ items, mode, showCatalog = false, empty = '暂无内容' }: ContentListProps) {
  if (items.length === 0) return <PortalEmpty description={empty} />;
  if (mode === 'bars') return <Bars items={items} showCatalog={showCatalog} />;
  return (
    <Suspense fallback={<PortalSkeleton rows={8} />}>
      {mode === 'grid' ? <Grid items={items} /> : <ContentTable items={items} showCatalog={showCatalog} />}
    </Suspense>
  );
}
