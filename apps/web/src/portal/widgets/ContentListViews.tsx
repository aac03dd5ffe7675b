import { Card, Table, type TableColumnsType } from 'antd';
import type { PortalContentItem } from '../api';
import { ContentLink } from './ContentLink';
import { PublishDate, TopTag } from './contentBits';

/**
 * The grid and table views of a content list: their own chunk (antd's Card and Table), loaded when a
 * visitor or a catalogue's template picks them; the default bars need none of it.
 */
export function Grid({ items }: { items: readonly PortalContentItem[] }) {
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

export function ContentTable({ items, showCatalog }: { items: readonly PortalContentItem[]; showCatalog: boolean }) {
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
