import { Link } from 'react-router';
import { Card, Empty, Skeleton } from 'antd';
import { errorMessage } from '../../api/http';
import { formatDate } from '../../lib/date';
import { noticePath, usePublicNotices } from '../noticeApi';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';

const HOME_NOTICE_COUNT = 8;

/** 通知公告 on the home page: the newest released public notices of messaging. */
export function NoticeCard() {
  const { data, error, isPending } = usePublicNotices(1, HOME_NOTICE_COUNT);
  useLoadErrorToast(error);
  let body;
  if (isPending) body = <Skeleton active title={false} paragraph={{ rows: 5 }} />;
  else if (!data) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={errorMessage(error)} />;
  else if (data.list.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无通知公告" />;
  else
    body = (
      <ul className="dl-content-list">
        {data.list.map((notice) => (
          <li key={notice.noticeId}>
            <Link to={noticePath(notice.noticeId)} className="dl-content-list__title dl-ellipsis" title={notice.title}>
              {notice.title}
            </Link>
            <time className="dl-content-list__date" dateTime={notice.publishTime}>
              {formatDate(notice.publishTime)}
            </time>
          </li>
        ))}
      </ul>
    );
  return (
    <Card className="dl-section-card" title="通知公告" extra={<Link to="/notification" aria-label="更多通知公告">更多</Link>}>
      {body}
    </Card>
  );
}
