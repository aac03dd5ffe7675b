import { Card, Empty, Table, Tag, type TableColumnsType } from 'antd';
import { formatDate } from '../../lib/date';
import type { PortalContentItem } from '../api';
import type { ViewMode } from '../shared/useViewMode';
import { ContentLink } from './ContentLink';
import './content-list.css';

interface ContentListProps {
  items: readonly PortalContentItem[];
  /** bars: one row per article with its summary; grid: cards with the cover; table: title, catalogue, date. */
  mode: ViewMode;
  /** Show each article's catalogue (lists spanning several catalogues). */
  showCatalog?: boolean;
  empty?: string;
}

const PublishDate = ({ iso }: { iso: string }) => (
  <time className="dl-content-date" dateTime={iso}>
    {formatDate(iso)}
  </time>
);

const TopTag = ({ item }: { item: PortalContentItem }) => (item.isTop ? <Tag color="red">置顶</Tag> : null);

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

function Grid({ items }: { items: readonly PortalContentItem[] }) {
  return (
    <ul className="dl-content-grid">
      {items.map((item) => (
        <li key={item.contentId}>
          <ContentLink item={item} className="dl-content-grid__link">
            <Card
              hoverable
              size="small"
              cover={
                item.coverUrl ? (
                  <img src={item.coverUrl} alt="" loading="lazy" className="dl-content-grid__cover" />
                ) : (
                  <div className="dl-content-grid__cover dl-content-grid__cover--blank" aria-hidden>
                    {item.title.slice(0, 1)}
                  </div>
                )
              }
            >
              <strong className="dl-content-grid__title">{item.title}</strong>
              <PublishDate iso={item.publishTime} />
            </Card>
          </ContentLink>
        </li>
      ))}
    </ul>
  );
}

function ContentTable({ items, showCatalog }: { items: readonly PortalContentItem[]; showCatalog: boolean }) {
  const columns: TableColumnsType<PortalContentItem> = [
    {
      title: '标题',
      dataIndex: 'title',
      render: (_, item) => (
        <>
          <TopTag item={item} />
          <ContentLink item={item}>{item.title}</ContentLink>
        </>
      ),
    },
    ...(showCatalog ? [{ title: '栏目', dataIndex: 'catalogName', width: 140, responsive: ['md' as const] }] : []),
    { title: '发布时间', dataIndex: 'publishTime', width: 120, render: (iso: string) => <PublishDate iso={iso} /> },
  ];
  return <Table rowKey="contentId" size="middle" columns={columns} dataSource={[...items]} pagination={false} className="dl-content-table" />;
}

/** The content widget of spec §2: a catalogue's articles as bars, a grid menu or a table. */
export function ContentList({ items, mode, showCatalog = false, empty = '暂无内容' }: ContentListProps) {
  if (items.length === 0) return <Empty description={empty} />;
  if (mode === 'grid') return <Grid items={items} />;
  if (mode === 'table') return <ContentTable items={items} showCatalog={showCatalog} />;
  return <Bars items={items} showCatalog={showCatalog} />;
}
