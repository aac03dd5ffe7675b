import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { Empty, Tabs } from 'antd';
import { formatDateTime } from '../../../lib/date';
import { BusyButton } from '../../../components/BusyButton';
import { PriorityTag } from '../../../components/PriorityTag/PriorityTag';
import type { HeaderNotice, MyMsg, MyNotice } from './api';
import { categoryLabel } from './categoryLabel';
import './bell.css';

function NoticeItem({ notice, onOpen }: { notice: MyNotice; onOpen: () => void }) {
  return (
    <li>
      <button type="button" className="dl-notice-panel__item" onClick={onOpen}>
        <span className="dl-notice-panel__title">
          <PriorityTag priority={notice.priority} />
          <span className="dl-ellipsis">{notice.title}</span>
        </span>
        <span className="dl-notice-panel__meta">{formatDateTime(notice.publishTime)}</span>
      </button>
    </li>
  );
}

function MessageItem({ msg, onOpen }: { msg: MyMsg; onOpen: () => void }) {
  return (
    <li>
      <button type="button" className="dl-notice-panel__item" onClick={onOpen}>
        <span className="dl-notice-panel__title">
          <span className="dl-ellipsis">{msg.title}</span>
        </span>
        <span className="dl-notice-panel__meta">
          {categoryLabel(msg.category)} · {formatDateTime(msg.createTime)}
        </span>
      </button>
    </li>
  );
}

interface NoticePanelProps {
  unread: number;
  data: HeaderNotice | null;
  /** Where 查看全部消息 leads. */
  allPath: string;
  clearing: boolean;
  onReadAll: () => void;
  onOpenNotice: (noticeId: string) => void;
  onOpenMsg: (msgId: string) => void;
  /** The user follows 查看全部消息: the popover closes. */
  onLeave: () => void;
}

/** The bell's panel: the newest unread notices and messages in two tabs, 全部已读 and 查看全部消息. */
export function NoticePanel({ unread, data, allPath, clearing, onReadAll, onOpenNotice, onOpenMsg, onLeave }: NoticePanelProps) {
  const notices = data?.notices ?? [];
  const msgs = data?.msgs ?? [];
  const list = (items: ReactElement[], empty: string) =>
    items.length ? <ul className="dl-notice-panel__list">{items}</ul> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;

  return (
    <div className="dl-notice-panel dl-notice-feed" data-testid="notice-panel">
      {unread === 0 && !notices.length && !msgs.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无新通知" />
      ) : (
        <Tabs
          size="small"
          items={[
            {
              key: 'notice',
              label: `通知公告${data?.noticeUnread ? `（${data.noticeUnread}）` : ''}`,
              children: list(
                notices.map((n) => <NoticeItem key={n.noticeId} notice={n} onOpen={() => onOpenNotice(n.noticeId)} />),
                '暂无未读通知',
              ),
            },
            {
              key: 'msg',
              label: `站内消息${data?.msgUnread ? `（${data.msgUnread}）` : ''}`,
              children: list(
                msgs.map((m) => <MessageItem key={m.msgId} msg={m} onOpen={() => onOpenMsg(m.msgId)} />),
                '暂无未读消息',
              ),
            },
          ]}
        />
      )}
      <div className="dl-notice-panel__footer">
        <BusyButton type="link" size="small" busy={clearing} disabled={unread === 0} onClick={onReadAll}>
          全部已读
        </BusyButton>
        <Link to={allPath} onClick={onLeave}>
          查看全部消息
        </Link>
      </div>
    </div>
  );
}
