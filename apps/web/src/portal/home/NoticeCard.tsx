import { Link } from 'react-router';
import { formatDate } from '../../lib/date';
import { contentPath, type PortalContentItem } from '../api';
import { noticePath, usePublicNotices } from '../noticeApi';
import { PortalCard, PortalEmpty, PortalSkeleton } from '../shared/light';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';

const HOME_NOTICE_COUNT = 8;

interface Entry {
  key: string;
  title: string;
  publishTime: string;
  to: string;
  external: boolean;
}

/**
 * 通知公告 on the home page: messaging's released public notices together with the articles of the
 * CMS `notification` catalogue, newest first. Both are ways to publish a notice; a visitor sees one
 * list. If the public notices cannot load, the catalogue's articles still show (and a toast says so).
 */
export function NoticeCard({ articles }: { articles: readonly PortalContentItem[] }) {
  const { data, error, isPending } = usePublicNotices(1, HOME_NOTICE_COUNT);
  useLoadErrorToast(error);
  const entries: Entry[] = [
    ...(data?.list ?? []).map((n) => ({ key: `n${n.noticeId}`, title: n.title, publishTime: n.publishTime, to: noticePath(n.noticeId), external: false })),
    ...articles.map((a) => ({
      key: `c${a.contentId}`,
      title: a.title,
      publishTime: a.publishTime,
      to: a.linkUrl || contentPath(a),
      external: !!a.linkUrl,
    })),
  ]
    .sort((a, b) => Date.parse(b.publishTime) - Date.parse(a.publishTime))
    .slice(0, HOME_NOTICE_COUNT);

  let body;
  if (isPending) body = <PortalSkeleton title={false} rows={5} />;
  else if (entries.length === 0) body = <PortalEmpty simple description="暂无通知公告" />;
  else
    body = (
      <ul className="dl-content-list">
        {entries.map((entry) => (
          <li key={entry.key}>
            {entry.external ? (
              <a href={entry.to} target="_blank" rel="noopener noreferrer" className="dl-content-list__title dl-ellipsis" title={entry.title}>
                {entry.title}
              </a>
            ) : (
              <Link to={entry.to} className="dl-content-list__title dl-ellipsis" title={entry.title}>
                {entry.title}
              </Link>
            )}
            <time className="dl-content-list__date" dateTime={entry.publishTime}>
              {formatDate(entry.publishTime)}
            </time>
          </li>
        ))}
      </ul>
    );
  return (
    <PortalCard className="dl-section-card" title="通知公告" extra={<Link to="/notification" aria-label="更多通知公告">更多</Link>}>
      {body}
    </PortalCard>
  );
}
