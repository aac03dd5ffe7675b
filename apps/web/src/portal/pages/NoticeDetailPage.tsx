import { useParams } from 'react-router';
import { usePublicNotice } from '../noticeApi';
import { LoadFailure } from '../shared/LoadFailure';
import { PortalBreadcrumb } from '../shared/PortalBreadcrumb';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { usePortalTitle } from '../shared/usePortalTitle';
import { ContentDetail } from '../widgets/ContentDetail';
import { PortalSkeleton } from '../shared/light';
import '../shared/portal-page.css';

/** /notificationDetail/{id}: one released public notice with its attachments. */
export default function NoticeDetailPage() {
  const noticeId = useParams().id ?? '';
  const notice = usePublicNotice(noticeId);
  useLoadErrorToast(notice.error);
  usePortalTitle(notice.data?.title ?? '通知公告');

  let body;
  if (notice.isPending)
    body = (
      <div className="dl-portal-page__main">
        <PortalSkeleton rows={10} />
      </div>
    );
  else if (!notice.data)
    body = <LoadFailure title="通知公告加载失败" error={notice.error} retrying={notice.isFetching} onRetry={() => void notice.refetch()} />;
  else
    body = (
      <ContentDetail
        showNeighbours={false}
        article={{
          title: notice.data.title,
          author: notice.data.releaseBy,
          publishTime: notice.data.publishTime,
          body: notice.data.content,
          attachments: notice.data.attachments,
        }}
      />
    );

  return (
    <div className="dl-container dl-portal-page">
      <PortalBreadcrumb trail={[{ title: '通知公告', to: '/notification' }, { title: '正文' }]} />
      {body}
    </div>
  );
}
