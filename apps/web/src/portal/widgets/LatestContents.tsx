import { Link } from 'react-router';
import { catalogPath } from '../api';
import { useLatestContents } from '../contentApi';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { PortalSkeleton } from '../shared/light';
import { ContentLink } from './ContentLink';
import './catalog-widgets.css';

/** A side card with a catalogue's newest articles (titles only) and a link to its list. */
export function LatestContents({
  catalogCode,
  title,
  size = 5,
  moreTo = catalogPath(catalogCode),
}: {
  catalogCode: string;
  title: string;
  size?: number;
  /** Where the title leads: the catalogue's list page unless given. */
  moreTo?: string;
}) {
  const { data, error, isPending } = useLatestContents(catalogCode, size);
  useLoadErrorToast(error);
  return (
    <section className="dl-aside-card dl-latest" aria-label={title}>
      <h2 className="dl-catalog-content-tree__name">
        <Link to={moreTo}>{title}</Link>
      </h2>
      {isPending ? (
        <PortalSkeleton title={false} rows={3} />
      ) : data && data.length > 0 ? (
        <ul className="dl-catalog-content-tree__contents">
          {data.map((item) => (
            <li key={item.contentId}>
              <ContentLink item={item} className="dl-ellipsis">
                {item.title}
              </ContentLink>
            </li>
          ))}
        </ul>
      ) : (
        <p className="dl-latest__empty">{error ? '加载失败' : '暂无内容'}</p>
      )}
    </section>
  );
}
