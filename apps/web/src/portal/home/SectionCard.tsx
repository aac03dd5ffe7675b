import { Link } from 'react-router';
import { formatDate } from '../../lib/date';
import { catalogPath, type PortalSection } from '../api';
import { PortalCard, PortalEmpty } from '../shared/light';
import { ContentLink } from '../widgets/ContentLink';

/** One catalogue of the home page: its name and its latest content titles with dates. */
export function SectionCard({ section }: { section: PortalSection }) {
  return (
    <PortalCard
      className="dl-section-card"
      title={section.catalogName}
      extra={
        <Link to={catalogPath(section.code)} aria-label={`更多${section.catalogName}`}>
          更多
        </Link>
      }
    >
      {section.contents.length === 0 ? (
        <PortalEmpty simple description="暂无内容" />
      ) : (
        <ul className="dl-content-list">
          {section.contents.map((item) => (
            <li key={item.contentId}>
              <ContentLink item={item} className="dl-content-list__title dl-ellipsis">
                {item.title}
              </ContentLink>
              <time className="dl-content-list__date" dateTime={item.publishTime}>
                {formatDate(item.publishTime)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </PortalCard>
  );
}
