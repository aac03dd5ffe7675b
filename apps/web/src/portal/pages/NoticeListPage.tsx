import { Link } from 'react-router';
import { PortalEmpty, PortalPagination, PortalSkeleton, PortalTag } from '../shared/light';
import { formatDate } from '../../lib/date';
import { usePublicNotices, noticePath } from '../noticeApi';
import { LoadFailure } from '../shared/LoadFailure';
import { PortalBreadcrumb } from '../shared/PortalBreadcrumb';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { usePageParam } from '../shared/usePageParam';
import { usePortalTitle } from '../shared/usePortalTitle';
import { LatestContents } from '../widgets/LatestContents';
import { ListTitle } from '../widgets/ListTitle';
import '../shared/portal-page.css';
import '../widgets/content-list.css';

const PAGE_SIZE = 10;
const PRIORITY_TAGS: Record<string, React.ReactNode> = {
  IMPORTANT: <PortalTag color="orange">重要</PortalTag>,
  URGENT: <PortalTag color="red">紧急</PortalTag>,
};
const TITLE = '通知公告';

/**
 * /notification: the released public notices of messaging, newest first, a page at a time; beside
 * them the newest articles of the CMS `notification` catalogue.
 */
export default function NoticeListPage() {
  usePortalTitle(TITLE);
  const [pageNum, setPageNum] = usePageParam();
  const notices = usePublicNotices(pageNum, PAGE_SIZE);
  useLoadErrorToast(notices.error);

  let body;
  if (notices.isPending) body = <PortalSkeleton rows={8} />;
  else if (!notices.data)
    body = <LoadFailure title="通知公告加载失败" error={notices.error} retrying={notices.isFetching} onRetry={() => void notices.refetch()} />;
  else if (notices.data.list.length === 0) body = <PortalEmpty description="暂无通知公告" />;
  else
    body = (
      <>
        <ul className="dl-content-bars">
          {notices.data.list.map((notice) => (
            <li key={notice.noticeId}>
              <div className="dl-content-bars__head">
                {PRIORITY_TAGS[notice.priority]}
                <Link to={noticePath(notice.noticeId)} className="dl-content-bars__title">
                  {notice.title}
                </Link>
                <time className="dl-content-date" dateTime={notice.publishTime}>
                  {formatDate(notice.publishTime)}
                </time>
              </div>
              {notice.summary && <p className="dl-content-bars__summary">{notice.summary}</p>}
            </li>
          ))}
        </ul>
        {notices.data.total > PAGE_SIZE && (
          <PortalPagination
            className="dl-portal-page__pager"
            current={pageNum}
            pageSize={PAGE_SIZE}
            total={notices.data.total}
                        showTotal={(total) => `共 ${total} 条`}
            onChange={setPageNum}
          />
        )}
      </>
    );

  return (
    <div className="dl-container dl-portal-page">
      <PortalBreadcrumb trail={[{ title: TITLE, to: '/notification' }]} />
      <div className="dl-portal-page__body">
        <section className="dl-portal-page__main" aria-busy={notices.isFetching}>
          <ListTitle title={TITLE} />
          {body}
        </section>
        <aside className="dl-portal-page__aside">
          {/* Notices may also be published as articles of the CMS catalogue of the same code. */}
          <LatestContents catalogCode="notification" title="栏目文章" moreTo="/category?code=notification" />
        </aside>
      </div>
    </div>
  );
}
