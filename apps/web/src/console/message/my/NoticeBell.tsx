import { lazy, Suspense, useState, type ReactElement } from 'react';
import { Link } from 'react-router';
import { App, Badge, Button, Empty, Popover, Tabs, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { MY_MESSAGE_PERMISSIONS } from '@dandelion/shared/message/msg';
import { formatDateTime } from '../../../lib/date';
import { BusyButton } from '../../../components/BusyButton';
import { holdsPermission, useConsoleStore } from '../../../api/consoleStore';
import { markMsgsRead, markNoticesRead, MY_MESSAGES_PATH, type MyMsg, type MyNotice } from './api';
import { PriorityTag } from '../../../components/PriorityTag/PriorityTag';
import { categoryLabel } from './categoryLabel';
import { announceReadChange, useUnreadFeed } from './unreadFeed';
import './bell.css';

// The readers (dialog, rich-text view) load when the user first opens an item from the panel.
const NoticeReader = lazy(() => import('./readers').then((m) => ({ default: m.NoticeReader })));
const MessageReader = lazy(() => import('./readers').then((m) => ({ default: m.MessageReader })));

/** The personal centre: where 查看全部消息 leads a user without the my-messages page. */
const ACCOUNT_CENTER_PATH = '/center';

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

/**
 * The bell (spec §3 unread count): the count of unread notices and messages, kept current by the
 * unread feed; the panel lists the newest of each with links to read them, 全部已读, and 查看全部消息.
 */
export function NoticeBell() {
  const { message } = App.useApp();
  const unread = useConsoleStore((s) => s.unreadCount);
  const authList = useConsoleStore((s) => s.authList);
  const { data, refresh } = useUnreadFeed();
  const [open, setOpen] = useState(false);
  const [noticeId, setNoticeId] = useState<string | null>(null);
  const [msgId, setMsgId] = useState<string | null>(null);
  const [clearing, setClearing] = useState(false);
  // Mounted from the first opening on, so closing a reader keeps the dialog's closing animation.
  const [readerWanted, setReaderWanted] = useState(false);

  const notices = data?.notices ?? [];
  const msgs = data?.msgs ?? [];
  const allPath = holdsPermission(authList, MY_MESSAGE_PERMISSIONS.list) ? MY_MESSAGES_PATH : ACCOUNT_CENTER_PATH;

  const readAll = async () => {
    setClearing(true);
    try {
      await Promise.all([markNoticesRead({ all: true }), markMsgsRead({ all: true })]);
      message.success('已全部标记为已读');
      announceReadChange();
    } finally {
      setClearing(false);
    }
  };

  const openNotice = (id: string) => {
    setOpen(false);
    setReaderWanted(true);
    setNoticeId(id);
  };
  const openMsg = (id: string) => {
    setOpen(false);
    setReaderWanted(true);
    setMsgId(id);
  };

  const list = (items: ReactElement[], empty: string) =>
    items.length ? <ul className="dl-notice-panel__list">{items}</ul> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;

  const panel = (
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
                notices.map((n) => <NoticeItem key={n.noticeId} notice={n} onOpen={() => openNotice(n.noticeId)} />),
                '暂无未读通知',
              ),
            },
            {
              key: 'msg',
              label: `站内消息${data?.msgUnread ? `（${data.msgUnread}）` : ''}`,
              children: list(
                msgs.map((m) => <MessageItem key={m.msgId} msg={m} onOpen={() => openMsg(m.msgId)} />),
                '暂无未读消息',
              ),
            },
          ]}
        />
      )}
      <div className="dl-notice-panel__footer">
        <BusyButton type="link" size="small" busy={clearing} disabled={unread === 0} onClick={() => void readAll()}>
          全部已读
        </BusyButton>
        <Link to={allPath} onClick={() => setOpen(false)}>
          查看全部消息
        </Link>
      </div>
    </div>
  );

  return (
    <>
      <Popover
        content={panel}
        trigger="click"
        placement="bottomRight"
        title={<Typography.Text strong>通知</Typography.Text>}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          // Opening the panel shows what is new now, not what the last poll saw.
          if (next) refresh();
        }}
      >
        <Button
          type="text"
          className="dl-console-header__action"
          aria-label={unread > 0 ? `通知，${unread} 条未读` : '通知'}
          data-testid="notice-bell"
        >
          <Badge count={unread} size="small" overflowCount={99}>
            <BellOutlined />
          </Badge>
        </Button>
      </Popover>
      {readerWanted && (
        <Suspense fallback={null}>
          <NoticeReader noticeId={noticeId} onClose={() => setNoticeId(null)} />
          <MessageReader msgId={msgId} onClose={() => setMsgId(null)} />
        </Suspense>
      )}
    </>
  );
}
