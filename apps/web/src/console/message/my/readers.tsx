import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Modal, Space, Spin, Tag, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { errorMessage } from '../../../api/http';
import { downloadByFileId } from '../../../api/download';
import { PriorityTag } from '../../../components/PriorityTag/PriorityTag';
import { RichTextView } from '../../../components/RichTextView';
import { formatDateTime } from '../../../lib/date';
import { announceReadChange } from './unreadFeed';
import { openMyMsg, openMyNotice, type MyMsg, type MyNoticeDetail } from './api';
import { categoryLabel } from './categoryLabel';

/** Loads one of the user's items when `id` is set; opening it marks it read, and every bell is told. */
function useOpened<T>(id: string | null, open: (id: string) => Promise<T>) {
  const [state, setState] = useState<{ id: string; data?: T; error?: string } | null>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    open(id).then(
      (data) => {
        if (!live) return;
        setState({ id, data });
        announceReadChange();
      },
      (error: unknown) => live && setState({ id, error: errorMessage(error) }),
    );
    return () => {
      live = false;
      // Opened again later, the item shows as loading rather than as it was.
      setState(null);
    };
  }, [id, open]);
  return state?.id === id ? state : null;
}

/** A notice as its reader sees it, in a dialog. */
export function NoticeReader({ noticeId, onClose }: { noticeId: string | null; onClose: () => void }) {
  const opened = useOpened<MyNoticeDetail>(noticeId, openMyNotice);
  const notice = opened?.data;
  return (
    <Modal open={!!noticeId} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>} width={760} title={notice?.title ?? '通知'} destroyOnHidden>
      {opened?.error && <Alert type="error" showIcon title={opened.error} />}
      <Spin spinning={!notice && !opened?.error}>
        {notice && (
          <div data-testid="notice-reader">
            <Space size={12} wrap style={{ marginBottom: 12, color: 'var(--ant-color-text-secondary)' }}>
              <PriorityTag priority={notice.priority} />
              <span>发布时间：{formatDateTime(notice.publishTime)}</span>
              {notice.releaseBy && <span>发布人：{notice.releaseBy}</span>}
              {notice.expireTime && <span>有效期至：{formatDateTime(notice.expireTime)}</span>}
            </Space>
            <RichTextView html={notice.content} empty={<Typography.Text type="secondary">（无正文）</Typography.Text>} />
            {notice.attachments.length > 0 && (
              <div style={{ marginTop: 16 }}>
                <Typography.Text strong>附件</Typography.Text>
                <ul style={{ paddingLeft: 0, listStyle: 'none', margin: '8px 0 0' }}>
                  {notice.attachments.map((file) => (
                    <li key={file.fileId}>
                      <Button type="link" icon={<PaperClipOutlined />} onClick={() => downloadByFileId(file.fileId, file.filename)} style={{ paddingInline: 0 }}>
                        {file.filename}
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        )}
      </Spin>
    </Modal>
  );
}

/** An in-site message in a dialog; its link (a page of this site) is offered as 前往查看. */
export function MessageReader({ msgId, onClose }: { msgId: string | null; onClose: () => void }) {
  const opened = useOpened<MyMsg>(msgId, openMyMsg);
  const navigate = useNavigate();
  const msg = opened?.data;
  const footer = (
    <Space>
      {msg?.link && (
        <Button
          type="primary"
          onClick={() => {
            onClose();
            navigate(msg.link!);
          }}
        >
          前往查看
        </Button>
      )}
      <Button onClick={onClose}>关闭</Button>
    </Space>
  );
  return (
    <Modal open={!!msgId} onCancel={onClose} footer={footer} width={600} title={msg?.title ?? '消息'} destroyOnHidden>
      {opened?.error && <Alert type="error" showIcon title={opened.error} />}
      <Spin spinning={!msg && !opened?.error}>
        {msg && (
          <div data-testid="message-reader">
            <Space size={12} wrap style={{ marginBottom: 12, color: 'var(--ant-color-text-secondary)' }}>
              <Tag>{categoryLabel(msg.category)}</Tag>
              <span>{formatDateTime(msg.createTime)}</span>
              {msg.createBy && <span>发送人：{msg.createBy === 'system' ? '系统' : msg.createBy}</span>}
            </Space>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{msg.content || '（无内容）'}</Typography.Paragraph>
          </div>
        )}
      </Spin>
    </Modal>
  );
}
