import { Link } from 'react-router';
import { Card, Empty } from 'antd';
import { formatDate } from '../../lib/date';
import { catalogPath, contentPath, type PortalSection } from '../api';

/** One catalogue of the home page: its name and its latest content titles with dates. */
export function SectionCard({ section }: { section: PortalSection }) {
  return (
    <Card
      className="dl-section-card"
      title={section.catalogName}
      extra={<Link to={catalogPath(section.code)}>更多</Link>}
    >
      {section.contents.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无内容" />
      ) : (
        <ul className="dl-content-list">
          {section.contents.map((item) => (
            <li key={item.contentId}>
              <Link to={contentPath(item)} className="dl-content-list__title dl-ellipsis" title={item.title}>
                {item.title}
              </Link>
              <time className="dl-content-list__date" dateTime={item.publishTime}>
                {formatDate(item.publishTime)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
