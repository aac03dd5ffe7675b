import { lazy, Suspense, useState } from 'react';
import { App, Badge, Button, Popover, Spin } from 'antd';
import { Text } from '../../../components/Text/Text';
import { BellOutlined } from '@ant-design/icons';
import { MY_MESSAGE_PERMISSIONS } from '@dandelion/shared/message/msg';
import { holdsPermission, useConsoleStore } from '../../../api/consoleStore';
import { markMsgsRead, markNoticesRead, MY_MESSAGES_PATH } from './api';
import { announceReadChange, useUnreadFeed } from './unreadFeed';

// The panel's lists (tabs, items) load with its first opening; antd renders a popover's content only then.
const NoticePanel = lazy(() => import('./NoticePanel').then((m) => ({ default: m.NoticePanel })));
// The readers (dialog, rich-text view) load when the user first opens an item from the panel.
const NoticeReader = lazy(() => import('./readers').then((m) => ({ default: m.NoticeReader })));
const MessageReader = lazy(() => import('./readers').then((m) => ({ default: m.MessageReader })));

/** The personal centre: where 查看全部消息 leads a user without the my-messages page. */
const ACCOUNT_CENTER_PATH = '/center';

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

  return (
    <>
      <Popover
        content={
          <Suspense fallback={<Spin size="small" />}>
            <NoticePanel
              unread={unread}
              data={data}
              allPath={allPath}
              clearing={clearing}
              onReadAll={() => void readAll()}
              onOpenNotice={openNotice}
              onOpenMsg={openMsg}
              onLeave={() => setOpen(false)}
            />
          </Suspense>
        }
        trigger="click"
        placement="bottomRight"
        title={<Text strong>通知</Text>}
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
